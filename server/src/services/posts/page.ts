import type { Knex } from 'knex';
import { presentPost, type PostRow } from '../../presenters/posts';
import { placeRefs, refOf } from '../places/places';
import { censorContent } from '../watched-words';

/**
 * Viewer-specific flags and hashtags, loaded for a whole page at once in one query (never one
 * per row): each query costs its fixed share of knex and the driver, more than its rows do.
 */
export async function postFlags(db: Knex | Knex.Transaction, postIds: number[], viewerId: number | null) {
  const liked = new Set<number>();
  const bookmarked = new Set<number>();
  const tags = new Map<number, string[]>();
  const mentions = new Map<number, string[]>();
  if (postIds.length === 0) return { liked, bookmarked, tags, mentions };
  const q = db('post_hashtags').whereIn('post_id', postIds).select('post_id', db.raw("'t' as kind"), 'tag');
  q.unionAll((u) =>
    u
      .from('post_mentions as pm')
      .join('users as mu', 'mu.id', 'pm.user_id')
      .whereIn('pm.post_id', postIds)
      .select('pm.post_id', db.raw("'m' as kind"), 'mu.username as tag'),
  );
  if (viewerId) {
    q.unionAll((u) =>
      u.from('post_likes').whereIn('post_id', postIds).andWhere({ user_id: viewerId }).select('post_id', db.raw("'l' as kind"), db.raw("'' as tag")),
    );
    q.unionAll((u) =>
      u.from('bookmarks').whereIn('post_id', postIds).andWhere({ user_id: viewerId }).select('post_id', db.raw("'b' as kind"), db.raw("'' as tag")),
    );
  }
  for (const r of (await q) as { post_id: number; kind: string; tag: string }[]) {
    if (r.kind === 'l') liked.add(r.post_id);
    else if (r.kind === 'b') bookmarked.add(r.post_id);
    else if (r.kind === 'm') mentions.set(r.post_id, [...(mentions.get(r.post_id) ?? []), r.tag]);
    else {
      const list = tags.get(r.post_id);
      if (list) list.push(r.tag);
      else tags.set(r.post_id, [r.tag]);
    }
  }
  return { liked, bookmarked, tags, mentions };
}

/** A page of posts as the viewer sees them. */
export async function presentPosts(db: Knex | Knex.Transaction, rows: PostRow[], viewerId: number | null) {
  const flags = await postFlags(
    db,
    rows.map((r) => r.id),
    viewerId,
  );
  // Neighbourhood names in one query for the page, and only when a post on it carries one.
  const places = await placeRefs(
    db,
    rows.map((r) => r.neighbourhood_id),
  );
  const posts = rows.map((r) =>
    presentPost(r, {
      liked: flags.liked.has(r.id),
      bookmarked: flags.bookmarked.has(r.id),
      hashtags: flags.tags.get(r.id) ?? [],
      mentions: flags.mentions.get(r.id) ?? [],
      neighbourhood: r.neighbourhood_id ? refOf(places.get(r.neighbourhood_id)) : null,
    }),
  );
  return censorContent(db, posts);
}
