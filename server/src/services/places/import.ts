import { parse } from 'csv-parse/sync';
import { foldKey, LIMITS, TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors, type ErrorDetail } from '../../errors';
import { nowIso } from '../../db/time';
import type { UserRow } from '../../presenters/users';
import { audit } from '../audit';

const P = TEXTS.places;
/** Row errors one answer lists at most (the first ones, by line). */
const MAX_DETAILS = 100;

/** Header names the import reads, in English as documented and in Turkish as an organiser may write them. */
const COLUMNS: Record<string, 'name' | 'district' | 'lat' | 'lng'> = {
  name: 'name',
  mahalle: 'name',
  ad: 'name',
  district: 'district',
  ilçe: 'district',
  ilce: 'district',
  lat: 'lat',
  enlem: 'lat',
  lng: 'lng',
  lon: 'lng',
  boylam: 'lng',
};

interface Row {
  line: number;
  name: string;
  district: string;
  lat: number | null;
  lng: number | null;
}

function coordinate(text: string | undefined, min: number, max: number): number | null | 'bad' {
  const t = (text ?? '').trim();
  if (t === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(t)) return 'bad';
  const v = Number(t);
  return v >= min && v <= max ? v : 'bad';
}

/**
 * Reads a neighbourhood CSV (header `name,district[,lat,lng]`, comma or semicolon separated) and
 * checks every row: the errors are by line, in Turkish, all at once. Nothing is written unless
 * every row is right.
 */
export function readPlacesCsv(text: string): Row[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends in the file (its line number for the errors).
    records = parse(text, { bom: true, delimiter: [',', ';'], relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (err) {
    throw errors.badRequest(P.importUnreadable(err instanceof Error ? err.message : String(err)), 'places_import_invalid');
  }
  const [head, ...body] = records;
  if (!head) throw errors.badRequest(P.importEmpty, 'places_import_invalid');
  const index: Partial<Record<'name' | 'district' | 'lat' | 'lng', number>> = {};
  head.record.forEach((h, i) => {
    const col = COLUMNS[foldKey(h.trim())];
    if (col && index[col] === undefined) index[col] = i;
  });
  if (index.name === undefined || index.district === undefined) throw errors.badRequest(P.importHeader, 'places_import_invalid');
  if (body.length === 0) throw errors.badRequest(P.importEmpty, 'places_import_invalid');

  const details: ErrorDetail[] = [];
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const fail = (message: string) => details.push({ path: P.rowLabel(line), message });
    if (record.length > head.record.length) {
      fail(P.rowColumns);
      continue;
    }
    const cell = (i: number | undefined) => (i === undefined ? '' : (record[i] ?? '').trim().replace(/\s+/g, ' '));
    const name = cell(index.name);
    const district = cell(index.district);
    const lat = coordinate(cell(index.lat), -90, 90);
    const lng = coordinate(cell(index.lng), -180, 180);
    const before = details.length;
    if (!name) fail(P.rowNameMissing);
    if (!district) fail(P.rowDistrictMissing);
    if (name.length > LIMITS.placeNameMax || district.length > LIMITS.placeNameMax) fail(P.rowNameTooLong(LIMITS.placeNameMax));
    if (lat === 'bad') fail(P.rowLatInvalid);
    if (lng === 'bad') fail(P.rowLngInvalid);
    if (lat !== 'bad' && lng !== 'bad' && (lat === null) !== (lng === null)) fail(P.rowCoordsPair);
    if (details.length > before || lat === 'bad' || lng === 'bad') continue;
    const key = `${foldKey(district)}\u0000${foldKey(name)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      fail(P.rowDuplicate(first));
      continue;
    }
    seen.set(key, line);
    rows.push({ line, name, district, lat, lng });
  }
  if (details.length) throw errors.badRequest(P.importInvalid, 'places_import_invalid', details.slice(0, MAX_DETAILS));
  return rows;
}

/**
 * Imports a checked CSV in one transaction: missing districts are made, a neighbourhood already
 * there (same folded name in the same district) is updated (its written form, and its centre when
 * the row gives one), never duplicated, so importing the same file twice changes nothing.
 */
export async function importPlaces(ctx: AppContext, admin: UserRow, text: string) {
  const rows = readPlacesCsv(text);
  return ctx.db.transaction(async (trx) => {
    const now = nowIso();
    let created = 0;
    let updated = 0;
    let districtsCreated = 0;
    const districtIds = new Map<string, number>();
    for (const d of (await trx('districts').select('id', 'name_key')) as { id: number; name_key: string }[]) districtIds.set(d.name_key, d.id);
    const existing = new Map<string, { id: number; name: string; lat: number | string | null; lng: number | string | null }>();
    for (const n of (await trx('neighbourhoods').select('id', 'district_id', 'name_key', 'name', 'lat', 'lng')) as {
      id: number;
      district_id: number;
      name_key: string;
      name: string;
      lat: number | string | null;
      lng: number | string | null;
    }[])
      existing.set(`${n.district_id}\u0000${n.name_key}`, n);
    for (const row of rows) {
      const dKey = foldKey(row.district);
      let districtId = districtIds.get(dKey);
      if (districtId === undefined) {
        const [ins] = await trx('districts').insert({ name: row.district, name_key: dKey, created_at: now }).returning('id');
        districtId = Number(typeof ins === 'object' ? ins.id : ins);
        districtIds.set(dKey, districtId);
        districtsCreated += 1;
      }
      const nKey = foldKey(row.name);
      const found = existing.get(`${districtId}\u0000${nKey}`);
      if (found) {
        const change: Record<string, unknown> = {};
        if (found.name !== row.name) change.name = row.name;
        if (row.lat !== null && (Number(found.lat) !== row.lat || Number(found.lng) !== row.lng || found.lat === null)) {
          change.lat = row.lat;
          change.lng = row.lng;
        }
        if (Object.keys(change).length) {
          await trx('neighbourhoods').where({ id: found.id }).update(change);
          updated += 1;
        }
      } else {
        await trx('neighbourhoods').insert({ district_id: districtId, name: row.name, name_key: nKey, lat: row.lat, lng: row.lng, created_at: now });
        created += 1;
      }
    }
    const total = await trx('neighbourhoods').count<{ n: number | string }[]>({ n: '*' });
    if (Number(total[0]?.n ?? 0) > LIMITS.neighbourhoodsMax) throw errors.badRequest(P.tooMany(LIMITS.neighbourhoodsMax), 'places_import_invalid');
    await audit(trx, admin, 'place.import', { type: 'neighbourhood', id: null }, { after: { rows: rows.length, created, updated, districtsCreated } });
    return { created, updated, districtsCreated };
  });
}
