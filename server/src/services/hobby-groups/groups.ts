import type { Knex } from 'knex';
import { groupSlug } from '@mahalle/shared';
import { nowIso } from '../../db/time';
import { decodeTuple, encodeTuple, whereRowAfter } from '../../db/keyset';
import { type UserRow } from '../../presenters/users';
import { founderOrAdmin, groupBySlug, groupContext, hasPendingRequest, isMember, memberships } from './access';
import { canHidePost } from '../../policies/hobby-groups';
import { presentGroup, type GroupRow } from '../../presenters/hobby-groups';
import { indexRows } from '../../db/search/sources';
import type { Area } from '@mahalle/shared';
import { areaFilter, whereInArea } from '../places/area';
import { placeColumns, placeRefs, refOf } from '../places/places';

/** The groups themselves: the list, one group, founding one. */

/** Groups by size (member count, then id), keyset-paged: the cursor is the last group's (member count, id). */
export async function listGroups(db: Knex, viewer: UserRow | undefined, page: { limit: number; cursor?: string; area?: Area }) {
  // Near me: one equality before the keyset, on (neighbourhood_id | district_id, member_count, id).
  const q = whereInArea(db('hobby_groups'), '', await areaFilter(db, viewer, page.area));
  const after = decodeTuple<[number, number]>(page.cursor, ['int', 'int']);
  if (after) whereRowAfter(q, ['member_count', 'id'], '<', after);
  const rows = (await q
    .orderBy([
      { column: 'member_count', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)) as GroupRow[];
  const mine = await memberships(
    db,
    rows.map((r) => r.id),
    viewer,
  );
  const places = await placeRefs(
    db,
    rows.map((r) => r.neighbourhood_id),
  );
  const last = rows[rows.length - 1];
  return {
    items: rows.map((r) => presentGroup(r, mine.has(r.id), false, r.neighbourhood_id ? refOf(places.get(r.neighbourhood_id)) : null)),
    nextCursor: rows.length === page.limit && last ? encodeTuple([last.member_count, last.id]) : null,
  };
}

/** One group for its page, with whether the viewer moderates its content (asked of the group policy). */
export async function getGroup(db: Knex, slug: string, viewer: UserRow | undefined) {
  const group = await groupBySlug(db, slug);
  const place = group.neighbourhood_id ? refOf((await placeRefs(db, [group.neighbourhood_id])).get(group.neighbourhood_id)) : null;
  const context = await groupContext(db, group, viewer);
  return {
    ...presentGroup(group, await isMember(db, group.id, viewer), await hasPendingRequest(db, group.id, viewer), place),
    canModerate: canHidePost(viewer, context).ok,
  };
}

/** Its founder (or an admin) sets or clears the group's neighbourhood. */
export async function updateGroup(db: Knex, me: UserRow, slug: string, input: { neighbourhoodId: number | null }) {
  await db.transaction(async (trx) => {
    const group = await founderOrAdmin(trx, slug, me);
    await trx('hobby_groups')
      .where({ id: group.id })
      .update({ ...(await placeColumns(trx, input.neighbourhoodId)), updated_at: nowIso() });
  });
  return getGroup(db, slug, me);
}

export async function createGroup(
  db: Knex,
  me: UserRow,
  input: { name: string; description: string; icon: string; color: string; isPrivate: boolean; neighbourhoodId?: number | null },
) {
  const slug = await db.transaction(async (trx) => {
    const place = await placeColumns(trx, input.neighbourhoodId ?? null);
    const base = groupSlug(input.name) || 'grup';
    let slug = base;
    for (let i = 2; await trx('hobby_groups').where({ slug }).first('id'); i++) slug = `${base}-${i}`;
    const now = nowIso();
    const [row] = await trx('hobby_groups')
      .insert({
        name: input.name,
        slug,
        description: input.description,
        icon: input.icon,
        color: input.color,
        is_private: input.isPrivate,
        creator_id: me.id,
        ...place,
        member_count: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const groupId = typeof row === 'object' ? row.id : row;
    await trx('group_members').insert({ group_id: groupId, user_id: me.id, role: 'admin', created_at: now });
    await indexRows(trx, 'group', [Number(groupId)]);
    return slug;
  });
  return getGroup(db, slug, me);
}
