import type { Knex } from 'knex';
import { isPostgres } from '../engine';
import { fts5, tsquery, type Tier } from './match';
import type { ParsedQuery } from './text';

type Db = Knex | Knex.Transaction;

/** A condition on the document `d` (its source row), with its bindings: who may see it. */
export interface Filter {
  sql: string;
  bindings: Knex.RawBinding[];
}

export interface DocHit {
  id: number;
  source: string;
  ref_id: number;
}

/**
 * One tier of one search type, newest first from `beforeId` down, at most `limit` documents the
 * filter lets through. Neither engine sorts the matches: SQLite walks the FTS5 index by rowid
 * (= document id, which follows time) descending and stops at `limit`; PostgreSQL reads the
 * GIN index (or, for a common word, walks (kind, id) backwards and checks each row) and stops likewise.
 */
export async function tierDocs(db: Db, kind: string, tier: Tier, q: ParsedQuery, beforeId: number, limit: number, filter: Filter): Promise<DocHit[]> {
  if (isPostgres(db)) {
    const match = tsquery.tier(tier, q);
    if (match === null) return [];
    const res = await db.raw(
      `select d.id, d.source, d.ref_id from search_docs d
        where d.kind = ? and d.tsv @@ ?::tsquery and d.id < ? and (${filter.sql})
        order by d.id desc limit ?`,
      [kind, match, beforeId, ...filter.bindings, limit],
    );
    return (res.rows as DocHit[]).map(num);
  }
  const match = fts5.tier(tier, kind, q);
  if (match === null) return [];
  const rows: DocHit[] = await db.raw(
    `select d.id, d.source, d.ref_id from search_fts f cross join search_docs d on d.id = f.rowid
      where search_fts match ? and f.rowid < ? and (${filter.sql})
      order by f.rowid desc limit ?`,
    [match, beforeId, ...filter.bindings, limit],
  );
  return rows.map(num);
}

/** How many documents of a type the query finds in any tier for this viewer, counting at most `cap`. */
export async function countDocs(db: Db, kind: string, q: ParsedQuery, cap: number, filter: Filter): Promise<number> {
  if (isPostgres(db)) {
    const res = await db.raw(`select count(*) as n from (select 1 from search_docs d where d.kind = ? and d.tsv @@ ?::tsquery and (${filter.sql}) limit ?) x`, [
      kind,
      tsquery.any(q),
      ...filter.bindings,
      cap,
    ]);
    return Number(res.rows[0]?.n ?? 0);
  }
  const rows: { n: number }[] = await db.raw(
    `select count(*) as n from (select 1 from search_fts f cross join search_docs d on d.id = f.rowid
      where search_fts match ? and (${filter.sql}) limit ?)`,
    [fts5.any(kind, q), ...filter.bindings, cap],
  );
  return Number(rows[0]?.n ?? 0);
}

function num(r: DocHit): DocHit {
  return { id: Number(r.id), source: r.source, ref_id: Number(r.ref_id) };
}
