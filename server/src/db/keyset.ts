import type { Knex } from 'knex';

/**
 * Keyset paging over any sortable column with the id as tie-breaker: the cursor is the last
 * row's (value, id), opaque to clients. No OFFSET, whatever the sort.
 */
export interface SortSpec {
  column: string;
  direction: 'asc' | 'desc';
  idColumn: string;
}

/** A cursor is a tuple of the last row's sort values, opaque to clients (base64url JSON). */
export function encodeTuple(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The tuple back, or null when it is missing, unreadable or not of the expected shape. */
export function decodeTuple<T extends unknown[]>(cursor: string | undefined, valid: (v: unknown[]) => boolean): T | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(parsed) && valid(parsed)) return parsed as T;
  } catch {
    /* an unreadable cursor starts from the beginning */
  }
  return null;
}

export function encodeCursor(value: unknown, id: number): string {
  return encodeTuple([value, id]);
}

export function decodeCursor(cursor: string | undefined): [string | number | null, number] | null {
  return decodeTuple(cursor, (v) => v.length === 2 && typeof v[1] === 'number');
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
  const after = decodeCursor(cursor);
  const op = sort.direction === 'desc' ? '<' : '>';
  if (after) {
    const [value, id] = after;
    whereRowAfter(q, [sort.column, sort.idColumn], op, [value, id]);
  }
  return q.orderBy([{ column: sort.column, order: sort.direction }, { column: sort.idColumn, order: sort.direction }]);
}

/**
 * One page of a table the server sorts: `columns` maps the client's sort keys onto columns
 * (never nullable), the id breaks ties, and the cursor of the last row comes back when more
 * may follow. The sort value is selected as `__sort` so any joined column works.
 */
export async function sortedPage<R extends { __sort?: unknown; id?: number }>(
  query: Knex.QueryBuilder,
  opts: { columns: Record<string, string>; sort: string; direction: 'asc' | 'desc'; cursor?: string; limit: number; idColumn: string },
): Promise<{ rows: R[]; nextCursor: string | null }> {
  const column = opts.columns[opts.sort] ?? opts.idColumn;
  query.select({ __sort: column, __id: opts.idColumn });
  const rows = (await applyKeyset(query, { column, direction: opts.direction, idColumn: opts.idColumn }, opts.cursor).limit(opts.limit)) as (R & { __id: number })[];
  const last = rows[rows.length - 1];
  const value = last && (last.__sort instanceof Date ? last.__sort.toISOString() : last.__sort);
  return { rows, nextCursor: rows.length === opts.limit && last ? encodeCursor(value, Number(last.__id)) : null };
}
