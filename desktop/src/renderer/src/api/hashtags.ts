import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, callPage } from './call';
import { postKeys } from './posts';

/**
 * Query keys of hashtags. A tag's posts live under postKeys.all, so a like or a comment on one
 * of them refreshes the panel like any other post list.
 */
export const hashtagKeys = {
  all: ['hashtags'] as const,
  trending: ['hashtags', 'trending'] as const,
  posts: (tag: string) => [...postKeys.all, 'tag', tag] as const,
};

export const fetchTrendingHashtags = () => call('GET /api/hashtags/trending');
export const fetchHashtagPosts = (tag: string, page: { limit?: number; cursor?: string }, signal?: AbortSignal) =>
  callPage('GET /api/hashtags/:tag/posts', { params: { tag }, query: page, signal });

/** The top trending tags of the last 7 days (a fixed list, not paged). */
export const useTrendingHashtags = () => useQuery({ queryKey: hashtagKeys.trending, queryFn: fetchTrendingHashtags });

/** A tag's posts, newest first, paged by cursor; runs only once a tag is chosen. */
export function useHashtagPosts(tag: string | null, pageSize = 20) {
  return useInfiniteQuery({
    queryKey: hashtagKeys.posts(tag ?? ''),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchHashtagPosts(tag!, { limit: pageSize, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!tag,
  });
}
