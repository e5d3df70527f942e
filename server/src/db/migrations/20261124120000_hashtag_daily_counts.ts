import type { Knex } from 'knex';

/**
 * Trending reads two weeks of counters; by the hour that is up to 336 rows per tag. Beside the
 * hourly counters, posts per tag per day (UTC): trending then reads whole days from here and only
 * the hours at the edges of its windows (at most 47) from hashtag_counts. Kept by tallyTags with
 * the hourly ones, in the same transaction; built here from them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('hashtag_daily_counts', (t) => {
    t.string('tag', 100).notNullable();
    /** Days since the epoch (UTC): the hourly bucket divided by 24. */
    t.integer('day').notNullable();
    t.integer('posts').notNullable().defaultTo(0);
    t.primary(['day', 'tag']);
    t.index(['day', 'tag', 'posts']);
  });
  // Integer division on both engines (buckets are positive).
  await knex.raw(
    `insert into hashtag_daily_counts (tag, day, posts)
     select tag, bucket / 24 as d, sum(posts) from hashtag_counts group by tag, bucket / 24 having sum(posts) > 0`,
  );
  await knex.raw('analyze hashtag_daily_counts');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('hashtag_daily_counts');
}
