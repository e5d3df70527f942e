import { Router } from 'express';
import type { AppContext } from '../../context';

/** Post categories ('Genel' always first), each with its post count. */
export function categoriesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const counts = ctx.db('posts').where('is_hidden', false).select('category_id').count({ n: '*' }).groupBy('category_id').as('pc');
    const rows = await ctx.db('categories as c')
      .leftJoin(counts, 'pc.category_id', 'c.id')
      .select('c.id', 'c.name', 'c.slug', 'c.name_key', 'c.color', 'c.icon', 'pc.n')
      .orderBy('c.id');
    res.json(rows.map((r: any) => ({ id: r.id, name: r.name, slug: r.slug, key: r.name_key, color: r.color, icon: r.icon, postCount: Number(r.n ?? 0) })));
  });
  return router;
}
