import { useMutation } from '@tanstack/react-query';
import { call, type CallInput } from './call';

/** What a report sends: a written reason for content, a reason code and an optional note for a person. */
export type ReportBody = NonNullable<CallInput<'POST /api/reports'>['body']>;

/** 'Şikayet Et': sends a report to the admins' queue (their lists refresh through the socket). */
export const useCreateReport = () => useMutation({ mutationFn: (body: ReportBody) => call('POST /api/reports', { body }) });
