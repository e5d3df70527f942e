import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { intColumn, sortedPage, textColumn } from '../../db/keyset';
import { presentAdminGroup, type AdminGroupRow } from '../../presenters/hobby-groups';
import type { UserRow } from '../../presenters/users';
import { audit } from '../audit';
import { removeUpload } from '../uploads';
import { whereMatches } from '../../db/search/query';

/** The admin workspace's side of hobby groups: the sortable table and deleting a whole group. */

const GROUP_SORT = { createdAt: intColumn('g.id'), name: textColumn('g.name'), memberCount: intColumn('g.member_count'), postCount: intColumn('g.post_count') };

export async function listGroups(db: Knex, q: { limit: number; cursor?: string; sort: keyof typeof GROUP_SORT; direction: 'asc' | 'desc'; search?: string }) {
  const query = db('hobby_groups as g')
    .leftJoin('users as u', 'u.id', 'g.creator_id')
    .select('g.*', 'u.username as creator_username', 'u.display_name as creator_name');
  if (q.search) whereMatches(db, query, 'g.id', ['group'], q.search);
  const page = await sortedPage<AdminGroupRow>(query, {
    columns: GROUP_SORT,
    sort: q.sort,
    direction: q.direction,
    cursor: q.cursor,
    limit: q.limit,
    idColumn: 'g.id',
  });
  const items = page.rows.map((r) => presentAdminGroup(r));
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
  for (const url of await deleteGroup(ctx.db, admin, id)) await removeUpload(ctx, url);
}
