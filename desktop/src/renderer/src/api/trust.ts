import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallInput } from './call';

export const trustKeys = {
  mine: ['trust', 'mine'] as const,
  settings: ['trust', 'settings'] as const,
};

export type TrustSettingsBody = NonNullable<CallInput<'PUT /api/admin/trust-settings'>['body']>;

/** The member's own level, what it still limits and what the next level needs (refreshed after each post: promotion happens on write). */
export const useMyTrust = (enabled = true) =>
  useQuery({ queryKey: trustKeys.mine, queryFn: () => call('GET /api/users/me/trust', {}), enabled, staleTime: 60_000 });

export const useTrustSettings = () => useQuery({ queryKey: trustKeys.settings, queryFn: () => call('GET /api/admin/trust-settings', {}) });

export function useUpdateTrustSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TrustSettingsBody) => call('PUT /api/admin/trust-settings', { body }),
    onSuccess: (settings) => qc.setQueryData(trustKeys.settings, settings),
  });
}

/** Sets a member's level by hand; the users table and the queue show levels, so they are read again. */
export function useSetTrustLevel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; level: 0 | 1 | 2; reason: string }) =>
      call('PUT /api/admin/users/:id/trust-level', { params: { id: v.id }, body: { level: v.level, reason: v.reason } }),
    onSuccess: () => void qc.invalidateQueries(),
  });
}
