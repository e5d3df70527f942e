import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

// A private group is joined by request: its founder (or an admin) accepts or rejects.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('group_join_requests', (t) => {
    t.increments('id').primary();
    t.integer('group_id').unsigned().notNullable().references('hobby_groups.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.unique(['group_id', 'user_id']);
    t.index(['group_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('group_join_requests');
}
