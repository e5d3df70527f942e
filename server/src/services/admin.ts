import type { Knex } from 'knex';
import { foldKey, TEXTS, type CommentKind } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { nowIso, toIso } from '../db/time';
import { AUTHOR_COLUMNS, authorFromJoin, presentAuthor, type UserRow } from '../presenters/users';
import { audit } from './audit';
import { COMMENT_TABLES, deleteCommentTx, editComment as editCommentOfKind } from './engagement/comments';
import { deleteQuestion } from './questions';
import { LIKE, likePattern } from '../db/like';
import { deleteBlogCategory, deleteBlogPost } from './blog';
import { removeUpload } from './uploads';
import { decodeTuple, encodeTuple, intColumn, sortedPage, textColumn, timeColumn } from '../db/keyset';
import { announceNotifications } from './notifications';
import { notifyModeration } from './moderation';
import { tallyTags } from './hashtags';
import { lockCategories, tallyCategories } from './categories';
import { isPostgres } from '../db/engine';

const A = TEXTS.admin;
type Db = Knex | Knex.Transaction;

async function count(db: Db, table: string): Promise<number> {
  const [row] = await db(table).count({ n: '*' });
  return Number(row.n);
}

export async function stats(db: Knex) {
  const [users, posts, blogs, postComments, blogComments, groupComments, answers, categories, blogCategories, questions, events, groupEvents, openReports] =
    await Promise.all(
      ['users', 'posts', 'blog_posts', 'comments', 'blog_comments', 'group_post_comments', 'answers', 'categories', 'blog_categories', 'questions', 'events', 'group_events'].map((t) => count(db, t)).concat(
        db('reports').where({ status: 'open' }).count({ n: '*' }).then(([r]) => Number(r.n)),
      ),
    );
  const recent = await Promise.all([
    db('users').orderBy('id', 'desc').limit(5).select('id', 'display_name as title', 'created_at').then((r) => r.map((x: any) => ({ ...x, type: 'user' }))),
    db('posts').orderBy('id', 'desc').limit(5).select('id', 'content as title', 'created_at').then((r) => r.map((x: any) => ({ ...x, type: 'post' }))),
    db('questions').orderBy('id', 'desc').limit(5).select('id', 'title', 'created_at').then((r) => r.map((x: any) => ({ ...x, type: 'question' }))),
    db('blog_posts').orderBy('id', 'desc').limit(5).select('id', 'title', 'created_at').then((r) => r.map((x: any) => ({ ...x, type: 'blog' }))),
    db('events').orderBy('id', 'desc').limit(5).select('id', 'title', 'created_at').then((r) => r.map((x: any) => ({ ...x, type: 'event' }))),
  ]);
  const recentActivity = recent
    .flat()
    .map((r: any) => ({ id: `${r.type}-${r.id}`, title: String(r.title).slice(0, 120), date: toIso(r.created_at), type: r.type }))
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 10);
  return {
    totalUsers: users,
    totalPosts: posts,
    totalBlogs: blogs,
    totalComments: postComments + blogComments + groupComments + answers,
    totalCategories: categories + blogCategories,
    totalQuestions: questions,
    totalEvents: events + groupEvents,
    openReports,
    recentActivity,
  };
}

function presentAdminUser(r: UserRow) {
  return {
    id: r.id,
    displayName: r.display_name,
    username: r.username,
    email: r.email,
    role: r.role,
    profileImage: r.profile_image,
    isVerified: Boolean(r.is_verified),
    isPrivate: Boolean(r.is_private),
    isDemo: Boolean(r.is_demo),
    createdAt: toIso(r.created_at),
  };
}

const USER_SORT = { createdAt: intColumn('id'), username: textColumn('username_key'), displayName: textColumn('display_name') };

/** Users sorted on the server by any of three columns, keyset-paged with an opaque cursor. */
export async function listUsers(db: Knex, q: { limit: number; before?: number; cursor?: string; sort: keyof typeof USER_SORT; direction: 'asc' | 'desc'; search?: string; role?: string; verified?: boolean }) {
  const query = db('users').select('*');
  if (q.search) {
    // The start of the folded username, e-mail or display name: three index ranges, no scan.
    const from = foldKey(q.search);
    const to = `${from}\u{10FFFF}`;
    const range = isPostgres(db) ? '?? collate "C" >= ? and ?? collate "C" < ?' : '?? >= ? and ?? < ?';
    query.where((w) => {
      for (const column of ['username_key', 'email_key', 'display_name_key']) w.orWhereRaw(range, [column, from, column, to]);
    });
  }
  if (q.role) query.where('role', q.role);
  if (q.verified !== undefined) query.where('is_verified', q.verified);
  if (q.before && !q.cursor) query.where('id', '<', q.before);
  const page = await sortedPage<UserRow>(query, { columns: USER_SORT, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: q.limit, idColumn: 'id' });
  return { items: page.rows.map(presentAdminUser), nextCursor: page.nextCursor };
}

const GROUP_SORT = { createdAt: intColumn('g.id'), name: textColumn('g.name'), memberCount: intColumn('g.member_count'), postCount: intColumn('g.post_count') };

export async function listGroups(db: Knex, q: { limit: number; cursor?: string; sort: keyof typeof GROUP_SORT; direction: 'asc' | 'desc'; search?: string }) {
  const query = db('hobby_groups as g').leftJoin('users as u', 'u.id', 'g.creator_id').select('g.*', 'u.username as creator_username', 'u.display_name as creator_name');
  if (q.search) query.whereRaw(`lower(g.name) ${LIKE}`, [likePattern(q.search)]);
  const page = await sortedPage<any>(query, { columns: GROUP_SORT, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: q.limit, idColumn: 'g.id' });
  const items = page.rows.map((r: any) => ({
    id: r.id, name: r.name, slug: r.slug, isPrivate: Boolean(r.is_private), memberCount: r.member_count, postCount: r.post_count, eventCount: r.event_count,
    creator: r.creator_username ? { username: r.creator_username, displayName: r.creator_name } : null, createdAt: toIso(r.created_at),
  }));
  return { items, nextCursor: page.nextCursor };
}

/**
 * A whole group with its posts, comments, members and events (admins only, audited). Answers its
 * posts' images, for the caller to remove once the delete has committed.
 */
export async function deleteGroup(db: Knex, admin: UserRow, id: number): Promise<string[]> {
  return db.transaction(async (trx) => {
    const before = await trx('hobby_groups').where({ id }).first('id', 'name', 'slug', 'member_count', 'post_count');
    if (!before) throw errors.notFound(TEXTS.community.groupNotFound, 'group_not_found');
    const images: string[] = await trx('group_posts').where({ group_id: id }).whereNotNull('image_url').pluck('image_url');
    await trx('hobby_groups').where({ id }).delete();
    await audit(trx, admin, 'hobby_group.delete', { type: 'hobby_group', id }, { before });
    return images;
  });
}

export async function deleteGroupAndFiles(ctx: AppContext, admin: UserRow, id: number) {
  for (const url of await deleteGroup(ctx.db, admin, id)) await removeUpload(ctx.config.uploadsDir, url);
}

export async function updateUser(ctx: AppContext, admin: UserRow, id: number, input: { role?: 'user' | 'admin'; isVerified?: boolean }) {
  const db = ctx.db;
  await db.transaction(async (trx) => {
    const before = (await trx('users').where({ id }).first()) as UserRow | undefined;
    if (!before) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
    if (id === admin.id && input.role === 'user') throw errors.badRequest(A.cannotDemoteSelf, 'cannot_demote_self');
    const patch: Record<string, unknown> = { updated_at: nowIso() };
    if (input.role !== undefined) patch.role = input.role;
    if (input.isVerified !== undefined) patch.is_verified = input.isVerified;
    await trx('users').where({ id }).update(patch);
    await audit(trx, admin, 'user.update', { type: 'user', id }, {
      before: { role: before.role, isVerified: Boolean(before.is_verified) },
      after: { role: input.role ?? before.role, isVerified: input.isVerified ?? Boolean(before.is_verified) },
    });
  });
  if (input.role !== undefined) ctx.bus.emit('user:role_changed', { userId: id, role: input.role });
  return presentAdminUser((await db('users').where({ id }).first()) as UserRow);
}

/**
 * Never an admin, never oneself. Personal content goes with the account (cascades); questions,
 * answers, blog posts and groups stay, shown as 'Silinmiş kullanıcı'.
 */
export async function deleteUser(ctx: AppContext, admin: UserRow, id: number, trxIn?: Knex.Transaction) {
  const run = async (trx: Knex.Transaction) => {
    const target = (await trx('users').where({ id }).first()) as UserRow | undefined;
    if (!target) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
    if (target.id === admin.id) throw errors.badRequest(A.cannotDeleteSelf, 'cannot_delete_self');
    if (target.role === 'admin') throw errors.forbidden(A.cannotDeleteAdmin, 'cannot_delete_admin');
    const files = [
      ...(await trx('posts').where({ author_id: id }).select('image_url', 'video_url')),
      ...(await trx('group_posts').where({ author_id: id }).whereNotNull('image_url').select('image_url')),
    ];
    await tallyTags(trx, { authorId: id }, -1);
    await tallyCategories(trx, { authorId: id }, -1);
    await trx('users').where({ id }).delete();
    await audit(trx, admin, 'user.delete', { type: 'user', id }, { before: { username: target.username, email: target.email, role: target.role } });
    return { files, profileImage: target.profile_image };
  };
  const result = trxIn ? await run(trxIn) : await ctx.db.transaction(run);
  const cleanup = async () => {
    for (const f of result.files) {
      await removeUpload(ctx.config.uploadsDir, f.image_url);
      await removeUpload(ctx.config.uploadsDir, f.video_url);
    }
    await removeUpload(ctx.config.uploadsDir, result.profileImage);
    ctx.bus.emit('user:deleted', { userId: id });
  };
  if (trxIn) return cleanup;
  await cleanup();
  return null;
}

/** One confirm, many rows: every row changes in one transaction, or none does. */
export async function bulkUsers(ctx: AppContext, admin: UserRow, ids: number[], action: 'verify' | 'unverify' | 'make_admin' | 'make_user' | 'delete') {
  const cleanups: (() => Promise<void>)[] = [];
  await ctx.db.transaction(async (trx) => {
    for (const id of ids) {
      if (action === 'delete') {
        const cleanup = await deleteUser(ctx, admin, id, trx);
        if (cleanup) cleanups.push(cleanup);
        continue;
      }
      const before = (await trx('users').where({ id }).first()) as UserRow | undefined;
      if (!before) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
      if (id === admin.id && action === 'make_user') throw errors.badRequest(A.cannotDemoteSelf, 'cannot_demote_self');
      const patch = action === 'verify' ? { is_verified: true } : action === 'unverify' ? { is_verified: false } : { role: action === 'make_admin' ? 'admin' : 'user' };
      await trx('users').where({ id }).update({ ...patch, updated_at: nowIso() });
      await audit(trx, admin, `user.bulk_${action}`, { type: 'user', id }, {
        before: { role: before.role, isVerified: Boolean(before.is_verified) },
        after: { role: (patch as { role?: string }).role ?? before.role, isVerified: (patch as { is_verified?: boolean }).is_verified ?? Boolean(before.is_verified) },
      });
    }
  });
  for (const c of cleanups) await c();
  if (action === 'make_admin' || action === 'make_user') for (const id of ids) ctx.bus.emit('user:role_changed', { userId: id, role: action === 'make_admin' ? 'admin' : 'user' });
  return { updated: ids.length };
}

const QUESTION_SORT = { createdAt: intColumn('q.id'), upvotes: intColumn('q.upvotes'), views: intColumn('q.views'), answersCount: intColumn('q.answers_count') };

export async function listQuestions(db: Knex, q: { limit: number; cursor?: string; sort: keyof typeof QUESTION_SORT; direction: 'asc' | 'desc'; search?: string; answered?: boolean }) {
  const query = db('questions as q').leftJoin('users as u', 'u.id', 'q.author_id').select('q.*', ...AUTHOR_COLUMNS);
  if (q.search) query.whereRaw(`?? ${LIKE}`, ['q.search_text', likePattern(q.search)]);
  if (q.answered !== undefined) query.where('q.is_answered', q.answered);
  const page = await sortedPage<any>(query, { columns: QUESTION_SORT, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: q.limit, idColumn: 'q.id' });
  return {
    items: page.rows.map((r: any) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      category: r.category,
      views: r.views,
      upvotes: r.upvotes,
      answersCount: r.answers_count,
      isAnswered: Boolean(r.is_answered),
      author: authorFromJoin(r),
      createdAt: toIso(r.created_at),
    })),
    nextCursor: page.nextCursor,
  };
}

// ---- comments of every kind ----

function commentsOfKind(db: Db, kind: CommentKind) {
  const t = COMMENT_TABLES[kind];
  const q = db(`${t.table} as c`)
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .join(`${t.parentTable} as p`, 'p.id', `c.${t.parent}`)
    .select('c.id', 'c.content', 'c.created_at', 'c.is_hidden', 'u.id as u_id', 'u.username', 'u.display_name', 'u.profile_image', 'u.role', `p.id as parent_id`, `p.${t.parentTitle} as parent_title`);
  if (kind === 'blog') q.select('p.slug as parent_slug');
  if (kind === 'group') q.join('hobby_groups as g', 'g.id', 'p.group_id').select('g.slug as group_slug');
  return q;
}

export function presentAdminComment(kind: CommentKind, r: any) {
  return {
    kind,
    key: `${kind}-${r.id}`,
    id: r.id,
    content: r.content,
    isHidden: Boolean(r.is_hidden),
    status: r.is_hidden ? 'hidden' : 'active',
    author: presentAuthor(r.u_id ? { id: r.u_id, username: r.username, display_name: r.display_name, profile_image: r.profile_image, role: r.role } : null),
    targetTitle: String(r.parent_title ?? '').slice(0, 120),
    link: COMMENT_TABLES[kind].link(r),
    createdAt: toIso(r.created_at),
  };
}

const KIND_RANK: Record<CommentKind, number> = { post: 0, blog: 1, answer: 2, group: 3 };

/**
 * Comments of posts, blog posts, questions (answers) and groups, merged by time. The order is
 * (time, kind, id), so rows with the same time never repeat or vanish between pages; each
 * kind reads at most one page from its (created_at, id) index and the pages merge here.
 */
export async function listComments(db: Knex, q: { kind: CommentKind | 'all'; search?: string; limit: number; direction: 'asc' | 'desc'; cursor?: string }) {
  const kinds: CommentKind[] = q.kind === 'all' ? ['post', 'blog', 'answer', 'group'] : [q.kind];
  const after = decodeTuple<[string, number, number]>(q.cursor, ['time', 'int', 'int']);
  const desc = q.direction === 'desc';
  const op = desc ? '<' : '>';
  const parts = await Promise.all(
    kinds.map(async (kind) => {
      const query = commentsOfKind(db, kind);
      if (q.search) query.whereRaw(`lower(c.content) ${LIKE}`, [likePattern(q.search)]);
      if (after) {
        const [time, rank, id] = after;
        const mine = KIND_RANK[kind];
        // Past the cursor in (time, kind, id) order, seen from this kind's rank.
        if (mine === rank) query.where((w) => w.where('c.created_at', op, time).orWhere((w2) => w2.where('c.created_at', time).andWhere('c.id', op, id)));
        else if (desc ? mine < rank : mine > rank) query.where('c.created_at', desc ? '<=' : '>=', time);
        else query.where('c.created_at', op, time);
      }
      const rows = await query.orderBy([{ column: 'c.created_at', order: q.direction }, { column: 'c.id', order: q.direction }]).limit(q.limit);
      return rows.map((r: any) => ({ row: presentAdminComment(kind, r), time: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at), rank: KIND_RANK[kind] }));
    }),
  );
  const sign = desc ? -1 : 1;
  const merged = parts
    .flat()
    .sort((a, b) => sign * (a.time.localeCompare(b.time) || a.rank - b.rank || a.row.id - b.row.id))
    .slice(0, q.limit);
  const last = merged[merged.length - 1];
  return {
    items: merged.map((m) => m.row),
    nextCursor: merged.length === q.limit && last ? encodeTuple([last.time, last.rank, last.row.id]) : null,
  };
}

export async function editComment(db: Knex, admin: UserRow, kind: CommentKind, id: number, content: string) {
  await editCommentOfKind(db, admin, kind, id, content);
  return presentAdminComment(kind, await commentsOfKind(db, kind).where('c.id', id).first());
}

export async function deleteComment(db: Knex, admin: UserRow, kind: CommentKind, id: number) {
  await db.transaction((trx) => deleteCommentTx(trx, admin, kind, id, { audit: 'always' }));
}

// ---- content: posts and group posts ----

const CONTENT_SORT = { createdAt: intColumn('p.id'), likesCount: intColumn('p.likes_count'), commentsCount: intColumn('p.comments_count') };

export async function listContent(db: Knex, q: { kind: 'post' | 'group_post'; search?: string; limit: number; before?: number; cursor?: string; sort: keyof typeof CONTENT_SORT; direction: 'asc' | 'desc' }) {
  const table = q.kind === 'post' ? 'posts' : 'group_posts';
  const query = db(`${table} as p`).join('users as u', 'u.id', 'p.author_id').select('p.*', ...AUTHOR_COLUMNS);
  if (q.kind === 'group_post') query.join('hobby_groups as g', 'g.id', 'p.group_id').select('g.name as group_name', 'g.slug as group_slug');
  if (q.search) query.whereRaw(`lower(p.content) ${LIKE}`, [likePattern(q.search)]);
  if (q.before && !q.cursor) query.where('p.id', '<', q.before);
  const page = await sortedPage<any>(query, { columns: CONTENT_SORT, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: q.limit, idColumn: 'p.id' });
  return {
    items: page.rows.map((r: any) => ({
      kind: q.kind,
      id: r.id,
      content: r.content,
      type: r.type,
      imageUrl: r.image_url,
      videoUrl: r.video_url ?? null,
      likesCount: r.likes_count,
      commentsCount: r.comments_count,
      isHidden: Boolean(r.is_hidden),
      group: r.group_slug ? { name: r.group_name, slug: r.group_slug } : null,
      author: authorFromJoin(r),
      createdAt: toIso(r.created_at),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Deletes a post or group post inside the caller's transaction and returns what to do once it
 * has committed: its files are removed only then, so a rolled-back delete keeps them.
 */
export async function deleteContentTx(ctx: AppContext, trx: Knex.Transaction, admin: UserRow, kind: 'post' | 'group_post', id: number, reason = '') {
  const table = kind === 'post' ? 'posts' : 'group_posts';
  const before = await trx(table).where({ id }).first();
  if (!before) throw errors.notFound(A.contentNotFound, 'content_not_found');
  if (kind === 'post') {
    await tallyTags(trx, { postIds: [id] }, -1);
    await tallyCategories(trx, { postIds: [id] }, -1);
  }
  await trx(table).where({ id }).delete();
  if (kind === 'group_post') await trx('hobby_groups').where({ id: before.group_id }).decrement('post_count', 1);
  await audit(trx, admin, `${kind}.delete`, { type: kind, id }, { before: { content: before.content, authorId: before.author_id } });
  // The author learns what went and why; the socket hears of it once this has committed.
  const notice = await notifyModeration(trx, admin, { authorId: before.author_id, kind, action: 'delete', content: before.content, reason });
  return async () => {
    await removeUpload(ctx.config.uploadsDir, before.image_url);
    await removeUpload(ctx.config.uploadsDir, before.video_url);
    if (notice) announceNotifications(ctx.bus, [notice]);
  };
}

export async function deleteContent(ctx: AppContext, admin: UserRow, kind: 'post' | 'group_post', id: number, reason = '') {
  const cleanup = await ctx.db.transaction((trx) => deleteContentTx(ctx, trx, admin, kind, id, reason));
  await cleanup();
}

/** One confirm, many posts: all are deleted in one transaction, or none is. */
export async function bulkDeleteContent(ctx: AppContext, admin: UserRow, kind: 'post' | 'group_post', ids: number[], reason = '') {
  const cleanups = await ctx.db.transaction(async (trx) => {
    const done: (() => Promise<void>)[] = [];
    if (kind === 'post') await lockCategories(trx, (await trx('posts').whereIn('id', ids).distinct('category_id')).map((r: { category_id: number | null }) => r.category_id));
    for (const id of ids) done.push(await deleteContentTx(ctx, trx, admin, kind, id, reason));
    return done;
  });
  for (const c of cleanups) await c();
  return { deleted: ids.length };
}

/** Comments of any kinds, all in one transaction or none. */
export async function bulkDeleteComments(db: Knex, admin: UserRow, items: { kind: CommentKind; id: number }[]) {
  await db.transaction(async (trx) => {
    for (const { kind, id } of items) await deleteCommentTx(trx, admin, kind, id, { audit: 'always' });
  });
  return { deleted: items.length };
}

// ---- events of the city and of groups ----

const EVENT_SORT = { createdAt: intColumn('e.id'), date: timeColumn('e.date'), title: textColumn('e.title'), attendeesCount: intColumn('e.attendees_count') };

/** City events or group events; group events have no attendance, so that sort falls back to time. */
export async function listEvents(db: Knex, q: { kind: 'event' | 'group_event'; limit: number; cursor?: string; sort: keyof typeof EVENT_SORT; direction: 'asc' | 'desc'; search?: string }) {
  const city = q.kind === 'event';
  const query = city
    ? db('events as e').join('users as u', 'u.id', 'e.creator_id').select('e.*', 'u.username', 'u.display_name')
    : db('group_events as e').join('hobby_groups as g', 'g.id', 'e.group_id').leftJoin('users as u', 'u.id', 'e.creator_id').select('e.*', 'g.name as group_name', 'g.slug as group_slug', 'u.username', 'u.display_name');
  if (q.search) query.whereRaw(`lower(e.title) ${LIKE}`, [likePattern(q.search)]);
  const sort = !city && q.sort === 'attendeesCount' ? 'createdAt' : q.sort;
  const page = await sortedPage<any>(query, { columns: EVENT_SORT, sort, direction: q.direction, cursor: q.cursor, limit: q.limit, idColumn: 'e.id' });
  return {
    items: page.rows.map((r: any) => ({
      kind: q.kind, id: r.id, title: r.title, date: toIso(r.date), location: r.location, category: city ? r.category : null,
      attendeesCount: city ? r.attendees_count : null, isPrivate: Boolean(r.is_private),
      creator: r.username ? { username: r.username, displayName: r.display_name } : null,
      group: city ? null : { name: r.group_name, slug: r.group_slug }, createdAt: toIso(r.created_at),
    })),
    nextCursor: page.nextCursor,
  };
}

export async function deleteEvent(db: Knex, admin: UserRow, kind: 'event' | 'group_event', id: number) {
  const table = kind === 'event' ? 'events' : 'group_events';
  await db.transaction(async (trx) => {
    const before = await trx(table).where({ id }).first();
    if (!before) throw errors.notFound(TEXTS.social.eventNotFound, 'event_not_found');
    await trx(table).where({ id }).delete();
    if (kind === 'group_event') await trx('hobby_groups').where({ id: before.group_id }).decrement('event_count', 1);
    await audit(trx, admin, `${kind}.delete`, { type: kind, id }, { before: { title: before.title, date: toIso(before.date) } });
  });
}


// ---- one confirm, many rows ----

type BulkDeleteType = 'question' | 'event' | 'group_event' | 'blog_post' | 'hobby_group' | 'blog_category';
/** Each answers nothing, or the uploaded files to remove once the whole delete has committed. */
const BULK_DELETERS: Record<BulkDeleteType, (trx: Knex.Transaction, admin: UserRow, id: number) => Promise<void | string[]>> = {
  question: deleteQuestion,
  event: (trx, admin, id) => deleteEvent(trx, admin, 'event', id),
  group_event: (trx, admin, id) => deleteEvent(trx, admin, 'group_event', id),
  blog_post: deleteBlogPost,
  hobby_group: deleteGroup,
  blog_category: deleteBlogCategory,
};

/**
 * Deletes the selected rows of one workspace table in one transaction: each row's own delete
 * (with its audit entry) runs inside it as a savepoint, and one failure undoes them all.
 */
export async function bulkDelete(ctx: AppContext, admin: UserRow, type: BulkDeleteType, ids: number[]) {
  const files: string[] = [];
  await ctx.db.transaction(async (trx) => {
    for (const id of ids) files.push(...((await BULK_DELETERS[type](trx, admin, id)) ?? []));
  });
  for (const url of files) await removeUpload(ctx.config.uploadsDir, url);
  return { deleted: ids.length };
}
