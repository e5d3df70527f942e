import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

/**
 * Appeals: a member asks the moderators to look again at their hidden item or their suspension.
 * - `subject_key` is what was appealed (`post:12`, `suspension:7:<end>`), unique, so each hidden
 *   item and each suspension is appealed once, even by two requests at once.
 * - `status` is `open`, `upheld` or `rejected`; the moderators' list runs over (status, id).
 * - A moderation notice carries the key of what it is about (`notifications.appeal_key`), so the
 *   member's notification offers the appeal and shows whether one was sent.
 * - A group's events can be hidden by its moderators (`group_events.is_hidden`), as its posts are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('appeals', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_id', 'CASCADE');
    t.string('subject_key', 80).notNullable().unique();
    t.string('target_type', 20).notNullable();
    t.integer('target_id').notNullable();
    t.timestamp('suspended_until', { useTz: true }).nullable();
    t.text('note').notNullable();
    t.string('status', 10).notNullable().defaultTo('open');
    t.text('decision_note').nullable();
    userRef(t, 'decided_by', 'SET NULL');
    t.timestamp('decided_at', { useTz: true }).nullable();
    timestamps(t, knex);
    t.index(['status', 'id']);
    t.index(['user_id', 'id']);
  });
  await knex.schema.alterTable('notifications', (t) => {
    t.string('appeal_key', 80).nullable();
  });
  await knex.schema.alterTable('group_events', (t) => {
    t.boolean('is_hidden').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('group_events', (t) => {
    t.dropColumn('is_hidden');
  });
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('appeal_key');
  });
  await knex.schema.dropTable('appeals');
}
