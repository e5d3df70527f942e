import { Router } from 'express';
import type { AppContext } from '../../context';
import { dbKind } from '../../db/knex';
import { errors } from '../../errors';

export function healthRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    try {
      await ctx.db.raw('select 1');
    } catch (err) {
      req.log.warn({ err }, 'health check: database unreachable');
      throw errors.unavailable();
    }
    res.set('Cache-Control', 'no-store').json({ status: 'ok', database: dbKind(ctx.db) });
  });
  return router;
}

/**
 * Readiness for a load balancer: the database and the socket adapter answer, and the node is not
 * stopping. A 503 names each part that failed in `details` (path: database, realtime or server).
 */
export function readyRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const failed: { path: string; message: string }[] = [];
    if (ctx.live?.shuttingDown) failed.push({ path: 'server', message: 'shutting down' });
    try {
      await ctx.db.raw('select 1');
    } catch (err) {
      failed.push({ path: 'database', message: (err as Error).message.split('\n')[0] ?? 'unreachable' });
    }
    try {
      if (!ctx.live?.checkRealtime) throw new Error('socket server not attached');
      await ctx.live.checkRealtime();
    } catch (err) {
      failed.push({ path: 'realtime', message: (err as Error).message.split('\n')[0] ?? 'unreachable' });
    }
    if (failed.length) {
      req.log.warn({ failed }, 'readiness check failed');
      throw errors.unavailable(undefined, failed);
    }
    res.json({ status: 'ok', database: 'ok', realtime: 'ok' });
  });
  return router;
}
