import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

/**
 * Trust levels and the organiser's settings:
 * - `site_settings`: one JSON value per key (`trust` for now), written by admins, audited;
 * - `users.trust_level` (0 new member, 1 member, 2 trusted member) and whether an admin set it by hand;
 * - `community_hides`: an item hidden because reports about it reached the threshold, so that
 *   dismissing those reports brings it back (and only such an item: one a moderator hid stays).
 * Members who exist when this runs start at level 1 if they joined more than a day ago or have
 * shared anything: an upgrade must not put a living community's regulars under new-member limits;
 * only an account made in the last day with nothing shared starts at 0, as new accounts will.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_settings', (t) => {
    t.string('key', 40).primary();
    t.text('value').notNullable(); // JSON
    userRef(t, 'updated_by', 'SET NULL');
    timestamps(t, knex, true);
  });
  await knex.schema.alterTable('users', (t) => {
    t.smallint('trust_level').notNullable().defaultTo(0);
    // Set by an admin: automatic promotion leaves it alone.
    t.boolean('trust_level_by_hand').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('community_hides', (t) => {
    t.string('target_type', 20).notNullable();
    t.integer('target_id').notNullable();
    timestamps(t, knex);
    t.primary(['target_type', 'target_id']);
  });
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  await knex('users')
    .where('created_at', '<', dayAgo)
    .orWhereExists((q) => q.select(1).from('posts').whereRaw('posts.author_id = users.id'))
    .orWhereExists((q) => q.select(1).from('comments').whereRaw('comments.author_id = users.id'))
    .update({ trust_level: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('community_hides');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('trust_level_by_hand');
    t.dropColumn('trust_level');
  });
  await knex.schema.dropTable('site_settings');
}
