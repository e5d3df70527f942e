import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptConsentsInput, LegalKind, PublishLegalDocumentInput } from '@mahalle/shared';
import { call } from './call';

/** KVKK: legal texts and consent, the data export, deleting one's own account. */
export const privacyKeys = {
  legal: (kind: LegalKind, version?: number) => ['legal', kind, version ?? 'current'] as const,
  legalVersions: (kind: LegalKind) => ['legal', kind, 'versions'] as const,
  consents: ['privacy', 'consents'] as const,
  dataExport: ['privacy', 'data-export'] as const,
};

export const useLegalDocument = (kind: LegalKind, version?: number) =>
  useQuery({ queryKey: privacyKeys.legal(kind, version), queryFn: () => call('GET /api/legal/:kind', { params: { kind }, query: { version } }) });

/** The member's consent records and the texts waiting for their consent (the re-accept modal). */
export const useConsents = (enabled = true) => useQuery({ queryKey: privacyKeys.consents, queryFn: () => call('GET /api/users/me/consents'), enabled });

export function useAcceptConsents() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptConsentsInput) => call('POST /api/users/me/consents', { body }),
    onSuccess: (state) => qc.setQueryData(privacyKeys.consents, state),
  });
}

/** The latest export; polled while it is being prepared. */
export const useDataExport = () =>
  useQuery({
    queryKey: privacyKeys.dataExport,
    queryFn: () => call('GET /api/users/me/data-export'),
    refetchInterval: (q) => (q.state.data?.latest?.status === 'pending' ? 3000 : false),
  });

export function useRequestDataExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/users/me/data-export'),
    onSuccess: (state) => qc.setQueryData(privacyKeys.dataExport, state),
  });
}

export const requestAccountDeletion = (password: string) => call('POST /api/users/me/deletion', { body: { password } });

export function useLegalVersions(kind: LegalKind) {
  return useInfiniteQuery({
    queryKey: privacyKeys.legalVersions(kind),
    queryFn: ({ pageParam }) => call('GET /api/admin/legal/:kind/versions', { params: { kind }, query: { limit: 20, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function usePublishLegal(kind: LegalKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishLegalDocumentInput) => call('POST /api/admin/legal/:kind', { params: { kind }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['legal', kind] }),
  });
}
