import type { Knex } from 'knex';
import { intColumn, sortedPage, textColumn } from '../../db/keyset';
import { blogQuery } from './posts';
import { presentBlogPost, type BlogPostListRow } from '../../presenters/blog';
import { whereMatches } from '../../db/search/query';

const ADMIN_BLOG_SORT = {
  createdAt: intColumn('b.id'),
  title: textColumn('b.title'),
  views: intColumn('b.views'),
  likesCount: intColumn('b.likes_count'),
  commentsCount: intColumn('b.comments_count'),
};

/** The workspace's blog table: drafts and published posts, sorted and keyset-paged on the server. */
export async function listBlogPostsForAdmin(
  db: Knex,
  q: { limit: number; cursor?: string; sort: keyof typeof ADMIN_BLOG_SORT; direction: 'asc' | 'desc'; search?: string; status: 'all' | 'published' | 'draft' },
) {
  const query = blogQuery(db);
  if (q.status !== 'all') query.where('b.published', q.status === 'published');
  if (q.search) whereMatches(db, query, 'b.id', ['blog'], q.search);
  const page = await sortedPage<BlogPostListRow>(query, {
    columns: ADMIN_BLOG_SORT,
    sort: q.sort,
    direction: q.direction,
    cursor: q.cursor,
    limit: q.limit,
    idColumn: 'b.id',
  });
  return { items: page.rows.map((r) => presentBlogPost(r, { full: false })), nextCursor: page.nextCursor };
}
