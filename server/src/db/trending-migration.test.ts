import { expect, it } from 'vitest';
import { describeMigration, migrateBefore, migrateRest } from '../test/migration-db';
import { trendingFromCounters, trendingHashtags } from '../services/trending';

/** The running totals migration builds trending's totals from the hourly counters already there. */
const TOTALS = '20261126030000_trending_totals';
const HOUR = 3_600_000;

describeMigration(TOTALS, (mig) => {
  it('totals the last week and the week before from the hourly counters, leaving older hours out', async () => {
    const { db } = mig;
    await migrateBefore(db, TOTALS);
    const now = Math.floor(Date.now() / HOUR);
    // Hours ago: 0 and 100 are the last week, 200 and 300 the week before, 400 neither.
    const counts = [
      ['kış', 0, 2],
      ['kış', 100, 1],
      ['kış', 200, 4],
      ['yaz', 300, 1],
      ['bahar', 400, 9],
    ] as const;
    for (const [tag, ago, posts] of counts) {
      await db('hashtag_counts').insert({ tag, bucket: now - ago, posts });
      await db('hashtag_daily_counts')
        .insert({ tag, day: Math.floor((now - ago) / 24), posts })
        .onConflict(['day', 'tag'])
        .merge({ posts: db.raw('?? + ??', ['hashtag_daily_counts.posts', 'excluded.posts']) });
    }
    await migrateRest(db);
    const hour = Number((await db('trending_window').where({ id: 1 }).first('hour')).hour);
    expect(hour).toBeGreaterThanOrEqual(now);
    const totals = (await db('trending_totals').orderBy('tag').select('tag', 'recent', 'previous')).map((r) => [r.tag, Number(r.recent), Number(r.previous)]);
    expect(totals).toEqual([
      ['kış', 3, 4],
      ['yaz', 0, 1],
    ]);
    expect(await trendingHashtags(db)).toEqual([{ tag: 'kış', posts: 3, growth: -25, hot: false }]);
    expect(await trendingHashtags(db)).toEqual(await trendingFromCounters(db, hour * HOUR + 1));
  });
});
