import type { Knex } from 'knex';
import type { AdminStats } from '@mahalle/shared';
import { toIso } from '../../db/time';

type Db = Knex | Knex.Transaction;

/** The newest rows of a kind, its name or text selected as title. */
interface RecentRow {
  id: number;
  title: string;
  created_at: unknown;
}

async function count(db: Db, table: string): Promise<number> {
  const [row] = await db(table).count({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function stats(db: Knex): Promise<AdminStats> {
  const [
    users = 0,
    posts = 0,
    blogs = 0,
    postComments = 0,
    blogComments = 0,
    groupComments = 0,
    answers = 0,
    categories = 0,
    blogCategories = 0,
    questions = 0,
    events = 0,
    groupEvents = 0,
    openReports = 0,
  ] = await Promise.all(
    [
      'users',
      'posts',
      'blog_posts',
      'comments',
      'blog_comments',
      'group_post_comments',
      'answers',
      'categories',
      'blog_categories',
      'questions',
      'events',
      'group_events',
    ]
      .map((t) => count(db, t))
      .concat(
        db('reports')
          .where({ status: 'open' })
          .count({ n: '*' })
          .then(([r]) => Number(r?.n ?? 0)),
      ),
  );
  const recent = await Promise.all([
    db('users')
      .orderBy('id', 'desc')
      .limit(5)
      .select('id', 'display_name as title', 'created_at')
      .then((r: RecentRow[]) => r.map((x) => ({ ...x, type: 'user' as const }))),
    db('posts')
      .orderBy('id', 'desc')
      .limit(5)
      .select('id', 'content as title', 'created_at')
      .then((r: RecentRow[]) => r.map((x) => ({ ...x, type: 'post' as const }))),
    db('questions')
      .orderBy('id', 'desc')
      .limit(5)
      .select('id', 'title', 'created_at')
      .then((r: RecentRow[]) => r.map((x) => ({ ...x, type: 'question' as const }))),
    db('blog_posts')
      .orderBy('id', 'desc')
      .limit(5)
      .select('id', 'title', 'created_at')
      .then((r: RecentRow[]) => r.map((x) => ({ ...x, type: 'blog' as const }))),
    db('events')
      .orderBy('id', 'desc')
      .limit(5)
      .select('id', 'title', 'created_at')
      .then((r: RecentRow[]) => r.map((x) => ({ ...x, type: 'event' as const }))),
  ]);
  const recentActivity = recent
    .flat()
    .map((r) => ({ id: `${r.type}-${r.id}`, title: String(r.title).slice(0, 120), date: toIso(r.created_at), type: r.type }))
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 10);
  return {
    totalUsers: users,
    totalPosts: posts,
    totalBlogs: blogs,
    totalComments: postComments + blogComments + groupComments + answers,
    totalCategories: categories + blogCategories,
    totalQuestions: questions,
    totalEvents: events + groupEvents,
    openReports,
    recentActivity,
  };
}
