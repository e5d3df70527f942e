import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Contract } from '@mahalle/shared/contract';
import { call } from './call';

/** Query keys of city events: everything under `all`. */
export const eventKeys = {
  all: ['events'] as const,
  upcoming: (limit: number) => [...eventKeys.all, 'upcoming', limit] as const,
  upcomingPages: (pageSize: number) => [...eventKeys.all, 'upcoming', 'pages', pageSize] as const,
};

export const fetchEvents = (query: { limit: number; cursor?: string; when?: 'upcoming' | 'past' }) => call('GET /api/events', { query });

/** The next `limit` upcoming events (home, discover, the login panel). */
export const useUpcomingEvents = (limit: number) =>
  useQuery({ queryKey: eventKeys.upcoming(limit), queryFn: () => fetchEvents({ limit }), select: (page) => page.items });

/** Upcoming events a page at a time (the events page). */
export const useUpcomingEventPages = (pageSize: number) =>
  useInfiniteQuery({
    queryKey: eventKeys.upcomingPages(pageSize),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchEvents({ limit: pageSize, cursor: pageParam }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

function useEventMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: eventKeys.all }) });
}

export const useCreateEvent = () => useEventMutation((body: BodyOf<Contract['events.create']>) => call('POST /api/events', { body }));
/** Attends, or takes attendance back (a toggle on the server). */
export const useAttendEvent = () => useEventMutation((id: number) => call('POST /api/events/:id/attend', { params: { id } }));
