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

export const registerSchema = z
  .object({
    displayName: displayNameSchema,
    username: usernameSchema,
    email: emailSchema,
    password: passwordField.min(LIMITS.passwordInputMin, { error: T.passwordTooShort }),
    confirmPassword: z.string({ error: T.confirmPasswordRequired }).min(1, { error: T.confirmPasswordRequired }),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: T.passwordsDiffer, params: { code: 'passwords_differ' } });
    } else if (!isPasswordAcceptable(v.password)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: T.weakPassword, params: { code: 'weak_password' } });
    } else if (isCommonPassword(v.password)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: T.commonPassword, params: { code: 'common_password' } });
    }
  });
export type RegisterInput = z.infer<typeof registerSchema>;

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
  token: z.string().optional().meta({ description: 'Bearer session token; only for the desktop app, browsers get a cookie' }),
});
export type SignedIn = z.infer<typeof signedInSchema>;

/** The UI's session check: a visitor gets { user: null } with 200. */
export const sessionSchema = z.object({ user: currentUserSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;
