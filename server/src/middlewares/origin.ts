import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { errors } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a request that changes anything and may ride the
 * browser's cookie is refused when it comes from another origin. Bearer-token requests
 * (the desktop app) carry no ambient credential and are not checked.
 */
export function sameOriginGuard(ctx: AppContext) {
  const allowed = new Set(ctx.config.allowedOrigins.map((o) => o.replace(/\/$/, '')));
  /** Whether a page at this URL (an Origin or a Referer) is this site or one allowed. */
  const fromHere = (req: Request, url: string): boolean => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (allowed.has(parsed.origin)) return true;
    const ownHost = (ctx.config.trustProxy && (req.headers['x-forwarded-host'] as string | undefined)?.split(',')[0]?.trim()) || req.headers.host;
    return !!parsed.host && parsed.host === ownHost;
  };
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    if (typeof req.headers.authorization === 'string' && req.headers.authorization.startsWith('Bearer ')) return next();
    const origin = req.headers.origin;
    if (origin) {
      if (allowed.has(origin) || fromHere(req, origin)) return next();
      return next(errors.forbidden(undefined, 'cross_origin'));
    }
    // No Origin header (older browsers, some extensions): browsers still say where a request came from.
    if (req.headers['sec-fetch-site'] === 'cross-site') return next(errors.forbidden(undefined, 'cross_origin'));
    const referer = req.headers.referer;
    if (referer && !fromHere(req, referer)) return next(errors.forbidden(undefined, 'cross_origin'));
    next();
  };
}
