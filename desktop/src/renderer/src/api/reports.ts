import { useMutation } from '@tanstack/react-query';
import type { ReportTarget } from '@mahalle/shared';
import { call } from './call';

/** 'Şikayet Et': sends a report to the admins' queue (their lists refresh through the socket). */
export const useCreateReport = () =>
  useMutation({ mutationFn: (body: { targetType: ReportTarget; targetId: number; reason: string }) => call('POST /api/reports', { body }) });
