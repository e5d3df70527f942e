import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestSettings, NotificationSettings } from '@mahalle/shared';
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

export const digestSettingsKey = ['digest-settings'] as const;

/** The signed-in member's weekly digest e-mail setting (off until saved). */
export const useDigestSettings = (enabled = true) =>
  useQuery({ queryKey: digestSettingsKey, queryFn: () => call('GET /api/users/me/digest-settings'), enabled });

export function useSaveDigestSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DigestSettings) => call('PUT /api/users/me/digest-settings', { body }),
    onSuccess: (saved) => qc.setQueryData(digestSettingsKey, saved),
  });
}
