import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
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

const passwordField = z
  .string({ error: T.passwordRequired })
  .min(1, { error: T.passwordRequired })
  .max(LIMITS.passwordMaxLength, { error: T.passwordTooLong });

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
