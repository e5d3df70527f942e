import type { Knex } from 'knex';
import { hashtagKey, LIMITS } from '@mahalle/shared';
import { presentPosts, type PostRow } from '../presenters/posts';
import { postsQuery, visibleTo } from './posts';

const DAY = 86_400_000;
/** A tag is hot with this many posts in the last 7 days, or half as many and growing by 50%. */
export const HOT_POSTS = 5;

/**
 * Trending tags: posts carrying the tag in the last 7 days, growth against the 7 days before.
 * One grouped query over the (created_at, tag) index; hidden posts and private accounts' posts
 * do not count.
 */
export async function trendingHashtags(db: Knex, now = Date.now()) {
  const weekAgo = new Date(now - 7 * DAY).toISOString();
  const twoWeeksAgo = new Date(now - 14 * DAY).toISOString();
  const rows = await db('post_hashtags as h')
    .join('posts as p', 'p.id', 'h.post_id')
    .join('users as u', 'u.id', 'p.author_id')
    .where('h.created_at', '>=', twoWeeksAgo)
    .andWhere('p.is_hidden', false)
    // Everyone sees the list: a private account's tags are not public.
    .andWhere('u.is_private', false)
    .select('h.tag')
    .select(db.raw('sum(case when h.created_at >= ? then 1 else 0 end) as recent', [weekAgo]))
    .select(db.raw('sum(case when h.created_at < ? then 1 else 0 end) as previous', [weekAgo]))
    .groupBy('h.tag');
  return rows
    .map((r: any) => {
      const recent = Number(r.recent);
      const previous = Number(r.previous);
      const growth = previous === 0 ? (recent > 0 ? 100 : 0) : Math.round(((recent - previous) / previous) * 100);
      return { tag: r.tag as string, posts: recent, growth, hot: recent >= HOT_POSTS || (recent >= Math.ceil(HOT_POSTS / 2) && growth >= 50) };
    })
    .filter((t) => t.posts > 0)
    .sort((a, b) => b.posts - a.posts || b.growth - a.growth || a.tag.localeCompare(b.tag, 'tr'))
    .slice(0, LIMITS.trendingHashtags);
}

export async function postsWithTag(db: Knex, tag: string, viewerId: number | null, page: { limit: number; before?: number }) {
  const q = visibleTo(postsQuery(db), viewerId)
    .join('post_hashtags as h', 'h.post_id', 'p.id')
    .where('h.tag', hashtagKey(tag));
  if (page.before) q.where('p.id', '<', page.before);
  const rows = (await q.orderBy('p.id', 'desc').limit(page.limit)) as PostRow[];
  return presentPosts(db, rows, viewerId);
}
