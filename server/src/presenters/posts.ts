import type { Knex } from 'knex';
import { toIso } from '../db/time';
import { authorFromJoin } from './users';

/** A posts row joined with its author and category (see postsQuery). */
export interface PostRow {
  id: number;
  author_id: number;
  content: string;
  type: string;
  category_id: number | null;
  image_url: string | null;
  image_width?: number | null;
  image_height?: number | null;
  image_thumb_url?: string | null;
  video_url: string | null;
  likes_count: number;
  comments_count: number;
  shares_count: number;
  created_at: unknown;
  updated_at: unknown;
  u_id: number;
  u_username: string;
  u_display_name: string;
  u_profile_image: string | null;
  u_role: 'user' | 'admin';
  c_name: string | null;
  c_color: string | null;
}

/**
 * Viewer-specific flags and hashtags, loaded for a whole page at once in one query (never one
 * per row): each query costs its fixed share of knex and the driver, more than its rows do.
 */
export async function postFlags(db: Knex | Knex.Transaction, postIds: number[], viewerId: number | null) {
  const liked = new Set<number>();
  const bookmarked = new Set<number>();
  const tags = new Map<number, string[]>();
  if (postIds.length === 0) return { liked, bookmarked, tags };
  const q = db('post_hashtags').whereIn('post_id', postIds).select('post_id', db.raw("'t' as kind"), 'tag');
  if (viewerId) {
    q.unionAll((u) => u.from('post_likes').whereIn('post_id', postIds).andWhere({ user_id: viewerId }).select('post_id', db.raw("'l' as kind"), db.raw("'' as tag")));
    q.unionAll((u) => u.from('bookmarks').whereIn('post_id', postIds).andWhere({ user_id: viewerId }).select('post_id', db.raw("'b' as kind"), db.raw("'' as tag")));
  }
  for (const r of (await q) as { post_id: number; kind: string; tag: string }[]) {
    if (r.kind === 'l') liked.add(r.post_id);
    else if (r.kind === 'b') bookmarked.add(r.post_id);
    else {
      const list = tags.get(r.post_id);
      if (list) list.push(r.tag);
      else tags.set(r.post_id, [r.tag]);
    }
  }
  return { liked, bookmarked, tags };
}

export async function presentPosts(db: Knex | Knex.Transaction, rows: PostRow[], viewerId: number | null) {
  const flags = await postFlags(db, rows.map((r) => r.id), viewerId);
  return rows.map((r) => {
    const author = authorFromJoin(r);
    return {
      id: r.id,
      content: r.content,
      type: r.type,
      categoryId: r.category_id,
      category: r.category_id ? { id: r.category_id, name: r.c_name, color: r.c_color } : null,
      author: { ...author, photoURL: author.profileImage },
      createdAt: toIso(r.created_at),
      updatedAt: toIso(r.updated_at),
      imageUrl: r.image_url,
      imageWidth: r.image_width ?? null,
      imageHeight: r.image_height ?? null,
      imageThumbUrl: r.image_thumb_url ?? null,
      videoUrl: r.video_url,
      likesCount: r.likes_count,
      commentsCount: r.comments_count,
      sharesCount: r.shares_count,
      isLiked: flags.liked.has(r.id),
      isBookmarked: flags.bookmarked.has(r.id),
      hashtags: flags.tags.get(r.id) ?? [],
    };
  });
}
export type PresentedPost = Awaited<ReturnType<typeof presentPosts>>[number];

export interface CommentRow {
  id: number;
  post_id: number;
  author_id: number;
  content: string;
  created_at: unknown;
  u_id: number;
  u_username: string;
  u_display_name: string;
  u_profile_image: string | null;
  u_role: 'user' | 'admin';
}

export function presentComment(r: CommentRow) {
  return {
    id: r.id,
    postId: r.post_id,
    content: r.content,
    createdAt: toIso(r.created_at),
    author: authorFromJoin(r),
  };
}
