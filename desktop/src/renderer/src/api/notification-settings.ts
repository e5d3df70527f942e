import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@mahalle/shared';
import { call } from './call';

export const notificationSettingsKey = ['notification-settings'] as const;

/** The signed-in member's notification preferences (the defaults until saved). */
export const useNotificationSettings = (enabled = true) =>
  useQuery({ queryKey: notificationSettingsKey, queryFn: () => call('GET /api/users/me/notification-settings'), enabled });

export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => call('PUT /api/users/me/notification-settings', { body }),
    onSuccess: (saved) => qc.setQueryData(notificationSettingsKey, saved),
  });
}
