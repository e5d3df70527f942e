import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

export async function up(knex: Knex): Promise<void> {
  // One row per pair of users (low id first) so the conversation list is an index scan.
  await knex.schema.createTable('conversations', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_low_id', 'CASCADE');
    userRef(t, 'user_high_id', 'CASCADE');
    t.integer('last_message_id').unsigned().nullable();
    timestamps(t, knex, true);
    t.unique(['user_low_id', 'user_high_id']);
    t.index(['user_low_id', 'last_message_id']);
    t.index(['user_high_id', 'last_message_id']);
  });

  await knex.schema.createTable('messages', (t) => {
    t.increments('id').primary();
    t.integer('conversation_id').unsigned().notNullable().references('conversations.id').onDelete('CASCADE');
    userRef(t, 'sender_id', 'CASCADE');
    userRef(t, 'receiver_id', 'CASCADE');
    t.text('content').notNullable();
    t.string('message_type', 20).notNullable().defaultTo('text');
    t.boolean('is_read').notNullable().defaultTo(false);
    timestamps(t, knex);
    t.index(['conversation_id', 'id']);
    t.index(['receiver_id', 'is_read', 'sender_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('messages');
  await knex.schema.dropTable('conversations');
}
