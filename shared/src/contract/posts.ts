import { cursorPageQuerySchema, idParamsSchema } from '../schemas/common';
import { moderationQuerySchema } from '../schemas/admin';
import {
  commentSchema,
  createPostSchema,
  listPostsQuerySchema,
  postCommentSchema,
  postLikeResultSchema,
  postSchema,
  postShareResultSchema,
  updatePostSchema,
} from '../schemas/posts';
import { cursorList, endpoint, okSchema } from './endpoint';

const BARE = 'a bare list, next page in X-Next-Cursor';

/** The feed's short posts and their comments (likes and comments of other kinds live with their resource). */
export const postEndpoints = {
  'posts.list': endpoint({
    route: 'GET /api/posts',
    summary: `Posts the viewer may see, newest first or by likes or comments, filtered by category, author or followed members (${BARE})`,
    access: 'public',
    query: listPostsQuerySchema,
    response: cursorList(postSchema),
    cursorHeader: true,
  }),
  'posts.create': endpoint({
    route: 'POST /api/posts',
    summary: 'Share a post: text, and an image or a video (one file at most); hashtags and mentions are indexed, mentioned members told',
    access: 'member',
    body: createPostSchema,
    files: ['image', 'video'],
    status: 201,
    response: postSchema,
  }),
  'posts.get': endpoint({
    route: 'GET /api/posts/:id',
    summary: 'One post, if the viewer may see it',
    access: 'public',
    params: idParamsSchema,
    response: postSchema,
  }),
  'posts.update': endpoint({
    route: 'PATCH /api/posts/:id',
    summary: "Edit one's own post's text (and category)",
    access: 'member',
    params: idParamsSchema,
    body: updatePostSchema,
    response: postSchema,
  }),
  'posts.delete': endpoint({
    route: 'DELETE /api/posts/:id',
    summary: 'Delete a post (its author, or an admin, who may give the author a reason); its likes, comments and bookmarks go with it',
    access: 'member',
    params: idParamsSchema,
    query: moderationQuerySchema,
    response: okSchema,
  }),
  'posts.like': endpoint({
    route: 'POST /api/posts/:id/like',
    summary: "Like a post, or take one's like back: the viewer's state after it and the new count",
    access: 'member',
    params: idParamsSchema,
    response: postLikeResultSchema,
  }),
  'posts.share': endpoint({
    route: 'POST /api/posts/:id/share',
    summary: "The post's link was copied: counted once per member, not for a visitor",
    access: 'public',
    params: idParamsSchema,
    response: postShareResultSchema,
  }),
  'posts.comments': endpoint({
    route: 'GET /api/posts/:id/comments',
    summary: `A post's comments, the latest page in reading order (oldest first); the next page goes further back (${BARE})`,
    access: 'public',
    tag: 'comments',
    params: idParamsSchema,
    query: cursorPageQuerySchema,
    response: cursorList(postCommentSchema),
    cursorHeader: true,
  }),
  'posts.addComment': endpoint({
    route: 'POST /api/posts/:id/comments',
    summary: 'Comment on a post; its author is told',
    access: 'member',
    tag: 'comments',
    params: idParamsSchema,
    body: commentSchema,
    status: 201,
    response: postCommentSchema,
  }),
  'comments.delete': endpoint({
    route: 'DELETE /api/comments/:id',
    summary: "Delete a post's comment (its author or an admin)",
    access: 'member',
    params: idParamsSchema,
    response: okSchema,
  }),
  'posts.ofUser': endpoint({
    route: 'GET /api/users/:id/posts',
    summary: `A member's posts the viewer may see, newest first (${BARE})`,
    access: 'public',
    tag: 'posts',
    params: idParamsSchema,
    query: listPostsQuerySchema,
    response: cursorList(postSchema),
    cursorHeader: true,
  }),
};
