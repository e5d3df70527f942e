import { z } from 'zod';
import '../zod-locale';
import { LIMITS, POST_TYPES } from '../limits';
import { TEXTS } from '../texts';
import { charCount } from '../rules/text';
import { authorSummarySchema, cursorPageQuerySchema, idSchema } from './common';
import { isoTime } from '../contract/endpoint';
import { areaQuerySchema, neighbourhoodIdField, neighbourhoodRefSchema } from './place-fields';

const S = TEXTS.social;

const optionalId = z.preprocess((v) => (v === '' || v === null || v === 'null' || v === undefined ? undefined : v), idSchema.optional());

/** Multipart fields of POST /api/posts (the file itself is checked separately). */
export const createPostSchema = z.object({
  content: z
    .string()
    .optional()
    .default('')
    .transform((v) => v.trim())
    .refine((v) => charCount(v) <= LIMITS.postContentMax, { message: S.postTooLong }),
  categoryId: optionalId,
  type: z.enum(POST_TYPES).optional(),
  neighbourhoodId: neighbourhoodIdField,
});

export const updatePostSchema = z.object({
  content: z
    .string({ error: S.postTextRequired })
    .transform((v) => v.trim())
    .refine((v) => charCount(v) <= LIMITS.postContentMax, { message: S.postTooLong }),
  categoryId: optionalId,
  /** Absent: unchanged; null: none. */
  neighbourhoodId: neighbourhoodIdField,
});

export const POST_SORTS = ['newest', 'popular', 'commented'] as const;

/** A post list's filters and sort, paged by the opaque cursor the previous page gave (X-Next-Cursor). */
export const listPostsQuerySchema = cursorPageQuerySchema.extend({
  categoryId: optionalId,
  authorId: optionalId,
  /** A static category key (kitaplar, müzik...) from the category pages. */
  category: z.string().trim().max(40).optional(),
  sort: z.enum(POST_SORTS).optional().default('newest'),
  feed: z.enum(['all', 'following']).optional().default('all'),
  ...areaQuerySchema.shape,
});
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

export const commentSchema = z.object({
  content: z
    .string({ error: S.commentRequired })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: S.commentRequired })
    .refine((v) => charCount(v) <= LIMITS.commentMax, { message: S.commentTooLong }),
});

export const bookmarkToggleSchema = z.object({ postId: idSchema });

export const hashtagParamsSchema = z.object({ tag: z.string().trim().min(1).max(100) });

// ---- Answers -------------------------------------------------------------------------------

/** A post as every answer shows it (feeds, its page, a hashtag's or a member's posts, bookmarks). */
export const postSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  type: z.enum(POST_TYPES),
  categoryId: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  /** `photoURL` repeats profileImage under the name the earlier client read. */
  author: authorSummarySchema.extend({ photoURL: z.string().nullable() }),
  createdAt: isoTime,
  updatedAt: isoTime,
  imageUrl: z.string().nullable(),
  /** Stored size of the image and its WebP thumbnail (lists); null for images stored before they were kept. */
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  imageThumbUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  sharesCount: z.number().int(),
  /** The viewer's own like and bookmark (false for a visitor). */
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  /** The post's hashtags, folded (hashtagKey). */
  hashtags: z.array(z.string()),
  /** Usernames its @mentions link to; a mention across a block (either way with the author) is not stored, so not linked. */
  mentions: z.array(z.string()).optional(),
  /** The neighbourhood the author tagged it with, if any. */
  neighbourhood: neighbourhoodRefSchema.nullable(),
  /** True only in the answer to its author's write, when a watched word holds it for approval (hidden from others until then). */
  pendingApproval: z.boolean().optional(),
});
export type Post = z.infer<typeof postSchema>;

/** A comment under a post. */
export const postCommentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  createdAt: isoTime,
  author: authorSummarySchema,
  /** Only its author (and moderators) see it while a watched word holds it for approval: shown marked 'Onay bekliyor'. */
  pendingApproval: z.boolean().optional(),
});
export type PostComment = z.infer<typeof postCommentSchema>;

/**
 * A post's comments by page: `newest` first (the next page older) or `oldest` first (the next page newer); without
 * `order`, the latest page in reading order (oldest first), the next page further back.
 */
export const COMMENT_ORDERS = ['newest', 'oldest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];
export const postCommentsQuerySchema = cursorPageQuerySchema.extend({ order: z.enum(COMMENT_ORDERS).optional() });
export type PostCommentsQuery = z.infer<typeof postCommentsQuerySchema>;

/** One comment of one post (a link to `/posts/:id#yorum-<commentId>`). */
export const postCommentParamsSchema = z.object({ id: idSchema, commentId: idSchema });

/** A like toggled: the viewer's state after it and the post's new count. */
export const postLikeResultSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type PostLikeResult = z.infer<typeof postLikeResultSchema>;

/** A share counted (once per member and post; a visitor's is not counted). */
export const postShareResultSchema = z.object({ sharesCount: z.number().int() });

/** A bookmarked post, with when and under which bookmark it was saved. */
export const bookmarkedPostSchema = postSchema.extend({ bookmarkId: z.number().int(), bookmarkedAt: isoTime });
export type BookmarkedPost = z.infer<typeof bookmarkedPostSchema>;

export const bookmarkToggleResultSchema = z.object({ bookmarked: z.boolean() });
/** All of one's bookmarks removed: how many there were. */
export const bookmarksClearedSchema = z.object({ removed: z.number().int() });

/**
 * A trending hashtag: its posts in the last 7 days, growth in percent against the 7 days before
 * (100 for a new tag), and whether it is hot.
 */
export const trendingHashtagSchema = z.object({
  tag: z.string(),
  posts: z.number().int(),
  growth: z.number().int(),
  hot: z.boolean(),
});
export type TrendingHashtag = z.infer<typeof trendingHashtagSchema>;
