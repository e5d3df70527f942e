import {
  accountOptionsSchema,
  currentUserSchema,
  forgotPasswordSchema,
  loginSchema,
  mailRequestedSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  sessionSchema,
  signedInSchema,
  verifyEmailSchema,
} from '../schemas/auth';
import { endpoint, okSchema } from './endpoint';

/** Registration, sign-in and out, and who is signed in. */
export const authEndpoints = {
  'auth.register': endpoint({
    route: 'POST /api/auth/register',
    summary: 'Register and sign in: a session cookie, or a bearer token for the desktop app (X-Mahalle-Client: desktop)',
    access: 'public',
    body: registerSchema,
    status: 201,
    response: signedInSchema,
  }),
  'auth.login': endpoint({
    route: 'POST /api/auth/login',
    summary: 'Sign in by username or e-mail: a session cookie, or a bearer token for the desktop app (X-Mahalle-Client: desktop)',
    access: 'public',
    body: loginSchema,
    response: signedInSchema,
  }),
  'auth.logout': endpoint({
    route: 'POST /api/auth/logout',
    summary: 'Sign out: ends this session everywhere it is open',
    access: 'public',
    response: okSchema,
  }),
  'auth.session': endpoint({
    route: 'GET /api/auth/session',
    summary: "The UI's session check: the signed-in user, or { user: null } for a visitor (200 either way)",
    access: 'public',
    response: sessionSchema,
  }),
  'auth.options': endpoint({
    route: 'GET /api/auth/options',
    summary: 'Whether this server mails password links and asks new members to confirm their e-mail',
    access: 'public',
    response: accountOptionsSchema,
  }),
  'auth.forgotPassword': endpoint({
    route: 'POST /api/auth/forgot-password',
    summary: 'Mail a one-hour, single-use password link; the same answer whether the address has an account (503 mail_unavailable without SMTP)',
    access: 'public',
    body: forgotPasswordSchema,
    response: mailRequestedSchema,
  }),
  'auth.resetPassword': endpoint({
    route: 'POST /api/auth/reset-password',
    summary: "Set a new password with a link's token; every session of the member ends (link_invalid, link_used, link_expired)",
    access: 'public',
    body: resetPasswordSchema,
    response: okSchema,
  }),
  'auth.verifyEmail': endpoint({
    route: 'POST /api/auth/verify-email',
    summary: "Confirm the e-mail address with a link's token",
    access: 'public',
    body: verifyEmailSchema,
    response: okSchema,
  }),
  'auth.resendVerification': endpoint({
    route: 'POST /api/auth/resend-verification',
    summary: 'Mail a new confirmation link to an unconfirmed account; the same answer whether there is one',
    access: 'public',
    body: resendVerificationSchema,
    response: mailRequestedSchema,
  }),
  'auth.me': endpoint({ route: 'GET /api/auth/me', summary: 'The signed-in user (401 for a visitor)', access: 'member', response: currentUserSchema }),
};
