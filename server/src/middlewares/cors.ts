import type { NextFunction, Request, Response } from 'express';

/**
 * The desktop app calls the API from its own origin (file://, Origin "null") with a bearer
 * token. Any origin may read the API without credentials: with no Allow-Credentials header a
 * browser never attaches the session cookie to a cross-origin call, so nothing rides on it.
 */
export function corsForTokenClients(req: Request, res: Response, next: NextFunction) {
  if (!req.headers.origin) return next();
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'X-Next-Cursor, X-Request-Id, Retry-After');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Mahalle-Client, Cache-Control');
    res.setHeader('Access-Control-Max-Age', '600');
    return res.status(204).end();
  }
  next();
}
