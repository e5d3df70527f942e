import { Router } from 'express';
import { searchQuerySchema, searchSuggestQuerySchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { search, suggest } from '../../services/search';

/** GET /api/search and /api/search/suggest: public, the viewer (if any) decides what may be found. */
export function searchRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await search(ctx.db, req.user ?? null, parse(searchQuerySchema, req.query)));
  });
  router.get('/suggest', async (req, res) => {
    res.json(await suggest(ctx.db, req.user ?? null, parse(searchSuggestQuerySchema, req.query).q));
  });
  return router;
}
