import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAppeal, AppealStatus } from '@mahalle/shared';
import { call, type CallInput } from './call';
import { notificationKeys } from './notifications';

export type { AdminAppeal };
export type AppealBody = NonNullable<CallInput<'POST /api/appeals'>['body']>;
export type SuspensionAppealBody = NonNullable<CallInput<'POST /api/auth/suspension-appeal'>['body']>;

/** The member's appeal of their hidden item: the notice that offered it then shows it as sent. */
export function useAppealItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealBody) => call('POST /api/appeals', { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** A suspended member's appeal from the sign-in form (no session: name and password go with it). */
export const useAppealSuspension = () => useMutation({ mutationFn: (body: SuspensionAppealBody) => call('POST /api/auth/suspension-appeal', { body }) });

/**
 * The appeals beside the reports in the Şikayetler tab, oldest first. Kept under the reports' key,
 * so the socket's refresh of the queue refreshes them too.
 */
export const appealKeys = { list: (status: AppealStatus) => ['admin', 'reports', 'appeals', status] as const };

export function useAppeals(status: AppealStatus) {
  const q = useInfiniteQuery({
    queryKey: appealKeys.list(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => call('GET /api/admin/appeals', { query: { status, limit: 50, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...q, rows: q.data?.pages.flatMap((p) => p.items) ?? [] };
}

/** Upholding shows the item again or lifts a suspension, so every cached read is refreshed. */
export function useDecideAppeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: number; outcome: 'upheld' | 'rejected'; note: string }) =>
      call('POST /api/admin/appeals/:id/decide', { params: { id }, body: { outcome, note } }),
    onSuccess: () => void qc.invalidateQueries(),
  });
}
