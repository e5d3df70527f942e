import type { Knex } from 'knex';

// Category pages sort by most liked and most commented; keyset cursors walk these indexes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('posts', (t) => {
    t.index(['likes_count', 'id']);
    t.index(['comments_count', 'id']);
    t.index(['category_id', 'likes_count', 'id']);
    t.index(['category_id', 'comments_count', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('posts', (t) => {
    t.dropIndex(['likes_count', 'id']);
    t.dropIndex(['comments_count', 'id']);
    t.dropIndex(['category_id', 'likes_count', 'id']);
    t.dropIndex(['category_id', 'comments_count', 'id']);
  });
}
