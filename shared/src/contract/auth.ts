import { currentUserSchema, loginSchema, registerSchema, sessionSchema, signedInSchema } from '../schemas/auth';
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
  'auth.me': endpoint({ route: 'GET /api/auth/me', summary: 'The signed-in user (401 for a visitor)', access: 'member', response: currentUserSchema }),
};
