import type { NextFunction, Request, Response } from 'express';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import type { UserRow } from '../presenters/users';
import { SessionService } from '../services/sessions';
import { toIso } from '../db/time';
import { suspendedUntil } from '../rules/suspension';
import { ReadCache, SESSION_CACHE_MS } from '../read-cache';
import type { CachedSession } from './caching';
import { authorize } from '../policies/decision';
import { canAdminister, canModerate } from '../policies/site';

export const SESSION_COOKIE = 'mahalle_sid';

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user, from the session only. */
      user?: UserRow;
      sessionId?: string;
      /** How the session was presented: 'cookie' (browser) or 'bearer' (desktop). */
      authVia?: 'cookie' | 'bearer';
    }
  }
}

/** The session token from the Authorization header (desktop) or the cookie (browser). */
export function tokenFrom(req: { headers: Request['headers']; cookies?: Record<string, string> }): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = req.cookies ? req.cookies[SESSION_COOKIE] : sessionCookie(req.headers.cookie);
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}

/** Only our cookie out of the Cookie header, without parsing every other cookie per request. */
export function sessionCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/**
 * Loads the signed-in user, if any, onto req.user. Never trusts ids the client sends. A session
 * and its user are kept in memory for a few seconds (SESSION_CACHE_MS), and forgotten at every
 * write on any node (logout, role change, deletion... see ReadCache), so a revoked session is
 * refused everywhere as soon as the write's message arrives. Writes always read afresh.
 */
export function loadSession(ctx: AppContext, cache = new ReadCache<CachedSession>(SESSION_CACHE_MS, 10_000)) {
  const sessions = new SessionService(ctx.db, ctx.config.sessionSecret);
  const seen = seenRecorder(ctx);
  return async (req: Request, _res: Response, next: NextFunction) => {
    const found = tokenFrom(req);
    if (found && found.token.length <= 200) {
      const safe = req.method === 'GET' || req.method === 'HEAD';
      const key = sessions.sessionId(found.token);
      let hit = safe ? cache.get(key) : undefined;
      if (hit && hit.expiresAt <= Date.now()) hit = undefined;
      if (!hit) {
        const generation = cache.generation;
        const withUser = await sessions.findWithUser<UserRow>(found.token);
        const session = withUser?.session;
        const user = withUser?.user;
        // A suspended member's sessions end when suspended; one a race left behind counts as none.
        if (session && user && !suspendedUntil(user, ctx.now?.() ?? new Date())) {
          hit = { user, sessionId: session.id, expiresAt: Date.parse(toIso(session.expires_at)) };
          if (safe) cache.set(key, hit, generation);
        }
      }
      if (hit) {
        // A copy: handlers may not change what the next request is given.
        req.user = { ...hit.user };
        req.sessionId = hit.sessionId;
        req.authVia = found.via;
        seen(hit.sessionId);
      }
    }
    next();
  };
}

/** How often a session's last_seen_at is written, at most: enough to tell who was here in the last half hour. */
const SEEN_EVERY_MS = 60_000;

/**
 * Records that a session was used (sessions.last_seen_at: notification e-mails wait until a member
 * has been away), at most once a minute per session and node, after the answer's path: the write
 * is not awaited, and a failure only costs a fresher time.
 */
function seenRecorder(ctx: AppContext) {
  const written = new Map<string, number>();
  return (sessionId: string) => {
    const now = Date.now();
    if (now - (written.get(sessionId) ?? 0) < SEEN_EVERY_MS) return;
    if (written.size >= 50_000) written.clear();
    written.set(sessionId, now);
    ctx
      .db('sessions')
      .where({ id: sessionId })
      .update({ last_seen_at: new Date(now).toISOString() })
      .catch((err: unknown) => ctx.logger.warn({ err: { message: (err as Error).message } }, 'last seen not recorded'));
  };
}

export function requireUser(req: Request): UserRow {
  if (!req.user) throw errors.unauthorized(TEXTS.auth.loginRequired);
  return req.user;
}

/**
 * Runs a check before the next handler, for routes with uploads: who may post is known before
 * the body is read, so nobody can make the server stream files to disk only to
 * be refused afterwards. What the check throws is the answer (Express 5 passes it on).
 */
export function checkFirst(check: (req: Request) => unknown) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    await check(req);
    next();
  };
}

/** The admin-only routes: the site policy's `canAdminister` (401 for a visitor, 403 for a member). */
export function requireAdmin(req: Request): UserRow {
  authorize(canAdminister(req.user));
  return requireUser(req);
}

/** The moderation side of the workspace: a site moderator or an admin. */
export function requireModerator(req: Request): UserRow {
  authorize(canModerate(req.user));
  return requireUser(req);
}
