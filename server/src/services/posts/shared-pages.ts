import type { Knex } from 'knex';
import type { ListPostsQuery } from '@mahalle/shared';
import { ReadCache, READ_CACHE_MS } from '../../read-cache';
import type { PresentedPost } from '../../presenters/posts';
import type { UserRow } from '../../presenters/users';
import { afterCursor, categoryIdOf, listPosts, nextPostCursor, postsQuery } from './posts';
import type { PostRow } from '../../presenters/posts';
import { presentPosts } from './page';
import { nowIso } from '../../db/time';
import { whereRowAfter } from '../../db/keyset';

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
  /** By member: what they get from this page (MemberView); null when the member's view is their own (listPosts). */
  viewers: Map<number, MemberView | null>;
  /** Bytes of members' own bodies kept with this page (counted in SharedPostPages' budget); -1 once the cache let go of it. */
  held: number;
}

/**
 * A member's view of a shared page: per post, bit 1 liked and bit 2 bookmarked; for a member who
 * sees more than a visitor (a private account, or a follower of private accounts) the posts of
 * those private accounts that fall in the same window of the list (at most a page of them, in the
 * list's order, presented for this member); and their body once written (the visitor's bytes
 * when they have no flag and no extra post), so a member's later reads of the page cost no
 * serialising at all.
 */
export interface MemberView {
  flags: Uint8Array;
  extra: PresentedPost[];
  answer?: MemberAnswer;
}

/** A member's page written out. */
export interface MemberAnswer {
  body: string | Buffer;
  nextCursor: string | null;
}

/** What GET /api/posts answers: a page to present, or a member's body already written out. */
export type PostsAnswer = { page: PostPage } | MemberAnswer;

const NO_FLAGS = '"isLiked":false,"isBookmarked":false';
const FLAGS = [NO_FLAGS, '"isLiked":true,"isBookmarked":false', '"isLiked":false,"isBookmarked":true', '"isLiked":true,"isBookmarked":true'];
/** Members remembered per page (each a few bytes); past that, a member's flags are read per request (listPosts). */
const VIEWERS_PER_PAGE = 10_000;
/**
 * Members' own bodies (their flags or private posts written in) kept with all pages at once: some
 * 800 page-1 bodies of 20 KB. Past it a member's body is written per request from their view.
 */
const MEMBER_BODIES_BYTES = 16 * 1024 * 1024;

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
  return { page, body, pieces, viewers: new Map(), held: 0 };
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
  /** Bytes of members' own bodies held by the pages in the cache. */
  held = 0;
  constructor(private budget = MEMBER_BODIES_BYTES) {
    super(READ_CACHE_MS, 200);
  }

  /** Whether `bytes` more of a member's body may be kept with `page` (then counted until the page is dropped). */
  hold(page: SharedPage, bytes: number): boolean {
    // A page the cache let go of while a read of it was running: never counted again, never found again.
    if (page.held < 0 || this.held + bytes > this.budget) return false;
    page.held += bytes;
    this.held += bytes;
    return true;
  }

  protected override dropped(page: SharedPage): void {
    this.held -= Math.max(0, page.held);
    page.held = -1;
  }
}

/** Private accounts a member follows beyond this, and their view is read whole (listPosts). */
const REACH_MAX = 50;

/**
 * A member's flags on a page (liked, bookmarked) and whether they see other than a visitor does,
 * in one query: a private account sees its own posts, and a follower of a private account that
 * account's posts (posts/visibleTo): their reach (the followed private accounts, listed here), added
 * to the shared page (MemberView.extra); a member
 * with a block (either way), a mute in force or a muted hashtag or word sees less (services/blocks),
 * and one with a post held for approval sees more (their own held posts, never shared): both read
 * their own list. Anyone else sees exactly the visitor's list.
 */
async function viewerOverlay(db: Knex, postIds: number[], viewerId: number) {
  const ids = postIds.length ? postIds : [0];
  const now = nowIso();
  /** One row of `kind` when the query finds anything (a derived table: SQLite takes no LIMIT inside a compound select). */
  const anyOf =
    (q: Knex.QueryBuilder, alias: string, kind: 'p' | 'x' = 'x') =>
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
    // The private accounts they follow, by id (in post_id), one more than REACH_MAX at most.
    .unionAll((u) =>
      u
        .from(
          db('follows as f')
            .join('users as fu', 'fu.id', 'f.following_id')
            .where({ 'f.follower_id': viewerId, 'fu.is_private': true })
            .select('f.following_id as post_id', db.raw("'f' as kind"))
            .limit(REACH_MAX + 1)
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
    .unionAll(anyOf(db('muted_terms').where('user_id', viewerId), 'terms'))
    // Their own posts held for approval, which only they see (posts_pending_author_index).
    .unionAll(anyOf(db('posts').where('author_id', viewerId).whereRaw('pending_approval = true'), 'held'));
  const liked = new Set<number>();
  const bookmarked = new Set<number>();
  const followed: number[] = [];
  let selfPrivate = false;
  let own = false;
  for (const r of rows) {
    if (r.kind === 'l') liked.add(Number(r.post_id));
    else if (r.kind === 'b') bookmarked.add(Number(r.post_id));
    else if (r.kind === 'p') selfPrivate = true;
    else if (r.kind === 'f') followed.push(Number(r.post_id));
    else own = true;
  }
  return { liked, bookmarked, selfPrivate, followed, own };
}

/**
 * The private posts a member may see in a page's window: their own account's if it is private, and
 * each followed private account's, each author's read through (author_id, id) so a handful of
 * quiet accounts never make a scan of the whole list, all in one statement (a derived table per
 * author, joined by UNION ALL: SQLite takes no LIMIT inside a compound select's own parts); at
 * most a page in all, in the list's order. After a full visitor page (`last`, its last post) only
 * the posts before that one in the list's order can be in the merged page: no other is read.
 */
async function reachPosts(db: Knex, query: ListPostsQuery, viewerId: number, authors: number[], last: PresentedPost | null): Promise<PresentedPost[]> {
  const wanted = query.authorId ? authors.filter((a) => a === query.authorId) : authors;
  if (wanted.length === 0) return [];
  const categoryId = await categoryIdOf(db, query);
  const [first, ...rest] = wanted.map((a, i) => {
    const q = postsQuery(db).where('p.author_id', a).where({ 'p.is_hidden': false, 'u.is_private': true });
    if (categoryId) q.where('p.category_id', categoryId);
    if (last && query.sort === 'newest') q.where('p.id', '>', last.id);
    else if (last) {
      const popular = query.sort === 'popular';
      whereRowAfter(q, [popular ? 'p.likes_count' : 'p.comments_count', 'p.id'], '>', [popular ? last.likesCount : last.commentsCount, last.id]);
    }
    return db.select('*').from(afterCursor(q, query.sort, query.cursor).limit(query.limit).as(`a${i}`));
  });
  if (!first) return [];
  if (rest.length) first.unionAll(rest);
  const rows = ((await first) as PostRow[]).sort(byListOrder(query.sort, (r) => [r.id, r.likes_count, r.comments_count]));
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

/**
 * A member's page from their view: the visitor's bytes when they have no flag and no extra post,
 * else the shared page's pieces with their flags, or (with private posts) the merged page in the
 * list's order; written once and kept with the view while the pages' budget allows.
 */
function answerOf(pages: SharedPostPages, shared: SharedPage, view: MemberView, query: ListPostsQuery): MemberAnswer {
  if (view.answer) return view.answer;
  let answer: MemberAnswer;
  if (view.extra.length === 0) answer = { body: memberBody(shared, view.flags), nextCursor: shared.page.nextCursor };
  else {
    const mine = shared.page.items.map((p, i) => ({ ...p, isLiked: ((view.flags[i] ?? 0) & 1) > 0, isBookmarked: ((view.flags[i] ?? 0) & 2) > 0 }));
    const merged = [...mine, ...view.extra].sort(byListOrder(query.sort, (p) => [p.id, p.likesCount, p.commentsCount])).slice(0, query.limit);
    const nextCursor = nextPostCursor(
      merged.map((p) => ({ id: p.id, likes_count: p.likesCount, comments_count: p.commentsCount })),
      query.limit,
      query.sort,
    );
    answer = { body: JSON.stringify(merged), nextCursor };
  }
  if (answer.body === shared.bytes) view.answer = answer;
  else {
    const bytes = Buffer.from(answer.body);
    answer = { body: bytes, nextCursor: answer.nextCursor };
    if (pages.hold(shared, bytes.length)) view.answer = answer;
  }
  return answer;
}

/**
 * GET /api/posts for anyone, through the shared pages: a visitor's page from memory (or read once
 * and kept); a member's is that page's JSON with their own flags, and the private posts they may
 * see merged in, when they see no less than a visitor (their view read in two queries at most at
 * their first read of the page, then remembered with it, written out once); otherwise, and for the
 * following feed, the member's own list (listPosts).
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
    if (overlay.own || overlay.followed.length > REACH_MAX) view = null;
    else if (overlay.selfPrivate || overlay.followed.length) {
      const authors = overlay.selfPrivate ? [viewerId, ...overlay.followed] : overlay.followed;
      const last = items.length === query.limit ? (items.at(-1) ?? null) : null;
      view = { flags, extra: await reachPosts(db, query, viewerId, authors, last) };
    } else view = { flags, extra: [] };
    // Kept with this page object only: a write empties the cache, so what a read raced with a write is never found again.
    if (shared.viewers.size < VIEWERS_PER_PAGE) shared.viewers.set(viewerId, view);
  }
  if (!view) return { page: await listPosts(db, query, viewerId) };
  return answerOf(pages, shared, view, query);
}
