import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * The city's places: districts (ilçe) and their neighbourhoods (mahalle), with an
 * optional centre point. Names are unique by their Turkish fold (name_key): a district in the
 * city, a neighbourhood within its district.
 *
 * Members, posts, hobby groups and events may carry a neighbourhood. Posts, groups and events
 * also carry its district_id, copied when the neighbourhood is set: the 'ilçem' filter is then
 * one index range (district_id, sort key) like 'mahallem' on (neighbourhood_id, sort key), where
 * a join through neighbourhoods would read one range per neighbourhood and sort them all. A
 * neighbourhood keeps its district (rename only), so the copy cannot go stale; removing a
 * neighbourhood clears both columns in the same transaction (the service does it: no foreign keys
 * on the added columns, so SQLite adds them without rebuilding these tables).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('districts', (t) => {
    t.increments('id').primary();
    t.string('name', 80).notNullable();
    t.string('name_key', 80).notNullable().unique();
    timestamps(t, knex);
  });
  await knex.schema.createTable('neighbourhoods', (t) => {
    t.increments('id').primary();
    t.integer('district_id').unsigned().notNullable().references('districts.id').onDelete('RESTRICT');
    t.string('name', 80).notNullable();
    t.string('name_key', 80).notNullable();
    t.double('lat').nullable();
    t.double('lng').nullable();
    timestamps(t, knex);
    t.unique(['district_id', 'name_key']);
  });

  await knex.schema.alterTable('users', (t) => {
    t.integer('neighbourhood_id').unsigned().nullable();
    // nobody | followers | everyone
    t.string('neighbourhood_visibility', 20).notNullable().defaultTo('nobody');
  });
  for (const table of ['posts', 'hobby_groups', 'events']) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('neighbourhood_id').unsigned().nullable();
      t.integer('district_id').unsigned().nullable();
    });
  }
  await knex.schema.alterTable('events', (t) => {
    t.string('address', 300).notNullable().defaultTo('');
    t.double('lat').nullable();
    t.double('lng').nullable();
  });

  // Each filtered list pages on the same keys as its unfiltered self, after one equality.
  await knex.schema.alterTable('posts', (t) => {
    t.index(['neighbourhood_id', 'id'], 'posts_neighbourhood_id_idx');
    t.index(['district_id', 'id'], 'posts_district_id_idx');
    t.index(['neighbourhood_id', 'likes_count', 'id'], 'posts_neighbourhood_likes_idx');
    t.index(['district_id', 'likes_count', 'id'], 'posts_district_likes_idx');
    t.index(['neighbourhood_id', 'comments_count', 'id'], 'posts_neighbourhood_comments_idx');
    t.index(['district_id', 'comments_count', 'id'], 'posts_district_comments_idx');
  });
  await knex.schema.alterTable('events', (t) => {
    t.index(['neighbourhood_id', 'date', 'id'], 'events_neighbourhood_date_idx');
    t.index(['district_id', 'date', 'id'], 'events_district_date_idx');
  });
  await knex.schema.alterTable('hobby_groups', (t) => {
    t.index(['neighbourhood_id', 'member_count', 'id'], 'hobby_groups_neighbourhood_members_idx');
    t.index(['district_id', 'member_count', 'id'], 'hobby_groups_district_members_idx');
  });
  await knex.schema.alterTable('users', (t) => {
    t.index(['neighbourhood_id'], 'users_neighbourhood_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['neighbourhood_id'], 'users_neighbourhood_id_idx');
  });
  await knex.schema.alterTable('hobby_groups', (t) => {
    t.dropIndex([], 'hobby_groups_neighbourhood_members_idx');
    t.dropIndex([], 'hobby_groups_district_members_idx');
  });
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex([], 'events_neighbourhood_date_idx');
    t.dropIndex([], 'events_district_date_idx');
  });
  await knex.schema.alterTable('posts', (t) => {
    for (const name of [
      'posts_neighbourhood_id_idx',
      'posts_district_id_idx',
      'posts_neighbourhood_likes_idx',
      'posts_district_likes_idx',
      'posts_neighbourhood_comments_idx',
      'posts_district_comments_idx',
    ])
      t.dropIndex([], name);
  });
  await knex.schema.alterTable('events', (t) => {
    t.dropColumn('lng');
    t.dropColumn('lat');
    t.dropColumn('address');
  });
  for (const table of ['events', 'hobby_groups', 'posts']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('district_id');
      t.dropColumn('neighbourhood_id');
    });
  }
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('neighbourhood_visibility');
    t.dropColumn('neighbourhood_id');
  });
  await knex.schema.dropTable('neighbourhoods');
  await knex.schema.dropTable('districts');
}
