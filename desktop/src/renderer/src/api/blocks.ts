import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MuteDuration, MutedTermInput } from '@mahalle/shared';
import { call } from './call';
import { userKeys } from './users';
import { postKeys } from './posts';
import { notificationKeys } from './notifications';
import { hobbyGroupKeys } from './hobby-groups';
import { questionKeys } from './questions';
import { blogKeys } from './blog';
import { searchKeys } from './search';
import { hashtagKeys } from './hashtags';

/** Query keys of the member's own blocks and mutes. */
export const blockKeys = {
  all: ['blocks'] as const,
  status: (id: number | undefined) => ['blocks', 'status', id] as const,
  blocked: ['blocks', 'blocked'] as const,
  muted: ['blocks', 'muted'] as const,
  terms: ['blocks', 'terms'] as const,
};

const PAGE = 20;

export const useBlockStatus = (id: number | undefined, enabled: boolean) =>
  useQuery({ queryKey: blockKeys.status(id), queryFn: () => call('GET /api/users/:id/block', { params: { id: id! } }), enabled: id !== undefined && enabled });

export const useBlockedMembers = () =>
  useInfiniteQuery({
    queryKey: blockKeys.blocked,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => call('GET /api/users/me/blocks', { query: { limit: PAGE, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useMutedMembers = () =>
  useInfiniteQuery({
    queryKey: blockKeys.muted,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => call('GET /api/users/me/mutes', { query: { limit: PAGE, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useMutedTerms = () => useQuery({ queryKey: blockKeys.terms, queryFn: () => call('GET /api/users/me/muted-terms') });

/** A block or mute changes what every list shows (a muted hashtag leaves trending too): they all load again. */
function refreshAfter(qc: QueryClient) {
  for (const queryKey of [
    blockKeys.all,
    userKeys.all,
    postKeys.all,
    notificationKeys.all,
    hobbyGroupKeys.all,
    questionKeys.all,
    blogKeys.all,
    searchKeys.all,
    hashtagKeys.all,
  ])
    void qc.invalidateQueries({ queryKey });
}

export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, block }: { id: number; block: boolean }) =>
      block ? call('POST /api/users/:id/block', { params: { id } }) : call('DELETE /api/users/:id/block', { params: { id } }),
    onSuccess: () => refreshAfter(qc),
  });
}

export function useMute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, duration }: { id: number; duration: MuteDuration | null }) =>
      duration ? call('POST /api/users/:id/mute', { params: { id }, body: { duration } }) : call('DELETE /api/users/:id/mute', { params: { id } }),
    onSuccess: () => refreshAfter(qc),
  });
}

export function useAddMutedTerm() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: MutedTermInput) => call('POST /api/users/me/muted-terms', { body }), onSuccess: () => refreshAfter(qc) });
}

export function useRemoveMutedTerm() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => call('DELETE /api/users/me/muted-terms/:id', { params: { id } }), onSuccess: () => refreshAfter(qc) });
}
