import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import { nowIso } from '../../db/time';
import { AUTHOR_COLUMNS, type UserRow } from '../../presenters/users';
import { lockRow } from '../../db/locks';
import { decodeTuple, encodeTuple } from '../../db/keyset';
import type { AppContext } from '../../context';
import { announceNotifications, createNotification } from '../notifications';
import { groupBySlug, groupContext, hasPendingRequest, insideOrThrow, isMember, founderOrAdmin } from './access';
import { presentGroupMember, presentJoinRequest, type GroupMemberRow, type JoinRequestRow } from '../../presenters/hobby-groups';
import { canAppointModerators, canRemoveMember, groupRoleOf, joinsWithoutRequest } from '../../policies/hobby-groups';
import { authorize } from '../../policies/decision';
import { audit } from '../audit';

/** Joining and leaving, requests to private groups, the member list. */

const G = TEXTS.community;

/** The group's member count read back inside the write's transaction; the group gone meanwhile is a 404. */
async function memberCountOf(trx: Knex.Transaction, groupId: number): Promise<number> {
  const row = await trx('hobby_groups').where({ id: groupId }).first<{ member_count: number } | undefined>('member_count');
  if (!row) throw errors.notFound(G.groupNotFound, 'group_not_found');
  return row.member_count;
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
      if (!joinsWithoutRequest(me, { isPrivate: Boolean(group.is_private) })) {
        pending = true;
        if (!(await hasPendingRequest(trx, group.id, me))) {
          await trx('group_join_requests').insert({ group_id: group.id, user_id: me.id, created_at: nowIso() });
          if (group.creator_id) {
            created.push({
              userId: group.creator_id,
              notificationId: await createNotification(trx, {
                userId: group.creator_id,
                type: 'group_activity',
                actorId: me.id,
                message: `${me.display_name} "${group.name}" grubuna katılmak istiyor`,
                link: `/groups/${group.slug}`,
              }),
            });
          }
        }
      } else {
        await addMember(trx, group.id, me.id);
      }
    }
    const member_count = await memberCountOf(trx, group.id);
    return { isMember: !pending, isPending: pending, memberCount: member_count };
  });
  announceNotifications(ctx.bus, created);
  return result;
}

/** The requests waiting at a private group, oldest first, for its founder and admins. */
export async function listJoinRequests(db: Knex, viewer: UserRow, slug: string, page: { limit: number; cursor?: string }) {
  const after = decodeTuple<[number]>(page.cursor, ['int']);
  const group = await founderOrAdmin(db, slug, viewer);
  const q = db('group_join_requests as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.group_id', group.id)
    .select('r.id', 'r.created_at', ...AUTHOR_COLUMNS);
  if (after) q.where('r.id', '>', after[0]);
  const rows: JoinRequestRow[] = await q.orderBy('r.id', 'asc').limit(page.limit);
  const last = rows.at(-1);
  return { items: rows.map(presentJoinRequest), nextCursor: rows.length === page.limit && last ? encodeTuple([last.id]) : null };
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
        notificationId: await createNotification(trx, {
          userId,
          type: 'group_activity',
          actorId: viewer.id,
          message: `"${group.name}" grubuna katılma isteğiniz kabul edildi`,
          link: `/groups/${group.slug}`,
        }),
      });
    }
    const member_count = await memberCountOf(trx, group.id);
    return { accepted: accept, memberCount: member_count };
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
    const member_count = await memberCountOf(trx, group.id);
    return { isMember: false, memberCount: member_count };
  });
}

/** In the order they joined; the cursor is the last membership's id. */
export async function listMembers(db: Knex, slug: string, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const after = decodeTuple<[number]>(page.cursor, ['int']);
  const group = await insideOrThrow(db, slug, viewer);
  const q = db('group_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.group_id', group.id)
    .select('m.id as membership_id', 'm.role as group_role', 'u.id', 'u.username', 'u.display_name', 'u.profile_image', 'u.profile_image_thumb', 'u.role');
  if (after) q.where('m.id', '>', after[0]);
  const rows: GroupMemberRow[] = await q.orderBy('m.id', 'asc').limit(page.limit);
  const last = rows.at(-1);
  return { items: rows.map(presentGroupMember), nextCursor: rows.length === page.limit && last ? encodeTuple([last.membership_id]) : null };
}

/** A member's row in the group, 404 when they are not in it. */
async function membershipRow(trx: Knex.Transaction, groupId: number, userId: number) {
  const row = (await trx('group_members').where({ group_id: groupId, user_id: userId }).forUpdate().first('id', 'role')) as
    { id: number; role: string } | undefined;
  if (!row) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
  return row;
}

/**
 * The founder appoints a member as a moderator of the group (`moderator`) or makes them a plain
 * member again (`member`); audited as the founder. The founder's own row never changes.
 */
export async function setMemberRole(ctx: AppContext, me: UserRow, slug: string, userId: number, role: 'member' | 'moderator') {
  return ctx.db.transaction(async (trx) => {
    const group = await groupBySlug(trx, slug);
    const context = await groupContext(trx, group, me);
    authorize(canAppointModerators(me, context));
    if (userId === group.creator_id) throw errors.badRequest(G.groupFounderOnly);
    const row = await membershipRow(trx, group.id, userId);
    if (row.role !== role) {
      await trx('group_members').where({ id: row.id }).update({ role });
      await audit(
        trx,
        me,
        role === 'moderator' ? 'group.moderator_add' : 'group.moderator_remove',
        { type: 'group', id: group.id },
        { before: { userId, role: row.role }, after: { userId, role } },
        { role: groupRoleOf(me, context) ?? undefined },
      );
    }
    return { userId, role };
  });
}

/**
 * Removes a member from the group: its founder, a group moderator (plain members only) or a site
 * moderator, with an optional reason; audited in the role acted in.
 */
export async function removeMember(ctx: AppContext, me: UserRow, slug: string, userId: number, reason = '') {
  return ctx.db.transaction(async (trx) => {
    const group = await groupBySlug(trx, slug);
    await lockRow(trx, 'hobby_groups', group.id);
    const context = await groupContext(trx, group, me);
    const row = await membershipRow(trx, group.id, userId);
    authorize(canRemoveMember(me, context, { isFounder: userId === group.creator_id, role: row.role }));
    if (userId === me.id) throw errors.badRequest(TEXTS.memberReports.cannotActOnSelf, 'cannot_moderate_self');
    await trx('group_members').where({ id: row.id }).delete();
    await trx('hobby_groups').where({ id: group.id }).decrement('member_count', 1);
    await audit(
      trx,
      me,
      'group.member_remove',
      { type: 'group', id: group.id },
      { before: { userId, role: row.role }, after: { reason } },
      { role: groupRoleOf(me, context) ?? undefined },
    );
    return { isMember: false, memberCount: await memberCountOf(trx, group.id) };
  });
}
