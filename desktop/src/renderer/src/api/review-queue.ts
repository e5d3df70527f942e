import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueAction, ReviewEntry } from '@mahalle/shared';
import { call } from './call';

export type { QueueAction, ReviewEntry };

/**
 * The review queue's reads and decisions. Its key starts with 'admin' so a workspace change elsewhere refreshes it too;
 * the socket's queue_changed refreshes it when another moderator claims, decides or undoes (api/socket.ts).
 */
export const queueKeys = {
  all: ['admin', 'queue'] as const,
};

/** Entries a page: the view's selection walks them with j/k, the next page comes with the "more" button. */
const PAGE = 50;

export function useReviewQueue() {
  const q = useInfiniteQuery({
    queryKey: queueKeys.all,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => call('GET /api/admin/queue', { query: { limit: PAGE, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return {
    entries: q.data?.pages.flatMap((p) => p.items) ?? [],
    total: q.data?.pages.at(-1)?.total ?? 0,
    loading: q.isLoading,
    hasMore: q.hasNextPage,
    loadingMore: q.isFetchingNextPage,
    more: () => {
      if (!q.isFetchingNextPage) void q.fetchNextPage();
    },
  };
}

export const claimEntry = (id: number) => call('POST /api/admin/queue/:id/claim', { params: { id } });
export const releaseEntry = (id: number) => call('DELETE /api/admin/queue/:id/claim', { params: { id } });

export interface Decision {
  action: QueueAction;
  reason?: string;
  days?: 1 | 7;
}

/**
 * A decision on one entry or, with several ids, on all of them in one request (one transaction on the server). A
 * decision reaches lists all over the app (a hidden post, a suspended author), so every cached read is refreshed.
 */
export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, ...d }: Decision & { ids: number[] }) =>
      ids.length === 1
        ? call('POST /api/admin/queue/:id/decide', { params: { id: ids[0] as number }, body: { reason: '', ...d } })
        : call('POST /api/admin/queue/bulk', { body: { ids, reason: '', ...d } }),
    onSettled: () => void qc.invalidateQueries(),
  });
}

export function useUndo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (actionId: number) => call('POST /api/admin/queue/actions/:id/undo', { params: { id: actionId } }),
    onSettled: () => void qc.invalidateQueries(),
  });
}
