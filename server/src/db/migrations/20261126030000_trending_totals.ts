import type { Knex } from 'knex';

/**
 * Trending read two weeks of counters per request (every tag's days and edge hours: about 15k
 * rows at 300k posts, p95 120 ms on PostgreSQL). Here, running totals per tag of the two windows
 * trending shows: `recent` (posts of the last 7 days, to the hour) and `previous` (the 7 days
 * before), so the read takes the top rows of an index, O(tags shown).
 * - Writes keep them in their transaction (services/hashtags.ts: tallyTags), classifying each
 *   tagged post by its hour against `trending_window.hour`, the hour the totals stand at.
 * - Time moves them: a job (services/trending.ts: rollTrending) advances the hour, moving the
 *   hourly counters that left the recent week into `previous` and taking out those that left the
 *   two weeks; one node at a time on PostgreSQL.
 * Built here from the hourly counters at the current hour.
 */
const HOUR = 3_600_000;
const WEEK_HOURS = 168;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trending_totals', (t) => {
    t.string('tag', 100).notNullable().primary();
    t.integer('recent').notNullable().defaultTo(0);
    t.integer('previous').notNullable().defaultTo(0);
    // The read: the top rows by recent posts.
    t.index(['recent']);
  });
  await knex.schema.createTable('trending_window', (t) => {
    t.integer('id').notNullable().primary();
    /** Hours since the epoch (UTC) the totals stand at: recent is buckets >= hour - 168. */
    t.integer('hour').notNullable();
  });
  const hour = Math.floor(Date.now() / HOUR);
  const recentFrom = hour - WEEK_HOURS;
  const previousFrom = hour - 2 * WEEK_HOURS;
  await knex('trending_window').insert({ id: 1, hour });
  await knex.raw(
    `insert into trending_totals (tag, recent, previous)
     select tag, recent, previous from (
       select tag,
         sum(case when bucket >= ? then posts else 0 end) as recent,
         sum(case when bucket < ? then posts else 0 end) as previous
       from hashtag_counts where bucket >= ? group by tag
     ) s where recent > 0 or previous > 0`,
    [recentFrom, recentFrom, previousFrom],
  );
  await knex.raw('analyze trending_totals');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('trending_window');
  await knex.schema.dropTable('trending_totals');
}
