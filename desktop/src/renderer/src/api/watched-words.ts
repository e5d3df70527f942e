import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Contract } from '@mahalle/shared/contract';
import { call } from './call';

/** Query keys of the watched-word list (admins only). */
export const watchedWordKeys = { all: ['watched-words'] as const };

export const useWatchedWords = () => useQuery({ queryKey: watchedWordKeys.all, queryFn: () => call('GET /api/admin/watched-words') });

function useListMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: watchedWordKeys.all }) });
}
export const useCreateWatchedWord = () =>
  useListMutation((body: BodyOf<Contract['admin.createWatchedWord']>) => call('POST /api/admin/watched-words', { body }));
export const useUpdateWatchedWord = () =>
  useListMutation(({ id, body }: { id: number; body: BodyOf<Contract['admin.updateWatchedWord']> }) =>
    call('PATCH /api/admin/watched-words/:id', { params: { id }, body }),
  );
export const useDeleteWatchedWord = () => useListMutation((id: number) => call('DELETE /api/admin/watched-words/:id', { params: { id } }));
export const useImportWatchedWords = () => useListMutation((body: { csv: string; replace: boolean }) => call('POST /api/admin/watched-words/import', { body }));
