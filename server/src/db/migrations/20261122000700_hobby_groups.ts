import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

/** The column defaults as landed (a landed migration never changes). */
const DEFAULT_GROUP_ICON = 'BookOpen';
const DEFAULT_GROUP_COLOR = '#8B5CF6';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('hobby_groups', (t) => {
    t.increments('id').primary();
    t.string('name', 80).notNullable();
    t.string('slug', 100).notNullable().unique();
    t.text('description').notNullable();
    t.string('icon', 40).notNullable().defaultTo(DEFAULT_GROUP_ICON);
    t.string('color', 20).notNullable().defaultTo(DEFAULT_GROUP_COLOR);
    t.boolean('is_private').notNullable().defaultTo(false);
    userRef(t, 'creator_id', 'SET NULL'); // a group outlives its creator's account
    t.integer('member_count').notNullable().defaultTo(0);
    t.integer('post_count').notNullable().defaultTo(0);
    t.integer('event_count').notNullable().defaultTo(0);
    timestamps(t, knex, true);
    t.index(['member_count', 'id']);
  });

  await knex.schema.createTable('group_members', (t) => {
    t.increments('id').primary();
    t.integer('group_id').unsigned().notNullable().references('hobby_groups.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    t.string('role', 10).notNullable().defaultTo('member'); // member | admin (group admin)
    timestamps(t, knex);
    t.unique(['group_id', 'user_id']);
    t.index(['group_id', 'id']);
    t.index(['user_id', 'group_id']);
  });

  await knex.schema.createTable('group_posts', (t) => {
    t.increments('id').primary();
    t.integer('group_id').unsigned().notNullable().references('hobby_groups.id').onDelete('CASCADE');
    userRef(t, 'author_id', 'CASCADE');
    t.text('content').notNullable();
    t.string('type', 10).notNullable().defaultTo('text');
    t.string('image_url', 300).nullable();
    t.integer('likes_count').notNullable().defaultTo(0);
    t.integer('comments_count').notNullable().defaultTo(0);
    t.boolean('is_hidden').notNullable().defaultTo(false);
    timestamps(t, knex, true);
    t.index(['group_id', 'id']);
    t.index(['author_id', 'id']);
  });

  await knex.schema.createTable('group_post_likes', (t) => {
    t.integer('post_id').unsigned().notNullable().references('group_posts.id').onDelete('CASCADE');
    userRef(t, 'user_id', 'CASCADE');
    timestamps(t, knex);
    t.primary(['post_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('group_post_comments', (t) => {
    t.increments('id').primary();
    t.integer('post_id').unsigned().notNullable().references('group_posts.id').onDelete('CASCADE');
    userRef(t, 'author_id', 'CASCADE');
    t.text('content').notNullable();
    t.boolean('is_hidden').notNullable().defaultTo(false);
    timestamps(t, knex, true);
    t.index(['post_id', 'id']);
    t.index(['author_id', 'id']);
  });

  await knex.schema.createTable('group_events', (t) => {
    t.increments('id').primary();
    t.integer('group_id').unsigned().notNullable().references('hobby_groups.id').onDelete('CASCADE');
    userRef(t, 'creator_id', 'SET NULL');
    t.string('title', 120).notNullable();
    t.text('description').nullable();
    t.timestamp('date', { useTz: true }).notNullable();
    t.string('location', 200).notNullable();
    t.integer('max_attendees').nullable();
    t.boolean('is_online').notNullable().defaultTo(false);
    t.string('meeting_link', 500).nullable();
    timestamps(t, knex, true);
    t.index(['group_id', 'date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['group_events', 'group_post_comments', 'group_post_likes', 'group_posts', 'group_members', 'hobby_groups']) {
    await knex.schema.dropTable(table);
  }
}
