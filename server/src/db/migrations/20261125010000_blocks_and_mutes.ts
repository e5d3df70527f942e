import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

/**
 * Blocking and muting.
 *
 * `user_blocks`: one row per blocker and blocked member. Visibility is symmetric, so every read
 * checks both directions: (blocker_id, blocked_id) is unique and (blocked_id, blocker_id) is
 * indexed, so either `not exists` is one index lookup. `id` orders the settings list (keyset).
 *
 * `user_mutes`: a muted member, for the muter only, until `expires_at` (null: for good).
 *
 * `muted_terms`: a hashtag or word a member mutes; `term` is folded by the shared Turkish rule
 * (hashtags without '#'), `label` as typed. A member has few (LIMITS.mutedTermsMax), read whole.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_blocks', (t) => {
    t.increments('id').primary();
    userRef(t, 'blocker_id', 'CASCADE');
    userRef(t, 'blocked_id', 'CASCADE');
    timestamps(t, knex);
    t.unique(['blocker_id', 'blocked_id']);
    t.index(['blocked_id', 'blocker_id']);
    t.index(['blocker_id', 'id']);
  });
  await knex.schema.createTable('user_mutes', (t) => {
    t.increments('id').primary();
    userRef(t, 'muter_id', 'CASCADE');
    userRef(t, 'muted_id', 'CASCADE');
    t.timestamp('expires_at', { useTz: true }).nullable();
    timestamps(t, knex);
    t.unique(['muter_id', 'muted_id']);
    t.index(['muter_id', 'id']);
  });
  await knex.schema.createTable('muted_terms', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_id', 'CASCADE');
    t.string('kind', 8).notNullable();
    t.string('term', 100).notNullable();
    t.string('label', 100).notNullable();
    timestamps(t, knex);
    t.unique(['user_id', 'kind', 'term']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('muted_terms');
  await knex.schema.dropTable('user_mutes');
  await knex.schema.dropTable('user_blocks');
}
