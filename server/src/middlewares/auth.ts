import type { NextFunction, Request, Response } from 'express';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import type { UserRow } from '../presenters/users';
import { SessionService } from '../services/sessions';

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
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}

/** Loads the signed-in user, if any, onto req.user. Never trusts ids the client sends. */
export function loadSession(ctx: AppContext) {
  const sessions = new SessionService(ctx.db, ctx.config.sessionSecret);
  return async (req: Request, _res: Response, next: NextFunction) => {
    const found = tokenFrom(req);
    if (found) {
      const session = await sessions.find(found.token);
      if (session) {
        const user = (await ctx.db('users').where({ id: session.user_id }).first()) as UserRow | undefined;
        if (user) {
          req.user = user;
          req.sessionId = session.id;
          req.authVia = found.via;
        }
      }
    }
    next();
  };
}

export function requireUser(req: Request): UserRow {
  if (!req.user) throw errors.unauthorized(TEXTS.auth.loginRequired);
  return req.user;
}

/**
 * Runs a check before the next handler, for routes with uploads: who may post is known before
 * multer reads a byte of the body, so nobody can make the server hold files in memory only to
 * be refused afterwards. What the check throws is the answer (Express 5 passes it on).
 */
export function checkFirst(check: (req: Request) => unknown) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    await check(req);
    next();
  };
}

export function requireAdmin(req: Request): UserRow {
  const user = requireUser(req);
  if (user.role !== 'admin') throw errors.forbidden(TEXTS.errors.adminRequired, 'forbidden');
  return user;
}

export function isAdmin(user: UserRow | undefined): boolean {
  return user?.role === 'admin';
}
