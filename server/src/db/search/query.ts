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

/** Where a walk of one tier starts: the tier, and the id it continues below (the cursor's, or above every id). */
export interface TierStart {
  tier: Tier;
  beforeId: number;
  /** Continues a page's cursor: the tier that filled the last page, likely to fill this one too. */
  continues?: boolean;
}

/** A document found by rankedDocs, with the tier it was found in. */
export interface TieredDoc extends DocHit {
  tier: Tier;
}

/**
 * Documents of one type, best tier first and newest first within each, from where each tier
 * starts, until `limit` are found: what a page of results is (and suggest, over fewer tiers).
 * Neither engine ranks every match: each tier is a walk newest first that stops at the limit.
 *
 * SQLite: one query per tier, until the page is full (each walks the FTS5 index by rowid =
 * document id, which follows time, descending, and stops at the limit).
 *
 * PostgreSQL: one statement for two tiers at a time (round trips were most of a page's time on a
 * busy machine: up to nine queries for a rare word; see PG_TIERS_PER_STATEMENT). Per tier two
 * branches, so that neither a common nor a rare word costs a walk of the whole index: first the newest PG_WINDOW ids below the
 * tier's start, walked backwards on (kind, id) with each row checked (a common word fills the
 * page there), then the older ones through the GIN index alone with a top-N sort (`d.id + 0`
 * and no `kind` condition, which the type's own terms already imply: otherwise the planner
 * ANDs the GIN bitmap with a bitmap of every document of the type below the window, 99,000
 * entries and 8 ms for a rare word at 100,000 posts). The branches are a UNION ALL under one
 * LIMIT: PostgreSQL's Append runs them in order and stops pulling once the page is full, so a
 * later tier costs nothing but its planning when an earlier one filled the page. Should rows
 * ever come back out of that order (a parallel Append), those tiers are walked one by one instead.
 */
export async function rankedDocs(db: Db, kind: SearchType, starts: readonly TierStart[], q: ParsedQuery, limit: number, filter: Filter): Promise<TieredDoc[]> {
  if (!isPostgres(db)) {
    const out: TieredDoc[] = [];
    for (const { tier, beforeId } of starts) {
      if (out.length >= limit) break;
      const docs = await tierDocs(db, kind, tier, q, beforeId, limit - out.length, filter);
      out.push(...docs.map((d) => ({ ...d, tier })));
    }
    return out;
  }
  const newest = await newestDocIdRecently(db);
  const out: TieredDoc[] = [];
  for (let i = 0; i < starts.length && out.length < limit;) {
    // A tier continued from a cursor is planned alone first: it filled the last page and likely fills this one.
    const size = i === 0 && starts[0]?.continues ? 1 : PG_TIERS_PER_STATEMENT;
    const batch = starts.slice(i, i + size);
    i += size;
    const found = await tiersInOneStatement(db, kind, batch, q, limit - out.length, filter, newest);
    out.push(...(found ?? (await tiersOneByOne(db, kind, batch, q, limit - out.length, filter, newest))));
  }
  return out;
}

/**
 * How many tiers one PostgreSQL statement walks (rankedDocs): planning its branches, each with
 * the privacy filter, cost more than running them (3 to 5 ms against 1 for all four tiers on a
 * busy machine), so a common word, whose page the first two tiers fill, plans only theirs.
 */
const PG_TIERS_PER_STATEMENT = 2;

/** Some tiers' walks as one UNION ALL (see rankedDocs); null if the rows came back out of order. */
async function tiersInOneStatement(
  db: Db,
  kind: SearchType,
  starts: readonly TierStart[],
  q: ParsedQuery,
  limit: number,
  filter: Filter,
  newest: number,
): Promise<TieredDoc[] | null> {
  const branches: { sql: string; bindings: Knex.RawBinding[] }[] = [];
  let step = 0;
  for (const { tier, beforeId } of starts) {
    const match = tsquery.tier(tier, kind, q);
    if (match === null) continue;
    const floor = Math.max(0, Math.min(beforeId, newest + 1) - PG_WINDOW);
    // The window has no upper bound but the start: documents newer than `newest` (read a moment ago) fall in it too.
    if (beforeId > floor) {
      branches.push({
        sql: `(select d.id, d.source, d.ref_id, ${tier} as tier, ${step++} as step from search_docs d
          where d.kind = ? and d.tsv @@ ?::tsquery and d.id < ? and d.id >= ? and (${filter.sql})
          order by d.id desc limit ?)`,
        bindings: [kind, match, beforeId, floor, ...filter.bindings, limit],
      });
    }
    if (floor > 0) {
      branches.push({
        sql: `(select d.id, d.source, d.ref_id, ${tier} as tier, ${step++} as step from search_docs d
          where d.tsv @@ ?::tsquery and d.id + 0 < ? and (${filter.sql})
          order by d.id + 0 desc limit ?)`,
        bindings: [match, floor, ...filter.bindings, limit],
      });
    }
  }
  if (branches.length === 0) return [];
  // Wrapped: a lone parenthesised branch with a LIMIT of its own cannot take a second one.
  const res = await db.raw(`select * from (${branches.map((b) => b.sql).join(' union all ')}) u limit ?`, [...branches.flatMap((b) => b.bindings), limit]);
  const rows = res.rows as (DocHit & { tier: Tier; step: number })[];
  if (!rows.every((r, i) => i === 0 || Number(r.step) >= Number(rows[i - 1]?.step))) return null;
  return rows.map((r) => ({ ...num(r), tier: Number(r.tier) as Tier }));
}

/** Tiers on PostgreSQL one query at a time: only if a statement's rows came back out of order. */
async function tiersOneByOne(db: Db, kind: SearchType, starts: readonly TierStart[], q: ParsedQuery, limit: number, filter: Filter, newest: number) {
  const out: TieredDoc[] = [];
  for (const { tier, beforeId } of starts) {
    if (out.length >= limit) break;
    const docs = await tierDocs(db, kind, tier, q, beforeId, limit - out.length, filter, newest);
    out.push(...docs.map((d) => ({ ...d, tier })));
  }
  return out;
}

/**
 * One tier of one search type, newest first from `beforeId` down, at most `limit` documents the
 * filter lets through (the walks rankedDocs describes, as separate queries on PostgreSQL).
 */
async function tierDocs(
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
    const floor = Math.max(0, Math.min(beforeId, (newestId ?? (await newestDocId(db))) + 1) - PG_WINDOW);
    const rows: DocHit[] = [];
    if (beforeId > floor) {
      const recent = await db.raw(
        `select d.id, d.source, d.ref_id from search_docs d where d.kind = ? and d.tsv @@ ?::tsquery and d.id < ? and d.id >= ? and (${filter.sql})
          order by d.id desc limit ?`,
        [kind, match, beforeId, floor, ...filter.bindings, limit],
      );
      rows.push(...(recent.rows as DocHit[]).map(num));
    }
    if (rows.length >= limit || floor === 0) return rows;
    const older = await db.raw(
      `select d.id, d.source, d.ref_id from search_docs d where d.tsv @@ ?::tsquery and d.id + 0 < ? and (${filter.sql})
        order by d.id + 0 desc limit ?`,
      [match, floor, ...filter.bindings, limit - rows.length],
    );
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

/** How long a page's walks reuse the newest id read (see newestDocIdRecently). */
const NEWEST_REUSE_MS = 2000;
const newestSeen = new WeakMap<object, { id: number; at: number }>();

/**
 * The newest document's id as read at most NEWEST_REUSE_MS ago (a round trip less per page).
 * It only places the border between a tier's two walks (rankedDocs), which are right wherever
 * it falls: documents written since are inside the first walk, which has no upper bound.
 */
async function newestDocIdRecently(db: Db): Promise<number> {
  const key = (db as { client: object }).client;
  const seen = newestSeen.get(key);
  if (seen && Date.now() - seen.at < NEWEST_REUSE_MS) return seen.id;
  const id = await newestDocId(db);
  newestSeen.set(key, { id, at: Date.now() });
  return id;
}

function num(r: DocHit): DocHit {
  // Only the three fields: the single statement's rows also carry their tier and branch.
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
