import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.increments('id').primary();
    userRef(t, 'creator_id', 'CASCADE');
    t.string('title', 120).notNullable();
    t.text('description').notNullable();
    t.timestamp('date', { useTz: true }).notNullable();
    t.string('location', 200).notNullable().defaultTo('');
    t.string('category', 30).notNullable().defaultTo('Genel');
    t.string('image_url', 300).nullable();
    t.boolean('is_private').notNullable().defaultTo(false);
    t.boolean('is_featured').notNullable().defaultTo(false);
    t.integer('attendees_count').notNullable().defaultTo(0);
    timestamps(t, knex, true);
    t.index(['date', 'id']);
    t.index(['creator_id', 'id']);
  });

  await knex.schema.createTable('event_attendees', (t) => {
    t.integer('event_id').unsigned().notNullable().references('events.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.primary(['event_id', 'user_id']);
    t.index(['user_id', 'event_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_attendees');
  await knex.schema.dropTable('events');
}
