import type { Knex } from 'knex';
import { hashtagKey, LIMITS, type TrendingHashtag } from '@mahalle/shared';
import { isPostgres } from '../db/engine';
import { toIso } from '../db/time';
import { feedMutes } from './blocks';

export const HOUR = 3_600_000;
/** Hours in a week: trending's windows are the last 168 hours and the 168 before. */
export const WEEK_HOURS = 168;
type Db = Knex | Knex.Transaction;

/**
 * How long the community's trending list is read: a member's list leaves out the hashtags they
 * muted (at most LIMITS.mutedTermsMax), and the next ones move up, so the top tags they do see are
 * always in it.
 */
export const TRENDING_READ = LIMITS.trendingHashtags + LIMITS.mutedTermsMax;

/**
 * A viewer's trending list: the community's (trendingHashtags, TRENDING_READ long, read once for
 * everyone and cached by the route) less the hashtags the viewer muted, the top
 * LIMITS.trendingHashtags of what is left. One read of the viewer's muted terms.
 *
 * The counts stay community-wide aggregates on purpose, the same for every viewer: a tag's post
 * count reveals no one (it is a sum over public posts), and counting per viewer, without the posts
 * of members they block or mute, would mean reading posts instead of the counters, losing the read
 * that costs the number of tags shown rather than the number of posts. What is per
 * viewer is only which tags are shown.
 */
export async function trendingFor(db: Db, viewerId: number | null, community: readonly TrendingHashtag[]): Promise<TrendingHashtag[]> {
  const muted = new Set((await feedMutes(db, viewerId)).hashtags);
  // A label folds to its tag's key (hashtag_labels holds the spellings of one key), as a muted hashtag's term does.
  const shown = muted.size === 0 ? community : community.filter((t) => !muted.has(hashtagKey(t.tag)));
  return shown.slice(0, LIMITS.trendingHashtags);
}

/**
 * The form each tag is shown in: of the spellings its posts typed (#İstanbul, #istanbul,
 * #ISTANBUL are one tag), the one used most, from hashtag_labels (kept by triggers on
 * post_hashtags); ties go to the first in Turkish order.
 */
export async function mostUsedLabels(db: Db, tags: readonly string[]): Promise<Map<string, string>> {
  const best = new Map<string, { label: string; uses: number }>();
  for (let i = 0; i < tags.length; i += 500) {
    const rows: { tag: string; label: string; uses: number }[] = await db('hashtag_labels')
      .whereIn('tag', tags.slice(i, i + 500))
      .andWhere('label', '<>', '')
      .select('tag', 'label', 'uses');
    for (const r of rows) {
      const seen = best.get(r.tag);
      const uses = Number(r.uses);
      if (!seen || uses > seen.uses || (uses === seen.uses && r.label.localeCompare(seen.label, 'tr') < 0)) best.set(r.tag, { label: r.label, uses });
    }
  }
  return new Map([...best].map(([tag, b]) => [tag, b.label]));
}

/**
 * Adds (1) or takes away (-1) the publicly counted tags of some posts to or from the trending
 * counters (by hour, by day, and the running totals trending reads): call it with -1 before a
 * change that may alter what counts (edit, delete, hide, an account going private or away) and
 * with 1 after it, inside the write's transaction.
 */
export async function tallyTags(trx: Db, scope: { postIds: number[] } | { authorId: number }, sign: 1 | -1): Promise<void> {
  const q = trx('post_hashtags as h')
    .join('posts as p', 'p.id', 'h.post_id')
    .join('users as u', 'u.id', 'p.author_id')
    .where('p.is_hidden', false)
    .andWhere('u.is_private', false)
    .select('h.tag', 'h.created_at');
  if ('postIds' in scope) {
    if (scope.postIds.length === 0) return;
    q.whereIn('h.post_id', scope.postIds);
  } else {
    q.where('p.author_id', scope.authorId);
  }
  const counts = new Map<string, { tag: string; bucket: number; posts: number }>();
  for (const r of (await q) as { tag: string; created_at: unknown }[]) {
    const bucket = Math.floor(Date.parse(toIso(r.created_at)) / HOUR);
    const key = `${r.tag}\u0000${bucket}`;
    const entry = counts.get(key) ?? { tag: r.tag, bucket, posts: 0 };
    entry.posts += sign;
    counts.set(key, entry);
  }
  if (counts.size === 0) return;
  // One order for every writer, so concurrent upserts on PostgreSQL never wait on each other in a circle.
  const rows = [...counts.values()].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : a.bucket - b.bucket));
  const days = new Map<string, { tag: string; day: number; posts: number }>();
  for (const r of rows) {
    const day = Math.floor(r.bucket / 24);
    const key = `${r.tag}\u0000${day}`;
    const entry = days.get(key) ?? { tag: r.tag, day, posts: 0 };
    entry.posts += r.posts;
    days.set(key, entry);
  }
  const dayRows = [...days.values()];
  // The running totals: each post's hour is recent or previous against the hour the totals stand
  // at, read under a key-share lock on PostgreSQL, so a roll (services/trending.ts, which locks it
  // for update) waits for this write and never moves the hour between our read and our commit.
  const standsAtQuery = trx('trending_window').where({ id: 1 }).first('hour');
  if (isPostgres(trx)) standsAtQuery.forKeyShare();
  const standsAt = (await standsAtQuery) as { hour: number } | undefined;
  const totals = new Map<string, WindowRow>();
  if (standsAt) {
    const recentFrom = Number(standsAt.hour) - WEEK_HOURS;
    for (const r of rows) {
      if (r.bucket < recentFrom - WEEK_HOURS) continue;
      const entry = totals.get(r.tag) ?? { tag: r.tag, recent: 0, previous: 0 };
      if (r.bucket >= recentFrom) entry.recent += r.posts;
      else entry.previous += r.posts;
      totals.set(r.tag, entry);
    }
  }
  for (let i = 0; i < rows.length; i += 200) {
    await trx('hashtag_counts')
      .insert(rows.slice(i, i + 200))
      .onConflict(['bucket', 'tag'])
      .merge({ posts: trx.raw('?? + ??', ['hashtag_counts.posts', 'excluded.posts']) });
  }
  for (let i = 0; i < dayRows.length; i += 200) {
    await trx('hashtag_daily_counts')
      .insert(dayRows.slice(i, i + 200))
      .onConflict(['day', 'tag'])
      .merge({ posts: trx.raw('?? + ??', ['hashtag_daily_counts.posts', 'excluded.posts']) });
  }
  await addTotals(
    trx,
    [...totals.values()].filter((t) => t.recent !== 0 || t.previous !== 0),
    sign < 0,
  );
  if (sign < 0) {
    await trx('hashtag_counts')
      .whereIn(
        ['bucket', 'tag'],
        rows.map((r) => [r.bucket, r.tag]),
      )
      .andWhere('posts', '<=', 0)
      .delete();
    await trx('hashtag_daily_counts')
      .whereIn(
        ['day', 'tag'],
        dayRows.map((r) => [r.day, r.tag]),
      )
      .andWhere('posts', '<=', 0)
      .delete();
  }
}

/** A tag's posts in trending's two windows: the last 7 days (to the hour) and the 7 days before. */
export interface WindowRow {
  tag: string;
  recent: number;
  previous: number;
}

/**
 * Adds changes to the running totals of trending (trending_totals), in the caller's transaction,
 * in the order of the tags (as every writer does); with `prune`, drops the tags left with nothing.
 */
export async function addTotals(trx: Db, changes: WindowRow[], prune: boolean): Promise<void> {
  for (let i = 0; i < changes.length; i += 200) {
    const batch = changes.slice(i, i + 200);
    await trx('trending_totals')
      .insert(batch)
      .onConflict('tag')
      .merge({
        recent: trx.raw('?? + ??', ['trending_totals.recent', 'excluded.recent']),
        previous: trx.raw('?? + ??', ['trending_totals.previous', 'excluded.previous']),
      });
    if (!prune) continue;
    await trx('trending_totals')
      .whereIn(
        'tag',
        batch.map((c) => c.tag),
      )
      .andWhere('recent', '<=', 0)
      .andWhere('previous', '<=', 0)
      .delete();
  }
}
