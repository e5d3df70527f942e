import type { Knex } from 'knex';
import { LIMITS, type TrendingHashtag } from '@mahalle/shared';
import { isPostgres } from '../db/engine';
import { addTotals, HOUR, mostUsedLabels, WEEK_HOURS, type WindowRow } from './hashtags';

/**
 * Trending tags: posts carrying the tag in the last 7 days (to the hour), growth against the 7
 * days before. Hidden posts and private accounts' posts are not counted, tags are folded by the
 * shared Turkish rule (tallyTags keeps both true in the counters).
 *
 * The list is read from running totals (trending_totals: recent and previous posts per tag), an
 * index's top rows: O(tags shown), whatever the size of the community.
 * - Writes (post, edit, delete, hide, an account going private or away) change the totals in
 *   their own transaction (tallyTags): the list is right at once, no delay.
 * - Time moves the windows: rollTrending advances the hour the totals stand at
 *   (trending_window.hour), every TRENDING_INTERVAL_SECONDS (60) on each node, one node at a
 *   time on PostgreSQL. So a tag's posts leave the recent week (and the two weeks) at most that
 *   long after their hour has passed.
 */

/** How many tags tied at the list's last place are read beyond its length (see trendingHashtags). */
const TIES_READ_MAX = 500;

/** A tag is hot with this many posts in the last 7 days, or half as many and growing by 50%. */
export const HOT_POSTS = 5;

/** The top of the list from each tag's two windows, in the form the API sends (folded tags until labelled). */
function rank(rows: WindowRow[], limit: number = LIMITS.trendingHashtags): TrendingHashtag[] {
  return rows
    .map((r) => {
      const recent = Number(r.recent);
      const previous = Number(r.previous);
      const growth = previous === 0 ? (recent > 0 ? 100 : 0) : Math.round(((recent - previous) / previous) * 100);
      return { tag: r.tag, posts: recent, growth, hot: recent >= HOT_POSTS || (recent >= Math.ceil(HOT_POSTS / 2) && growth >= 50) };
    })
    .filter((t) => t.posts > 0)
    .sort((a, b) => b.posts - a.posts || b.growth - a.growth || a.tag.localeCompare(b.tag, 'tr'))
    .slice(0, limit);
}

async function labelled(db: Knex, top: TrendingHashtag[]): Promise<TrendingHashtag[]> {
  const labels = await mostUsedLabels(
    db,
    top.map((t) => t.tag),
  );
  return top.map((t) => ({ ...t, tag: labels.get(t.tag) ?? t.tag }));
}

/** The list, from the running totals: the tags with the most recent posts (ties at the last place included, for the order's other keys). */
export async function trendingHashtags(db: Knex, limit: number = LIMITS.trendingHashtags): Promise<TrendingHashtag[]> {
  const lastShown = db.from(db('trending_totals').where('recent', '>', 0).orderBy('recent', 'desc').limit(limit).select('recent').as('top')).min('recent');
  // Ties at the last place are read so the list's other keys (growth, then the tag) order them, but
  // at most TIES_READ_MAX of them: in a quiet week every tag used once ties, and the read stays
  // bounded by the list's length rather than the number of tags.
  const rows = (await db('trending_totals')
    .where('recent', '>=', lastShown)
    .orderBy('recent', 'desc')
    .limit(limit + TIES_READ_MAX)
    .select('tag', 'recent', 'previous')) as WindowRow[];
  return labelled(db, rank(rows, limit));
}

/**
 * Each tag's posts in the two windows at `now`, summed from the counters (whole days from
 * hashtag_daily_counts, the hours at the windows' edges, at most 47, from hashtag_counts): about
 * 60 rows per tag. What the totals must equal; a rebuild after a long stop reads it.
 */
export async function windowSums(db: Knex | Knex.Transaction, now: number): Promise<WindowRow[]> {
  const weekAgo = Math.floor(now / HOUR) - WEEK_HOURS;
  const twoWeeksAgo = weekAgo - WEEK_HOURS;
  // Hours [twoWeeksAgo, weekAgo) are the previous week, hours from weekAgo on the recent one.
  // Days wholly inside either window come from the daily counters: [firstDay, splitDay) previous,
  // from resumeDay on recent; the hours before firstDay and those of the day weekAgo falls in
  // (when it is not a day's first hour) come from the hourly ones.
  const firstDay = Math.ceil(twoWeeksAgo / 24);
  const splitDay = Math.floor(weekAgo / 24);
  const resumeDay = Math.ceil(weekAgo / 24);
  const hourly = db('hashtag_counts')
    .where((w) =>
      w
        .where((a) => a.where('bucket', '>=', twoWeeksAgo).andWhere('bucket', '<', firstDay * 24))
        .orWhere((b) => b.where('bucket', '>=', splitDay * 24).andWhere('bucket', '<', resumeDay * 24)),
    )
    .select('tag')
    .select(db.raw('case when bucket >= ? then posts else 0 end as recent', [weekAgo]))
    .select(db.raw('case when bucket < ? then posts else 0 end as previous', [weekAgo]));
  const daily = db('hashtag_daily_counts')
    .where((w) => w.where((a) => a.where('day', '>=', firstDay).andWhere('day', '<', splitDay)).orWhere('day', '>=', resumeDay))
    .select('tag')
    .select(db.raw('case when day >= ? then posts else 0 end as recent', [resumeDay]))
    .select(db.raw('case when day < ? then posts else 0 end as previous', [splitDay]));
  // Sums are strings on PostgreSQL.
  const rows = (await db.from(hourly.unionAll(daily).as('c')).select('tag').sum({ recent: 'recent', previous: 'previous' }).groupBy('tag')) as WindowRow[];
  return rows.map((r) => ({ tag: r.tag, recent: Number(r.recent), previous: Number(r.previous) }));
}

/** The list at `now` summed from the counters (the read before the running totals; tests and the benchmark compare the two). */
export async function trendingFromCounters(db: Knex, now = Date.now()): Promise<TrendingHashtag[]> {
  return labelled(db, rank(await windowSums(db, now)));
}

/**
 * Moves the totals to the hour of `now` (never back). For the hours passed since they stood at
 * `from`: the hourly counters of [from - 168, to - 168) leave the recent week for the previous
 * one, those of [from - 336, to - 336) leave the two weeks (a counter in both ranges, after a
 * gap of more than a week, leaves at once). After more than two weeks (a long stop) the totals
 * are rebuilt from the counters. On PostgreSQL the window row is locked for update, which waits
 * for the writes classifying by the old hour (they hold it for key share) and makes later ones
 * classify by the new; the job that calls this (jobs/: trending) runs on one node at a time.
 * Answers whether it moved them.
 */
export async function rollTrending(db: Knex, now: number): Promise<boolean> {
  const to = Math.floor(now / HOUR);
  return db.transaction(async (trx) => {
    const pg = isPostgres(trx);
    const q = trx('trending_window').where({ id: 1 }).first('hour');
    if (pg) q.forUpdate();
    const state = (await q) as { hour: number } | undefined;
    const from = state ? Number(state.hour) : null;
    if (from !== null && from >= to) return false;
    if (from === null || to - from > 2 * WEEK_HOURS) {
      const sums = (await windowSums(trx, now)).filter((r) => r.recent !== 0 || r.previous !== 0);
      await trx('trending_totals').delete();
      for (let i = 0; i < sums.length; i += 200) await trx('trending_totals').insert(sums.slice(i, i + 200));
    } else {
      const [leaveRecent, leaveRecentEnd] = [from - WEEK_HOURS, to - WEEK_HOURS];
      const [leaveAll, leaveAllEnd] = [from - 2 * WEEK_HOURS, to - 2 * WEEK_HOURS];
      const moved = (await trx('hashtag_counts')
        .where((w) =>
          w
            .where((a) => a.where('bucket', '>=', leaveRecent).andWhere('bucket', '<', leaveRecentEnd))
            .orWhere((b) => b.where('bucket', '>=', leaveAll).andWhere('bucket', '<', leaveAllEnd)),
        )
        .select('tag')
        .select(trx.raw('sum(case when bucket >= ? and bucket < ? then posts else 0 end) as moved', [leaveRecent, leaveRecentEnd]))
        .select(trx.raw('sum(case when bucket >= ? and bucket < ? then posts else 0 end) as dropped', [leaveAll, leaveAllEnd]))
        .groupBy('tag')) as { tag: string; moved: number | string; dropped: number | string }[];
      const changes = moved
        .map((r) => ({ tag: r.tag, recent: -Number(r.moved), previous: Number(r.moved) - Number(r.dropped) }))
        .filter((c) => c.recent !== 0 || c.previous !== 0)
        .sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
      await addTotals(trx, changes, true);
    }
    await trx('trending_window').insert({ id: 1, hour: to }).onConflict('id').merge({ hour: to });
    return true;
  });
}
