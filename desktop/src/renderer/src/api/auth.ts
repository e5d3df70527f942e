import type { LoginInput, RegisterInput } from '@mahalle/shared';
import { call } from './call';
import { platform } from '../platform';

/** The desktop app asks for a bearer token instead of a cookie (the server's DESKTOP_CLIENT_HEADER). */
const clientHeaders = (): Record<string, string> => (platform.kind === 'desktop' ? { 'x-mahalle-client': 'desktop' } : {});

/** Who is signed in: 200 with { user: null } for a visitor, so a signed-out page logs no 401. */
export const fetchSession = () => call('GET /api/auth/session');

/** Sign in; the specification asks for no cache, and the caller aborts it after LIMITS.loginTimeoutMs. */
export const login = (body: Pick<LoginInput, 'username' | 'password'> & { remember?: boolean }, signal?: AbortSignal) =>
  call('POST /api/auth/login', { body, signal, headers: { 'Cache-Control': 'no-cache', ...clientHeaders() } });

export const register = (body: RegisterInput) => call('POST /api/auth/register', { body, headers: clientHeaders() });

export const logout = () => call('POST /api/auth/logout');

/** Whether this server mails password links and asks new members to confirm their e-mail. */
export const fetchAccountOptions = () => call('GET /api/auth/options');

/** The same answer whether the address has an account or not (503 mail_unavailable without SMTP). */
export const requestPasswordReset = (email: string) => call('POST /api/auth/forgot-password', { body: { email } });

/** A new password with the link's token (from the page's fragment, never the URL the server sees). */
export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) => call('POST /api/auth/reset-password', { body });

export const verifyEmail = (token: string) => call('POST /api/auth/verify-email', { body: { token } });

export const resendVerification = (email: string) => call('POST /api/auth/resend-verification', { body: { email } });
