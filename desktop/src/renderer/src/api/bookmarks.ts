import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from './call';
import { postKeys } from './posts';

/** Query keys of one's saved posts ('Kaydedilenler'). */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: (userId: number) => [...bookmarkKeys.all, 'posts', userId] as const,
};

export const fetchBookmarks = (userId: number, page: { limit: number; cursor?: string }, signal?: AbortSignal) =>
  callPage('GET /api/users/:id/bookmarks', { params: { id: userId }, query: page, signal });

/** One's own bookmarked posts, most recently saved first, paged by cursor. */
export function useBookmarks(userId: number, pageSize = 100) {
  return useInfiniteQuery({
    queryKey: bookmarkKeys.list(userId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchBookmarks(userId, { limit: pageSize, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A post's bookmark and the bookmark list change together: both are refreshed. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: bookmarkKeys.all });
    void qc.invalidateQueries({ queryKey: postKeys.all });
  };
}

/** Saves a post, or takes it off the bookmarks; answers `{ bookmarked }`. */
export function useToggleBookmark() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (postId: number) => call('POST /api/bookmarks/toggle', { body: { postId } }), onSuccess: refresh });
}

/** Removes all of one's bookmarks. */
export function useClearBookmarks(userId: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => call('DELETE /api/users/:id/bookmarks', { params: { id: userId } }), onSuccess: refresh });
}
