import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from './call';

/** Query keys of the signed-in member's notifications; the socket refreshes `all` when one arrives. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The newest few, for the header's dropdown. */
  latest: (limit: number) => ['notifications', 'latest', limit] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

export const fetchNotifications = (limit: number, cursor?: string) => callPage('GET /api/notifications', { query: { limit, cursor } });
export const fetchUnreadNotificationCount = () => call('GET /api/notifications/unread-count');

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
