import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Contract } from '@mahalle/shared/contract';
import { call } from './call';
import { eventKeys } from './events';
import { postKeys } from './posts';
import { hobbyGroupKeys } from './hobby-groups';

/** Query keys of places: the city's list, the member's own neighbourhood and Yakınımda. */
export const placeKeys = {
  all: ['places'] as const,
  list: () => [...placeKeys.all, 'list'] as const,
  mine: () => [...placeKeys.all, 'mine'] as const,
  nearby: () => [...placeKeys.all, 'nearby'] as const,
};

/** The city's districts with their neighbourhoods (one bounded answer). */
export const usePlaces = () => useQuery({ queryKey: placeKeys.list(), queryFn: () => call('GET /api/places') });

/** The signed-in member's neighbourhood and its visibility (`enabled` false for a visitor). */
export const useMyNeighbourhood = (enabled = true) => useQuery({ queryKey: placeKeys.mine(), queryFn: () => call('GET /api/users/me/neighbourhood'), enabled });

/** Discover's Yakınımda (only with a neighbourhood set). */
export const useNearby = (enabled: boolean) => useQuery({ queryKey: placeKeys.nearby(), queryFn: () => call('GET /api/places/nearby'), enabled });

/** Saves the member's neighbourhood; every near-me list follows it. */
export function useSetMyNeighbourhood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<Contract['places.setMine']>) => call('PUT /api/users/me/neighbourhood', { body }),
    onSuccess: (mine) => {
      qc.setQueryData(placeKeys.mine(), mine);
      for (const key of [placeKeys.nearby(), postKeys.all, eventKeys.all, hobbyGroupKeys.all]) void qc.invalidateQueries({ queryKey: key });
    },
  });
}

/* ---- The organiser's editor ---- */

function usePlaceMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: placeKeys.all }) });
}
export const useCreateDistrict = () => usePlaceMutation((name: string) => call('POST /api/admin/places/districts', { body: { name } }));
export const useRenameDistrict = () =>
  usePlaceMutation(({ id, name }: { id: number; name: string }) => call('PATCH /api/admin/places/districts/:id', { params: { id }, body: { name } }));
export const useDeleteDistrict = () => usePlaceMutation((id: number) => call('DELETE /api/admin/places/districts/:id', { params: { id } }));
export const useCreateNeighbourhood = () =>
  usePlaceMutation((body: BodyOf<Contract['places.createNeighbourhood']>) => call('POST /api/admin/places/neighbourhoods', { body }));
export const useUpdateNeighbourhood = () =>
  usePlaceMutation(({ id, body }: { id: number; body: BodyOf<Contract['places.updateNeighbourhood']> }) =>
    call('PATCH /api/admin/places/neighbourhoods/:id', { params: { id }, body }),
  );
export const useDeleteNeighbourhood = () => usePlaceMutation((id: number) => call('DELETE /api/admin/places/neighbourhoods/:id', { params: { id } }));
export const useImportPlaces = () => usePlaceMutation((csv: string) => call('POST /api/admin/places/import', { body: { csv } }));
