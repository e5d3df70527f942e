import type { Knex } from 'knex';
import { groupSlug, TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import { auditModeration } from '../audit';
import { nowIso, toIso } from '../../db/time';
import { AUTHOR_COLUMNS, authorFromJoin, type UserRow } from '../../presenters/users';
import { lockRow } from '../../db/locks';
import { deleteComment as deleteCommentOfKind, insertCommentTx } from '../engagement/comments';
import { isLiked as isLikedBy, likedIds, setLike as setLikeOf } from '../engagement/likes';
import type { AppContext } from '../../context';
import { announceNotifications, createNotification } from '../notifications';
import { imageSizeColumns, type StoredImageSize } from '../uploads';
import { notifyModeration } from '../moderation';

const G = TEXTS.community;
type Db = Knex | Knex.Transaction;

interface GroupRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  is_private: boolean | number;
  creator_id: number | null;
  member_count: number;
  post_count: number;
  event_count: number;
  created_at: unknown;
}

function presentGroup(g: GroupRow, isMember: boolean, isPending = false) {
  return {
    id: g.id,
    name: g.name,
    slug: g.slug,
    description: g.description,
    icon: g.icon,
    color: g.color,
    isPrivate: Boolean(g.is_private),
    creatorId: g.creator_id,
    memberCount: g.member_count,
    postCount: g.post_count,
    eventCount: g.event_count,
    isMember,
    /** The viewer asked to join this private group and waits for the founder. */
    isPending,
    createdAt: toIso(g.created_at),
  };
}

async function memberships(db: Db, groupIds: number[], viewer: UserRow | undefined): Promise<Set<number>> {
  if (!viewer || groupIds.length === 0) return new Set();
  const rows = await db('group_members').whereIn('group_id', groupIds).andWhere({ user_id: viewer.id }).select('group_id');
  return new Set(rows.map((r: { group_id: number }) => r.group_id));
}

/** Groups by size (member count, then id), keyset-paged with the last group's id. */
export async function listGroups(db: Knex, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  const q = db('hobby_groups');
  if (page.before) {
    const last = await db('hobby_groups').where({ id: page.before }).first('member_count', 'id');
    if (last) q.where((w) => w.where('member_count', '<', last.member_count).orWhere((w2) => w2.where('member_count', last.member_count).andWhere('id', '<', last.id)));
  }
  const rows = (await q.orderBy([{ column: 'member_count', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(page.limit)) as GroupRow[];
  const mine = await memberships(db, rows.map((r) => r.id), viewer);
  return rows.map((r) => presentGroup(r, mine.has(r.id)));
}

export async function groupBySlug(db: Db, slug: string): Promise<GroupRow> {
  const group = (await db('hobby_groups').where({ slug }).first()) as GroupRow | undefined;
  if (!group) throw errors.notFound(G.groupNotFound, 'group_not_found');
  return group;
}

export async function isMember(db: Db, groupId: number, viewer: UserRow | undefined): Promise<boolean> {
  if (!viewer) return false;
  return Boolean(await db('group_members').where({ group_id: groupId, user_id: viewer.id }).first('id'));
}

async function hasPendingRequest(db: Db, groupId: number, viewer: UserRow | undefined): Promise<boolean> {
  if (!viewer) return false;
  return Boolean(await db('group_join_requests').where({ group_id: groupId, user_id: viewer.id }).first('id'));
}

export async function getGroup(db: Knex, slug: string, viewer: UserRow | undefined) {
  const group = await groupBySlug(db, slug);
  return presentGroup(group, await isMember(db, group.id, viewer), await hasPendingRequest(db, group.id, viewer));
}

/** A private group's inside (posts, members, events) is for its members and admins. */
async function insideOrThrow(db: Db, slug: string, viewer: UserRow | undefined) {
  const group = await groupBySlug(db, slug);
  if (group.is_private && viewer?.role !== 'admin' && !(await isMember(db, group.id, viewer))) {
    throw errors.forbidden(G.groupMembersOnly, 'group_members_only');
  }
  return group;
}

async function memberOrThrow(db: Db, slug: string, viewer: UserRow) {
  const group = await groupBySlug(db, slug);
  if (!(await isMember(db, group.id, viewer))) throw errors.forbidden(G.groupMembersOnly, 'group_members_only');
  return group;
}

export async function createGroup(db: Knex, me: UserRow, input: { name: string; description: string; icon: string; color: string; isPrivate: boolean }) {
  const slug = await db.transaction(async (trx) => {
    const base = groupSlug(input.name) || 'grup';
    let slug = base;
    for (let i = 2; await trx('hobby_groups').where({ slug }).first('id'); i++) slug = `${base}-${i}`;
    const now = nowIso();
    const [row] = await trx('hobby_groups')
      .insert({ name: input.name, slug, description: input.description, icon: input.icon, color: input.color, is_private: input.isPrivate, creator_id: me.id, member_count: 1, created_at: now, updated_at: now })
      .returning('id');
    const groupId = typeof row === 'object' ? row.id : row;
    await trx('group_members').insert({ group_id: groupId, user_id: me.id, role: 'admin', created_at: now });
    return slug;
  });
  return getGroup(db, slug, me);
}

async function addMember(trx: Knex.Transaction, groupId: number, userId: number) {
  await trx('group_members').insert({ group_id: groupId, user_id: userId, role: 'member', created_at: nowIso() });
  await trx('hobby_groups').where({ id: groupId }).increment('member_count', 1);
}

/**
 * Joins an open group at once. A private group is joined by request: the founder hears of it
 * (a notification) and accepts or rejects; admins walk in. Asking twice changes nothing.
 */
export async function join(ctx: AppContext, me: UserRow, slug: string) {
  const created: { userId: number; notificationId: number | null }[] = [];
  const result = await ctx.db.transaction(async (trx) => {
    const group = await groupBySlug(trx, slug);
    await lockRow(trx, 'hobby_groups', group.id);
    let pending = false;
    if (!(await isMember(trx, group.id, me))) {
      if (group.is_private && me.role !== 'admin') {
        pending = true;
        if (!(await hasPendingRequest(trx, group.id, me))) {
          await trx('group_join_requests').insert({ group_id: group.id, user_id: me.id, created_at: nowIso() });
          if (group.creator_id) {
            created.push({
              userId: group.creator_id,
              notificationId: await createNotification(trx, { userId: group.creator_id, type: 'other', actorId: me.id, message: `${me.display_name} "${group.name}" grubuna katılmak istiyor`, link: `/groups/${group.slug}` }),
            });
          }
        }
      } else {
        await addMember(trx, group.id, me.id);
      }
    }
    const { member_count } = await trx('hobby_groups').where({ id: group.id }).first('member_count');
    return { isMember: !pending, isPending: pending, memberCount: member_count as number };
  });
  announceNotifications(ctx.bus, created);
  return result;
}

async function founderOrAdmin(db: Db, slug: string, viewer: UserRow) {
  const group = await groupBySlug(db, slug);
  if (group.creator_id !== viewer.id && viewer.role !== 'admin') throw errors.forbidden(G.groupFounderOnly, 'group_founder_only');
  return group;
}

/** The requests waiting at a private group, oldest first, for its founder and admins. */
export async function listJoinRequests(db: Knex, viewer: UserRow, slug: string, page: { limit: number; before?: number }) {
  const group = await founderOrAdmin(db, slug, viewer);
  const q = db('group_join_requests as r').join('users as u', 'u.id', 'r.user_id').where('r.group_id', group.id).select('r.id', 'r.created_at', ...AUTHOR_COLUMNS);
  if (page.before) q.where('r.id', '>', page.before);
  const rows = await q.orderBy('r.id', 'asc').limit(page.limit);
  return rows.map((r: any) => ({ id: r.id, user: authorFromJoin(r), createdAt: toIso(r.created_at) }));
}

/** Accept (the person becomes a member and is told) or reject (the request goes away). */
export async function decideJoinRequest(ctx: AppContext, viewer: UserRow, slug: string, userId: number, accept: boolean) {
  const created: { userId: number; notificationId: number | null }[] = [];
  const result = await ctx.db.transaction(async (trx) => {
    const group = await founderOrAdmin(trx, slug, viewer);
    await lockRow(trx, 'hobby_groups', group.id);
    const removed = await trx('group_join_requests').where({ group_id: group.id, user_id: userId }).delete();
    if (!removed) throw errors.notFound(G.groupJoinRequestNotFound, 'join_request_not_found');
    if (accept && !(await trx('group_members').where({ group_id: group.id, user_id: userId }).first('id'))) {
      await addMember(trx, group.id, userId);
      created.push({
        userId,
        notificationId: await createNotification(trx, { userId, type: 'other', actorId: viewer.id, message: `"${group.name}" grubuna katılma isteğiniz kabul edildi`, link: `/groups/${group.slug}` }),
      });
    }
    const { member_count } = await trx('hobby_groups').where({ id: group.id }).first('member_count');
    return { accepted: accept, memberCount: member_count as number };
  });
  announceNotifications(ctx.bus, created);
  return result;
}

/** The creator keeps the group they founded: they cannot leave it (an admin can delete it). */
export async function leave(db: Knex, me: UserRow, slug: string) {
  return db.transaction(async (trx) => {
    const group = await groupBySlug(trx, slug);
    if (group.creator_id === me.id) throw errors.badRequest(G.groupCreatorCannotLeave, 'creator_cannot_leave');
    const removed = await trx('group_members').where({ group_id: group.id, user_id: me.id }).delete();
    if (removed) await trx('hobby_groups').where({ id: group.id }).decrement('member_count', 1);
    // Leaving also withdraws a request still waiting.
    await trx('group_join_requests').where({ group_id: group.id, user_id: me.id }).delete();
    const { member_count } = await trx('hobby_groups').where({ id: group.id }).first('member_count');
    return { isMember: false, memberCount: member_count as number };
  });
}

export async function listMembers(db: Knex, slug: string, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  const group = await insideOrThrow(db, slug, viewer);
  const q = db('group_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.group_id', group.id)
    .select('m.id as membership_id', 'm.role as group_role', 'u.id', 'u.username', 'u.display_name', 'u.profile_image', 'u.profile_image_thumb', 'u.role');
  if (page.before) q.where('m.id', '>', page.before);
  const rows = await q.orderBy('m.id', 'asc').limit(page.limit);
  return rows.map((r: any) => ({
    id: r.id,
    displayName: r.display_name,
    username: r.username,
    profileImage: r.profile_image,
    profileImageThumb: r.profile_image_thumb ?? null,
    role: r.group_role,
    siteRole: r.role,
    membershipId: r.membership_id,
  }));
}

function postsQuery(db: Db) {
  return db('group_posts as p')
    .join('users as u', 'u.id', 'p.author_id')
    .select('p.*', ...AUTHOR_COLUMNS);
}

async function presentPosts(db: Db, rows: any[], viewer: UserRow | undefined) {
  const liked = await likedIds(db, 'group_post', rows.map((p) => p.id), viewer?.id);
  return rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    content: r.content,
    type: r.type,
    imageUrl: r.image_url,
    imageWidth: r.image_width ?? null,
    imageHeight: r.image_height ?? null,
    imageThumbUrl: r.image_thumb_url ?? null,
    authorId: r.author_id,
    author: authorFromJoin(r),
    likesCount: r.likes_count,
    commentsCount: r.comments_count,
    isLiked: liked.has(r.id),
    createdAt: toIso(r.created_at),
  }));
}

export async function listPosts(db: Knex, slug: string, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  const group = await insideOrThrow(db, slug, viewer);
  const q = postsQuery(db).where('p.group_id', group.id).andWhere('p.is_hidden', false);
  if (page.before) q.where('p.id', '<', page.before);
  return presentPosts(db, await q.orderBy('p.id', 'desc').limit(page.limit), viewer);
}

/** Only members post; checked again in the transaction, and by the route before an upload is read. */
export async function assertMember(db: Knex, slug: string, viewer: UserRow) {
  await memberOrThrow(db, slug, viewer);
}

export async function createPost(db: Knex, me: UserRow, slug: string, input: { content: string; imageUrl?: string | null; image?: StoredImageSize | null }) {
  const id = await db.transaction(async (trx) => {
    const group = await memberOrThrow(trx, slug, me);
    const now = nowIso();
    const [row] = await trx('group_posts')
      .insert({ group_id: group.id, author_id: me.id, content: input.content, type: input.imageUrl ? 'image' : 'text', image_url: input.imageUrl ?? null, ...imageSizeColumns(input.imageUrl ? input.image : null), created_at: now, updated_at: now })
      .returning('id');
    await trx('hobby_groups').where({ id: group.id }).increment('post_count', 1);
    return (typeof row === 'object' ? row.id : row) as number;
  });
  return (await presentPosts(db, [await postsQuery(db).where('p.id', id).first()], me))[0];
}

async function postWithGroup(db: Db, postId: number) {
  const post = await db('group_posts as p').join('hobby_groups as g', 'g.id', 'p.group_id').where('p.id', postId).first('p.*', 'g.slug', 'g.creator_id as group_creator_id', 'g.is_private');
  if (!post) throw errors.notFound(G.groupPostNotFound, 'group_post_not_found');
  return post;
}

async function visiblePost(db: Db, postId: number, viewer: UserRow | undefined) {
  const post = await postWithGroup(db, postId);
  if (post.is_hidden && viewer?.role !== 'admin') throw errors.notFound(G.groupPostNotFound, 'group_post_not_found');
  await insideOrThrow(db, post.slug, viewer);
  return post;
}

/** Whether this viewer may see a group post (not hidden, and the group's inside is open to them). */
export async function canSeeGroupPost(db: Db, postId: number, viewer: UserRow | undefined): Promise<boolean> {
  return visiblePost(db, postId, viewer).then(
    () => true,
    () => false,
  );
}

/**
 * The post's author, the group's creator or an admin; someone else removing it tells the author
 * why. Answers the image to remove and the notification to announce once committed.
 */
export async function deletePost(db: Knex, me: UserRow, postId: number, reason = '') {
  return db.transaction(async (trx) => {
    const post = await postWithGroup(trx, postId);
    if (post.author_id !== me.id && post.group_creator_id !== me.id && me.role !== 'admin') throw errors.forbidden();
    await trx('group_posts').where({ id: postId }).delete();
    await trx('hobby_groups').where({ id: post.group_id }).decrement('post_count', 1);
    if (post.group_creator_id !== me.id) await auditModeration(trx, me, post.author_id, 'group_post.delete', { type: 'group_post', id: postId }, { before: { content: post.content, authorId: post.author_id } });
    const notice = await notifyModeration(trx, me, { authorId: post.author_id, kind: 'group_post', action: 'delete', content: post.content, reason });
    return { image: (post.image_url as string | null) ?? null, notice };
  });
}

export async function setLike(db: Knex, me: UserRow, postId: number, like: boolean) {
  return setLikeOf(db, 'group_post', postId, me.id, like ? 'like' : 'unlike', { check: (trx) => visiblePost(trx, postId, me) });
}

export async function isLiked(db: Knex, viewer: UserRow | undefined, postId: number) {
  await visiblePost(db, postId, viewer);
  return { isLiked: await isLikedBy(db, 'group_post', postId, viewer?.id) };
}

function commentsQuery(db: Db) {
  return db('group_post_comments as c')
    .join('users as u', 'u.id', 'c.author_id')
    .select('c.*', ...AUTHOR_COLUMNS);
}

function presentComment(r: any) {
  return {
    id: r.id,
    postId: r.post_id,
    content: r.content,
    createdAt: toIso(r.created_at),
    author: authorFromJoin(r),
  };
}

export async function listComments(db: Knex, postId: number, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  await visiblePost(db, postId, viewer);
  const q = commentsQuery(db).where('c.post_id', postId).andWhere('c.is_hidden', false);
  if (page.before) q.where('c.id', '<', page.before);
  return (await q.orderBy('c.id', 'desc').limit(page.limit)).reverse().map(presentComment);
}

/** Commenting is for members of the group (as posting is). */
export async function addComment(db: Knex, me: UserRow, postId: number, content: string) {
  const id = await db.transaction(async (trx) => {
    const post = await visiblePost(trx, postId, me);
    await memberOrThrow(trx, post.slug, me);
    return insertCommentTx(trx, 'group', postId, me.id, content);
  });
  return presentComment(await commentsQuery(db).where('c.id', id).first());
}

/** The comment's author, the group's founder or an admin (decided in engagement/comments). */
export async function deleteComment(db: Knex, me: UserRow, commentId: number) {
  await deleteCommentOfKind(db, me, 'group', commentId);
}

function presentEvent(r: any) {
  return {
    id: r.id,
    groupId: r.group_id,
    title: r.title,
    description: r.description ?? '',
    date: toIso(r.date),
    location: r.location,
    maxAttendees: r.max_attendees,
    isOnline: Boolean(r.is_online),
    meetingLink: r.meeting_link,
    creatorId: r.creator_id,
    createdAt: toIso(r.created_at),
  };
}

/** Upcoming first (soonest), keyset on (date, id). */
export async function listEvents(db: Knex, slug: string, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  const group = await insideOrThrow(db, slug, viewer);
  const q = db('group_events').where({ group_id: group.id }).andWhere('date', '>=', new Date(Date.now() - 86_400_000).toISOString());
  if (page.before) {
    const last = await db('group_events').where({ id: page.before }).first('date', 'id');
    if (last) q.where((w) => w.where('date', '>', last.date).orWhere((w2) => w2.where('date', last.date).andWhere('id', '>', last.id)));
  }
  return (await q.orderBy([{ column: 'date', order: 'asc' }, { column: 'id', order: 'asc' }]).limit(page.limit)).map(presentEvent);
}

export async function createEvent(
  db: Knex,
  me: UserRow,
  slug: string,
  input: { title: string; description: string; date: string; location: string; maxAttendees?: number; isOnline: boolean; meetingLink?: string },
) {
  const row = await db.transaction(async (trx) => {
    const group = await memberOrThrow(trx, slug, me);
    const now = nowIso();
    const [created] = await trx('group_events')
      .insert({
        group_id: group.id,
        creator_id: me.id,
        title: input.title,
        description: input.description || null,
        date: input.date,
        location: input.location,
        max_attendees: input.maxAttendees ?? null,
        is_online: input.isOnline,
        meeting_link: input.meetingLink || null,
        created_at: now,
        updated_at: now,
      })
      .returning('*');
    await trx('hobby_groups').where({ id: group.id }).increment('event_count', 1);
    return created;
  });
  return presentEvent(row);
}
