import type { Knex } from 'knex';
import { nowIso } from '../db/time';

async function count(q: Knex.QueryBuilder): Promise<number> {
  const [row] = await q.count({ n: '*' });
  return Number(row.n);
}

/**
 * The home page's counters, from real rows: members, questions, published blog posts, public
 * events in the coming seven days and post categories. Five COUNTs, each over an index or a
 * small table; visitors see them too, so nothing private is counted.
 */
export async function communityStats(db: Knex) {
  const now = nowIso();
  const weekAhead = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const [members, questions, blogPosts, eventsThisWeek, categories] = await Promise.all([
    count(db('users')),
    count(db('questions')),
    count(db('blog_posts').where('published', true)),
    count(db('events').where('is_private', false).where('date', '>=', now).where('date', '<', weekAhead)),
    count(db('categories')),
  ]);
  return { members, questions, blogPosts, eventsThisWeek, categories };
}
