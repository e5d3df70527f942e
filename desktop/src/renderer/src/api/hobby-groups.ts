import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Contract } from '@mahalle/shared/contract';
import type { Area } from '@mahalle/shared';
import { call, callPage } from './call';

/** Query keys of hobby groups: everything under `all`, so one invalidation refreshes a group's page, lists and sidebar. */
export const hobbyGroupKeys = {
  all: ['hobby-groups'] as const,
  list: (limit: number, area: Area = 'sehir') => [...hobbyGroupKeys.all, 'list', limit, area] as const,
  one: (slug: string) => [...hobbyGroupKeys.all, 'one', slug] as const,
  posts: (slug: string) => [...hobbyGroupKeys.one(slug), 'posts'] as const,
  members: (slug: string) => [...hobbyGroupKeys.one(slug), 'members'] as const,
  events: (slug: string) => [...hobbyGroupKeys.one(slug), 'events'] as const,
  joinRequests: (slug: string) => [...hobbyGroupKeys.one(slug), 'join-requests'] as const,
  comments: (postId: number) => [...hobbyGroupKeys.all, 'post', postId, 'comments'] as const,
};

/* ---- Fetchers ---- */

export const fetchHobbyGroups = (limit: number, cursor?: string, area: Area = 'sehir') =>
  callPage('GET /api/hobby-groups', { query: { limit, cursor, area: area === 'sehir' ? undefined : area } });
export const fetchHobbyGroup = (slug: string) => call('GET /api/hobby-groups/:slug', { params: { slug } });
export const fetchGroupPosts = (slug: string, limit: number, cursor?: string) =>
  callPage('GET /api/hobby-groups/:slug/posts', { params: { slug }, query: { limit, cursor } });
export const fetchGroupMembers = (slug: string, limit: number) => callPage('GET /api/hobby-groups/:slug/members', { params: { slug }, query: { limit } });
export const fetchGroupEvents = (slug: string, limit: number) => callPage('GET /api/hobby-groups/:slug/events', { params: { slug }, query: { limit } });
export const fetchJoinRequests = (slug: string, limit: number) => call('GET /api/hobby-groups/:slug/join-requests', { params: { slug }, query: { limit } });
export const fetchGroupComments = (postId: number, limit: number) =>
  callPage('GET /api/hobby-groups/posts/:id/comments', { params: { id: postId }, query: { limit } });

/* ---- Reads ---- */

/** The first `limit` groups by size (the list page and the sidebar). */
export const useHobbyGroups = (limit: number, area: Area = 'sehir') =>
  useQuery({ queryKey: hobbyGroupKeys.list(limit, area), queryFn: () => fetchHobbyGroups(limit, undefined, area), select: (page) => page.items });

/** Sets or clears a group's neighbourhood (its founder or an admin). */
export const useUpdateGroupPlace = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, neighbourhoodId }: { slug: string; neighbourhoodId: number | null }) =>
      call('PATCH /api/hobby-groups/:slug', { params: { slug }, body: { neighbourhoodId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: hobbyGroupKeys.all }),
  });
};

export const useHobbyGroup = (slug: string) => useQuery({ queryKey: hobbyGroupKeys.one(slug), queryFn: () => fetchHobbyGroup(slug) });

/** A group's posts, newest first, a page at a time ('Daha fazla' follows X-Next-Cursor). */
export const useGroupPosts = (slug: string, pageSize: number, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: hobbyGroupKeys.posts(slug),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchGroupPosts(slug, pageSize, pageParam),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });

export const useGroupMembers = (slug: string, limit: number, enabled: boolean) =>
  useQuery({ queryKey: hobbyGroupKeys.members(slug), queryFn: () => fetchGroupMembers(slug, limit), select: (page) => page.items, enabled });

export const useGroupEvents = (slug: string, limit: number, enabled: boolean) =>
  useQuery({ queryKey: hobbyGroupKeys.events(slug), queryFn: () => fetchGroupEvents(slug, limit), enabled });

export const useJoinRequests = (slug: string, limit: number) =>
  useQuery({ queryKey: hobbyGroupKeys.joinRequests(slug), queryFn: () => fetchJoinRequests(slug, limit), select: (page) => page.items });

export const useGroupComments = (postId: number, limit: number, enabled: boolean) =>
  useQuery({ queryKey: hobbyGroupKeys.comments(postId), queryFn: () => fetchGroupComments(postId, limit), select: (page) => page.items, enabled });

/* ---- Writes (each refreshes every group read) ---- */

function useGroupMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: hobbyGroupKeys.all }) });
}

type CreateGroupBody = BodyOf<Contract['hobby-groups.create']>;
type GroupEventBody = BodyOf<Contract['hobby-groups.createEvent']>;

export const useCreateHobbyGroup = () => useGroupMutation((body: CreateGroupBody) => call('POST /api/hobby-groups', { body }));

/** Joins (or asks to join), or leaves (or withdraws the request). */
export const useGroupMembership = (slug: string) =>
  useGroupMutation(async (leaving: boolean): Promise<{ isMember: boolean; isPending?: boolean; memberCount: number }> =>
    leaving ? call('POST /api/hobby-groups/:slug/leave', { params: { slug } }) : call('POST /api/hobby-groups/:slug/join', { params: { slug } }),
  );

export const useDecideJoinRequest = (slug: string) =>
  useGroupMutation(({ userId, accept }: { userId: number; accept: boolean }) =>
    accept
      ? call('POST /api/hobby-groups/:slug/join-requests/:userId/accept', { params: { slug, userId } })
      : call('POST /api/hobby-groups/:slug/join-requests/:userId/reject', { params: { slug, userId } }),
  );

/** The founder appoints a member as a group moderator, or makes them a plain member again. */
export const useSetGroupMemberRole = (slug: string) =>
  useGroupMutation(({ userId, role }: { userId: number; role: 'member' | 'moderator' }) =>
    call('PUT /api/hobby-groups/:slug/members/:userId/role', { params: { slug, userId }, body: { role } }),
  );

/** The founder, a group moderator or a site moderator removes a member from the group. */
export const useRemoveGroupMember = (slug: string) =>
  useGroupMutation((userId: number) => call('DELETE /api/hobby-groups/:slug/members/:userId', { params: { slug, userId }, query: {} }));

/** A text post, or an image post (multipart with the file in `image`). */
export const useCreateGroupPost = (slug: string) =>
  useGroupMutation(({ content, image }: { content: string; image?: File | null }) => {
    if (!image) return call('POST /api/hobby-groups/:slug/posts', { params: { slug }, body: { content, type: 'text' } });
    const form = new FormData();
    form.append('content', content);
    form.append('type', 'image');
    form.append('image', image);
    return call('POST /api/hobby-groups/:slug/posts', { params: { slug }, form });
  });

export const useCreateGroupEvent = (slug: string) =>
  useGroupMutation((body: GroupEventBody) => call('POST /api/hobby-groups/:slug/events', { params: { slug }, body }));

/** Hides a group post (or shows it again), with a reason: the group's founder and moderators, the site's moderators. */
export const useHideGroupPost = () =>
  useGroupMutation(({ id, reason, hide }: { id: number; reason: string; hide: boolean }) =>
    hide
      ? call('POST /api/hobby-groups/posts/:id/hide', { params: { id }, body: { reason } })
      : call('POST /api/hobby-groups/posts/:id/restore', { params: { id }, body: { reason } }),
  );

export const useHideGroupEvent = () =>
  useGroupMutation(({ id, reason, hide }: { id: number; reason: string; hide: boolean }) =>
    hide
      ? call('POST /api/hobby-groups/events/:id/hide', { params: { id }, body: { reason } })
      : call('POST /api/hobby-groups/events/:id/restore', { params: { id }, body: { reason } }),
  );

export const useDeleteGroupPost = () =>
  useGroupMutation(({ id, reason }: { id: number; reason?: string }) =>
    call('DELETE /api/hobby-groups/posts/:id', { params: { id }, query: { reason: reason?.trim() || undefined } }),
  );

/** Likes or takes the like back, by what the viewer sees now. */
export const useLikeGroupPost = () =>
  useGroupMutation(({ id, liked }: { id: number; liked: boolean }) =>
    liked ? call('DELETE /api/hobby-groups/posts/:id/like', { params: { id } }) : call('POST /api/hobby-groups/posts/:id/like', { params: { id } }),
  );

export const useCommentGroupPost = () =>
  useGroupMutation(({ id, content }: { id: number; content: string }) =>
    call('POST /api/hobby-groups/posts/:id/comments', { params: { id }, body: { content } }),
  );
