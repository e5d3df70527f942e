import type { Knex } from 'knex';
import { ID_MAX, TEXTS } from '@mahalle/shared';
import { errors } from '../errors';

/**
 * Keyset paging over any sortable column with the id as tie-breaker: the cursor is the last
 * row's (value, id), opaque to clients. No OFFSET, whatever the sort.
 */
export interface SortSpec {
  column: string;
  type: CursorValueType;
  direction: 'asc' | 'desc';
  idColumn: string;
}

/**
 * What a cursor's value for a column must be. A cursor comes back from the client, so each
 * value is checked against its column before it reaches SQL: `{"a":1}` or 1e30 compared with
 * an integer column made PostgreSQL fail (500); now the cursor is refused (400).
 */
export type CursorValueType = 'int' | 'text' | 'time';

/** A sort key's column and the type of its values. */
export interface SortColumn {
  column: string;
  type: CursorValueType;
}
export const intColumn = (column: string): SortColumn => ({ column, type: 'int' });
export const textColumn = (column: string): SortColumn => ({ column, type: 'text' });
export const timeColumn = (column: string): SortColumn => ({ column, type: 'time' });

// The range of an integer column (PostgreSQL's `integer`): ids and counts alike.
const INT_MIN = -ID_MAX - 1;
const INT_MAX = ID_MAX;
/** ISO 8601 as written (…T…Z) or as SQLite's datetime() shows it (… …), both databases read it. */
const TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

function fits(type: CursorValueType, v: unknown): boolean {
  switch (type) {
    case 'int':
      return typeof v === 'number' && Number.isInteger(v) && v >= INT_MIN && v <= INT_MAX;
    case 'text':
      return typeof v === 'string' && v.length <= 1000 && !v.includes('\0');
    case 'time':
      return typeof v === 'string' && TIME.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T')));
  }
}

const invalidCursor = () => errors.badRequest(TEXTS.errors.invalidCursor, 'invalid_cursor');

/** A cursor is a tuple of the last row's sort values, opaque to clients (base64url JSON). */
export function encodeTuple(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/**
 * The tuple back, null when there is no cursor; a cursor that is unreadable or whose values do
 * not have the given types, one for one, is refused with 400 invalid_cursor.
 */
export function decodeTuple<T extends unknown[]>(cursor: string | undefined, types: CursorValueType[]): T | null {
  if (!cursor) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== types.length || !types.every((t, i) => fits(t, parsed[i]))) throw invalidCursor();
  return parsed as T;
}

export function encodeCursor(value: unknown, id: number): string {
  return encodeTuple([value, id]);
}

export function decodeCursor(cursor: string | undefined, type: CursorValueType): [string | number, number] | null {
  return decodeTuple(cursor, [type, 'int']);
}

/**
 * The public feed's cursor (posts sorted by likes or comments) keeps the shape it was published
 * with, `<count>:<id>` in base64url, since clients hold such cursors: non-negative integers that
 * fit an integer column, anything else refused with 400 invalid_cursor. Workspace lists use the
 * tuple cursor above.
 */
export function encodeCountCursor(value: number, id: number): string {
  return Buffer.from(`${value}:${id}`).toString('base64url');
}

export function decodeCountCursor(cursor: string | undefined): [number, number] | null {
  if (!cursor) return null;
  const m = /^(\d{1,10}):(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const pair: [number, number] | null = m ? [Number(m[1]), Number(m[2])] : null;
  if (!pair || pair.some((n) => n > INT_MAX)) throw invalidCursor();
  return pair;
}

/**
 * The cursor of a list paged by id alone (newest first: the feed, a tag's or a member's posts,
 * comments, bookmarks): the last row's id as a one-value tuple. An id that is not a positive
 * integer column value is refused with 400 invalid_cursor.
 */
export function encodeIdCursor(id: number): string {
  return encodeTuple([id]);
}

export function decodeIdCursor(cursor: string | undefined): number | null {
  const tuple = decodeTuple<[number]>(cursor, ['int']);
  if (tuple && tuple[0] < 1) throw invalidCursor();
  return tuple ? tuple[0] : null;
}

/** The next page's cursor of a page read with `limit`: the last row's, when the page is full. */
export function nextIdCursor<R>(rows: readonly R[], limit: number, idOf: (row: R) => number): string | null {
  const last = rows[rows.length - 1];
  return rows.length === limit && last !== undefined ? encodeIdCursor(idOf(last)) : null;
}

/**
 * `(a, b) < (x, y)` as a row value: both engines turn it into a range over an index on (a, b)
 * (SQLite since 3.15), where `a < x OR (a = x AND b < y)` is only a filter on what was read.
 */
export function whereRowAfter(q: Knex.QueryBuilder, columns: string[], op: '<' | '>', values: readonly unknown[]): Knex.QueryBuilder {
  const marks = columns.map(() => '??').join(', ');
  const params = values.map(() => '?').join(', ');
  return q.whereRaw(`(${marks}) ${op} (${params})`, [...columns, ...values] as Knex.RawBinding[]);
}

export function applyKeyset(q: Knex.QueryBuilder, sort: SortSpec, cursor: string | undefined): Knex.QueryBuilder {
  const after = decodeCursor(cursor, sort.type);
  const op = sort.direction === 'desc' ? '<' : '>';
  if (after) {
    const [value, id] = after;
    whereRowAfter(q, [sort.column, sort.idColumn], op, [value, id]);
  }
  return q.orderBy([
    { column: sort.column, order: sort.direction },
    { column: sort.idColumn, order: sort.direction },
  ]);
}

/**
 * One page of a table the server sorts: `columns` maps the client's sort keys onto columns
 * (never nullable) and their types, the id breaks ties, and the cursor of the last row comes
 * back when more may follow. The sort value is selected as `__sort` so any joined column works.
 */
export async function sortedPage<R extends { __sort?: unknown; id?: number }>(
  query: Knex.QueryBuilder,
  opts: { columns: Record<string, SortColumn>; sort: string; direction: 'asc' | 'desc'; cursor?: string; limit: number; idColumn: string },
): Promise<{ rows: R[]; nextCursor: string | null }> {
  const { column, type } = opts.columns[opts.sort] ?? intColumn(opts.idColumn);
  query.select({ __sort: column, __id: opts.idColumn });
  const rows = (await applyKeyset(query, { column, type, direction: opts.direction, idColumn: opts.idColumn }, opts.cursor).limit(opts.limit)) as (R & {
    __id: number;
  })[];
  const last = rows[rows.length - 1];
  const value = last && (last.__sort instanceof Date ? last.__sort.toISOString() : last.__sort);
  return { rows, nextCursor: rows.length === opts.limit && last ? encodeCursor(value, Number(last.__id)) : null };
}

/**
 * One page of a list ordered newest first by an integer column (an id), for the lists that page
 * by `cursor` alone: one row more than `limit` is read to know whether another page follows,
 * and the next cursor is the last row's value, opaque to clients (a bad one is 400 invalid_cursor).
 */
export async function idPage<R>(
  query: Knex.QueryBuilder,
  opts: { column: string; valueOf: (row: R) => number; cursor?: string; limit: number },
): Promise<{ rows: R[]; nextCursor: string | null }> {
  const after = decodeTuple<[number]>(opts.cursor, ['int']);
  if (after) query.where(opts.column, '<', after[0]);
  const rows = (await query.orderBy(opts.column, 'desc').limit(opts.limit + 1)) as R[];
  const more = rows.length > opts.limit;
  if (more) rows.pop();
  const last = rows.at(-1);
  return { rows, nextCursor: more && last ? encodeTuple([opts.valueOf(last)]) : null };
}
