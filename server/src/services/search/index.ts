import type { Knex } from 'knex';
import {
  LIMITS,
  SEARCH_TYPES,
  TEXTS,
  type SearchCounts,
  type SearchCountsResult,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  type SearchSuggestResult,
  type SearchType,
} from '@mahalle/shared';
import type { UserRow } from '../../presenters/users';
import { errors } from '../../errors';
import { presentHit } from '../../presenters/search';
import { decodeTuple, encodeTuple } from '../../db/keyset';
import { countDocs, newestDocId, rankedDocs, type DocHit, type TieredDoc } from '../../db/search/query';
import { isPostgres } from '../../db/engine';
import { TIERS, type Tier } from '../../db/search/match';
import { SOURCES_OF } from '../../db/search/sources';
import { parseQuery, type ParsedQuery } from '../../db/search/text';
import { accessFilter } from './access';
import { countHashtags, searchHashtags } from './hashtags';
import { hitRows } from './rows';

/** PostgreSQL's capped counts start at the newest document (read once per request); SQLite needs none. */
const newestOnPostgres = async (db: Knex): Promise<number | undefined> => (isPostgres(db) ? newestDocId(db) : undefined);

/** Above every document id (the largest a 32-bit id column holds; ids never reach it). */
const ID_ABOVE_ALL = 2_147_483_647;

/**
 * Documents of one type for one page: each tier in turn (best first), each walked newest first,
 * from where the cursor stopped, until limit + 1 are found (the one beyond says there is more).
 */
async function pageDocs(db: Knex, viewer: UserRow | null, type: SearchType, q: ParsedQuery, limit: number, from: [Tier, number] | null): Promise<TieredDoc[]> {
  const starts = TIERS.filter((tier) => !from || tier >= from[0]).map((tier) =>
    from && tier === from[0] ? { tier, beforeId: from[1], continues: true } : { tier, beforeId: ID_ABOVE_ALL },
  );
  return rankedDocs(db, type, starts, q, limit + 1, accessFilter(SOURCES_OF[type], viewer));
}

/**
 * Per type, what the viewer may find, each counted up to LIMITS.searchCountCap: the eight counts
 * side by side (each its own short query on its own connection), not one after another.
 */
async function countAll(db: Knex, viewer: UserRow | null, q: ParsedQuery): Promise<SearchCounts> {
  const newest = await newestOnPostgres(db);
  const counted = await Promise.all(
    SEARCH_TYPES.map((type) =>
      type === 'hashtags'
        ? countHashtags(db, q, LIMITS.searchCountCap)
        : countDocs(db, type, q, LIMITS.searchCountCap, accessFilter(SOURCES_OF[type], viewer), newest),
    ),
  );
  const counts: SearchCounts = { posts: 0, people: 0, questions: 0, answers: 0, blog: 0, groups: 0, events: 0, hashtags: 0 };
  SEARCH_TYPES.forEach((type, i) => (counts[type] = counted[i] ?? 0));
  return counts;
}

/** GET /api/search/counts: per type, what the viewer may find, each capped (asked once per query, not per tab). */
export async function searchCounts(db: Knex, viewer: UserRow | null, text: string): Promise<SearchCountsResult> {
  const counts = await countAll(db, viewer, parseQuery(text));
  return { counts, countsCapped: Object.values(counts).some((n) => n >= LIMITS.searchCountCap) };
}

/** GET /api/search: one type's page of hits, ranked in tiers, newest first within each. */
export async function search(db: Knex, viewer: UserRow | null, query: SearchQuery): Promise<SearchResult> {
  const q = parseQuery(query.q);
  if (query.type === 'hashtags') return searchHashtags(db, q, query.limit, query.cursor);
  const from = decodeTuple<[Tier, number]>(query.cursor, ['int', 'int']);
  if (from && !TIERS.includes(from[0])) throw errors.badRequest(TEXTS.errors.invalidCursor, 'invalid_cursor');
  const docs = await pageDocs(db, viewer, query.type, q, query.limit, from);
  const more = docs.length > query.limit;
  const shown = docs.slice(0, query.limit);
  const last = shown.at(-1);
  const rows = await hitRows(db, shown);
  return {
    items: rows.map((r) => presentHit(r, q)),
    nextCursor: more && last ? encodeTuple([last.tier, last.id]) : null,
  };
}

/** The types suggested as one types, in this order, and how many of each at most. */
const SUGGEST: [SearchType, number][] = [
  ['people', 3],
  ['hashtags', 2],
  ['groups', 2],
  ['questions', 2],
  ['posts', 2],
];

/**
 * GET /api/search/suggest: up to LIMITS.searchSuggestMax hits across people, hashtags, groups,
 * questions and posts, the last word as a prefix. Cheap: per type one walk of the prefix tiers,
 * newest first, a couple of rows each; no counts.
 */
export async function suggest(db: Knex, viewer: UserRow | null, text: string): Promise<SearchSuggestResult> {
  const q = parseQuery(text);
  const items: SearchHit[] = [];
  for (const [type, n] of SUGGEST) {
    if (items.length >= LIMITS.searchSuggestMax) break;
    const want = Math.min(n, LIMITS.searchSuggestMax - items.length);
    if (type === 'hashtags') {
      items.push(...(await searchHashtags(db, q, want, undefined)).items);
      continue;
    }
    // Tiers 1 to 3 (title, word, prefix): whatever the prefix finds, best first.
    const starts = ([1, 2, 3] as const).map((tier) => ({ tier, beforeId: ID_ABOVE_ALL }));
    const docs: DocHit[] = await rankedDocs(db, type, starts, q, want, accessFilter(SOURCES_OF[type], viewer));
    items.push(...(await hitRows(db, docs)).map((r) => presentHit(r, q)));
  }
  return { items };
}
