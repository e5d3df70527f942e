import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '@mahalle/shared';
import { call, callPage } from './call';

/** Query keys of the signed-in member's notifications; the socket puts a pushed one into the lists (pushNotification). */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The newest few, for the header's dropdown. */
  latest: (limit: number) => ['notifications', 'latest', limit] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
};

export const fetchNotifications = (limit: number, cursor?: string) => callPage('GET /api/notifications', { query: { limit, cursor } });

/** The newest `limit` notifications (the page shows up to 100, the dropdown a few). */
export const useNotifications = (limit: number, key: 'latest' | 'list' = 'list') =>
  useQuery({ queryKey: notificationKeys[key](limit), queryFn: async () => (await fetchNotifications(limit)).items });

function useNotificationMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }) });
}

export const useMarkNotificationRead = () => useNotificationMutation((id: number) => call('PATCH /api/notifications/:id/read', { params: { id } }));
export const useMarkAllNotificationsRead = () => useNotificationMutation(() => call('PATCH /api/notifications/read-all'));
export const useDeleteNotification = () => useNotificationMutation((id: number) => call('DELETE /api/notifications/:id', { params: { id } }));

/**
 * A pushed notification in a list as the server lists it (newest id first, at most `limit`): the row it
 * stands for replaces the one with the same id or group ('12 kişi gönderinizi beğendi' becomes 13, at the
 * group's newest id), or else comes in at its place by id.
 */
export function mergePushedNotification(list: readonly Notification[], pushed: Notification, limit: number): Notification[] {
  const rest = list.filter((n) => n.id !== pushed.id && !(pushed.groupKey !== null && n.groupKey === pushed.groupKey));
  const at = rest.findIndex((n) => n.id < pushed.id);
  const merged = at === -1 ? [...rest, pushed] : [...rest.slice(0, at), pushed, ...rest.slice(at)];
  return merged.slice(0, limit);
}

/** The socket's new notification, into every notification list already loaded (the header's few and the page's). */
export function pushNotification(qc: QueryClient, pushed: Notification): void {
  for (const kind of ['latest', 'list'] as const) {
    for (const [key, list] of qc.getQueriesData<Notification[]>({ queryKey: [...notificationKeys.all, kind] })) {
      const limit = key[2];
      if (list && typeof limit === 'number') qc.setQueryData<Notification[]>(key, mergePushedNotification(list, pushed, limit));
    }
  }
}
