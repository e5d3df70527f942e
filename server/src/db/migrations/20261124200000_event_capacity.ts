import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

/**
 * Events people can plan around: an optional capacity with a waitlist ordered by join
 * time (its own id, monotonic), a status and reason for cancelled events, one row per reminder
 * sent (its unique key keeps a reminder to one per attendee even with several server nodes), and
 * each member's private calendar feed token (stored as its SHA-256, never in clear).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.integer('capacity').nullable();
    t.integer('waitlist_count').notNullable().defaultTo(0);
    t.string('status', 20).notNullable().defaultTo('scheduled');
    t.string('cancel_reason', 500).nullable();
  });

  await knex.schema.createTable('event_waitlist', (t) => {
    t.increments('id').primary();
    t.integer('event_id').unsigned().notNullable().references('events.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.unique(['event_id', 'user_id']);
    t.index(['event_id', 'id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('event_reminders_sent', (t) => {
    t.integer('event_id').unsigned().notNullable().references('events.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    // 'day' or 'hour'
    t.string('kind', 10).notNullable();
    // The event time the reminder was for: a rescheduled event reminds again.
    t.string('event_date', 30).notNullable();
    timestamps(t, knex);
    t.primary(['event_id', 'user_id', 'kind', 'event_date']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('calendar_feeds', (t) => {
    userRef(t, 'user_id', 'CASCADE');
    t.primary(['user_id']);
    t.string('token_hash', 64).notNullable().unique();
    timestamps(t, knex);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('calendar_feeds');
  await knex.schema.dropTable('event_reminders_sent');
  await knex.schema.dropTable('event_waitlist');
  await knex.schema.alterTable('events', (t) => {
    t.dropColumn('cancel_reason');
    t.dropColumn('status');
    t.dropColumn('waitlist_count');
    t.dropColumn('capacity');
  });
}
