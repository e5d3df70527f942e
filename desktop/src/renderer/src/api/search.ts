import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Limits and types only (tree-shaken): the header's search box is in every first load, and the shared schemas would bring zod.
import { LIMITS } from '@mahalle/shared';
import type { SearchCounts, SearchCountsResult, SearchHit, SearchResult, SearchSegment, SearchType } from '@mahalle/shared';
import { call } from './call';

export type { SearchCounts, SearchCountsResult, SearchHit, SearchResult, SearchSegment, SearchType };

/** The search page's tabs in their order (the contract's SEARCH_TYPES, repeated here so no schema code is loaded). */
export const SEARCH_TABS = ['posts', 'people', 'questions', 'answers', 'blog', 'groups', 'events', 'hashtags'] as const satisfies readonly SearchType[];

export const isSearchType = (v: string | null | undefined): v is SearchType => SEARCH_TABS.some((t) => t === v);

/**
 * Whether the server would run this query (the contract's searchQueryProblem, without its zod module): at least
 * LIMITS.searchQueryMin letters or digits and at most LIMITS.searchQueryMax characters. The UI asks only then.
 */
export function searchable(q: string): boolean {
  const t = q.trim();
  if (!t || [...t].length > LIMITS.searchQueryMax) return false;
  return (t.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= LIMITS.searchQueryMin;
}

/** A tab's count as shown: '1000+' once it reached the server's cap. */
export function countLabel(count: number, capped: boolean): string {
  return capped && count >= LIMITS.searchCountCap ? `${LIMITS.searchCountCap}+` : String(count);
}

/** Query keys of search: results by query and type, the tabs' counts by query, suggestions by query. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string, type: SearchType) => [...searchKeys.all, 'results', q, type] as const,
  counts: (q: string) => [...searchKeys.all, 'counts', q] as const,
  suggest: (q: string) => [...searchKeys.all, 'suggest', q] as const,
};

export const fetchSearch = (q: string, type: SearchType, cursor?: string, signal?: AbortSignal) =>
  call('GET /api/search', { query: { q, type, cursor }, signal });
export const fetchSearchCounts = (q: string, signal?: AbortSignal) => call('GET /api/search/counts', { query: { q }, signal });
export const fetchSuggestions = (q: string, signal?: AbortSignal) => call('GET /api/search/suggest', { query: { q }, signal });

/** Search answers go stale after a while (others keep writing), unlike the app's default of never. */
const SEARCH_STALE_MS = 30_000;

/**
 * One type's hits page by page (the 'Daha fazla' button asks for the next cursor). Runs only for a query the server
 * accepts. The tabs' counts are not in it: see useSearchCounts.
 */
export function useSearch(q: string, type: SearchType) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(q, type),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchSearch(q, type, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: searchable(q),
    staleTime: SEARCH_STALE_MS,
  });
}

/**
 * The tabs' counts of a query, asked once per query (keyed by it alone, so switching tabs reuses them) beside the
 * open tab's first page.
 */
export function useSearchCounts(q: string) {
  return useQuery({
    queryKey: searchKeys.counts(q),
    queryFn: ({ signal }) => fetchSearchCounts(q, signal),
    enabled: searchable(q),
    staleTime: SEARCH_STALE_MS,
  });
}

/**
 * Suggestions for what is being typed (pass the debounced text). The request reads react-query's AbortSignal, so
 * when the text changes the superseded request loses its observer and is cancelled; the previous suggestions stay
 * on screen until the new ones arrive.
 */
export function useSuggestions(q: string) {
  return useQuery({
    queryKey: searchKeys.suggest(q),
    queryFn: ({ signal }) => fetchSuggestions(q, signal),
    enabled: searchable(q),
    placeholderData: keepPreviousData,
    staleTime: SEARCH_STALE_MS,
  });
}
