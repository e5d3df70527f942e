import type { Knex } from 'knex';
import { foldKey, LIMITS, TEXTS, type District, type MyNeighbourhood, type NeighbourhoodRef, type NeighbourhoodVisibility } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { nowIso } from '../../db/time';
import type { UserRow } from '../../presenters/users';
import { audit } from '../audit';
import { seesPrivateDetails } from '../../policies/users';

const P = TEXTS.places;
type Db = Knex | Knex.Transaction;

interface DistrictRow {
  id: number;
  name: string;
  name_key: string;
}
interface NeighbourhoodRow {
  id: number;
  district_id: number;
  name: string;
  name_key: string;
  lat: number | string | null;
  lng: number | string | null;
}

const num = (v: number | string | null): number | null => (v === null || v === undefined ? null : Number(v));

/** The whole city, districts and their neighbourhoods by name (Turkish order). Bounded by LIMITS.neighbourhoodsMax. */
export async function listPlaces(db: Db): Promise<{ districts: District[] }> {
  const districts: DistrictRow[] = await db('districts').select('id', 'name', 'name_key');
  const hoods: NeighbourhoodRow[] = await db('neighbourhoods').select('id', 'district_id', 'name', 'name_key', 'lat', 'lng').limit(LIMITS.neighbourhoodsMax);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'tr');
  return {
    districts: districts.sort(byName).map((d) => ({
      id: d.id,
      name: d.name,
      neighbourhoods: hoods
        .filter((n) => n.district_id === d.id)
        .sort(byName)
        .map((n) => ({ id: n.id, name: n.name, districtId: n.district_id, lat: num(n.lat), lng: num(n.lng) })),
    })),
  };
}

/** Neighbourhood refs (with their district's name) for a page of rows, in one query. */
export async function placeRefs(
  db: Db,
  ids: (number | null | undefined)[],
): Promise<Map<number, NeighbourhoodRef & { lat: number | null; lng: number | null }>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const out = new Map<number, NeighbourhoodRef & { lat: number | null; lng: number | null }>();
  if (wanted.length === 0) return out;
  const rows: (NeighbourhoodRow & { d_name: string })[] = await db('neighbourhoods as n')
    .join('districts as d', 'd.id', 'n.district_id')
    .whereIn('n.id', wanted)
    .select('n.id', 'n.name', 'n.district_id', 'n.lat', 'n.lng', 'd.name as d_name');
  for (const r of rows) out.set(r.id, { id: r.id, name: r.name, districtId: r.district_id, districtName: r.d_name, lat: num(r.lat), lng: num(r.lng) });
  return out;
}

/** One neighbourhood's ref, without its coordinates (what answers carry). */
export function refOf(ref: (NeighbourhoodRef & { lat?: number | null }) | undefined): NeighbourhoodRef | null {
  return ref ? { id: ref.id, name: ref.name, districtId: ref.districtId, districtName: ref.districtName } : null;
}

/**
 * The columns a post, group or event stores for a chosen neighbourhood: its id and its district's
 * (see the places migration for why the district is copied). null clears both; undefined: no change.
 */
export async function placeColumns(db: Db, neighbourhoodId: number | null | undefined) {
  if (neighbourhoodId === undefined) return {};
  if (neighbourhoodId === null) return { neighbourhood_id: null, district_id: null };
  const row: { id: number; district_id: number } | undefined = await db('neighbourhoods').where({ id: neighbourhoodId }).first('id', 'district_id');
  if (!row) throw errors.badRequest(P.neighbourhoodInvalid, 'neighbourhood_not_found');
  return { neighbourhood_id: row.id, district_id: row.district_id };
}

async function districtRow(db: Db, id: number): Promise<DistrictRow> {
  const row: DistrictRow | undefined = await db('districts').where({ id }).first();
  if (!row) throw errors.notFound(P.districtNotFound, 'district_not_found');
  return row;
}
async function neighbourhoodRow(db: Db, id: number): Promise<NeighbourhoodRow> {
  const row: NeighbourhoodRow | undefined = await db('neighbourhoods').where({ id }).first();
  if (!row) throw errors.notFound(P.neighbourhoodNotFound, 'neighbourhood_not_found');
  return row;
}

function presentNeighbourhood(r: NeighbourhoodRow) {
  return { id: r.id, name: r.name, districtId: r.district_id, lat: num(r.lat), lng: num(r.lng) };
}

export async function createDistrict(ctx: AppContext, admin: UserRow, name: string) {
  return ctx.db.transaction(async (trx) => {
    const key = foldKey(name);
    if (await trx('districts').where({ name_key: key }).first('id')) throw errors.conflict(P.districtNameTaken, 'place_name_taken');
    const [row] = await trx('districts').insert({ name, name_key: key, created_at: nowIso() }).returning('id');
    const id = Number(typeof row === 'object' ? row.id : row);
    await audit(trx, admin, 'place.district_create', { type: 'district', id }, { after: { name } });
    return { id, name, neighbourhoods: [] };
  });
}

export async function renameDistrict(ctx: AppContext, admin: UserRow, id: number, name: string) {
  return ctx.db.transaction(async (trx) => {
    const before = await districtRow(trx, id);
    const key = foldKey(name);
    const other: { id: number } | undefined = await trx('districts').where({ name_key: key }).whereNot({ id }).first('id');
    if (other) throw errors.conflict(P.districtNameTaken, 'place_name_taken');
    await trx('districts').where({ id }).update({ name, name_key: key });
    await audit(trx, admin, 'place.district_rename', { type: 'district', id }, { before: { name: before.name }, after: { name } });
    const hoods: NeighbourhoodRow[] = await trx('neighbourhoods').where({ district_id: id });
    return { id, name, neighbourhoods: hoods.sort((a, b) => a.name.localeCompare(b.name, 'tr')).map(presentNeighbourhood) };
  });
}

/** A district goes only once it is empty: its neighbourhoods are removed one by one, each clearing what carried it. */
export async function deleteDistrict(ctx: AppContext, admin: UserRow, id: number) {
  await ctx.db.transaction(async (trx) => {
    const row = await districtRow(trx, id);
    if (await trx('neighbourhoods').where({ district_id: id }).first('id')) throw errors.conflict(P.districtNotEmpty, 'district_not_empty');
    await trx('districts').where({ id }).delete();
    await audit(trx, admin, 'place.district_delete', { type: 'district', id }, { before: { name: row.name } });
  });
}

export async function createNeighbourhood(
  ctx: AppContext,
  admin: UserRow,
  input: { name: string; districtId: number; lat?: number | null; lng?: number | null },
) {
  return ctx.db.transaction(async (trx) => {
    await districtRow(trx, input.districtId);
    const key = foldKey(input.name);
    if (await trx('neighbourhoods').where({ district_id: input.districtId, name_key: key }).first('id'))
      throw errors.conflict(P.neighbourhoodNameTaken, 'place_name_taken');
    const count = await trx('neighbourhoods').count<{ n: number | string }[]>({ n: '*' });
    if (Number(count[0]?.n ?? 0) >= LIMITS.neighbourhoodsMax) throw errors.badRequest(P.tooMany(LIMITS.neighbourhoodsMax));
    const [row] = await trx('neighbourhoods')
      .insert({ district_id: input.districtId, name: input.name, name_key: key, lat: input.lat ?? null, lng: input.lng ?? null, created_at: nowIso() })
      .returning('id');
    const id = Number(typeof row === 'object' ? row.id : row);
    await audit(trx, admin, 'place.neighbourhood_create', { type: 'neighbourhood', id }, { after: { name: input.name, districtId: input.districtId } });
    return presentNeighbourhood(await neighbourhoodRow(trx, id));
  });
}

/**
 * Renames a neighbourhood, moves its centre, or moves it into another district. A move carries
 * the district copied onto posts, groups and events (the near-me filters read it from the row) in
 * the same transaction, so 'İlçem' follows the organiser's map at once.
 */
export async function updateNeighbourhood(
  ctx: AppContext,
  admin: UserRow,
  id: number,
  input: { name?: string; districtId?: number; lat?: number | null; lng?: number | null },
) {
  return ctx.db.transaction(async (trx) => {
    const before = await neighbourhoodRow(trx, id);
    const change: Record<string, unknown> = {};
    const districtId = input.districtId ?? before.district_id;
    if (districtId !== before.district_id) {
      if (!(await trx('districts').where({ id: districtId }).first('id'))) throw errors.notFound(P.districtNotFound, 'district_not_found');
      change.district_id = districtId;
    }
    const name = input.name ?? before.name;
    if (input.name !== undefined || change.district_id !== undefined) {
      const key = foldKey(name);
      const other = await trx('neighbourhoods').where({ district_id: districtId, name_key: key }).whereNot({ id }).first('id');
      if (other) throw errors.conflict(P.neighbourhoodNameTaken, 'place_name_taken');
      change.name = name;
      change.name_key = key;
    }
    if (input.lat !== undefined) change.lat = input.lat;
    if (input.lng !== undefined) change.lng = input.lng;
    if (Object.keys(change).length) await trx('neighbourhoods').where({ id }).update(change);
    if (change.district_id !== undefined)
      for (const table of ['posts', 'hobby_groups', 'events']) await trx(table).where({ neighbourhood_id: id }).update({ district_id: districtId });
    const after = await neighbourhoodRow(trx, id);
    await audit(
      trx,
      admin,
      'place.neighbourhood_update',
      { type: 'neighbourhood', id },
      { before: presentNeighbourhood(before), after: presentNeighbourhood(after) },
    );
    return presentNeighbourhood(after);
  });
}

/** Removes a neighbourhood; members, posts, groups and events that carried it keep nothing in its place. */
export async function deleteNeighbourhood(ctx: AppContext, admin: UserRow, id: number) {
  await ctx.db.transaction(async (trx) => {
    const row = await neighbourhoodRow(trx, id);
    await trx('users').where({ neighbourhood_id: id }).update({ neighbourhood_id: null });
    for (const table of ['posts', 'hobby_groups', 'events'])
      await trx(table).where({ neighbourhood_id: id }).update({ neighbourhood_id: null, district_id: null });
    await trx('neighbourhoods').where({ id }).delete();
    await audit(trx, admin, 'place.neighbourhood_delete', { type: 'neighbourhood', id }, { before: { name: row.name, districtId: row.district_id } });
  });
}

/* ---- A member's own neighbourhood ---- */

export async function myNeighbourhood(db: Db, me: UserRow): Promise<MyNeighbourhood> {
  const row: { neighbourhood_id: number | null; neighbourhood_visibility: string } | undefined = await db('users')
    .where({ id: me.id })
    .first('neighbourhood_id', 'neighbourhood_visibility');
  const refs = await placeRefs(db, [row?.neighbourhood_id]);
  return {
    neighbourhood: row?.neighbourhood_id ? refOf(refs.get(row.neighbourhood_id)) : null,
    visibility: (row?.neighbourhood_visibility ?? 'nobody') as NeighbourhoodVisibility,
  };
}

export async function setMyNeighbourhood(ctx: AppContext, me: UserRow, input: { neighbourhoodId: number | null; visibility: NeighbourhoodVisibility }) {
  await ctx.db.transaction(async (trx) => {
    const cols = await placeColumns(trx, input.neighbourhoodId);
    await trx('users')
      .where({ id: me.id })
      .update({ neighbourhood_id: cols.neighbourhood_id ?? null, neighbourhood_visibility: input.visibility });
  });
  return myNeighbourhood(ctx.db, me);
}

/**
 * The neighbourhood a profile answer shows: the member themself and admins always see it; others
 * as its visibility says (followers: accepted followers only).
 */
export async function visibleNeighbourhood(db: Db, target: UserRow, viewer: UserRow | undefined): Promise<NeighbourhoodRef | null> {
  const row = target;
  if (!row.neighbourhood_id) return null;
  const self = seesPrivateDetails(viewer, target.id);
  const visibility = row.neighbourhood_visibility ?? 'nobody';
  let allowed = Boolean(self) || visibility === 'everyone';
  if (!allowed && visibility === 'followers' && viewer) {
    allowed = Boolean(await db('follows').where({ follower_id: viewer.id, following_id: target.id }).first('id'));
  }
  if (!allowed) return null;
  return refOf((await placeRefs(db, [row.neighbourhood_id])).get(row.neighbourhood_id));
}
