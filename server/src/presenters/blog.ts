import { LIMITS, stripHtml, truncate, type BlogAuthor, type BlogCategory, type BlogComment, type BlogPost, type BlogPostSummary } from '@mahalle/shared';
import { toIso, toIsoOrNull } from '../db/time';
import { authorFromJoin, presentAuthor } from './users';

export function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** A blog post joined with author and category (services/blog/posts blogQuery). */
/** Typed by the contract: a list's summary, plus the body and the viewer's like when read alone. */
export function presentBlogPost(r: any, opts: { full: boolean; liked?: boolean }): BlogPostSummary & Partial<Pick<BlogPost, 'content' | 'isLiked'>> {
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
    category: r.category_id ? { id: r.category_id, name: r.c_name, slug: r.c_slug, color: r.c_color } : null,
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

export function presentBlogComment(r: any): BlogComment {
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
  };
}

/** A blog category with the number of posts in it. */
export function presentBlogCategory(r: any, postCount: number): BlogCategory {
  return { id: r.id, name: r.name, slug: r.slug, description: r.description ?? '', color: r.color, postCount, createdAt: toIso(r.created_at) };
}

/** An author of the blog with the sums of their published posts. */
export function presentTopAuthor(r: any): BlogAuthor {
  return {
    ...presentAuthor(r),
    posts: Number(r.posts),
    views: Number(r.views ?? 0),
    likes: Number(r.likes ?? 0),
    score: Number(r.views ?? 0) + 2 * Number(r.likes ?? 0),
  };
}
