import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { intColumn, sortedPage } from '../../db/keyset';
import { AUTHOR_COLUMNS, type UserRow } from '../../presenters/users';
import { presentAdminContent, type AdminContentRow } from '../../presenters/posts';
import { audit } from '../audit';
import { removeUpload } from '../uploads';
import { announceNotifications } from '../notifications';
import { notifyModeration } from '../moderation';
import { tallyTags } from '../hashtags';
import { lockCategories, tallyCategories } from '../categories';
import { whereMatches } from '../../db/search/query';

/** The admin workspace's content tab: posts and group posts, listed, deleted one by one or in bulk. */

const A = TEXTS.admin;

const CONTENT_SORT = { createdAt: intColumn('p.id'), likesCount: intColumn('p.likes_count'), commentsCount: intColumn('p.comments_count') };

export async function listContent(
  db: Knex,
  q: { kind: 'post' | 'group_post'; search?: string; limit: number; cursor?: string; sort: keyof typeof CONTENT_SORT; direction: 'asc' | 'desc' },
) {
  const table = q.kind === 'post' ? 'posts' : 'group_posts';
  const query = db(`${table} as p`)
    .join('users as u', 'u.id', 'p.author_id')
    .select('p.*', ...AUTHOR_COLUMNS);
  if (q.kind === 'group_post') query.join('hobby_groups as g', 'g.id', 'p.group_id').select('g.name as group_name', 'g.slug as group_slug');
  if (q.search) whereMatches(db, query, 'p.id', [q.kind === 'group_post' ? 'group_post' : 'post'], q.search);
  const page = await sortedPage<AdminContentRow>(query, {
    columns: CONTENT_SORT,
    sort: q.sort,
    direction: q.direction,
    cursor: q.cursor,
    limit: q.limit,
    idColumn: 'p.id',
  });
  return {
    items: page.rows.map((r) => presentAdminContent(q.kind, r)),
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
  // A group's post count counts shown posts (services/held-items): a hidden or held one was taken out already.
  if (kind === 'group_post' && !before.is_hidden) await trx('hobby_groups').where({ id: before.group_id }).decrement('post_count', 1);
  await audit(trx, admin, `${kind}.delete`, { type: kind, id }, { before: { content: before.content, authorId: before.author_id } });
  // The author learns what went and why; the socket hears of it once this has committed.
  const notice = await notifyModeration(trx, admin, { authorId: before.author_id, kind, action: 'delete', content: before.content, reason });
  return async () => {
    await removeUpload(ctx, before.image_url);
    await removeUpload(ctx, before.video_url);
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
    if (kind === 'post')
      await lockCategories(
        trx,
        (await trx('posts').whereIn('id', ids).distinct('category_id')).map((r: { category_id: number | null }) => r.category_id),
      );
    for (const id of ids) done.push(await deleteContentTx(ctx, trx, admin, kind, id, reason));
    return done;
  });
  for (const c of cleanups) await c();
  return { deleted: ids.length };
}
