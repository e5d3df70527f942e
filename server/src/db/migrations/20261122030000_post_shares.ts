import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

// A share counts once per member and post, so nobody can inflate a post's shares by repeating it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('post_shares', (t) => {
    t.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.primary(['post_id', 'user_id']);
    t.index(['user_id', 'post_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('post_shares');
}
