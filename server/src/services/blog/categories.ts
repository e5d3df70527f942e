import type { Knex } from 'knex';
import { categorySlug, DEFAULT_BLOG_CATEGORY_COLOR, TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import { nowIso } from '../../db/time';
import type { UserRow } from '../../presenters/users';
import { isUniqueViolation } from '../../db/faults';
import { audit } from '../audit';
import { presentBlogCategory, type BlogCategoryRow } from '../../presenters/blog';

/** Blog categories: listed with their post counts, managed by admins. */

const B = TEXTS.community;

export async function listBlogCategories(db: Knex, opts: { includeDrafts: boolean }) {
  const counts = db('blog_posts').select('category_id').count({ n: '*' }).groupBy('category_id').as('pc');
  if (!opts.includeDrafts) counts.where('published', true);
  const rows: (BlogCategoryRow & { n: number | string | null })[] = await db('blog_categories as c')
    .leftJoin(counts, 'pc.category_id', 'c.id')
    .select('c.*', 'pc.n');
  return rows.map((r) => presentBlogCategory(r, Number(r.n ?? 0))).sort((a, b) => b.postCount - a.postCount || a.name.localeCompare(b.name, 'tr'));
}

export async function createBlogCategory(db: Knex, admin: UserRow, input: { name: string; description?: string; color?: string }) {
  try {
    return await db.transaction(async (trx) => {
      const slug = categorySlug(input.name) || 'kategori';
      if (await trx('blog_categories').where({ slug }).first('id')) throw errors.conflict(B.blogCategoryExists, 'blog_category_exists');
      const now = nowIso();
      const [row] = await trx('blog_categories')
        .insert({
          name: input.name,
          slug,
          description: input.description ?? null,
          color: input.color ?? DEFAULT_BLOG_CATEGORY_COLOR,
          created_at: now,
          updated_at: now,
        })
        .returning('*');
      await audit(trx, admin, 'blog_category.create', { type: 'blog_category', id: row.id }, { after: { name: row.name, slug, color: row.color } });
      return presentBlogCategory(row, 0);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(B.blogCategoryExists, 'blog_category_exists');
    throw err;
  }
}

export async function updateBlogCategory(db: Knex, admin: UserRow, id: number, input: { name?: string; description?: string; color?: string }) {
  try {
    await db.transaction(async (trx) => {
      const before = await trx('blog_categories').where({ id }).first();
      if (!before) throw errors.notFound(B.blogCategoryNotFound, 'blog_category_not_found');
      const patch: Record<string, unknown> = { updated_at: nowIso() };
      if (input.name !== undefined) {
        patch.name = input.name;
        patch.slug = categorySlug(input.name) || before.slug;
        if (await trx('blog_categories').where({ slug: patch.slug }).whereNot({ id }).first('id'))
          throw errors.conflict(B.blogCategoryExists, 'blog_category_exists');
      }
      if (input.description !== undefined) patch.description = input.description;
      if (input.color !== undefined) patch.color = input.color;
      await trx('blog_categories').where({ id }).update(patch);
      await audit(
        trx,
        admin,
        'blog_category.update',
        { type: 'blog_category', id },
        {
          before: { name: before.name, description: before.description, color: before.color },
          after: { name: patch.name ?? before.name, description: patch.description ?? before.description, color: patch.color ?? before.color },
        },
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(B.blogCategoryExists, 'blog_category_exists');
    throw err;
  }
  return (await listBlogCategories(db, { includeDrafts: true })).find((c: { id: number }) => c.id === id);
}

/** Posts of a deleted category stay, without a category. */
export async function deleteBlogCategory(db: Knex, admin: UserRow, id: number) {
  await db.transaction(async (trx) => {
    const before = await trx('blog_categories').where({ id }).first('id', 'name', 'slug');
    if (!before) throw errors.notFound(B.blogCategoryNotFound, 'blog_category_not_found');
    await trx('blog_categories').where({ id }).delete();
    await audit(trx, admin, 'blog_category.delete', { type: 'blog_category', id }, { before });
  });
}
