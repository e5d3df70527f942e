import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import { type UserRow } from '../../presenters/users';
import { type GroupRow } from '../../presenters/hobby-groups';
import { authorize, type Decision } from '../../policies/decision';
import type { Actor } from '../../policies/actor';
import * as policy from '../../policies/hobby-groups';
import { membershipOf, type GroupContext } from '../../policies/hobby-groups';

/** The group and the actor's place in it, asked of the group policy: the checks every group service starts with. */

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

/** The viewer's `group_members.role` in the group, or null when not in it: what the group policy's `membershipOf` reads. */
export async function memberRoleOf(db: Db, groupId: number, viewer: UserRow | undefined): Promise<string | null> {
  if (!viewer) return null;
  const row = await db('group_members').where({ group_id: groupId, user_id: viewer.id }).first('role');
  return row ? String(row.role) : null;
}

export async function isMember(db: Db, groupId: number, viewer: UserRow | undefined): Promise<boolean> {
  if (!viewer) return false;
  return Boolean(await db('group_members').where({ group_id: groupId, user_id: viewer.id }).first('id'));
}

export async function hasPendingRequest(db: Db, groupId: number, viewer: UserRow | undefined): Promise<boolean> {
  if (!viewer) return false;
  return Boolean(await db('group_join_requests').where({ group_id: groupId, user_id: viewer.id }).first('id'));
}

/** What the group policy needs about one group for one actor: its founder, its privacy, the actor's place in it. */
export async function groupContext(db: Db, group: GroupRow, viewer: UserRow | undefined): Promise<GroupContext> {
  return {
    creatorId: group.creator_id,
    isPrivate: Boolean(group.is_private),
    membership: membershipOf(viewer, group.creator_id, await memberRoleOf(db, group.id, viewer)),
  };
}

/** The group, if the group policy's `decide` allows the actor. */
async function groupFor(db: Db, slug: string, viewer: UserRow | undefined, decide: (actor: Actor, group: GroupContext) => Decision) {
  const group = await groupBySlug(db, slug);
  authorize(decide(viewer, await groupContext(db, group, viewer)));
  return group;
}

/** A private group's inside (posts, members, events) is for its members and the site's moderators. */
export const insideOrThrow = (db: Db, slug: string, viewer: UserRow | undefined) => groupFor(db, slug, viewer, policy.canViewInside);

/** Posting, commenting, adding events: members only. */
export const memberOrThrow = (db: Db, slug: string, viewer: UserRow) => groupFor(db, slug, viewer, policy.canPost);

/** Join requests and editing: whoever manages the group, or moderates the site. */
export const founderOrAdmin = (db: Db, slug: string, viewer: UserRow) => groupFor(db, slug, viewer, policy.canManage);
