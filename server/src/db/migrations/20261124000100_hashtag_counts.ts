import type { Knex } from 'knex';
import { isPg } from '../time';

/**
 * Trending hashtags read counters instead of walking every tagged post of two weeks: posts per
 * folded tag per hour, counting only what the public list counts (posts not hidden, by accounts
 * not private). Kept by the writes that change them (services/hashtags.ts: tallyTags), in their
 * transaction; built here from the posts already there.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('hashtag_counts', (t) => {
    t.string('tag', 100).notNullable();
    /** Hours since the epoch (UTC) of the tagged posts' created_at. */
    t.integer('bucket').notNullable();
    t.integer('posts').notNullable().defaultTo(0);
    // The read is a range on the bucket (never a walk of every tag's history); with the count
    // in the index it reads nothing else.
    t.primary(['bucket', 'tag']);
    t.index(['bucket', 'tag', 'posts']);
  });
  const bucket = isPg(knex) ? 'floor(extract(epoch from h.created_at) / 3600)::integer' : "cast(strftime('%s', h.created_at) as integer) / 3600";
  await knex.raw(
    `insert into hashtag_counts (tag, bucket, posts)
     select h.tag, ${bucket} as b, count(*) from post_hashtags h
     join posts p on p.id = h.post_id join users u on u.id = p.author_id
     where p.is_hidden = ? and u.is_private = ?
     group by h.tag, b`,
    [false, false],
  );
  await knex.raw('analyze hashtag_counts');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('hashtag_counts');
}
