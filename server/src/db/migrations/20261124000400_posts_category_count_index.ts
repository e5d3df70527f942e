import type { Knex } from 'knex';

// The categories list counts visible posts per category: from this index alone, not the table.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('posts', (t) => void t.index(['is_hidden', 'category_id']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('posts', (t) => void t.dropIndex(['is_hidden', 'category_id']));
}
