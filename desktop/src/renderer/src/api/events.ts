import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Contract } from '@mahalle/shared/contract';
import type { Area } from '@mahalle/shared';
import { call, type Answer } from './call';

/** Query keys of city events: everything under `all`. */
export const eventKeys = {
  all: ['events'] as const,
  upcoming: (limit: number, area: Area = 'sehir') => [...eventKeys.all, 'upcoming', limit, area] as const,
  upcomingPages: (pageSize: number, area: Area = 'sehir') => [...eventKeys.all, 'upcoming', 'pages', pageSize, area] as const,
};

export const fetchEvents = (query: { limit: number; cursor?: string; when?: 'upcoming' | 'past'; area?: Area }) =>
  call('GET /api/events', { query: { ...query, area: query.area === 'sehir' ? undefined : query.area } });

/** The next `limit` upcoming events (home, discover, the login panel). */
export const useUpcomingEvents = (limit: number, area: Area = 'sehir') =>
  useQuery({ queryKey: eventKeys.upcoming(limit, area), queryFn: () => fetchEvents({ limit, area }), select: (page) => page.items });

/** Upcoming events a page at a time (the events page). */
export const useUpcomingEventPages = (pageSize: number, area: Area = 'sehir') =>
  useInfiniteQuery({
    queryKey: eventKeys.upcomingPages(pageSize, area),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchEvents({ limit: pageSize, cursor: pageParam, area }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

function useEventMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: eventKeys.all }) });
}

export const useCreateEvent = () => useEventMutation((body: BodyOf<Contract['events.create']>) => call('POST /api/events', { body }));
/** Attends, or takes attendance back (a toggle on the server). */
export const useAttendEvent = () => useEventMutation((id: number) => call('POST /api/events/:id/attend', { params: { id } }));

/** One event (its page, and where an event notification leads). */
export const useEvent = (id: number | undefined) =>
  useQuery({
    queryKey: [...eventKeys.all, 'one', id] as const,
    queryFn: () => call('GET /api/events/:id', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });

/** The organiser's tools: edit (a new time tells everyone), cancel with a reason, message the attendees. */
export const useUpdateEvent = () =>
  useEventMutation(({ id, body }: { id: number; body: BodyOf<Contract['events.update']> }) => call('PATCH /api/events/:id', { params: { id }, body }));
export const useCancelEvent = () =>
  useEventMutation(({ id, reason }: { id: number; reason: string }) => call('POST /api/events/:id/cancel', { params: { id }, body: { reason } }));
export const useMessageAttendees = () =>
  useEventMutation(({ id, message }: { id: number; message: string }) => call('POST /api/events/:id/message', { params: { id }, body: { message } }));

/** The event's .ics file as text (with the session, so private events work in the desktop app too). */
export const fetchEventIcs = (id: number) => call('GET /api/events/:id/ics', { params: { id } });

/** The member's private calendar feed: whether it exists; its address only right after making it. */
const feedKey = ['calendar', 'feed'] as const;
export const useCalendarFeed = () => useQuery({ queryKey: feedKey, queryFn: () => call('GET /api/calendar/feed') });
function useFeedMutation(fn: () => Promise<Answer<'GET /api/calendar/feed'>>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (feed) => qc.setQueryData(feedKey, feed) });
}
export const useCreateCalendarFeed = () => useFeedMutation(() => call('POST /api/calendar/feed'));
export const useRevokeCalendarFeed = () => useFeedMutation(() => call('DELETE /api/calendar/feed'));

/** A past event's photos, a page at a time (newest first). */
export const useEventPhotos = (id: number, pageSize = 24) =>
  useInfiniteQuery({
    queryKey: [...eventKeys.all, 'photos', id, pageSize] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => call('GET /api/events/:id/photos', { params: { id }, query: { limit: pageSize, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
export const useAddEventPhoto = () =>
  useEventMutation(({ id, form }: { id: number; form: FormData }) => call('POST /api/events/:id/photos', { params: { id }, form }));
export const useDeleteEventPhoto = () =>
  useEventMutation(({ id, photoId }: { id: number; photoId: number }) => call('DELETE /api/events/:id/photos/:photoId', { params: { id, photoId } }));
