import type { Knex } from 'knex';
import type { ListPostsQuery } from '@mahalle/shared';
import { ReadCache, READ_CACHE_MS } from '../../read-cache';
import type { PresentedPost } from '../../presenters/posts';
import type { UserRow } from '../../presenters/users';
import { listPosts } from './posts';
import { nowIso } from '../../db/time';

export interface PostPage {
  items: PresentedPost[];
  nextCursor: string | null;
}

/**
 * A visitor's page as members share it: its JSON once, cut around each post's flags so a member's
 * body is the pieces with their own flags put in (no serialising per request), and per member who
 * read it what they get (their flags by post, or null for one who sees other than a visitor).
 * It lives as long as the page: until READ_CACHE_MS passes or any write here or on another node
 * empties the cache, so a member's own like, bookmark, follow, block, mute or privacy change (or
 * someone else's that concerns them: a block, an accepted follow request) is seen at their next read.
 */
export interface SharedPage {
  page: PostPage;
  /** The visitor's body (every flag false), and its bytes once a member with no flags was sent them. */
  body: string;
  bytes?: Buffer;
  /** body cut at each post's `"isLiked":false,"isBookmarked":false` (n posts, n + 1 pieces); null if it could not be. */
  pieces: string[] | null;
  /** By member: per post, bit 1 liked and bit 2 bookmarked; null when the member's view is their own (listPosts). */
  viewers: Map<number, Uint8Array | null>;
}

/** What GET /api/posts answers: a page to present, or a member's body already written out. */
export type PostsAnswer = { page: PostPage } | { body: string | Buffer; nextCursor: string | null };

const NO_FLAGS = '"isLiked":false,"isBookmarked":false';
const FLAGS = [NO_FLAGS, '"isLiked":true,"isBookmarked":false', '"isLiked":false,"isBookmarked":true', '"isLiked":true,"isBookmarked":true'];
/** Members remembered per page (each a few bytes); past that, a member's flags are read per request (listPosts). */
const VIEWERS_PER_PAGE = 10_000;

/**
 * The pieces of a page's JSON around each post's flags. Inside a JSON string every quote is
 * escaped, so the only `"isLiked":false,"isBookmarked":false` in a post's JSON is its own key pair.
 */
export function sharedPage(page: PostPage): SharedPage {
  const posts = page.items.map((p) => JSON.stringify({ ...p, isLiked: false, isBookmarked: false }));
  const body = `[${posts.join(',')}]`;
  let pieces: string[] | null = [];
  let piece = '[';
  for (const [k, json] of posts.entries()) {
    const at = json.indexOf(NO_FLAGS);
    if (at < 0 || json.includes(NO_FLAGS, at + 1)) {
      pieces = null;
      break;
    }
    pieces.push(piece + json.slice(0, at));
    piece = json.slice(at + NO_FLAGS.length) + (k < posts.length - 1 ? ',' : '');
  }
  pieces?.push(`${piece}]`);
  return { page, body, pieces, viewers: new Map() };
}

/**
 * A member's body: the shared page's pieces with their flags, or the visitor's bytes when they have
 * none (most members on most pages: the same Buffer for all, no 20 KB copied per request).
 */
export function memberBody(shared: SharedPage, flags: Uint8Array): string | Buffer {
  const { pieces, page } = shared;
  if (flags.every((f) => f === 0)) return (shared.bytes ??= Buffer.from(shared.body));
  if (!pieces) return JSON.stringify(page.items.map((p, i) => ({ ...p, isLiked: ((flags[i] ?? 0) & 1) > 0, isBookmarked: ((flags[i] ?? 0) & 2) > 0 })));
  let out = pieces[0] ?? '';
  for (let i = 0; i < flags.length; i++) out += (FLAGS[flags[i] ?? 0] ?? NO_FLAGS) + (pieces[i + 1] ?? '');
  return out;
}

/**
 * Post list pages as a visitor sees them, kept a moment in memory (READ_CACHE_MS) and forgotten
 * at every write here or on another node (the owner clears it on 'data:changed', as the other
 * read caches): members whose view is a visitor's share them and add only their own flags.
 */
export class SharedPostPages extends ReadCache<SharedPage> {
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
 * and kept); a member's is that page's JSON with their own flags when they see what a visitor sees
 * (their flags read in one query at their first read of the page, then remembered with it);
 * otherwise, and for the following feed, the member's own list (listPosts).
 */
export async function listPostsShared(
  db: Knex,
  pages: SharedPostPages,
  query: ListPostsQuery,
  viewerId: number | null,
  viewer?: UserRow,
): Promise<PostsAnswer> {
  if (viewerId && query.feed === 'following') return { page: await listPosts(db, query, viewerId) };
  // A near-me page (mahallem, ilçem) depends on the viewer's own neighbourhood: never a shared one.
  if (query.area !== 'sehir') return { page: await listPosts(db, query, viewerId, viewer) };
  const key = JSON.stringify([query.sort, query.limit, query.cursor ?? null, query.category ?? null, query.categoryId ?? null, query.authorId ?? null]);
  let shared = pages.get(key);
  if (!shared) {
    const generation = pages.generation;
    shared = sharedPage(await listPosts(db, { ...query, feed: 'all' }, null));
    pages.set(key, shared, generation);
  }
  if (!viewerId) return { page: shared.page };
  let flags = shared.viewers.get(viewerId);
  if (flags === undefined) {
    const { items } = shared.page;
    const overlay = await viewerOverlay(
      db,
      items.map((p) => p.id),
      viewerId,
    );
    flags = overlay.reach ? null : Uint8Array.from(items, (p) => (overlay.liked.has(p.id) ? 1 : 0) | (overlay.bookmarked.has(p.id) ? 2 : 0));
    // Kept with this page object only: a write empties the cache, so what a read raced with a write is never found again.
    if (shared.viewers.size < VIEWERS_PER_PAGE) shared.viewers.set(viewerId, flags);
  }
  if (!flags) return { page: await listPosts(db, query, viewerId) };
  return { body: memberBody(shared, flags), nextCursor: shared.page.nextCursor };
}
