import type { Knex } from 'knex';
import { presentCategory, type CategoryRow } from '../presenters/categories';

type Db = Knex | Knex.Transaction;

/** Post categories ('Genel' always first), each with its number of visible posts, from the counter. */
export async function listCategories(db: Knex) {
  const rows: CategoryRow[] = await db('categories').select('id', 'name', 'slug', 'name_key', 'color', 'icon', 'post_count').orderBy('id');
  return rows.map(presentCategory);
}

/**
 * Adds (1) or takes away (-1) some posts to or from their categories' post_count: visible posts
 * only (not hidden; private accounts' posts count). Called beside tallyTags, with -1 before a
 * change that may alter what counts (edit, delete, hide, account deletion) and with 1 after it,
 * inside the write's transaction.
 */
/**
 * Takes the categories' counter rows in id order, before a write that changes more than one of
 * them (an edit moving a post, a bulk delete): on PostgreSQL two such writes then wait for each
 * other in line instead of each holding one row and waiting for the other's. No-op on SQLite.
 */
export async function lockCategories(trx: Db, ids: (number | null)[]): Promise<void> {
  const sorted = [...new Set(ids.filter((id): id is number => id != null))].sort((a, b) => a - b);
  if (sorted.length < 2) return;
  for (const id of sorted) await trx('categories').where({ id }).increment('post_count', 0);
}

export async function tallyCategories(trx: Db, scope: { postIds: number[] } | { authorId: number }, sign: 1 | -1): Promise<void> {
  const q = trx('posts').where('is_hidden', false).whereNotNull('category_id').select('category_id').count({ n: '*' }).groupBy('category_id');
  if ('postIds' in scope) {
    if (scope.postIds.length === 0) return;
    q.whereIn('id', scope.postIds);
  } else {
    q.where('author_id', scope.authorId);
  }
  const rows = ((await q) as { category_id: number; n: number | string }[]).sort((a, b) => a.category_id - b.category_id);
  // One order for every writer, so concurrent updates on PostgreSQL never wait on each other in a circle.
  for (const r of rows) {
    await trx('categories')
      .where({ id: r.category_id })
      .increment('post_count', sign * Number(r.n));
  }
}
