import type { Knex } from 'knex';
import { hashtagKey, type CursorPageQuery } from '@mahalle/shared';
import { decodeIdCursor, nextIdCursor } from '../../db/keyset';
import type { PostRow } from '../../presenters/posts';
import { whereNotMuted } from '../blocks';
import { presentPosts } from './page';
import { postsQuery, visibleTo } from './posts';

/** A tag's posts the viewer may see (not those of members the viewer mutes), newest first, and the next page's cursor. */
export async function postsWithTag(db: Knex, tag: string, viewerId: number | null, page: CursorPageQuery) {
  const q = whereNotMuted(visibleTo(postsQuery(db), viewerId), 'p.author_id', viewerId)
    .join('post_hashtags as h', 'h.post_id', 'p.id')
    .where('h.tag', hashtagKey(tag));
  // Paged on the tag index's own column: a backward range over (tag, post_id), no sort.
  // The same bound on p.id keeps PostgreSQL's merge join from walking posts above the cursor.
  const before = decodeIdCursor(page.cursor);
  if (before) q.where('h.post_id', '<', before).andWhere('p.id', '<', before);
  const rows = (await q.orderBy('h.post_id', 'desc').limit(page.limit)) as PostRow[];
  return { items: await presentPosts(db, rows, viewerId), nextCursor: nextIdCursor(rows, page.limit, (r) => r.id) };
}
