import { useState } from 'react';
import type { Area } from '@mahalle/shared';
import { useMyNeighbourhood } from '../../api/places';
import { useSession } from '../../stores/session';

/**
 * The 'Mahallem / İlçem / Tüm şehir' filter of a near-me list, for members. `needsPlace`: a narrow
 * area is chosen but the member has no neighbourhood, so the list shows the prompt instead.
 */
export function useArea(initial: Area = 'sehir') {
  const [area, setArea] = useState<Area>(initial);
  const signedIn = Boolean(useSession((s) => s.user));
  const mine = useMyNeighbourhood(signedIn);
  const needsPlace = area !== 'sehir' && mine.isSuccess && mine.data.neighbourhood === null;
  // Until the member's place is known a narrow list would only fail: the whole city is asked for meanwhile.
  const effective: Area = signedIn && mine.data?.neighbourhood ? area : 'sehir';
  return { area, setArea, signedIn, needsPlace, effective, mine: mine.data?.neighbourhood ?? null };
}
