import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { authorSummarySchema, cursorQuerySchema } from './common';
import { isoTime } from '../contract/endpoint';

/** The tabs of the search page, one per kind of thing found. */
export const SEARCH_TYPES = ['posts', 'people', 'questions', 'answers', 'blog', 'groups', 'events', 'hashtags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Why a search query is refused, or null when it may run: empty, fewer than LIMITS.searchQueryMin
 * letters or digits, or longer than LIMITS.searchQueryMax characters. The server answers 400
 * `search_query_invalid` with this text; the UI can check before it asks.
 */
export function searchQueryProblem(q: string): string | null {
  const trimmed = q.trim();
  if (trimmed === '') return TEXTS.search.queryEmpty;
  if ([...trimmed].length > LIMITS.searchQueryMax) return TEXTS.search.queryTooLong;
  const letters = trimmed.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (letters < LIMITS.searchQueryMin) return TEXTS.search.queryTooShort;
  return null;
}

/** The query text; a query searchQueryProblem refuses is a 400 `search_query_invalid` with its Turkish text. */
const queryText = z
  .string()
  .optional()
  .default('')
  .superRefine((v, ctx) => {
    const problem = searchQueryProblem(v);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, params: { code: 'search_query_invalid' } });
  })
  .meta({ description: `What to search for: ${LIMITS.searchQueryMin}..${LIMITS.searchQueryMax} characters; the last word also matches as a prefix.` });

/** GET /api/search */
export const searchQuerySchema = z.object({
  q: queryText,
  type: z.enum(SEARCH_TYPES).optional().default('posts'),
  limit: cursorQuerySchema.shape.limit,
  cursor: cursorQuerySchema.shape.cursor,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** GET /api/search/suggest */
export const searchSuggestQuerySchema = z.object({ q: queryText });

/** GET /api/search/counts */
export const searchCountsQuerySchema = z.object({ q: queryText });

/** A piece of a title or snippet: plain text (never HTML), `mark` when it is a word the query matched. */
export const searchSegmentSchema = z.object({ text: z.string(), mark: z.boolean() });
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

/** One thing a search found, with where the app opens it. */
export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_TYPES),
  id: z.number().int(),
  /**
   * The in-app route that opens it: /posts/12, /hobby-groups/{slug}#post-12 (a group's post),
   * /user/{username}, /qa/question/5, /qa/question/5#answer-9, /blog/{slug}, /hobby-groups/{slug},
   * /events/3 (a city event's page), /hobby-groups/{slug}#event-3 (a group's event), /discover?tag={tag}.
   */
  path: z.string(),
  title: z.array(searchSegmentSchema),
  /** About LIMITS.searchSnippetChars characters around the first match; empty when there is nothing beyond the title. */
  snippet: z.array(searchSegmentSchema),
  createdAt: isoTime.nullable(),
  author: authorSummarySchema.nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Per-type counts, each capped at LIMITS.searchCountCap. */
export const searchCountsSchema = z.object({
  posts: z.number().int(),
  people: z.number().int(),
  questions: z.number().int(),
  answers: z.number().int(),
  blog: z.number().int(),
  groups: z.number().int(),
  events: z.number().int(),
  hashtags: z.number().int(),
}) satisfies z.ZodType<Record<SearchType, number>>;
export type SearchCounts = z.infer<typeof searchCountsSchema>;

/** One type's page of hits (its counts are asked once per query, from GET /api/search/counts). */
export const searchResultSchema = z.object({
  items: z.array(searchHitSchema),
  nextCursor: z.string().nullable().meta({ description: 'Opaque cursor of the next page (pass as `cursor`); null on the last page.' }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** GET /api/search/counts: how many of each type the viewer may see, each capped at LIMITS.searchCountCap. */
export const searchCountsResultSchema = z.object({
  counts: searchCountsSchema,
  /** True when any count reached the cap (show it as '1000+'). */
  countsCapped: z.boolean(),
});
export type SearchCountsResult = z.infer<typeof searchCountsResultSchema>;

export const searchSuggestResultSchema = z.object({ items: z.array(searchHitSchema) });
export type SearchSuggestResult = z.infer<typeof searchSuggestResultSchema>;
