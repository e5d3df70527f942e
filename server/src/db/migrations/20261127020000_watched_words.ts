import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * The watched-word list: the word as the admin typed it, its folded skeleton (`word_key`, unique:
 * 'Soğan' and 'sogan' are one entry) and its action (block | require_approval | flag | censor).
 * `watched_words_version` is one row bumped by every change in the same transaction, so each node
 * recompiles its list only when the number it reads has moved.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('watched_words', (t) => {
    t.increments('id').primary();
    t.string('word', 100).notNullable();
    t.string('word_key', 200).notNullable().unique();
    t.string('action', 20).notNullable();
    timestamps(t, knex, true);
  });
  await knex.schema.createTable('watched_words_version', (t) => {
    t.integer('id').notNullable().primary();
    t.integer('version').notNullable();
  });
  await knex('watched_words_version').insert({ id: 1, version: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('watched_words_version');
  await knex.schema.dropTable('watched_words');
}
