import { LIMITS, stripHtml, truncate, type BlogAuthor, type BlogCategory, type BlogComment, type BlogPost, type BlogPostSummary } from '@mahalle/shared';
import { toIso, toIsoOrNull } from '../db/time';
import { authorFromJoin, presentAuthor, type AuthorJoin, type UserRow } from './users';
import { itemMarks } from './item-state';

export function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** A blog_posts row. */
export interface BlogPostRow {
  id: number;
  author_id: number | null;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  content: string;
  excerpt: string | null;
  featured_image: string | null;
  /** JSON array of { url, caption }. */
  gallery: string;
  category_id: number | null;
  /** JSON array of strings. */
  tags: string;
  published: boolean | number;
  views: number;
  likes_count: number;
  comments_count: number;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  published_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

/** A blog post joined with author and category (services/blog/posts blogQuery); the category's columns are null without one. */
export interface BlogPostListRow extends BlogPostRow, AuthorJoin {
  u_bio: string | null;
  c_name: string | null;
  c_slug: string | null;
  c_color: string | null;
}

/** A blog post joined with author and category (services/blog/posts blogQuery). */
/** Typed by the contract: a list's summary, plus the body and the viewer's like when read alone. */
export function presentBlogPost(
  r: BlogPostListRow,
  opts: { full: boolean; liked?: boolean },
): BlogPostSummary & Partial<Pick<BlogPost, 'content' | 'isLiked'>> {
  const author = authorFromJoin(r);
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    ...(opts.full ? { content: r.content } : {}),
    excerpt: r.excerpt || truncate(stripHtml(r.content), LIMITS.blogExcerptCut),
    featuredImage: r.featured_image,
    gallery: parseJson<{ url: string; caption: string }[]>(r.gallery, []),
    categoryId: r.category_id,
    category: r.category_id ? { id: r.category_id, name: r.c_name ?? '', slug: r.c_slug ?? '', color: r.c_color ?? '' } : null,
    tags: parseJson<string[]>(r.tags, []),
    published: Boolean(r.published),
    status: r.published ? 'published' : 'draft',
    views: r.views,
    likes: r.likes_count,
    likesCount: r.likes_count,
    commentsCount: r.comments_count,
    authorId: r.author_id,
    authorName: author.displayName,
    authorUsername: author.username,
    author: { ...author, bio: r.u_bio ?? '' },
    metaTitle: r.meta_title,
    metaDescription: r.meta_description,
    metaKeywords: r.meta_keywords,
    ogTitle: r.og_title,
    ogDescription: r.og_description,
    ogImage: r.og_image,
    ...(opts.liked !== undefined ? { isLiked: opts.liked } : {}),
    publishedAt: toIsoOrNull(r.published_at),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

/** A blog comment joined with its author (AUTHOR_COLUMNS) and its post's title and slug (services/blog/comments). */
export interface BlogCommentRow extends AuthorJoin {
  id: number;
  post_id: number;
  author_id: number | null;
  content: string;
  post_title: string;
  post_slug: string;
  created_at: unknown;
  updated_at: unknown;
  /** Held for approval by a watched word (services/held-items). */
  pending_approval?: boolean | number;
}

export function presentBlogComment(r: BlogCommentRow): BlogComment {
  const author = authorFromJoin(r);
  return {
    id: r.id,
    postId: r.post_id,
    content: r.content,
    authorName: author.displayName,
    authorUsername: author.username,
    author,
    postTitle: r.post_title,
    postSlug: r.post_slug,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
    ...itemMarks(r),
  };
}

/** A blog_categories row. */
export interface BlogCategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  color: string;
  created_at: unknown;
  updated_at: unknown;
}

/** A blog category with the number of posts in it. */
export function presentBlogCategory(r: BlogCategoryRow, postCount: number): BlogCategory {
  return { id: r.id, name: r.name, slug: r.slug, description: r.description ?? '', color: r.color, postCount, createdAt: toIso(r.created_at) };
}

/** A member with the count and sums of their published posts (sums are strings on PostgreSQL, null with no rows). */
export type TopAuthorRow = Pick<UserRow, 'id' | 'username' | 'display_name' | 'profile_image' | 'profile_image_thumb' | 'role'> & {
  posts: number | string;
  views: number | string | null;
  likes: number | string | null;
};

/** An author of the blog with the sums of their published posts. */
export function presentTopAuthor(r: TopAuthorRow): BlogAuthor {
  return {
    ...presentAuthor(r),
    posts: Number(r.posts),
    views: Number(r.views ?? 0),
    likes: Number(r.likes ?? 0),
    score: Number(r.views ?? 0) + 2 * Number(r.likes ?? 0),
  };
}
