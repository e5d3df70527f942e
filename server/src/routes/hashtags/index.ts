import { Router } from 'express';
import { cursorPageQuerySchema, hashtagParamsSchema, type TrendingHashtag } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { trendingFor, TRENDING_READ } from '../../services/hashtags';
import { postsWithTag } from '../../services/posts';
import { trendingHashtags } from '../../services/trending';
import { cachedValue, ReadCache, READ_CACHE_MS } from '../../read-cache';
import { sendCursorList } from '../paging';

export function hashtagsRouter(ctx: AppContext): Router {
  const router = Router();
  // The community's trending list is the same for everyone: read once for all, for a moment, emptied by every
  // write (as the hot lists); each member's answer leaves out their muted hashtags (trendingFor).
  const community = new ReadCache<TrendingHashtag[]>(READ_CACHE_MS, 1);
  ctx.bus.on('data:changed', () => community.clear());
  router.get('/trending', async (req, res) => {
    const list = await cachedValue(community, 'trending', () => trendingHashtags(ctx.db, TRENDING_READ));
    res.json(await trendingFor(ctx.db, req.user?.id ?? null, list));
  });
  router.get('/:tag/posts', async (req, res) => {
    const { tag } = parse(hashtagParamsSchema, req.params);
    sendCursorList(res, await postsWithTag(ctx.db, tag, req.user?.id ?? null, parse(cursorPageQuerySchema, req.query)));
  });
  return router;
}
