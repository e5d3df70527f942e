import type { Knex } from 'knex';
import type { ListPostsQuery } from '@mahalle/shared';
import { ReadCache, READ_CACHE_MS } from '../../read-cache';
import type { PresentedPost } from '../../presenters/posts';
import type { UserRow } from '../../presenters/users';
import { afterCursor, categoryIdOf, listPosts, nextPostCursor, postsQuery } from './posts';
import type { PostRow } from '../../presenters/posts';
import { presentPosts } from './page';
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
  /**
   * By member: per post, bit 1 liked and bit 2 bookmarked; with the private posts they may also see
   * (a reach view); null when the member's view is their own (listPosts).
   */
  viewers: Map<number, Uint8Array | ReachView | null>;
}

/**
 * A member who sees more than a visitor (a private account, or a follower of private accounts):
 * their flags on the visitor's page and the posts of those private accounts that fall in the same
 * window of the list (at most a page of them, in the list's order, presented for this member).
 */
export interface ReachView {
  flags: Uint8Array;
  extra: PresentedPost[];
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
 * account's posts (posts/visibleTo): their reach, added to the shared page (ReachView); a member
 * with a block (either way), a mute in force or a muted hashtag or word sees less (services/blocks),
 * and reads their own list. Anyone else sees exactly the visitor's list.
 */
async function viewerOverlay(db: Knex, postIds: number[], viewerId: number) {
  const ids = postIds.length ? postIds : [0];
  const now = nowIso();
  /** One row of `kind` when the query finds anything (a derived table: SQLite takes no LIMIT inside a compound select). */
  const anyOf =
    (q: Knex.QueryBuilder, alias: string, kind: 'p' | 'f' | 'x' = 'x') =>
    (u: Knex.QueryBuilder) =>
      u
        .from(
          q
            .select(db.raw('0 as post_id'), db.raw(`'${kind}' as kind`))
            .limit(1)
            .as(alias),
        )
        .select('post_id', 'kind');
  const rows: { post_id: number; kind: string }[] = await db
    .from('post_likes')
    .whereIn('post_id', ids)
    .andWhere({ user_id: viewerId })
    .select('post_id', db.raw("'l' as kind"))
    .unionAll((u) => u.from('bookmarks').whereIn('post_id', ids).andWhere({ user_id: viewerId }).select('post_id', db.raw("'b' as kind")))
    .unionAll((u) => u.from('users as me').where({ 'me.id': viewerId, 'me.is_private': true }).select(db.raw('0 as post_id'), db.raw("'p' as kind")))
    .unionAll(
      anyOf(db('follows as f').join('users as fu', 'fu.id', 'f.following_id').where({ 'f.follower_id': viewerId, 'fu.is_private': true }), 'reach', 'f'),
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
  let selfPrivate = false;
  let followsPrivate = false;
  let own = false;
  for (const r of rows) {
    if (r.kind === 'l') liked.add(Number(r.post_id));
    else if (r.kind === 'b') bookmarked.add(Number(r.post_id));
    else if (r.kind === 'p') selfPrivate = true;
    else if (r.kind === 'f') followsPrivate = true;
    else own = true;
  }
  return { liked, bookmarked, selfPrivate, followsPrivate, own };
}

/** Private accounts a member follows beyond this, and their view is read whole (listPosts). */
const REACH_MAX = 50;

/**
 * The private posts a member may see in a page's window: their own account's if it is private, and
 * each followed private account's, read per author through (author_id, …) so a handful of quiet
 * accounts never make a scan of the whole list; at most a page in all, in the list's order.
 */
async function reachPosts(db: Knex, query: ListPostsQuery, viewerId: number, selfPrivate: boolean): Promise<PresentedPost[] | null> {
  const followed = (
    (await db('follows as f')
      .join('users as fu', 'fu.id', 'f.following_id')
      .where({ 'f.follower_id': viewerId, 'fu.is_private': true })
      .limit(REACH_MAX + 1)
      .select('fu.id')) as { id: number }[]
  ).map((r) => Number(r.id));
  if (followed.length > REACH_MAX) return null;
  const authors = selfPrivate ? [viewerId, ...followed] : followed;
  const categoryId = await categoryIdOf(db, query);
  const perAuthor = await Promise.all(
    authors
      .filter((a) => !query.authorId || query.authorId === a)
      .map((a) => {
        const q = postsQuery(db).where('p.author_id', a).where({ 'p.is_hidden': false, 'u.is_private': true });
        if (categoryId) q.where('p.category_id', categoryId);
        return afterCursor(q, query.sort, query.cursor).limit(query.limit) as Promise<PostRow[]>;
      }),
  );
  const rows = perAuthor.flat().sort(byListOrder(query.sort, (r) => [r.id, r.likes_count, r.comments_count]));
  return presentPosts(db, rows.slice(0, query.limit), viewerId);
}

/** Descending in the list's order: newest by id, the others by (count, id). */
function byListOrder<T>(sort: ListPostsQuery['sort'], keys: (x: T) => [id: number, likes: number, comments: number]) {
  return (a: T, b: T) => {
    const [ai, al, ac] = keys(a);
    const [bi, bl, bc] = keys(b);
    if (sort === 'popular' && al !== bl) return bl - al;
    if (sort !== 'newest' && sort !== 'popular' && ac !== bc) return bc - ac;
    return bi - ai;
  };
}

/** A reach view's page: the visitor's posts with the member's flags and their private posts, merged in order. */
function reachAnswer(shared: SharedPage, view: ReachView, query: ListPostsQuery): PostsAnswer {
  if (view.extra.length === 0) return { body: memberBody(shared, view.flags), nextCursor: shared.page.nextCursor };
  const mine = shared.page.items.map((p, i) => ({ ...p, isLiked: ((view.flags[i] ?? 0) & 1) > 0, isBookmarked: ((view.flags[i] ?? 0) & 2) > 0 }));
  const merged = [...mine, ...view.extra].sort(byListOrder(query.sort, (p) => [p.id, p.likesCount, p.commentsCount])).slice(0, query.limit);
  const nextCursor = nextPostCursor(
    merged.map((p) => ({ id: p.id, likes_count: p.likesCount, comments_count: p.commentsCount })),
    query.limit,
    query.sort,
  );
  return { page: { items: merged, nextCursor } };
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
  let view = shared.viewers.get(viewerId);
  if (view === undefined) {
    const { items } = shared.page;
    const overlay = await viewerOverlay(
      db,
      items.map((p) => p.id),
      viewerId,
    );
    const flags = Uint8Array.from(items, (p) => (overlay.liked.has(p.id) ? 1 : 0) | (overlay.bookmarked.has(p.id) ? 2 : 0));
    if (overlay.own) view = null;
    else if (overlay.selfPrivate || overlay.followsPrivate) {
      const extra = await reachPosts(db, query, viewerId, overlay.selfPrivate);
      view = extra ? { flags, extra } : null;
    } else view = flags;
    // Kept with this page object only: a write empties the cache, so what a read raced with a write is never found again.
    if (shared.viewers.size < VIEWERS_PER_PAGE) shared.viewers.set(viewerId, view);
  }
  if (!view) return { page: await listPosts(db, query, viewerId) };
  if (view instanceof Uint8Array) return { body: memberBody(shared, view), nextCursor: shared.page.nextCursor };
  return reachAnswer(shared, view, query);
}
