import type { Knex } from 'knex';
import type { AppContext } from '../../context';
import type { UserRow } from '../../presenters/users';
import { removeUpload } from '../uploads';
import { deleteQuestion } from '../questions/questions';
import { deleteBlogCategory } from '../blog/categories';
import { deleteBlogPost } from '../blog/posts';
import { deleteGroup } from '../hobby-groups/admin';
import { deleteEvent } from '../events/admin';

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
  for (const url of files) await removeUpload(ctx, url);
  return { deleted: ids.length };
}
