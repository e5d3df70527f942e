import type { Knex } from 'knex';

/**
 * Categories carry their number of visible posts (not hidden; private accounts' posts count, as
 * the list always counted them), so GET /api/categories reads 13 rows instead of counting every
 * post. Kept by the writes that change it (services/categories.ts: tallyCategories), in their
 * transaction, beside tallyTags; filled here from the posts already there.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('categories', (t) => {
    t.integer('post_count').notNullable().defaultTo(0);
  });
  await knex.raw('update categories set post_count = (select count(*) from posts p where p.category_id = categories.id and p.is_hidden = ?)', [false]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('categories', (t) => {
    t.dropColumn('post_count');
  });
}
