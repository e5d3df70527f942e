import { Router, type Request, type Response } from 'express';
import {
  foldKey,
  forgotPasswordSchema,
  loginSchema,
  suspensionAppealSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  TEXTS,
  verifyEmailSchema,
  type AccountOptions,
} from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { parse } from '../../validation';
import { SESSION_COOKIE } from '../../middlewares/auth';
import { clientAddress, Limiter } from '../../middlewares/rate-limit';
import { accountIdByLogin, authenticate, LoginFailed, registerUser } from '../../services/accounts';
import { SessionService } from '../../services/sessions';
import { cancelPendingDeletion } from '../../services/privacy/deletion';
import { presentCurrentUser, type UserRow } from '../../presenters/users';
import { fillMail, issueLink, memberByEmail, resetPasswordWithLink, verifyEmailWithLink } from '../../services/account-links';
import { refuseSuspendedSignIn } from '../../services/users/suspension';
import { appealSuspension } from '../../services/appeals';
import { canSignInUnverified } from '../../policies/site';
import { newPasswordRulesReady } from '../../services/passwords';

/** The desktop app asks for a bearer token instead of a cookie with this header. */
export const DESKTOP_CLIENT_HEADER = 'x-mahalle-client';

export function authRouter(ctx: AppContext): Router {
  const router = Router();
  const sessions = new SessionService(ctx.db, ctx.config.sessionSecret);
  const { rateLimits } = ctx.config;
  const loginPerIp = new Limiter(ctx.db, rateLimits.loginPerIp, TEXTS.auth.tooManyAttempts);
  const loginPerAccount = new Limiter(ctx.db, rateLimits.loginFailuresPerAccount, TEXTS.auth.tooManyAttempts);
  const registerPerIp = new Limiter(ctx.db, rateLimits.registerPerIp, TEXTS.auth.tooManyAttempts);
  // A few sign-ins or registrations per address in a few seconds, counted before any hash.
  const authBurst = new Limiter(ctx.db, rateLimits.authBurstPerIp, TEXTS.auth.tooManyAttempts);
  /*
   * Failures on one account from every address together, against guessing spread over many
   * addresses. The first `freeFailures` in the window cost nothing; each one after that makes
   * the account wait before its next attempt is even checked: 1 s, 2 s, 4 s ... up to
   * `maxDelaySec`. It is a wait, not a lockout: attempts refused during a wait are not counted,
   * so hammering does not lengthen it, and once it is over anyone may try again, so a stranger
   * can hold the owner back by at most one wait at a time (and a guesser gets a handful of tries
   * an hour). The per-address counter above is separate, so the guesser's addresses running out
   * of tries does not touch the owner's. A correct password clears the count. Names that match
   * no account are counted the same way, so the waits do not tell which accounts exist.
   */
  const { loginDelay } = ctx.config;
  const accountFailures = new Limiter(ctx.db, { points: Number.MAX_SAFE_INTEGER, durationSec: loginDelay.windowSec });
  const accountWait = new Limiter(ctx.db, { points: 1, durationSec: 1 }, TEXTS.auth.accountCoolingDown);
  const waitAfter = (failures: number) =>
    failures <= loginDelay.freeFailures ? 0 : Math.min(loginDelay.maxDelaySec, 2 ** (failures - loginDelay.freeFailures - 1));

  // Links in e-mails are built from PUBLIC_URL only: a Host header can be forged, a link to another site would carry the token there.
  const mailer = ctx.mailer;
  const mailReady = Boolean(mailer?.configured && ctx.config.publicUrl);
  const verificationRequired = mailReady && ctx.config.requireEmailVerification;
  const mailPerIp = new Limiter(ctx.db, ctx.config.accountMailLimits.perIp, TEXTS.auth.tooManyAttempts);
  const mailPerAddress = new Limiter(ctx.db, ctx.config.accountMailLimits.perEmail);
  const AH = TEXTS.accountHelp;

  /**
   * Per address a 429; per e-mail address silently no mail (a 429 there would be the same for
   * every address, but a stranger could then spend a member's tries; this way only mails stop).
   */
  async function mayMail(req: Request, email: string): Promise<boolean> {
    await mailPerIp.consume(`mail:${clientAddress(req)}`);
    try {
      await mailPerAddress.consume(`mail-to:${foldKey(email)}`);
      return true;
    } catch {
      return false;
    }
  }

  function mailVerification(user: UserRow, link: string) {
    mailer?.sendLater({ to: user.email, subject: AH.verifyMailSubject, text: fillMail(AH.verifyMailBody, { name: user.display_name, link }) }, 'verify_email');
  }

  /** A fresh session id at every sign-in; a cookie for browsers, a token for the desktop app. */
  async function startSession(req: Request, res: Response, user: UserRow, remember: boolean) {
    const desktop = req.headers[DESKTOP_CLIENT_HEADER] === 'desktop';
    if (req.sessionId) await sessions.destroy(req.sessionId);
    const session = await sessions.create(user.id, {
      remember: desktop ? true : remember,
      kind: desktop ? 'bearer' : 'cookie',
      userAgent: req.headers['user-agent'],
      ip: req.ip,
    });
    if (desktop) return { ...presentCurrentUser(user), token: session.token };
    res.cookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      ...(remember ? { expires: session.expiresAt } : {}),
    });
    return presentCurrentUser(user);
  }

  router.post('/register', async (req, res) => {
    const address = clientAddress(req);
    await authBurst.consume(`auth:${address}`);
    await registerPerIp.consume(`register:${address}`);
    await newPasswordRulesReady();
    const input = parse(registerSchema, req.body);
    const user = await registerUser(ctx.db, input, ctx.passwords, { emailVerified: !verificationRequired });
    req.log.info({ userId: user.id }, 'user registered');
    if (verificationRequired) {
      // No session until the address is confirmed: the member signs in after following the link.
      const link = await issueLink(ctx.db, user.id, 'verify_email', ctx.config.publicUrl);
      mailVerification(user, link.url);
      res.status(201).json({ ...presentCurrentUser(user), emailVerificationRequired: true });
      return;
    }
    res.status(201).json(await startSession(req, res, user, true));
  });

  /**
   * Name and password, checked as sign-in checks them: the per-address and per-account limits,
   * the wait after failures, one answer for a wrong name or password. Sign-in and a suspended
   * member's appeal (who has no session to send) both go through here.
   */
  async function checkedCredentials(req: Request, input: { username: string; password: string }): Promise<UserRow> {
    const address = clientAddress(req);
    await authBurst.consume(`auth:${address}`);
    await loginPerIp.consume(`login:${address}`);
    // Failures count per account (whichever name or e-mail was typed for it) and per address:
    // a stranger cannot lock the owner out, and switching to the e-mail gives no fresh tries.
    const typed = foldKey(input.username);
    const account = await accountIdByLogin(ctx.db, typed);
    const accountId = account !== null ? String(account) : `?${typed}`;
    const accountKey = `account:${accountId}:${address}`;
    await loginPerAccount.check(accountKey);
    await accountWait.check(`wait:${accountId}`);
    try {
      const user = await authenticate(ctx.db, input, ctx.passwords);
      await loginPerAccount.reset(accountKey);
      await accountFailures.reset(`failures:${accountId}`);
      return user;
    } catch (err) {
      if (err instanceof LoginFailed) {
        await loginPerAccount.penalty(accountKey);
        const wait = waitAfter(await accountFailures.penalty(`failures:${accountId}`));
        if (wait > 0) await accountWait.block(`wait:${accountId}`, wait);
        throw errors.unauthorizedWithCode(TEXTS.auth.invalidCredentials, 'invalid_credentials');
      }
      throw err;
    }
  }

  router.post('/login', async (req, res) => {
    const input = parse(loginSchema, req.body);
    const user = await checkedCredentials(req, input);
    // Told only after the right password, so it says nothing about accounts to a guesser. Admins are never held back.
    if (verificationRequired && !user.email_verified_at && !canSignInUnverified(user)) throw errors.forbidden(AH.emailNotVerified, 'email_not_verified');
    refuseSuspendedSignIn(ctx, user);
    // KVKK: signing in during the grace period of 'Hesabımı sil' cancels the deletion, and the answer says so.
    const deletionCancelled = await cancelPendingDeletion(ctx, user);
    const signedIn = await startSession(req, res, user, input.remember);
    res.json(deletionCancelled ? { ...signedIn, deletionCancelled: true } : signedIn);
  });

  /** A suspended member's appeal, from the sign-in form that refused them: no session is started. */
  router.post('/suspension-appeal', async (req, res) => {
    const input = parse(suspensionAppealSchema, req.body);
    const user = await checkedCredentials(req, input);
    res.status(201).json(await appealSuspension(ctx, user, input.note));
  });

  router.post('/logout', async (req, res) => {
    if (req.sessionId && req.user) {
      await sessions.destroy(req.sessionId);
      ctx.bus.emit('session:ended', { sessionId: req.sessionId, userId: req.user.id });
    }
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
    res.json({ ok: true });
  });

  // The UI's session check: 200 for visitors too ({ user: null }), so a signed-out page logs no error. /me keeps the spec's 401.
  router.get('/session', (req, res) => {
    res.json({ user: req.user ? presentCurrentUser(req.user) : null });
  });

  router.get('/options', (_req, res) => {
    const options: AccountOptions = { passwordResetByMail: mailReady, emailVerification: verificationRequired };
    res.json(options);
  });

  // The same answer, after the same work, whether the address has an account or not; the mail goes out after the answer.
  router.post('/forgot-password', async (req, res) => {
    if (!mailReady) throw errors.mailUnavailable();
    const { email } = parse(forgotPasswordSchema, req.body);
    if (await mayMail(req, email)) {
      const user = await memberByEmail(ctx.db, email);
      if (user) {
        const link = await issueLink(ctx.db, user.id, 'password_reset', ctx.config.publicUrl);
        mailer?.sendLater(
          { to: user.email, subject: AH.resetMailSubject, text: fillMail(AH.resetMailBody, { name: user.display_name, link: link.url }) },
          'password_reset',
        );
      }
    }
    res.json({ ok: true });
  });

  router.post('/reset-password', async (req, res) => {
    await newPasswordRulesReady();
    const input = parse(resetPasswordSchema, req.body);
    const user = await resetPasswordWithLink(ctx, input.token, input.password);
    req.log.info({ userId: user.id }, 'password reset with a link; every session ended');
    if (req.sessionId) res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
    res.json({ ok: true });
  });

  router.post('/verify-email', async (req, res) => {
    const { token } = parse(verifyEmailSchema, req.body);
    await verifyEmailWithLink(ctx, token);
    res.json({ ok: true });
  });

  router.post('/resend-verification', async (req, res) => {
    if (!mailReady) throw errors.mailUnavailable();
    const { email } = parse(resendVerificationSchema, req.body);
    if (await mayMail(req, email)) {
      const user = await memberByEmail(ctx.db, email);
      if (user && !user.email_verified_at) mailVerification(user, (await issueLink(ctx.db, user.id, 'verify_email', ctx.config.publicUrl)).url);
    }
    res.json({ ok: true });
  });

  router.get('/me', (req, res) => {
    if (!req.user) throw errors.unauthorized();
    res.json(presentCurrentUser(req.user));
  });

  return router;
}
