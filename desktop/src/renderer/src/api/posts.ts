import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@mahalle/shared/contract';
import type { Area, CommentOrder, Post, PostComment } from '@mahalle/shared';
import { call, callPage } from './call';

/** The sorts of a post list ('En yeni', 'En popüler', 'En çok yorumlanan'). */
export type PostSort = 'newest' | 'popular' | 'commented';

/** Which posts a list shows: the feed (optionally one static category, sorted), or one member's. */
export type PostFeed = { category?: string; sort?: PostSort; area?: Area } | { userId: number };

/**
 * Query keys of posts. Everything lives under `postKeys.all`, a hashtag's posts too
 * (hashtags.ts), so a like, a comment or a delete refreshes every list that shows the post.
 */
export const postKeys = {
  all: ['posts'] as const,
  list: (feed: PostFeed, pageSize: number) => [...postKeys.all, 'list', feed, pageSize] as const,
  popular: (limit: number, area: Area = 'sehir') => [...postKeys.all, 'popular', limit, area] as const,
  recent: (limit: number) => [...postKeys.all, 'recent', limit] as const,
  one: (id: number) => [...postKeys.all, 'one', id] as const,
  comments: (id: number) => [...postKeys.all, id, 'comments'] as const,
  /** The post page's paged comments in one order (under `comments`, so adding or deleting one refreshes them). */
  commentPages: (id: number, order: CommentOrder) => [...postKeys.comments(id), 'pages', order] as const,
  comment: (id: number, commentId: number) => [...postKeys.comments(id), 'one', commentId] as const,
};

// ---- Fetchers -------------------------------------------------------------------------------

/** One page of a post list; the next page's cursor comes in X-Next-Cursor (a specification-fixed bare list). */
export function fetchPostPage(feed: PostFeed, page: { limit: number; cursor?: string }, signal?: AbortSignal): Promise<Page<Post>> {
  if ('userId' in feed) return callPage('GET /api/users/:id/posts', { params: { id: feed.userId }, query: page, signal });
  const area = feed.area === 'sehir' ? undefined : feed.area;
  return callPage('GET /api/posts', { query: { category: feed.category, sort: feed.sort === 'newest' ? undefined : feed.sort, area, ...page }, signal });
}
export const fetchPost = (id: number) => call('GET /api/posts/:id', { params: { id } });
export const fetchComments = (postId: number, limit: number) => callPage('GET /api/posts/:id/comments', { params: { id: postId }, query: { limit } });

// ---- Reads ----------------------------------------------------------------------------------

/** A post page's comments, newest or oldest first, `pageSize` at a time ('Daha fazla yorum' fetches the next page). */
export const usePostCommentPages = (postId: number, order: CommentOrder, pageSize = 20) =>
  useInfiniteQuery({
    queryKey: postKeys.commentPages(postId, order),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callPage('GET /api/posts/:id/comments', { params: { id: postId }, query: { limit: pageSize, order, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The comment a link names (/posts/:id#yorum-<commentId>), wherever it falls in the pages. */
export const usePostComment = (postId: number, commentId: number | null) =>
  useQuery({
    queryKey: postKeys.comment(postId, commentId ?? 0),
    queryFn: () => call('GET /api/posts/:id/comments/:commentId', { params: { id: postId, commentId: commentId ?? 0 } }),
    enabled: commentId !== null,
    retry: false,
  });

/** A paged post list ('Daha fazla' fetches the next page by its cursor). */
export function usePostList(feed: PostFeed, pageSize: number) {
  return useInfiniteQuery({
    queryKey: postKeys.list(feed, pageSize),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchPostPage(feed, { limit: pageSize, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The most liked posts (Discover's trends), one page. */
export const usePopularPosts = (limit: number, area: Area = 'sehir') =>
  useQuery({
    queryKey: postKeys.popular(limit, area),
    queryFn: async ({ signal }) => (await fetchPostPage({ sort: 'popular', area }, { limit }, signal)).items,
  });

/** The newest posts, one page (the side column's 'Son aktiviteler'). */
export const useRecentPosts = (limit: number) =>
  useQuery({ queryKey: postKeys.recent(limit), queryFn: async ({ signal }) => (await fetchPostPage({}, { limit }, signal)).items });

export const usePost = (id: number) => useQuery({ queryKey: postKeys.one(id), queryFn: () => fetchPost(id), enabled: Number.isInteger(id) && id > 0 });

/** A post's latest comments in reading order, fetched when the dialog opens. */
export const usePostComments = (postId: number, enabled: boolean, limit = 100) =>
  useQuery({ queryKey: postKeys.comments(postId), queryFn: async (): Promise<PostComment[]> => (await fetchComments(postId, limit)).items, enabled });

// ---- Writes (each refreshes every post list) -------------------------------------------------

function useRefreshPosts() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: postKeys.all });
}

/** Shares a post: multipart content, categoryId, type and the image or video file. */
export function useCreatePost() {
  const refresh = useRefreshPosts();
  return useMutation({ mutationFn: (form: FormData) => call('POST /api/posts', { form }), onSuccess: refresh });
}

export function useUpdatePost() {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: ({ id, content, neighbourhoodId }: { id: number; content: string; neighbourhoodId?: number | null }) =>
      call('PATCH /api/posts/:id', { params: { id }, body: { content, neighbourhoodId } }),
    onSuccess: refresh,
  });
}

/** Deletes a post; an admin's reason (if any) goes to its author. */
export function useDeletePost() {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => call('DELETE /api/posts/:id', { params: { id }, query: { reason: reason?.trim() } }),
    onSuccess: refresh,
  });
}

export function useLikePost() {
  const refresh = useRefreshPosts();
  return useMutation({ mutationFn: (id: number) => call('POST /api/posts/:id/like', { params: { id } }), onSuccess: refresh });
}

/** Counts a copied link (once per member). */
export function useSharePost() {
  const refresh = useRefreshPosts();
  return useMutation({ mutationFn: (id: number) => call('POST /api/posts/:id/share', { params: { id } }), onSuccess: refresh });
}

export function useAddComment(postId: number) {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (content: string) => call('POST /api/posts/:id/comments', { params: { id: postId }, body: { content } }),
    onSuccess: refresh,
  });
}

export function useDeleteComment() {
  const refresh = useRefreshPosts();
  return useMutation({ mutationFn: (id: number) => call('DELETE /api/comments/:id', { params: { id } }), onSuccess: refresh });
}
