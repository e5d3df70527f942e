import type { Knex } from 'knex';
import { TEXTS, type BookmarkedPost, type CursorPageQuery } from '@mahalle/shared';
import type { Page } from '@mahalle/shared/contract';
import { errors } from '../errors';
import { nowIso, toIso } from '../db/time';
import { lockRow } from '../db/locks';
import { decodeIdCursor, nextIdCursor } from '../db/keyset';
import type { UserRow } from '../presenters/users';
import type { PostRow } from '../presenters/posts';
import { presentPosts } from './posts/page';
import { postsQuery, visibleTo } from './posts/posts';

/**
 * A member's bookmarks (saved posts, 'Kaydedilenler'): a pair of member and post, only ever
 * read or changed by that member. A post's bookmarks go with the post.
 */

/** Saves a post the member may see, or takes it off their bookmarks. */
export async function toggleBookmark(db: Knex, me: UserRow, postId: number) {
  return db.transaction(async (trx) => {
    await lockRow(trx, 'posts', postId);
    const post = await visibleTo(postsQuery(trx), me.id).where('p.id', postId).first('p.id');
    if (!post) throw errors.notFound(TEXTS.social.postNotFound);
    const existing = await trx('bookmarks').where({ user_id: me.id, post_id: postId }).first('id');
    if (existing) {
      await trx('bookmarks').where({ id: existing.id }).delete();
      return { bookmarked: false };
    }
    await trx('bookmarks').insert({ user_id: me.id, post_id: postId, created_at: nowIso() });
    return { bookmarked: true };
  });
}

/** Bookmarked posts the member may still see, most recently saved first; paged by bookmark id. */
export async function listBookmarks(db: Knex, me: UserRow, page: CursorPageQuery): Promise<Page<BookmarkedPost>> {
  const q = visibleTo(postsQuery(db), me.id)
    .join('bookmarks as b', 'b.post_id', 'p.id')
    .where('b.user_id', me.id)
    .select('b.id as bookmark_id', 'b.created_at as bookmarked_at');
  const before = decodeIdCursor(page.cursor);
  if (before) q.where('b.id', '<', before);
  const rows = (await q.orderBy('b.id', 'desc').limit(page.limit)) as (PostRow & { bookmark_id: number; bookmarked_at: unknown })[];
  const posts = await presentPosts(db, rows, me.id);
  return {
    items: posts.map((p, i) => {
      const row = rows[i];
      if (!row) throw new Error('presentPosts answers one post per row');
      return { ...p, bookmarkId: row.bookmark_id, bookmarkedAt: toIso(row.bookmarked_at) };
    }),
    nextCursor: nextIdCursor(rows, page.limit, (r) => r.bookmark_id),
  };
}

/** Removes all of a member's bookmarks; answers how many there were. */
export async function clearBookmarks(db: Knex, userId: number): Promise<number> {
  return db('bookmarks').where({ user_id: userId }).delete();
}
