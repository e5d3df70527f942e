import { Router, type Request } from 'express';
import { bookmarkToggleSchema, cursorPageQuerySchema, idParamsSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import { clearBookmarks, listBookmarks, toggleBookmark } from '../../services/bookmarks';
import { sendCursorList } from '../paging';
import { authorize } from '../../policies/decision';
import * as userPolicy from '../../policies/users';

/** POST /api/bookmarks/toggle. */
export function bookmarksRouter(ctx: AppContext): Router {
  const router = Router();
  // A userId in the body is ignored: the session says whose bookmark it is.
  router.post('/toggle', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { postId } = parse(bookmarkToggleSchema, req.body);
    res.json(await toggleBookmark(ctx.db, me, postId));
  });
  return router;
}

/** GET and DELETE /api/users/:id/bookmarks (mounted under /users): one's own bookmarks only. */
export function userBookmarksRouter(ctx: AppContext): Router {
  const router = Router();
  const owner = (req: Request) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    authorize(userPolicy.canViewBookmarks(me, id));
    return me;
  };
  router.get('/:id/bookmarks', async (req, res) => {
    const me = owner(req);
    sendCursorList(res, await listBookmarks(ctx.db, me, parse(cursorPageQuerySchema, req.query)));
  });
  router.delete('/:id/bookmarks', async (req, res) => {
    const me = owner(req);
    res.json({ removed: await clearBookmarks(ctx.db, me.id) });
  });
  return router;
}
