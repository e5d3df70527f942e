import type { Knex } from 'knex';
import { presentPost, type PostRow } from '../../presenters/posts';
import { likedIds } from '../engagement/likes';

/** Viewer-specific flags and hashtags, loaded for a whole page at once (one query each, never per row). */
export async function postFlags(db: Knex | Knex.Transaction, postIds: number[], viewerId: number | null) {
  const bookmarked = new Set<number>();
  const tags = new Map<number, string[]>();
  if (postIds.length === 0) return { liked: new Set<number>(), bookmarked, tags };
  const liked = await likedIds(db, 'post', postIds, viewerId);
  if (viewerId) {
    for (const r of await db('bookmarks').whereIn('post_id', postIds).andWhere({ user_id: viewerId }).select('post_id')) bookmarked.add(r.post_id);
  }
  for (const r of await db('post_hashtags').whereIn('post_id', postIds).select('post_id', 'tag')) {
    tags.set(r.post_id, [...(tags.get(r.post_id) ?? []), r.tag]);
  }
  return { liked, bookmarked, tags };
}

/** A page of posts as the viewer sees them. */
export async function presentPosts(db: Knex | Knex.Transaction, rows: PostRow[], viewerId: number | null) {
  const flags = await postFlags(db, rows.map((r) => r.id), viewerId);
  return rows.map((r) => presentPost(r, { liked: flags.liked.has(r.id), bookmarked: flags.bookmarked.has(r.id), hashtags: flags.tags.get(r.id) ?? [] }));
}
