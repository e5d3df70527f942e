import type { Knex } from 'knex';
import { userRef } from './helpers';

/**
 * A member's notification preferences: one row per member who saved any, none for the
 * rest (they have the defaults: everything on, quiet hours off 23:00–08:00 Europe/Istanbul).
 * `kinds` is JSON text `{ "<group>": { "inApp": bool, "desktop": bool } }`, read whole with the row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_settings', (t) => {
    userRef(t, 'user_id', 'CASCADE').primary();
    t.text('kinds').notNullable().defaultTo('{}');
    t.boolean('quiet_enabled').notNullable().defaultTo(false);
    t.string('quiet_start', 5).notNullable().defaultTo('23:00');
    t.string('quiet_end', 5).notNullable().defaultTo('08:00');
    t.string('time_zone', 64).notNullable().defaultTo('Europe/Istanbul');
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_settings');
}
