import { Router } from 'express';
import { bookmarkToggleSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import { toggleBookmark } from '../../services/users';

export function bookmarksRouter(ctx: AppContext): Router {
  const router = Router();
  // The old client sent a userId too; the session says whose bookmark it is.
  router.post('/toggle', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { postId } = parse(bookmarkToggleSchema, req.body);
    res.json(await toggleBookmark(ctx.db, me, postId));
  });
  return router;
}
