import { Router } from 'express';
import type { AppContext } from '../../context';
import { communityStats, dailyStats } from '../../services/stats';

/** GET /api/stats: the community's counters for the home page, for visitors and members alike. */
export function statsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => res.json(await communityStats(ctx.db)));
  router.get('/today', async (_req, res) => res.json(await dailyStats(ctx.db)));
  return router;
}
