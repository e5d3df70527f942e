import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

export async function up(knex: Knex): Promise<void> {
  // Questions and answers outlive their author's account (others' answers depend on them).
  await knex.schema.createTable('questions', (t) => {
    t.increments('id').primary();
    userRef(t, 'author_id', 'SET NULL');
    t.string('title', 200).notNullable();
    t.text('content').notNullable();
    t.string('category', 40).notNullable().defaultTo('Genel');
    t.text('tags').notNullable().defaultTo('[]'); // JSON array
    t.text('search_text').notNullable().defaultTo(''); // folded title + content for Turkish-aware search
    t.integer('views').notNullable().defaultTo(0);
    t.integer('upvotes').notNullable().defaultTo(0);
    t.integer('answers_count').notNullable().defaultTo(0);
    t.boolean('is_answered').notNullable().defaultTo(false);
    t.integer('accepted_answer_id').unsigned().nullable();
    timestamps(t, knex, true);
    t.index(['category', 'id']);
    t.index(['author_id', 'id']);
  });

  await knex.schema.createTable('answers', (t) => {
    t.increments('id').primary();
    t.integer('question_id').unsigned().notNullable().references('questions.id').onDelete('CASCADE');
    userRef(t, 'author_id', 'SET NULL');
    t.text('content').notNullable();
    t.integer('upvotes').notNullable().defaultTo(0);
    t.boolean('is_accepted').notNullable().defaultTo(false);
    t.boolean('is_hidden').notNullable().defaultTo(false);
    timestamps(t, knex, true);
    t.index(['question_id', 'id']);
    t.index(['author_id', 'id']);
  });

  await knex.schema.createTable('question_votes', (t) => {
    t.integer('question_id').unsigned().notNullable().references('questions.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.primary(['question_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('answer_votes', (t) => {
    t.integer('answer_id').unsigned().notNullable().references('answers.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.primary(['answer_id', 'user_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['answer_votes', 'question_votes', 'answers', 'questions']) await knex.schema.dropTable(table);
}
