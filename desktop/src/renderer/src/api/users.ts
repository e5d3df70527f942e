import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { call, callPage } from './call';
import { notificationKeys } from './notifications';

export type ConnectionKind = 'followers' | 'following';

/** Query keys of members: every key starts with 'users', so `userKeys.all` refreshes them all after a follow. */
export const userKeys = {
  all: ['users'] as const,
  profile: (username: string | undefined) => ['users', 'profile', username] as const,
  byId: (id: number) => ['users', id] as const,
  stats: (id: number | undefined) => ['users', id, 'stats'] as const,
  followStatus: (id: number | undefined) => ['users', id, 'follow-status'] as const,
  connections: (id: number, kind: ConnectionKind) => ['users', id, kind] as const,
  popular: (limit: number) => ['users', 'popular', limit] as const,
  recent: (limit: number) => ['users', 'recent', limit] as const,
};

export const fetchProfile = (username: string) => call('GET /api/users/profile/:username', { params: { username } });
export const fetchUser = (id: number) => call('GET /api/users/:id', { params: { id } });
export const fetchUserStats = (id: number) => call('GET /api/users/:id/stats', { params: { id } });
export const fetchFollowStatus = (id: number) => call('GET /api/users/:id/follow-status', { params: { id } });
export const fetchConnections = (id: number, kind: ConnectionKind, limit: number, cursor?: string) =>
  kind === 'followers'
    ? callPage('GET /api/users/:id/followers', { params: { id }, query: { limit, cursor } })
    : callPage('GET /api/users/:id/following', { params: { id }, query: { limit, cursor } });
export const fetchPopularUsers = (limit: number) => call('GET /api/users/popular', { query: { limit } });
export const fetchRecentUsers = (limit: number, cursor?: string) => callPage('GET /api/users/recent', { query: { limit, cursor } });
/** Follow requests waiting for the signed-in member (the one page shape). */

export const useProfile = (username: string | undefined) =>
  useQuery({ queryKey: userKeys.profile(username), queryFn: () => fetchProfile(username ?? ''), enabled: !!username });
export const useUser = (id: number) => useQuery({ queryKey: userKeys.byId(id), queryFn: () => fetchUser(id) });
export const useUserStats = (id: number | undefined) =>
  useQuery({ queryKey: userKeys.stats(id), queryFn: () => fetchUserStats(id!), enabled: id !== undefined });
export const useFollowStatus = (id: number | undefined, enabled: boolean) =>
  useQuery({ queryKey: userKeys.followStatus(id), queryFn: () => fetchFollowStatus(id!), enabled: id !== undefined && enabled });
/** A member's followers or followings: the first `limit` (the screens show one page of up to 100). */
export const useConnections = (id: number, kind: ConnectionKind, limit = 100) =>
  useQuery({ queryKey: userKeys.connections(id, kind), queryFn: async () => (await fetchConnections(id, kind, limit)).items });
export const usePopularUsers = (limit: number) => useQuery({ queryKey: userKeys.popular(limit), queryFn: () => fetchPopularUsers(limit) });
export const useRecentUsers = (limit: number) => useQuery({ queryKey: userKeys.recent(limit), queryFn: async () => (await fetchRecentUsers(limit)).items });

const refreshPeople = (qc: QueryClient) => qc.invalidateQueries({ queryKey: userKeys.all });

/** Follow (a private account gets a request: the answer says 'pending'). */
export function useFollow() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => call('POST /api/users/:id/follow', { params: { id } }), onSuccess: () => void refreshPeople(qc) });
}

/** Unfollow, or withdraw a waiting request. */
export function useUnfollow() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => call('DELETE /api/users/:id/unfollow', { params: { id } }), onSuccess: () => void refreshPeople(qc) });
}

/** Edit a profile: its fields and an optional new photo go as one multipart form. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) => call('PATCH /api/users/:id', { params: { id }, form }),
    onSuccess: () => void refreshPeople(qc),
  });
}

/** Accept or reject the follow request of `requesterId` (its notification goes with it). */
export function useAnswerFollowRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requesterId, accept }: { requesterId: number; accept: boolean }) =>
      accept
        ? call('POST /api/follow-requests/:id/accept', { params: { id: requesterId } })
        : call('POST /api/follow-requests/:id/reject', { params: { id: requesterId } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
      void refreshPeople(qc);
    },
  });
}
