import type { Knex } from 'knex';
import {
  DEFAULT_CATEGORY_NAME,
  extractHashtags,
  extractMentions,
  foldKey,
  hashtagKey,
  matchesMutedWord,
  TEXTS,
  type CommentOrder,
  type CursorPageQuery,
  type ListPostsQuery,
} from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { auditModeration } from '../audit';
import { nowIso } from '../../db/time';
import { AUTHOR_COLUMNS, type UserRow } from '../../presenters/users';
import { presentComment, type CommentRow, type PostRow } from '../../presenters/posts';
import { presentPosts } from './page';
import { announceNotifications, createNotification, createNotifications, notificationClock } from '../notifications';
import { imageSizeColumns, removeUpload, type StoredImageSize } from '../uploads';
import { lockRow } from '../../db/locks';
import { commentPage, commentsQuery, deleteComment as deleteCommentOfKind, insertCommentTx } from '../engagement/comments';
import { setLike } from '../engagement/likes';
import { notifyModeration } from '../moderation';
import { tallyTags } from '../hashtags';
import { lockCategories, tallyCategories } from '../categories';
import { decodeCountCursor, decodeIdCursor, encodeCountCursor, nextIdCursor, whereRowAfter } from '../../db/keyset';
import { indexRows } from '../../db/search/sources';
import { feedMutes, whereNotBlocked, whereNotMuted } from '../blocks';
import { authorize, notFound, type Decision } from '../../policies/decision';
import { moderatesSite, type Actor } from '../../policies/actor';
import * as policy from '../../policies/posts';
import { areaFilter, whereInArea } from '../places/area';
import { placeColumns } from '../places/places';
import { checkNewMemberWrite } from '../trust';
import { censorContent, fileWatchedWordReport, screenText } from '../watched-words';
import { heldColumns, shownOrOwnHeld } from '../held-items';

const S = TEXTS.social;
const N = TEXTS.notificationTexts;
type Db = Knex | Knex.Transaction;

/** Posts joined with author and category: the one query every post list starts from. */
export function postsQuery(db: Db) {
  return (
    db('posts as p')
      // `+p.author_id`: the author is looked up by id for each post, never the other way round.
      // Otherwise SQLite, once ANALYZE has run, may walk every visible member's posts through the
      // (author_id, id) index and sort them all for a deep feed page (8 ms per request at 100k).
      .joinRaw('inner join ?? on ?? = +??', ['users as u', 'u.id', 'p.author_id'])
      .leftJoin('categories as c', 'c.id', 'p.category_id')
      .select('p.*', ...AUTHOR_COLUMNS, 'c.name as c_name', 'c.color as c_color')
  );
}

/**
 * Only what the viewer may see: hidden (moderated) posts never, and a private account's posts
 * only for itself and its accepted followers; never across a block (either way). `ownHeld`: a
 * list (the feeds, a member's post list) shows the viewer their own posts a watched word holds for
 * approval too, marked pending by the presenter; a held post is no one else's.
 */
export function visibleTo(q: Knex.QueryBuilder, viewerId: number | null, opts: { ownHeld?: boolean } = {}): Knex.QueryBuilder {
  if (opts.ownHeld && viewerId) shownOrOwnHeld(q, 'p', viewerId);
  else q.where('p.is_hidden', false);
  q.where((w) => {
    w.where('u.is_private', false);
    if (viewerId) {
      w.orWhere('p.author_id', viewerId).orWhereExists(function () {
        this.select(1).from('follows as f').whereRaw('f.following_id = p.author_id').andWhere('f.follower_id', viewerId);
      });
    }
  });
  // A block either way hides the author's posts (and so their comments, likes and bookmarks) from the other.
  return whereNotBlocked(q, 'p.author_id', viewerId);
}

/** The category a feed query names (by name or slug, or by id), or 404. */
export async function categoryIdOf(db: Knex, query: Pick<ListPostsQuery, 'category' | 'categoryId'>): Promise<number | undefined> {
  if (!query.category) return query.categoryId;
  const key = foldKey(query.category);
  const cat = await db('categories').where({ name_key: key }).orWhere({ slug: key }).first('id');
  if (!cat) throw errors.notFound(S.categoryNotFound);
  return cat.id as number;
}

/** A post list's order and keyset: newest by id; popular and most discussed by (count, id). */
export function afterCursor(q: Knex.QueryBuilder, sort: ListPostsQuery['sort'], cursor: string | undefined): Knex.QueryBuilder {
  if (sort === 'newest') {
    const before = decodeIdCursor(cursor);
    if (before) q.where('p.id', '<', before);
    return q.orderBy('p.id', 'desc');
  }
  const col = sort === 'popular' ? 'p.likes_count' : 'p.comments_count';
  const after = decodeCountCursor(cursor);
  if (after) whereRowAfter(q, [col, 'p.id'], '<', after);
  return q.orderBy([
    { column: col, order: 'desc' },
    { column: 'p.id', order: 'desc' },
  ]);
}

/** The cursor after a full page (none after a short one), in the list's order. */
export function nextPostCursor(
  rows: readonly { id: number; likes_count: number; comments_count: number }[],
  limit: number,
  sort: ListPostsQuery['sort'],
): string | null {
  if (sort === 'newest') return nextIdCursor(rows, limit, (r) => r.id);
  const last = rows.at(-1);
  return rows.length === limit && last ? encodeCountCursor(sort === 'popular' ? last.likes_count : last.comments_count, last.id) : null;
}

/**
 * A feed's page for the viewer. Feeds (not a member's own profile list) leave out what the viewer
 * muted: muted members (until the mute ends) and posts with a muted hashtag in the query; posts
 * with a muted word are dropped after reading (a word is matched on the folded text, which no
 * index holds), and the page is filled up from further on, at most three reads.
 */
export async function listPosts(db: Knex, query: ListPostsQuery, viewerId: number | null, viewer?: UserRow) {
  // Near me: one equality before the keyset, on (neighbourhood_id | district_id, sort key, id).
  const area = await areaFilter(db, viewer, query.area);
  const categoryId = await categoryIdOf(db, query);
  const isFeed = !query.authorId && viewerId !== null;
  const mutes = isFeed ? await feedMutes(db, viewerId) : { hashtags: [], words: [] };
  const pageOf = async (cursor: string | undefined, limit: number) => {
    const q = whereInArea(visibleTo(postsQuery(db), viewerId, { ownHeld: true }), 'p', area);
    if (categoryId) q.where('p.category_id', categoryId);
    if (query.authorId) q.where('p.author_id', query.authorId);
    if (isFeed) {
      whereNotMuted(q, 'p.author_id', viewerId);
      if (mutes.hashtags.length)
        q.whereNotExists(function () {
          this.select(1).from('post_hashtags as mh').whereRaw('mh.post_id = p.id').whereIn('mh.tag', mutes.hashtags);
        });
    }
    if (query.feed === 'following' && viewerId) {
      q.where((w) =>
        w.where('p.author_id', viewerId).orWhereExists(function () {
          this.select(1).from('follows as f2').whereRaw('f2.following_id = p.author_id').andWhere('f2.follower_id', viewerId);
        }),
      );
    }
    const rows = (await afterCursor(q, query.sort, cursor).limit(limit)) as PostRow[];
    return { rows, next: nextPostCursor(rows, limit, query.sort) };
  };
  const rows: PostRow[] = [];
  let cursor = query.cursor;
  let nextCursor: string | null = null;
  for (let round = 0; round < 3; round += 1) {
    const page = await pageOf(cursor, query.limit - rows.length);
    rows.push(...page.rows.filter((r) => !matchesMutedWord(r.content ?? '', mutes.words)));
    nextCursor = page.next;
    if (!nextCursor || rows.length >= query.limit) break;
    cursor = nextCursor;
  }
  return { items: await presentPosts(db, rows, viewerId), nextCursor };
}

export async function getPost(db: Db, id: number, viewerId: number | null) {
  const row = (await visibleTo(postsQuery(db), viewerId).where('p.id', id).first()) as PostRow | undefined;
  if (!row) throw errors.notFound(S.postNotFound);
  const [post] = await presentPosts(db, [row], viewerId);
  return post;
}

/** Hashtags and mentions of a post's text, stored for lookups; returns newly mentioned user ids. */
async function indexText(trx: Knex.Transaction, postId: number, content: string, createdAt: string, authorId: number): Promise<number[]> {
  const before = (await trx('post_mentions').where({ post_id: postId }).select('user_id')).map((r: { user_id: number }) => r.user_id);
  await trx('post_hashtags').where({ post_id: postId }).delete();
  await trx('post_mentions').where({ post_id: postId }).delete();
  // One row per folded tag, labelled with the form typed first (extractHashtags keeps that one).
  const tags = extractHashtags(content)
    .map((label) => ({ post_id: postId, tag: hashtagKey(label), label, created_at: createdAt }))
    .filter((t) => t.tag.length <= 100 && t.label.length <= 100);
  if (tags.length) await trx('post_hashtags').insert(tags);
  const names = extractMentions(content).map(foldKey);
  if (names.length === 0) return [];
  // A mention across a block (either way) is not stored: it neither notifies nor links.
  const users = await whereNotBlocked(trx('users').whereIn('username_key', names), 'users.id', authorId).select('id');
  const ids = users.map((u: { id: number }) => u.id).filter((id: number) => id !== authorId);
  if (ids.length) await trx('post_mentions').insert(ids.map((user_id: number) => ({ post_id: postId, user_id })));
  return ids.filter((id: number) => !before.includes(id));
}

export async function resolveCategoryId(db: Db, categoryId: number | undefined): Promise<number> {
  if (categoryId) {
    const cat = await db('categories').where({ id: categoryId }).first('id');
    if (!cat) throw errors.badRequest(S.categoryNotFound, 'category_not_found');
    return cat.id;
  }
  const genel = await db('categories')
    .where({ name_key: foldKey(DEFAULT_CATEGORY_NAME) })
    .first('id');
  return genel.id;
}

export async function createPost(
  ctx: AppContext,
  author: UserRow,
  input: {
    content: string;
    categoryId?: number;
    imageUrl?: string | null;
    videoUrl?: string | null;
    image?: StoredImageSize | null;
    neighbourhoodId?: number | null;
  },
) {
  const type = input.videoUrl ? 'video' : input.imageUrl ? 'image' : 'text';
  const created: { userId: number; notificationId: number | null }[] = [];
  // A blocking watched word refuses it here; one that holds it saves it hidden and queued.
  const screened = await screenText(ctx.db, [input.content]);
  const held = screened === 'require_approval';
  let reportId: number | null = null;
  const id = await ctx.db.transaction(async (trx) => {
    await checkNewMemberWrite(trx, author, { text: input.content, media: Boolean(input.imageUrl || input.videoUrl) }, ctx.now);
    const categoryId = await resolveCategoryId(trx, input.categoryId);
    const place = await placeColumns(trx, input.neighbourhoodId ?? null);
    const now = nowIso();
    const [row] = await trx('posts')
      .insert({
        ...place,
        author_id: author.id,
        content: input.content,
        type,
        category_id: categoryId,
        image_url: input.imageUrl ?? null,
        ...imageSizeColumns(input.imageUrl ? input.image : null),
        video_url: input.videoUrl ?? null,
        ...heldColumns(held),
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const postId = typeof row === 'object' ? row.id : row;
    if (screened === 'require_approval' || screened === 'flag') {
      reportId = await fileWatchedWordReport(trx, { type: 'post', id: Number(postId), authorId: author.id }, screened);
    }
    const mentioned = await indexText(trx, postId, input.content, now, author.id);
    await tallyTags(trx, { postIds: [postId] }, 1);
    await tallyCategories(trx, { postIds: [postId] }, 1);
    await indexRows(trx, 'post', [postId]);
    // Held, its mentions notify once it is approved (services/held-items).
    if (!held)
      created.push(
        ...(await createNotifications(
          trx,
          [...mentioned].map((userId) => ({ userId, type: 'mention' as const, actorId: author.id, relatedPostId: postId, message: N.mention })),
        )),
      );
    return postId as number;
  });
  announceNotifications(ctx.bus, created);
  if (reportId !== null) ctx.bus.emit('report:created', { reportId });
  if (held) return heldPost(ctx.db, id, author.id);
  return getPost(ctx.db, id, author.id);
}

/** A post a watched word holds for approval, as its author sees it: hidden from everyone else, marked pending. */
async function heldPost(db: Db, id: number, authorId: number) {
  const row = (await postsQuery(db).where('p.id', id).first()) as PostRow;
  const [post] = await presentPosts(db, [row], authorId);
  return { ...post!, pendingApproval: true };
}

/** The post's row, for a change the post policy's `decide` allows (404 when there is no such post). */
async function postToChange(db: Db, id: number, actor: UserRow, decide: (actor: Actor, post: { authorId: number }) => Decision) {
  const post = await db('posts').where({ id }).first();
  if (!post) throw notFound('post');
  authorize(decide(actor, { authorId: post.author_id }));
  return post;
}

export async function updatePost(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  input: { content: string; categoryId?: number; neighbourhoodId?: number | null },
) {
  const created: { userId: number; notificationId: number | null }[] = [];
  // An edit may not bring in a blocked word; holding or flagging applies to new posts.
  await screenText(ctx.db, [input.content]);
  await ctx.db.transaction(async (trx) => {
    const post = await postToChange(trx, id, actor, policy.canEdit);
    if (!input.content && !post.image_url && !post.video_url) throw errors.badRequest(S.postTextRequired, 'post_empty');
    const patch: Record<string, unknown> = { content: input.content, updated_at: nowIso() };
    if (input.categoryId) patch.category_id = await resolveCategoryId(trx, input.categoryId);
    if (patch.category_id !== undefined) await lockCategories(trx, [post.category_id, patch.category_id as number]);
    if (input.neighbourhoodId !== undefined) Object.assign(patch, await placeColumns(trx, input.neighbourhoodId));
    await tallyTags(trx, { postIds: [id] }, -1);
    await tallyCategories(trx, { postIds: [id] }, -1);
    await trx('posts').where({ id }).update(patch);
    const mentioned = await indexText(trx, id, input.content, nowIso(), actor.id);
    await indexRows(trx, 'post', [id]);
    await tallyTags(trx, { postIds: [id] }, 1);
    await tallyCategories(trx, { postIds: [id] }, 1);
    created.push(
      ...(await createNotifications(
        trx,
        [...mentioned].map((userId) => ({ userId, type: 'mention' as const, actorId: actor.id, relatedPostId: id, message: N.mention })),
      )),
    );
  });
  announceNotifications(ctx.bus, created);
  return getPost(ctx.db, id, actor.id);
}

/**
 * The author or an admin; likes, comments, bookmarks, hashtags and notifications go with it. An
 * admin removing someone else's post tells its author, with the reason given (if any).
 */
export async function deletePost(ctx: AppContext, actor: UserRow, id: number, reason = '') {
  const post = await ctx.db.transaction(async (trx) => {
    const p = await postToChange(trx, id, actor, policy.canDelete);
    const affected = (await trx('notifications').where({ related_post_id: id }).distinct('user_id')).map((r: { user_id: number }) => r.user_id);
    await tallyTags(trx, { postIds: [id] }, -1);
    await tallyCategories(trx, { postIds: [id] }, -1);
    await trx('posts').where({ id }).delete();
    await auditModeration(trx, actor, p.author_id, 'post.delete', { type: 'post', id }, { before: { content: p.content, authorId: p.author_id } });
    const notice = moderatesSite(actor)
      ? await notifyModeration(trx, actor, { authorId: p.author_id, kind: 'post', action: 'delete', content: p.content, reason })
      : null;
    return { ...p, affected, notice };
  });
  await removeUpload(ctx, post.image_url);
  await removeUpload(ctx, post.video_url);
  for (const userId of post.affected) ctx.bus.emit('notifications:changed', { userId });
  if (post.notice) announceNotifications(ctx.bus, [post.notice]);
}

/**
 * What the post policy needs about one post for one actor, in one read: the author's privacy,
 * whether the actor follows them, and a block between the two either way (the rule of
 * `visibleTo`, whose last part refuses a write where it hides a read).
 */
async function postContext(db: Db, id: number, actor: Actor): Promise<(policy.PostContext & { id: number }) | null> {
  const me = actor?.id ?? 0;
  const row = await db('posts as p')
    .join('users as u', 'u.id', 'p.author_id')
    .where('p.id', id)
    .first(
      'p.id',
      'p.author_id',
      'p.is_hidden',
      'u.is_private',
      db.raw('exists (select 1 from follows f where f.follower_id = ? and f.following_id = p.author_id) as follows', [me]),
      db.raw(
        'exists (select 1 from user_blocks b where (b.blocker_id = ? and b.blocked_id = p.author_id) or (b.blocked_id = ? and b.blocker_id = p.author_id)) as blocked',
        [me, me],
      ),
    );
  if (!row) return null;
  return {
    id: row.id,
    authorId: row.author_id,
    isHidden: Boolean(row.is_hidden),
    authorPrivate: Boolean(row.is_private),
    actorFollowsAuthor: Boolean(row.follows),
    blocked: Boolean(row.blocked),
  };
}

/** The post if the post policy's `decide` allows the actor, else its refusal (a missing post is a 404). */
async function postFor(db: Db, id: number, actor: Actor, decide: (actor: Actor, post: policy.PostContext) => Decision) {
  const post = await postContext(db, id, actor);
  if (!post) throw notFound('post');
  authorize(decide(actor, post));
  return post;
}

export async function toggleLike(ctx: AppContext, user: UserRow, postId: number) {
  let notification: { userId: number; notificationId: number | null } | null = null;
  const result = await setLike(ctx.db, 'post', postId, user.id, 'toggle', {
    check: (trx, adding) => postFor(trx, postId, user, (actor, post) => (adding ? policy.canLike(actor, post) : policy.canView(actor, post))),
    onAdded: async (trx, post) => {
      notification = {
        userId: post.authorId,
        notificationId: await createNotification(
          trx,
          { userId: post.authorId, type: 'like', actorId: user.id, relatedPostId: postId, message: N.like },
          notificationClock(ctx),
        ),
      };
    },
  });
  if (notification) announceNotifications(ctx.bus, [notification]);
  return result;
}

/**
 * The link was copied. A member's share counts once per post; a visitor's is not counted (the
 * link works for them all the same), so the number cannot be driven up by repetition.
 */
export async function sharePost(db: Knex, viewer: UserRow | undefined, postId: number) {
  const viewerId = viewer?.id ?? null;
  return db.transaction(async (trx) => {
    await lockRow(trx, 'posts', postId);
    await postFor(trx, postId, viewer, policy.canView);
    if (viewerId && !(await trx('post_shares').where({ post_id: postId, user_id: viewerId }).first('post_id'))) {
      await trx('post_shares').insert({ post_id: postId, user_id: viewerId, created_at: nowIso() });
      await trx('posts').where({ id: postId }).increment('shares_count', 1);
    }
    const { shares_count } = await trx('posts').where({ id: postId }).first('shares_count');
    return { sharesCount: shares_count as number };
  });
}

/** A post's comments the viewer is shown: those of members they have a block with (either way) or mute are left out. */
const commentsFor = (db: Knex, viewerId: number | null) =>
  whereNotMuted(whereNotBlocked(commentsQuery(db, 'post'), 'c.author_id', viewerId), 'c.author_id', viewerId);

/**
 * A page of comments. `newest`: newest first, the next page older; `oldest`: oldest first, the next page newer
 * (the post's page offers both, as the feed does). Without an order, the latest page oldest first so a
 * conversation reads top to bottom (the comments dialog), its next page further back.
 */
export async function listComments(db: Knex, postId: number, viewer: UserRow | undefined, page: CursorPageQuery & { order?: CommentOrder }) {
  const viewerId = viewer?.id ?? null;
  await postFor(db, postId, viewer, policy.canView);
  const from = decodeIdCursor(page.cursor) ?? undefined;
  const rows = await commentPage<CommentRow>(
    db,
    'post',
    postId,
    page.order === 'oldest' ? { limit: page.limit, after: from ?? 0, viewerId } : { limit: page.limit, before: from, viewerId },
    commentsFor(db, viewerId),
  );
  const nextCursor = nextIdCursor(rows, page.limit, (r) => r.id);
  return { items: await censorContent(db, (page.order ? rows : rows.reverse()).map(presentComment)), nextCursor };
}

/** One comment of a post, if the viewer may see the post and is shown the comment (a link to it opens with it). */
export async function getComment(db: Knex, postId: number, commentId: number, viewer: UserRow | undefined) {
  await postFor(db, postId, viewer, policy.canView);
  const row: CommentRow | undefined = await commentsFor(db, viewer?.id ?? null)
    .where({ 'c.id': commentId, 'c.post_id': postId, 'c.is_hidden': false })
    .first();
  if (!row) throw errors.notFound(TEXTS.social.commentNotFound, 'comment_not_found');
  return (await censorContent(db, [presentComment(row)]))[0]!;
}

export async function addComment(ctx: AppContext, user: UserRow, postId: number, content: string) {
  // A blocking word refuses it; one that holds it saves it hidden and pending: the post's author hears of it once approved.
  const screened = await screenText(ctx.db, [content]);
  const held = screened === 'require_approval';
  let reportId: number | null = null;
  let notification: { userId: number; notificationId: number | null } | null = null;
  const id = await ctx.db.transaction(async (trx) => {
    const post = await postFor(trx, postId, user, policy.canComment);
    await checkNewMemberWrite(trx, user, { text: content, media: false }, ctx.now);
    const commentId = await insertCommentTx(trx, 'post', postId, user.id, content, held);
    if (screened === 'flag' || screened === 'require_approval')
      reportId = await fileWatchedWordReport(trx, { type: 'comment', id: commentId, authorId: user.id }, screened);
    if (!held)
      notification = {
        userId: post.authorId,
        notificationId: await createNotification(trx, { userId: post.authorId, type: 'comment', actorId: user.id, relatedPostId: postId, message: N.comment }),
      };
    return commentId;
  });
  if (notification) announceNotifications(ctx.bus, [notification]);
  if (reportId !== null) ctx.bus.emit('report:created', { reportId });
  return presentComment((await commentsQuery(ctx.db, 'post').where('c.id', id).first()) as CommentRow);
}

/** The comment's author or an admin (decided with every other comment kind in engagement/comments). */
export async function deleteComment(db: Knex, actor: UserRow, id: number) {
  await deleteCommentOfKind(db, actor, 'post', id, { notFound: () => errors.notFound(S.commentNotFound) });
}
