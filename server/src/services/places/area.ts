import type { Knex } from 'knex';
import { TEXTS, type Area } from '@mahalle/shared';
import { errors } from '../../errors';
import type { UserRow } from '../../presenters/users';

type Db = Knex | Knex.Transaction;

/** One equality a 'near me' list adds before its keyset: the column (on the list's own table) and the viewer's value. */
export interface AreaFilter {
  column: 'neighbourhood_id' | 'district_id';
  value: number;
}

/** The viewer's own neighbourhood and its district, read fresh (the session's row may be cached). */
export async function viewerPlace(db: Db, viewer: UserRow | undefined): Promise<{ neighbourhoodId: number; districtId: number } | null> {
  if (!viewer) return null;
  const row: { neighbourhood_id: number; district_id: number } | undefined = await db('users as u')
    .join('neighbourhoods as n', 'n.id', 'u.neighbourhood_id')
    .where('u.id', viewer.id)
    .first('u.neighbourhood_id', 'n.district_id');
  return row ? { neighbourhoodId: row.neighbourhood_id, districtId: row.district_id } : null;
}

/**
 * The filter for `area`: 'sehir' is none; 'mahalle' and 'ilce' need the viewer's neighbourhood
 * (409 neighbourhood_required without one, so the UI can ask for it).
 */
export async function areaFilter(db: Db, viewer: UserRow | undefined, area: Area | undefined): Promise<AreaFilter | null> {
  if (!area || area === 'sehir') return null;
  const place = await viewerPlace(db, viewer);
  if (!place) throw errors.conflict(TEXTS.places.neighbourhoodRequired, 'neighbourhood_required');
  return area === 'mahalle' ? { column: 'neighbourhood_id', value: place.neighbourhoodId } : { column: 'district_id', value: place.districtId };
}

/** Adds the area's equality on `alias` (the list's table); each such list has an index (column, sort key, id). */
export function whereInArea(q: Knex.QueryBuilder, alias: string, filter: AreaFilter | null): Knex.QueryBuilder {
  if (filter) q.where(`${alias}${alias ? '.' : ''}${filter.column}`, filter.value);
  return q;
}
