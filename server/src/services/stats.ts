import type { Knex } from 'knex';
import { nowIso } from '../db/time';

async function count(q: Knex.QueryBuilder): Promise<number> {
  const [row] = await q.count({ n: '*' });
  return Number(row.n);
}

/**
 * The home page's counters: members, questions, published blog posts, public events in the
 * coming seven days and post categories. The first three are rows kept by triggers
 * (community_counts), never COUNTs over whole tables; events are a range over their date index
 * and categories a small table. Visitors see them too, so nothing private is counted.
 */
export async function communityStats(db: Knex) {
  const now = nowIso();
  const weekAhead = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const [kept, eventsThisWeek, categories] = await Promise.all([
    db('community_counts').select('name', 'n') as Promise<{ name: string; n: number }[]>,
    count(db('events').where('is_hidden', false).where('is_private', false).where('date', '>=', now).where('date', '<', weekAhead)),
    count(db('categories')),
  ]);
  const n = (name: string) => Number(kept.find((r) => r.name === name)?.n ?? 0);
  return { members: n('members'), questions: n('questions'), blogPosts: n('blog_posts_published'), eventsThisWeek, categories };
}

/**
 * Discover's daily statistics, over the last 24 hours: new content (posts, group posts,
 * questions and blog posts published), active members (who posted, commented or liked) and
 * engagement (the share of the day's posts that got a like or a comment, in percent).
 */
export async function dailyStats(db: Knex) {
  const since = new Date(Date.now() - 86_400_000).toISOString();
  const [posts, groupPosts, questions, blogPosts, engaged] = await Promise.all([
    count(db('posts').where('created_at', '>=', since).andWhere('is_hidden', false)),
    count(db('group_posts').where('created_at', '>=', since).andWhere('is_hidden', false)),
    count(db('questions').where('created_at', '>=', since).andWhere('is_hidden', false)),
    count(db('blog_posts').where('published', true).andWhere('published_at', '>=', since)),
    count(
      db('posts')
        .where('created_at', '>=', since)
        .andWhere('is_hidden', false)
        .andWhere((w) => w.where('likes_count', '>', 0).orWhere('comments_count', '>', 0)),
    ),
  ]);
  const active = db
    .select('author_id as user_id')
    .from('posts')
    .where('created_at', '>=', since)
    .union((u) => u.select('author_id as user_id').from('comments').where('created_at', '>=', since))
    .union((u) => u.select('user_id').from('post_likes').where('created_at', '>=', since));
  const [row] = await db.from(active.as('a')).whereNotNull('user_id').countDistinct({ n: 'user_id' });
  return {
    newContent: posts + groupPosts + questions + blogPosts,
    activeUsers: Number(row.n),
    engagement: posts === 0 ? 0 : Math.round((engaged / posts) * 100),
  };
}
