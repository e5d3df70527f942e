import type { Knex } from 'knex';
import { isPostgres } from '../engine';
import { fts5, tsquery, type Tier } from './match';
import type { SearchType } from '@mahalle/shared';
import { parseQuery, type ParsedQuery } from './text';
import { TYPE_OF, type Source } from './sources';

type Db = Knex | Knex.Transaction;

/** A condition on the document `d` (its source row), with its bindings: who may see it. */
export interface Filter {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** How many of the newest document ids PostgreSQL walks in order before it turns to the GIN index (see tierDocs). */
const PG_WINDOW = 3000;

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
export async function tierDocs(
  db: Db,
  kind: SearchType,
  tier: Tier,
  q: ParsedQuery,
  beforeId: number,
  limit: number,
  filter: Filter,
  newestId?: number,
): Promise<DocHit[]> {
  if (isPostgres(db)) {
    const match = tsquery.tier(tier, kind, q);
    if (match === null) return [];
    // Two steps, so neither a common nor a rare word costs a walk of the whole index: first the
    // newest PG_WINDOW ids below the cursor, walked backwards on (kind, id) (a common word fills
    // the page there); then, only if the page is not full, the older ones through the GIN index
    // with a top-N sort (`d.id + 0` keeps the planner from walking (kind, id) for a rare word,
    // which read every document of the type).
    const sql = (range: string, order: string) => `select d.id, d.source, d.ref_id from search_docs d
        where d.kind = ? and d.tsv @@ ?::tsquery and ${range} and (${filter.sql})
        order by ${order} desc limit ?`;
    const below = Math.min(beforeId, (newestId ?? (await newestDocId(db))) + 1);
    const floor = Math.max(0, below - PG_WINDOW);
    const recent = await db.raw(sql('d.id < ? and d.id >= ?', 'd.id'), [kind, match, below, floor, ...filter.bindings, limit]);
    const rows = (recent.rows as DocHit[]).map(num);
    if (rows.length >= limit || floor === 0) return rows;
    const older = await db.raw(sql('d.id < ?', 'd.id + 0'), [kind, match, floor, ...filter.bindings, limit - rows.length]);
    return [...rows, ...(older.rows as DocHit[]).map(num)];
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

/**
 * The newest document ids a capped count walks first on PostgreSQL (see countDocs): small, since a
 * rare word pays for all of it; a common word reaches the cap in a second, sized walk.
 */
const PG_COUNT_WINDOW = 1000;
/** How many more ids a capped count walks, at most, when the first window shows the cap is near; beyond that the GIN index is cheaper. */
const PG_COUNT_WALK_MAX = 40_000;

/**
 * How many documents of a type the query finds in any tier for this viewer, counting at most `cap`.
 *
 * PostgreSQL: a GIN index answers with a bitmap of every match (it cannot stop at a LIMIT), so a
 * capped count of a common word costs all its matches (23,000 index entries and 20 ms for a word
 * in most of 100,000 posts). Instead: walk the newest PG_COUNT_WINDOW ids of the type on (kind, id)
 * and test each row (`coalesce(...)` keeps the planner off the GIN index there); a common word
 * reaches the cap inside it. Otherwise the density seen says how far the cap is: near enough, walk
 * on down that far (bounded by PG_COUNT_WALK_MAX); then whatever is left, a sparse remainder,
 * through the GIN index, whose bitmap is small for a word that rare.
 */
export async function countDocs(db: Db, kind: SearchType, q: ParsedQuery, cap: number, filter: Filter, newestId?: number): Promise<number> {
  if (isPostgres(db)) {
    const match = tsquery.any(kind, q);
    const walk = async (from: number, below: number, limit: number) => {
      const res = await db.raw(
        `select count(*) as n from (select 1 from search_docs d where d.kind = ? and d.id >= ? and d.id < ?
          and coalesce(d.tsv @@ ?::tsquery, false) and (${filter.sql}) order by d.id desc limit ?) x`,
        [kind, from, below, match, ...filter.bindings, limit],
      );
      return Number(res.rows[0]?.n ?? 0);
    };
    const top = (newestId ?? (await newestDocId(db))) + 1;
    let floor = Math.max(0, top - PG_COUNT_WINDOW);
    let n = await walk(floor, top, cap);
    if (n >= cap || floor === 0) return n;
    // Ids the cap is still away, at the density seen (none seen: as if one); walked on when near.
    const more = Math.ceil((((cap - n) * (top - floor)) / Math.max(1, n)) * 1.25);
    if (more <= PG_COUNT_WALK_MAX) {
      const next = Math.max(0, floor - more);
      n += await walk(next, floor, cap - n);
      floor = next;
      if (n >= cap || floor === 0) return n;
    }
    const res = await db.raw(
      `select count(*) as n from (select 1 from search_docs d where d.kind = ? and d.tsv @@ ?::tsquery and d.id < ? and (${filter.sql}) limit ?) x`,
      [kind, match, floor, ...filter.bindings, cap - n],
    );
    return n + Number(res.rows[0]?.n ?? 0);
  }
  const rows: { n: number }[] = await db.raw(
    `select count(*) as n from (select 1 from search_fts f cross join search_docs d on d.id = f.rowid
      where search_fts match ? and (${filter.sql}) limit ?)`,
    [fts5.any(kind, q), ...filter.bindings, cap],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The newest document's id (0 when there is none): where PostgreSQL's walks start. */
export async function newestDocId(db: Db): Promise<number> {
  const newest = await db('search_docs').max({ id: 'id' }).first();
  return Number(newest?.id ?? 0);
}

function num(r: DocHit): DocHit {
  return { id: Number(r.id), source: r.source, ref_id: Number(r.ref_id) };
}

/**
 * The rows of one source whose text matches, as a condition on the list's own id column: the
 * lists that had a search box (Q&A, blog, the admin tables) read the index instead of scanning
 * with LIKE '%…%'. Any tier counts (whole words, the last word as a prefix, without diacritics);
 * the list keeps its own order. No words in the text (only punctuation): nothing matches.
 */
export function whereMatches(db: Db, q: Knex.QueryBuilder, idColumn: string, sources: readonly Source[], text: string): Knex.QueryBuilder {
  const parsed = parseQuery(text);
  const first = sources[0];
  if (parsed.words.length === 0 || first === undefined) return q.whereRaw('1 = 0');
  const kind = TYPE_OF[first];
  const marks = sources.map(() => '?').join(', ');
  if (isPostgres(db)) {
    return q.whereRaw(`?? in (select d.ref_id from search_docs d where d.tsv @@ ?::tsquery and d.source in (${marks}))`, [
      idColumn,
      tsquery.any(kind, parsed),
      ...sources,
    ]);
  }
  return q.whereRaw(
    `?? in (select d.ref_id from search_fts f cross join search_docs d on d.id = f.rowid where search_fts match ? and d.source in (${marks}))`,
    [idColumn, fts5.any(kind, parsed), ...sources],
  );
}
