import type { Knex } from 'knex';
import { userRef } from './helpers';

/**
 * The weekly neighbourhood digest. `digest_settings`: one row per member who saved the setting
 * (none: off). While on, `due_at` is the UTC instant of the next digest (the chosen weekday and
 * hour in the member's zone) and `due_week` the local week it is for (that week's Monday,
 * YYYY-MM-DD); off, both are null, so the job's range on (due_at, user_id) holds only members who
 * want one. `digest_runs` has one row per member and week, inserted as the claim before anything
 * is sent: its key is what keeps a restart or a second node from sending a week's digest twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('digest_settings', (t) => {
    userRef(t, 'user_id', 'CASCADE').primary();
    t.boolean('enabled').notNullable().defaultTo(false);
    t.integer('weekday').notNullable().defaultTo(1);
    t.integer('hour').notNullable().defaultTo(9);
    t.string('time_zone', 64).notNullable().defaultTo('Europe/Istanbul');
    t.timestamp('due_at', { useTz: true }).nullable();
    t.string('due_week', 10).nullable();
    t.timestamp('last_digest_at', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['due_at', 'user_id'], 'digest_settings_due_idx');
  });
  await knex.schema.createTable('digest_runs', (t) => {
    userRef(t, 'user_id', 'CASCADE');
    t.string('week', 10).notNullable();
    // claimed | sent | skipped (nothing new) | failed (the mail server refused; retried a few times)
    t.string('status', 10).notNullable();
    t.integer('attempts').notNullable().defaultTo(1);
    t.integer('items').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.primary(['user_id', 'week']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('digest_runs');
  await knex.schema.dropTable('digest_settings');
}
