import type { Knex } from 'knex';

// Discover's daily statistics count the last 24 hours of these tables through their times.
const INDEXES: [string, string][] = [
  ['questions', 'created_at'],
  ['group_posts', 'created_at'],
  ['post_likes', 'created_at'],
  ['blog_posts', 'published_at'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of INDEXES) await knex.schema.alterTable(table, (t) => void t.index([column]));
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column] of INDEXES) await knex.schema.alterTable(table, (t) => void t.dropIndex([column]));
}
