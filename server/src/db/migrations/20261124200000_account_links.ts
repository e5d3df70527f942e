import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

/**
 * Single-use links for a forgotten password and for confirming an e-mail address. Only the
 * sha256 of a link's token is kept, so the table alone cannot be turned into working links.
 * One row per member and purpose: a new link replaces the one before.
 * users.email_verified_at: when the member confirmed the address; accounts that exist now
 * count as confirmed, so switching REQUIRE_EMAIL_VERIFICATION on locks nobody out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_links', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_id', 'CASCADE');
    t.string('purpose', 20).notNullable(); // password_reset | verify_email
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    timestamps(t, knex);
    t.unique(['user_id', 'purpose']);
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('email_verified_at', { useTz: true }).nullable();
  });
  await knex('users').update({ email_verified_at: knex.ref('created_at') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_verified_at');
  });
  await knex.schema.dropTable('account_links');
}
