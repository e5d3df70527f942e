import { idParamsSchema, cursorPageQuerySchema } from '../schemas/common';
import { bookmarkedPostSchema, bookmarksClearedSchema, bookmarkToggleResultSchema, bookmarkToggleSchema } from '../schemas/posts';
import { cursorList, endpoint } from './endpoint';

/** A member's saved posts ('Kaydedilenler'); only their own. */
export const bookmarkEndpoints = {
  'bookmarks.toggle': endpoint({
    route: 'POST /api/bookmarks/toggle',
    summary: "Save a post the viewer may see, or take it off one's bookmarks",
    access: 'member',
    body: bookmarkToggleSchema,
    response: bookmarkToggleResultSchema,
  }),
  'bookmarks.list': endpoint({
    route: 'GET /api/users/:id/bookmarks',
    summary: "One's own bookmarked posts, most recently saved first (a bare list, next page in X-Next-Cursor)",
    access: 'member',
    tag: 'bookmarks',
    params: idParamsSchema,
    query: cursorPageQuerySchema,
    response: cursorList(bookmarkedPostSchema),
    cursorHeader: true,
  }),
  'bookmarks.clear': endpoint({
    route: 'DELETE /api/users/:id/bookmarks',
    summary: "Remove all of one's own bookmarks: how many there were",
    access: 'member',
    tag: 'bookmarks',
    params: idParamsSchema,
    response: bookmarksClearedSchema,
  }),
};
