import { z } from 'zod';
import '../zod-locale';
import { LIMITS, ROLES } from '../limits';
import { TEXTS } from '../texts';
import { isCommonPassword, isPasswordAcceptable } from '../rules/password';

const T = TEXTS.auth;

export const USERNAME_RE = /^[A-Za-z0-9_çğıöşüÇĞİÖŞÜ]{3,30}$/;

export const usernameSchema = z
  .string({ error: T.usernameRequired })
  .trim()
  .min(1, { error: T.usernameRequired })
  .regex(USERNAME_RE, { error: T.usernameInvalid });

export const displayNameSchema = z
  .string({ error: T.displayNameRequired })
  .trim()
  .min(1, { error: T.displayNameRequired })
  .max(LIMITS.displayNameMax, { error: `Ad soyad en fazla ${LIMITS.displayNameMax} karakter olabilir` });

export const emailSchema = z
  .string({ error: T.emailRequired })
  .trim()
  .min(1, { error: T.emailRequired })
  .max(LIMITS.emailMax, { error: T.emailInvalid })
  .pipe(z.email({ error: T.emailInvalid }));

const passwordField = z.string({ error: T.passwordRequired }).min(1, { error: T.passwordRequired }).max(LIMITS.passwordMaxLength, { error: T.passwordTooLong });

/** The strength rules of a new password (registration and reset), as issues on `password`/`confirmPassword`. */
function checkNewPassword(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: T.passwordsDiffer, params: { code: 'passwords_differ' } });
  } else if (!isPasswordAcceptable(v.password)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: T.weakPassword, params: { code: 'weak_password' } });
  } else if (isCommonPassword(v.password)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: T.commonPassword, params: { code: 'common_password' } });
  }
}

export const registerSchema = z
  .object({
    displayName: displayNameSchema,
    username: usernameSchema,
    email: emailSchema,
    password: passwordField.min(LIMITS.passwordInputMin, { error: T.passwordTooShort }),
    confirmPassword: z.string({ error: T.confirmPasswordRequired }).min(1, { error: T.confirmPasswordRequired }),
    /** KVKK: both must be true; the server records the current version of each text as accepted now. */
    acceptTerms: z.boolean().optional(),
    acceptPrivacy: z.boolean().optional(),
  })
  .superRefine(checkNewPassword)
  .superRefine((v, ctx) => {
    if (v.acceptTerms !== true)
      ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: TEXTS.privacy.termsRequired, params: { code: 'consent_required' } });
    if (v.acceptPrivacy !== true)
      ctx.addIssue({ code: 'custom', path: ['acceptPrivacy'], message: TEXTS.privacy.privacyRequired, params: { code: 'consent_required' } });
  });
export type RegisterInput = z.infer<typeof registerSchema>;

// ---- password help and e-mail verification ----

/** A link's token, from the fragment of /reset-password#… or /verify-email#… (43 base64url characters when issued). */
const linkTokenSchema = z
  .string({ error: TEXTS.accountHelp.linkInvalid })
  .trim()
  .min(1, { error: TEXTS.accountHelp.linkInvalid })
  .max(200, { error: TEXTS.accountHelp.linkInvalid });

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: linkTokenSchema,
    password: passwordField.min(LIMITS.passwordInputMin, { error: T.passwordTooShort }),
    confirmPassword: z.string({ error: T.confirmPasswordRequired }).min(1, { error: T.confirmPasswordRequired }),
  })
  .superRefine(checkNewPassword);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({ token: linkTokenSchema });
export const resendVerificationSchema = z.object({ email: emailSchema });

/** What the sign-in pages need to know about this server before they offer password help. */
export const accountOptionsSchema = z.object({
  /** The server sends e-mail: 'Şifremi unuttum' mails a link; otherwise the page says to ask an admin. */
  passwordResetByMail: z.boolean(),
  /** New members confirm their e-mail address before signing in. */
  emailVerification: z.boolean(),
});
export type AccountOptions = z.infer<typeof accountOptionsSchema>;

/** Forgotten password and resend: the same answer whether the address has an account or not. */
export const mailRequestedSchema = z.object({ ok: z.literal(true) });

/** A password-reset link an admin made (workspace or command line), to hand to the member. */
export const passwordResetLinkSchema = z.object({
  url: z.string().meta({ description: "The whole link (PUBLIC_URL, else this request's address) with the token in its fragment" }),
  expiresAt: z.string(),
});
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

export const loginSchema = z.object({
  username: z.string({ error: T.usernameRequired }).trim().min(1, { error: T.usernameRequired }).max(LIMITS.emailMax),
  password: passwordField,
  remember: z.boolean().optional().default(true),
});
export type LoginInput = z.infer<typeof loginSchema>;

// ---- answers ----

/** The signed-in user as /api/auth/me, login and register answer it (the e-mail is their own). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  profileImage: z.string().nullable(),
  /** WebP thumbnail of profileImage for avatars; null for images stored before thumbnails existed. */
  profileImageThumb: z.string().nullable(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  isPrivate: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Login and register: the user, and for the desktop app (X-Mahalle-Client: desktop) a bearer token instead of a cookie. */
export const signedInSchema = currentUserSchema.extend({
  deletionCancelled: z
    .boolean()
    .optional()
    .meta({ description: 'Sign-in only: the account was due to be deleted (Hesabımı sil) and signing in cancelled that' }),
  token: z.string().optional().meta({ description: 'Bearer session token; only for the desktop app, browsers get a cookie' }),
  emailVerificationRequired: z
    .boolean()
    .optional()
    .meta({ description: 'Registration only, with REQUIRE_EMAIL_VERIFICATION: no session yet; the member confirms the e-mail address first' }),
});
export type SignedIn = z.infer<typeof signedInSchema>;

/** The UI's session check: a visitor gets { user: null } with 200. */
export const sessionSchema = z.object({ user: currentUserSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;
