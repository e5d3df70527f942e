import { Router } from 'express';
import { searchCountsQuerySchema, searchQuerySchema, searchSuggestQuerySchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { search, searchCounts, suggest } from '../../services/search';

/** GET /api/search, /api/search/counts and /api/search/suggest: public, the viewer (if any) decides what may be found. */
export function searchRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await search(ctx.db, req.user ?? null, parse(searchQuerySchema, req.query)));
  });
  router.get('/counts', async (req, res) => {
    res.json(await searchCounts(ctx.db, req.user ?? null, parse(searchCountsQuerySchema, req.query).q));
  });
  router.get('/suggest', async (req, res) => {
    res.json(await suggest(ctx.db, req.user ?? null, parse(searchSuggestQuerySchema, req.query).q));
  });
  return router;
}
