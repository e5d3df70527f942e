import type { Knex } from 'knex';

// The Q&A list pages by keyset on (upvotes, views, id) when sorted by votes, in a category or not.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('questions', (t) => {
    t.index(['upvotes', 'views', 'id']);
    t.index(['category', 'upvotes', 'views', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('questions', (t) => {
    t.dropIndex(['upvotes', 'views', 'id']);
    t.dropIndex(['category', 'upvotes', 'views', 'id']);
  });
}
