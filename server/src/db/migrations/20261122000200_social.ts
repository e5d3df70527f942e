import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

// This migration's own copy of the categories it seeds (a landed migration never changes, whatever
// shared/src/limits.ts says later).
const DEFAULT_CATEGORY_NAME = 'Genel';
const STATIC_CATEGORIES = [
  { key: 'kitaplar', name: 'Kitaplar', icon: 'BookOpen', color: '#8B5CF6' },
  { key: 'oyunlar', name: 'Oyunlar', icon: 'Gamepad2', color: '#EF4444' },
  { key: 'müzik', name: 'Müzik', icon: 'Music', color: '#F59E0B' },
  { key: 'yemek', name: 'Yemek', icon: 'Utensils', color: '#10B981' },
  { key: 'seyahat', name: 'Seyahat', icon: 'Plane', color: '#3B82F6' },
  { key: 'araba', name: 'Araba', icon: 'Car', color: '#6B7280' },
  { key: 'fotoğraf', name: 'Fotoğraf', icon: 'Camera', color: '#EC4899' },
  { key: 'ilişkiler', name: 'İlişkiler', icon: 'Heart', color: '#F43F5E' },
  { key: 'spor', name: 'Spor', icon: 'Dumbbell', color: '#059669' },
  { key: 'teknoloji', name: 'Teknoloji', icon: 'Code', color: '#7C3AED' },
  { key: 'sanat', name: 'Sanat', icon: 'Palette', color: '#DC2626' },
  { key: 'eğitim', name: 'Eğitim', icon: 'GraduationCap', color: '#2563EB' },
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categories', (t) => {
    t.increments('id').primary();
    t.string('name', 60).notNullable();
    t.string('name_key', 60).notNullable().unique();
    t.string('slug', 80).notNullable().unique();
    t.string('color', 20).notNullable().defaultTo('#3B82F6');
    t.string('icon', 40).nullable();
    t.text('description').nullable();
    timestamps(t, knex);
  });
  // 'Genel' always exists; the twelve static category pages map onto these by name.
  await knex('categories').insert([
    { name: DEFAULT_CATEGORY_NAME, name_key: 'genel', slug: 'genel', color: '#6366F1', icon: 'Hash' },
    ...STATIC_CATEGORIES.map((c) => ({
      name: c.name,
      name_key: c.key,
      slug: c.key.replace(/ü/g, 'u').replace(/ğ/g, 'g').replace(/ş/g, 's').replace(/ı/g, 'i').replace(/ö/g, 'o').replace(/ç/g, 'c'),
      color: c.color,
      icon: c.icon,
    })),
  ]);

  await knex.schema.createTable('posts', (t) => {
    t.increments('id').primary();
    userRef(t, 'author_id', 'CASCADE');
    t.text('content').notNullable().defaultTo('');
    t.string('type', 10).notNullable().defaultTo('text');
    t.integer('category_id').unsigned().nullable().references('categories.id').onDelete('SET NULL');
    t.string('image_url', 300).nullable();
    t.string('video_url', 300).nullable();
    t.integer('likes_count').notNullable().defaultTo(0);
    t.integer('comments_count').notNullable().defaultTo(0);
    t.integer('shares_count').notNullable().defaultTo(0);
    t.boolean('is_hidden').notNullable().defaultTo(false);
    timestamps(t, knex, true);
    t.index(['author_id', 'id']);
    t.index(['category_id', 'id']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('post_hashtags', (t) => {
    t.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE');
    t.string('tag', 100).notNullable(); // folded key
    timestamps(t, knex);
    t.primary(['post_id', 'tag']);
    t.index(['tag', 'post_id']);
    t.index(['created_at', 'tag']);
  });

  await knex.schema.createTable('post_mentions', (t) => {
    t.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    t.primary(['post_id', 'user_id']);
    t.index(['user_id', 'post_id']);
  });

  await knex.schema.createTable('post_likes', (t) => {
    t.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.primary(['post_id', 'user_id']);
    t.index(['user_id', 'post_id']);
  });

  await knex.schema.createTable('comments', (t) => {
    t.increments('id').primary();
    t.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE');
    userRef(t, 'author_id', 'CASCADE');
    t.text('content').notNullable();
    t.boolean('is_hidden').notNullable().defaultTo(false);
    timestamps(t, knex, true);
    t.index(['post_id', 'id']);
    t.index(['author_id', 'id']);
  });

  await knex.schema.createTable('bookmarks', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_id', 'CASCADE');
    t.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE');
    timestamps(t, knex);
    t.unique(['user_id', 'post_id']);
    t.index(['user_id', 'id']);
    t.index(['post_id']);
  });

  await knex.schema.createTable('follows', (t) => {
    t.increments('id').primary();
    userRef(t, 'follower_id', 'CASCADE');
    userRef(t, 'following_id', 'CASCADE');
    timestamps(t, knex);
    t.unique(['follower_id', 'following_id']);
    t.index(['following_id', 'id']);
    t.index(['follower_id', 'id']);
  });

  await knex.schema.createTable('follow_requests', (t) => {
    t.increments('id').primary();
    userRef(t, 'requester_id', 'CASCADE');
    userRef(t, 'target_id', 'CASCADE');
    timestamps(t, knex);
    t.unique(['requester_id', 'target_id']);
    t.index(['target_id', 'id']);
  });

  await knex.schema.createTable('notifications', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_id', 'CASCADE'); // recipient
    t.string('type', 30).notNullable();
    t.string('title', 200).notNullable().defaultTo('');
    t.text('message').notNullable().defaultTo('');
    t.boolean('is_read').notNullable().defaultTo(false);
    t.integer('related_post_id').unsigned().nullable().references('posts.id').onDelete('CASCADE');
    userRef(t, 'related_user_id', 'SET NULL');
    t.string('link', 300).nullable();
    timestamps(t, knex);
    t.index(['user_id', 'id']);
    t.index(['user_id', 'is_read']);
    t.index(['related_post_id']);
    t.index(['related_user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'notifications',
    'follow_requests',
    'follows',
    'bookmarks',
    'comments',
    'post_likes',
    'post_mentions',
    'post_hashtags',
    'posts',
    'categories',
  ]) {
    await knex.schema.dropTable(table);
  }
}
