import type { Knex } from 'knex';
import type { ListPostsQuery } from '@mahalle/shared';
import { ReadCache, READ_CACHE_MS } from '../../middlewares/read-cache';
import type { PresentedPost } from '../../presenters/posts';
import { listPosts } from './posts';
import { nowIso } from '../../db/time';

export interface PostPage {
  items: PresentedPost[];
  nextCursor: string | null;
}

/**
 * Post list pages as a visitor sees them, kept a moment in memory (READ_CACHE_MS) and forgotten
 * at every write here or on another node (the owner clears it on 'data:changed', as the other
 * read caches): members whose view is a visitor's share them and add only their own flags.
 */
export class SharedPostPages extends ReadCache<PostPage> {
  constructor() {
    super(READ_CACHE_MS, 200);
  }
}

/**
 * A member's flags on a page (liked, bookmarked) and whether they see other than a visitor does,
 * in one query: a private account sees its own posts, and a follower of a private account that
 * account's posts (posts/visibleTo); a member with a block (either way), a mute in force or a
 * muted hashtag or word sees less (services/blocks). Anyone else sees exactly the visitor's list.
 */
async function viewerOverlay(db: Knex, postIds: number[], viewerId: number) {
  const ids = postIds.length ? postIds : [0];
  const now = nowIso();
  /** One row 'r' when the query finds anything (a derived table: SQLite takes no LIMIT inside a compound select). */
  const anyOf = (q: Knex.QueryBuilder, alias: string) => (u: Knex.QueryBuilder) =>
    u.from(q.select(db.raw('0 as post_id'), db.raw("'r' as kind")).limit(1).as(alias)).select('post_id', 'kind');
  const rows: { post_id: number; kind: string }[] = await db
    .from('post_likes')
    .whereIn('post_id', ids)
    .andWhere({ user_id: viewerId })
    .select('post_id', db.raw("'l' as kind"))
    .unionAll((u) => u.from('bookmarks').whereIn('post_id', ids).andWhere({ user_id: viewerId }).select('post_id', db.raw("'b' as kind")))
    .unionAll((u) => u.from('users as me').where({ 'me.id': viewerId, 'me.is_private': true }).select(db.raw('0 as post_id'), db.raw("'r' as kind")))
    .unionAll((u) =>
      u
        .from(
          db('follows as f')
            .join('users as fu', 'fu.id', 'f.following_id')
            .where({ 'f.follower_id': viewerId, 'fu.is_private': true })
            .select(db.raw('0 as post_id'), db.raw("'r' as kind"))
            .limit(1)
            .as('reach'),
        )
        .select('post_id', 'kind'),
    )
    .unionAll(anyOf(db('user_blocks').where('blocker_id', viewerId), 'blocks_out'))
    .unionAll(anyOf(db('user_blocks').where('blocked_id', viewerId), 'blocks_in'))
    .unionAll(
      anyOf(
        db('user_mutes')
          .where('muter_id', viewerId)
          .andWhere((w) => w.whereNull('expires_at').orWhere('expires_at', '>', now)),
        'mutes',
      ),
    )
    .unionAll(anyOf(db('muted_terms').where('user_id', viewerId), 'terms'));
  const liked = new Set<number>();
  const bookmarked = new Set<number>();
  let reach = false;
  for (const r of rows) {
    if (r.kind === 'l') liked.add(Number(r.post_id));
    else if (r.kind === 'b') bookmarked.add(Number(r.post_id));
    else reach = true;
  }
  return { liked, bookmarked, reach };
}

/**
 * GET /api/posts for anyone, through the shared pages: a visitor's page from memory (or read once
 * and kept); a member's is that page with their own flags when they see what a visitor sees (two
 * queries become one, and the posts are presented once for everyone); otherwise, and for the
 * following feed, the member's own list as before.
 */
export async function listPostsShared(db: Knex, pages: SharedPostPages, query: ListPostsQuery, viewerId: number | null): Promise<PostPage> {
  if (viewerId && query.feed === 'following') return listPosts(db, query, viewerId);
  const key = JSON.stringify([query.sort, query.limit, query.cursor ?? null, query.category ?? null, query.categoryId ?? null, query.authorId ?? null]);
  let page = pages.get(key);
  if (!page) {
    const generation = pages.generation;
    page = await listPosts(db, { ...query, feed: 'all' }, null);
    pages.set(key, page, generation);
  }
  if (!viewerId) return page;
  const overlay = await viewerOverlay(
    db,
    page.items.map((p) => p.id),
    viewerId,
  );
  if (overlay.reach) return listPosts(db, query, viewerId);
  return {
    items: page.items.map((p) => ({ ...p, isLiked: overlay.liked.has(p.id), isBookmarked: overlay.bookmarked.has(p.id) })),
    nextCursor: page.nextCursor,
  };
}
