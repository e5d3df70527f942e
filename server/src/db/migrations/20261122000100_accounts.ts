import type { Knex } from 'knex';
import { timestamps } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('username', 30).notNullable();
    // Turkish-aware folded keys keep username and email unique regardless of case.
    t.string('username_key', 30).notNullable().unique();
    t.string('display_name', 60).notNullable();
    t.string('email', 254).notNullable();
    t.string('email_key', 254).notNullable().unique();
    t.string('password_hash', 255).nullable(); // null: demo account, cannot sign in
    t.string('role', 10).notNullable().defaultTo('user');
    t.boolean('is_verified').notNullable().defaultTo(false);
    t.boolean('is_private').notNullable().defaultTo(false);
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.text('bio').nullable();
    t.string('location', 100).nullable();
    t.string('website', 200).nullable();
    t.text('hobbies').notNullable().defaultTo('[]'); // JSON array of strings
    t.string('profile_image', 300).nullable();
    timestamps(t, knex, true);
    t.index(['role']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary(); // HMAC of the token; the token itself is never stored
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 10).notNullable().defaultTo('cookie'); // cookie | bearer (desktop)
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).nullable();
    t.string('user_agent', 300).nullable();
    t.string('ip', 64).nullable();
    timestamps(t, knex);
    t.index(['user_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
