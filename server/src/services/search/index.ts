import type { Knex } from 'knex';
import type { SearchQuery, SearchResult, SearchSuggestResult } from '@mahalle/shared';
import type { UserRow } from '../../presenters/users';

/** The search service (issue 14). First cut: the contract's shapes; the index follows. */
export async function search(_db: Knex, _viewer: UserRow | null, _query: SearchQuery): Promise<SearchResult> {
  return { items: [], nextCursor: null, counts: null, countsCapped: false };
}

export async function suggest(_db: Knex, _viewer: UserRow | null, _q: string): Promise<SearchSuggestResult> {
  return { items: [] };
}
