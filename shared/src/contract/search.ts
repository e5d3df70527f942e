import {
  searchCountsQuerySchema,
  searchCountsResultSchema,
  searchQuerySchema,
  searchResultSchema,
  searchSuggestQuerySchema,
  searchSuggestResultSchema,
} from '../schemas/search';
import { endpoint } from './endpoint';

/** One search over posts, people, questions, answers, blog posts, hobby groups, events and hashtags. */
export const searchEndpoints = {
  'search.query': endpoint({
    route: 'GET /api/search',
    summary:
      'Search one type (default posts), ranked (title and exact words, then body words, then the last word as a prefix, then without Turkish diacritics; newer first within each), only what the viewer may open (per-type counts: GET /api/search/counts); 400 search_query_invalid for an empty, too short or too long query',
    access: 'public',
    query: searchQuerySchema,
    response: searchResultSchema,
  }),
  'search.counts': endpoint({
    route: 'GET /api/search/counts',
    summary:
      "How many of each type the viewer may find for a query (the same rules as GET /api/search), each capped at LIMITS.searchCountCap: asked once per query for the results page's tabs, not with every tab's page",
    access: 'public',
    query: searchCountsQuerySchema,
    response: searchCountsResultSchema,
  }),
  'search.suggest': endpoint({
    route: 'GET /api/search/suggest',
    summary: 'Up to 8 suggestions as one types (people, hashtags, groups, questions, posts), the last word matched as a prefix',
    access: 'public',
    query: searchSuggestQuerySchema,
    response: searchSuggestResultSchema,
  }),
};
