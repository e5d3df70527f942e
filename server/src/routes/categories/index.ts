import { Router } from 'express';
import type { AppContext } from '../../context';
import { listCategories } from '../../services/categories';

/** Post categories ('Genel' always first), each with its post count (a counter, not a count of posts). */
export function categoriesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await listCategories(ctx.db));
  });
  return router;
}
