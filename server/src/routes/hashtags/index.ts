import { Router } from 'express';
import { cursorPageQuerySchema, hashtagParamsSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { postsWithTag } from '../../services/hashtags';
import { trendingHashtags } from '../../services/trending';
import { sendCursorList } from '../paging';

export function hashtagsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/trending', async (_req, res) => {
    res.json(await trendingHashtags(ctx.db));
  });
  router.get('/:tag/posts', async (req, res) => {
    const { tag } = parse(hashtagParamsSchema, req.params);
    sendCursorList(res, await postsWithTag(ctx.db, tag, req.user?.id ?? null, parse(cursorPageQuerySchema, req.query)));
  });
  return router;
}
