import type { NeighbourhoodRef, Post, PostComment, PostType, Role } from '@mahalle/shared';
import { toIso } from '../db/time';
import { authorFromJoin, type AuthorJoin } from './users';
import type { AdminContent } from '@mahalle/shared';
import { itemMarks } from './item-state';

/** A posts row joined with its author and category (see postsQuery). */
export interface PostRow {
  id: number;
  author_id: number;
  content: string;
  type: PostType;
  category_id: number | null;
  image_url: string | null;
  image_width?: number | null;
  image_height?: number | null;
  image_thumb_url?: string | null;
  video_url: string | null;
  /** Held for approval by a watched word (services/held-items). */
  pending_approval?: boolean | number;
  likes_count: number;
  comments_count: number;
  shares_count: number;
  neighbourhood_id?: number | null;
  created_at: unknown;
  updated_at: unknown;
  u_id: number;
  u_username: string;
  u_display_name: string;
  u_profile_image: string | null;
  u_role: Role;
  c_name: string | null;
  c_color: string | null;
}

/** A post joined with author and category; the viewer's flags and the post's hashtags are read by the service. */
export function presentPost(
  r: PostRow,
  flags: { liked: boolean; bookmarked: boolean; hashtags: string[]; mentions?: string[]; neighbourhood?: NeighbourhoodRef | null },
): Post {
  const author = authorFromJoin(r);
  return {
    id: r.id,
    content: r.content,
    type: r.type,
    categoryId: r.category_id,
    // The category is joined by its id (a deleted one sets category_id to null), so its name and colour are there.
    category: r.category_id ? { id: r.category_id, name: r.c_name ?? '', color: r.c_color ?? '' } : null,
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
    isLiked: flags.liked,
    isBookmarked: flags.bookmarked,
    hashtags: flags.hashtags,
    mentions: flags.mentions ?? [],
    neighbourhood: flags.neighbourhood ?? null,
    // Only its author is ever shown a held post (services/posts visibleTo's `ownHeld`).
    ...itemMarks(r),
  };
}
export type PresentedPost = ReturnType<typeof presentPost>;

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
  u_role: Role;
  /** Held for approval by a watched word (services/held-items). */
  pending_approval?: boolean | number;
}

export function presentComment(r: CommentRow): PostComment {
  return {
    id: r.id,
    postId: r.post_id,
    content: r.content,
    createdAt: toIso(r.created_at),
    author: authorFromJoin(r),
    ...itemMarks(r),
  };
}

/** A posts or group_posts row joined with its author (AUTHOR_COLUMNS) and, for a group post, its group. */
export interface AdminContentRow extends AuthorJoin {
  id: number;
  content: string;
  type: string;
  image_url: string | null;
  /** Posts only. */
  video_url?: string | null;
  likes_count: number;
  comments_count: number;
  is_hidden: boolean | number;
  /** Group posts only. */
  group_name?: string;
  group_slug?: string;
  created_at: unknown;
}

/** A row of the admin workspace's content table: a post or a group post. */
export function presentAdminContent(kind: 'post' | 'group_post', r: AdminContentRow): AdminContent {
  return {
    kind,
    id: r.id,
    content: r.content,
    type: r.type,
    imageUrl: r.image_url,
    videoUrl: r.video_url ?? null,
    likesCount: r.likes_count,
    commentsCount: r.comments_count,
    isHidden: Boolean(r.is_hidden),
    group: r.group_slug ? { name: r.group_name ?? '', slug: r.group_slug } : null,
    author: authorFromJoin(r),
    createdAt: toIso(r.created_at),
  };
}
