import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import { type UserRow } from '../../presenters/users';
import { type GroupRow } from '../../presenters/hobby-groups';

/** Who may see a group's inside, post in it, or manage it: the checks every group service starts with. */

const G = TEXTS.community;
type Db = Knex | Knex.Transaction;

export async function memberships(db: Db, groupIds: number[], viewer: UserRow | undefined): Promise<Set<number>> {
  if (!viewer || groupIds.length === 0) return new Set();
  const rows = await db('group_members').whereIn('group_id', groupIds).andWhere({ user_id: viewer.id }).select('group_id');
  return new Set(rows.map((r: { group_id: number }) => r.group_id));
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

export async function hasPendingRequest(db: Db, groupId: number, viewer: UserRow | undefined): Promise<boolean> {
  if (!viewer) return false;
  return Boolean(await db('group_join_requests').where({ group_id: groupId, user_id: viewer.id }).first('id'));
}

/** A private group's inside (posts, members, events) is for its members and admins. */
export async function insideOrThrow(db: Db, slug: string, viewer: UserRow | undefined) {
  const group = await groupBySlug(db, slug);
  if (group.is_private && viewer?.role !== 'admin' && !(await isMember(db, group.id, viewer))) {
    throw errors.forbidden(G.groupMembersOnly, 'group_members_only');
  }
  return group;
}

export async function memberOrThrow(db: Db, slug: string, viewer: UserRow) {
  const group = await groupBySlug(db, slug);
  if (!(await isMember(db, group.id, viewer))) throw errors.forbidden(G.groupMembersOnly, 'group_members_only');
  return group;
}

export async function founderOrAdmin(db: Db, slug: string, viewer: UserRow) {
  const group = await groupBySlug(db, slug);
  if (group.creator_id !== viewer.id && viewer.role !== 'admin') throw errors.forbidden(G.groupFounderOnly, 'group_founder_only');
  return group;
}
