import type { Knex } from 'knex';
import { groupSlug } from '@mahalle/shared';
import { nowIso } from '../../db/time';
import { decodeTuple, encodeTuple, whereRowAfter } from '../../db/keyset';
import { type UserRow } from '../../presenters/users';
import { groupBySlug, hasPendingRequest, isMember, memberships } from './access';
import { presentGroup, type GroupRow } from '../../presenters/hobby-groups';
import { indexRows } from '../../db/search/sources';

/** The groups themselves: the list, one group, founding one. */

/** Groups by size (member count, then id), keyset-paged: the cursor is the last group's (member count, id). */
export async function listGroups(db: Knex, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const q = db('hobby_groups');
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
  const last = rows[rows.length - 1];
  return {
    items: rows.map((r) => presentGroup(r, mine.has(r.id))),
    nextCursor: rows.length === page.limit && last ? encodeTuple([last.member_count, last.id]) : null,
  };
}

export async function getGroup(db: Knex, slug: string, viewer: UserRow | undefined) {
  const group = await groupBySlug(db, slug);
  return presentGroup(group, await isMember(db, group.id, viewer), await hasPendingRequest(db, group.id, viewer));
}

export async function createGroup(db: Knex, me: UserRow, input: { name: string; description: string; icon: string; color: string; isPrivate: boolean }) {
  const slug = await db.transaction(async (trx) => {
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
