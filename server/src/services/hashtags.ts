import type { Knex } from 'knex';
import { hashtagKey, LIMITS, type CursorPageQuery, type TrendingHashtag } from '@mahalle/shared';
import { decodeIdCursor, nextIdCursor } from '../db/keyset';
import type { PostRow } from '../presenters/posts';
import { presentPosts } from './posts/page';
import { postsQuery, visibleTo } from './posts';
import { toIso } from '../db/time';
import { feedMutes, whereNotMuted } from './blocks';

const DAY = 86_400_000;
/** A tag is hot with this many posts in the last 7 days, or half as many and growing by 50%. */
export const HOT_POSTS = 5;

const HOUR = 3_600_000;
type Db = Knex | Knex.Transaction;

/**
 * Trending tags: posts carrying the tag in the last 7 days, growth against the 7 days before,
 * to the hour. Read from counters, never from posts: whole days from hashtag_daily_counts and
 * the hours at the windows' edges (at most 47) from hashtag_counts, so the cost is the number of
 * tags times about 60 buckets, not the number of posts. Hidden posts and private accounts' posts
 * are not counted (tallyTags keeps them out).
 */
export async function trendingHashtags(db: Knex, now = Date.now(), limit: number = LIMITS.trendingHashtags): Promise<TrendingHashtag[]> {
  const weekAgo = Math.floor((now - 7 * DAY) / HOUR);
  const twoWeeksAgo = Math.floor((now - 14 * DAY) / HOUR);
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
  const rows = (await db.from(hourly.unionAll(daily).as('c')).select('tag').sum({ recent: 'recent', previous: 'previous' }).groupBy('tag')) as {
    tag: string;
    recent: number | string;
    previous: number | string;
  }[];
  const top = rows
    .map((r) => {
      const recent = Number(r.recent);
      const previous = Number(r.previous);
      const growth = previous === 0 ? (recent > 0 ? 100 : 0) : Math.round(((recent - previous) / previous) * 100);
      return { tag: r.tag, posts: recent, growth, hot: recent >= HOT_POSTS || (recent >= Math.ceil(HOT_POSTS / 2) && growth >= 50) };
    })
    .filter((t) => t.posts > 0)
    .sort((a, b) => b.posts - a.posts || b.growth - a.growth || a.tag.localeCompare(b.tag, 'tr'))
    .slice(0, limit);
  const labels = await mostUsedLabels(
    db,
    top.map((t) => t.tag),
  );
  return top.map((t) => ({ ...t, tag: labels.get(t.tag) ?? t.tag }));
}

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
 * that costs the number of tags shown rather than the number of posts (issue 11). What is per
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
 * counters: call it with -1 before a change that may alter what counts (edit, delete, hide, an
 * account going private or away) and with 1 after it, inside the write's transaction.
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

/** A tag's posts the viewer may see (not those of members the viewer mutes), newest first, and the next page's cursor. */
export async function postsWithTag(db: Knex, tag: string, viewerId: number | null, page: CursorPageQuery) {
  const q = whereNotMuted(visibleTo(postsQuery(db), viewerId), 'p.author_id', viewerId)
    .join('post_hashtags as h', 'h.post_id', 'p.id')
    .where('h.tag', hashtagKey(tag));
  // Paged on the tag index's own column: a backward range over (tag, post_id), no sort.
  // The same bound on p.id keeps PostgreSQL's merge join from walking posts above the cursor.
  const before = decodeIdCursor(page.cursor);
  if (before) q.where('h.post_id', '<', before).andWhere('p.id', '<', before);
  const rows = (await q.orderBy('h.post_id', 'desc').limit(page.limit)) as PostRow[];
  return { items: await presentPosts(db, rows, viewerId), nextCursor: nextIdCursor(rows, page.limit, (r) => r.id) };
}
