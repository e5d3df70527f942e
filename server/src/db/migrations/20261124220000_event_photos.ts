import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

/** Photos attendees add to an event once it has taken place, newest first by id. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_photos', (t) => {
    t.increments('id').primary();
    t.integer('event_id').unsigned().notNullable().references('events.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    t.string('url', 300).notNullable();
    t.string('thumb_url', 300).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    timestamps(t, knex);
    t.index(['event_id', 'id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_photos');
}
