import type { SearchHit, SearchType } from '@mahalle/shared';
import type { ParsedQuery } from '../db/search/text';
import { snippetSegments, titleSegments } from './search-text';
import { authorFromJoin, type AuthorJoin } from './users';
import { toIsoOrNull } from '../db/time';

/** What the search service reads of a found row, whatever its table. */
export interface HitRow {
  kind: SearchType;
  id: number;
  path: string;
  title: string;
  text: string;
  created_at: unknown;
  /** The author (or the person found), when the source has one; null for a deleted account. */
  author?: AuthorJoin | null;
}

/** A found row as the search answers it: plain-text title and snippet, matched words marked. */
export function presentHit(row: HitRow, q: ParsedQuery): SearchHit {
  return {
    kind: row.kind,
    id: row.id,
    path: row.path,
    title: titleSegments(row.title, q),
    snippet: snippetSegments(row.text, q),
    createdAt: toIsoOrNull(row.created_at),
    author:
      row.author === undefined ? null : authorFromJoin(row.author ?? { u_id: null, u_username: '', u_display_name: '', u_profile_image: null, u_role: 'user' }),
  };
}
