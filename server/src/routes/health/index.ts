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
