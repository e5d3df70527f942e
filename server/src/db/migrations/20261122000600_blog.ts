import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

/** The column default as landed (a landed migration never changes). */
const DEFAULT_BLOG_CATEGORY_COLOR = '#3B82F6';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('blog_categories', (t) => {
    t.increments('id').primary();
    t.string('name', 80).notNullable();
    t.string('slug', 100).notNullable().unique();
    t.text('description').nullable();
    t.string('color', 20).notNullable().defaultTo(DEFAULT_BLOG_CATEGORY_COLOR);
    timestamps(t, knex, true);
  });

  await knex.schema.createTable('blog_posts', (t) => {
    t.increments('id').primary();
    userRef(t, 'author_id', 'SET NULL');
    t.string('title', 200).notNullable();
    t.string('slug', 220).notNullable().unique();
    t.text('content').notNullable(); // sanitised HTML
    t.text('excerpt').nullable();
    t.string('featured_image', 500).nullable();
    t.text('gallery').notNullable().defaultTo('[]'); // JSON array of {url, caption?}
    t.integer('category_id').unsigned().nullable().references('blog_categories.id').onDelete('SET NULL');
    t.text('tags').notNullable().defaultTo('[]'); // JSON array
    t.boolean('published').notNullable().defaultTo(false);
    t.integer('views').notNullable().defaultTo(0);
    t.integer('likes_count').notNullable().defaultTo(0);
    t.integer('comments_count').notNullable().defaultTo(0);
    t.string('meta_title', 200).nullable();
    t.string('meta_description', 300).nullable();
    t.string('meta_keywords', 300).nullable();
    t.string('og_title', 200).nullable();
    t.string('og_description', 300).nullable();
    t.string('og_image', 500).nullable();
    t.timestamp('published_at', { useTz: true }).nullable();
    timestamps(t, knex, true);
    t.index(['published', 'id']);
    t.index(['category_id', 'id']);
    t.index(['author_id', 'id']);
  });

  await knex.schema.createTable('blog_likes', (t) => {
    t.integer('post_id').unsigned().notNullable().references('blog_posts.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.primary(['post_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('blog_comments', (t) => {
    t.increments('id').primary();
    t.integer('post_id').unsigned().notNullable().references('blog_posts.id').onDelete('CASCADE');
    userRef(t, 'author_id', 'CASCADE');
    t.text('content').notNullable();
    t.boolean('is_hidden').notNullable().defaultTo(false);
    timestamps(t, knex, true);
    t.index(['post_id', 'id']);
    t.index(['author_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['blog_comments', 'blog_likes', 'blog_posts', 'blog_categories']) await knex.schema.dropTable(table);
}
