import { z } from 'zod';
import { cursorPageQuerySchema } from '../schemas/common';
import { hashtagParamsSchema, postSchema, trendingHashtagSchema } from '../schemas/posts';
import { cursorList, endpoint } from './endpoint';

/** Hashtags of posts: the trending ones and a tag's posts. */
export const hashtagEndpoints = {
  'hashtags.trending': endpoint({
    route: 'GET /api/hashtags/trending',
    summary: "The top trending hashtags of the last 7 days (a fixed top-N, not paged); private accounts' and hidden posts are not counted",
    access: 'public',
    response: z.array(trendingHashtagSchema),
  }),
  'hashtags.posts': endpoint({
    route: 'GET /api/hashtags/:tag/posts',
    summary: 'Posts carrying a hashtag that the viewer may see, newest first (a bare list, next page in X-Next-Cursor)',
    access: 'public',
    params: hashtagParamsSchema,
    query: cursorPageQuerySchema,
    response: cursorList(postSchema),
    cursorHeader: true,
  }),
};
