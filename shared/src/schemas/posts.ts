import { z } from 'zod';
import '../zod-locale';
import { LIMITS, POST_TYPES } from '../limits';
import { TEXTS } from '../texts';
import { charCount } from '../rules/text';
import { idSchema, pageQuerySchema } from './common';

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
});

export const updatePostSchema = z.object({
  content: z
    .string({ error: S.postTextRequired })
    .transform((v) => v.trim())
    .refine((v) => charCount(v) <= LIMITS.postContentMax, { message: S.postTooLong }),
  categoryId: optionalId,
});

export const POST_SORTS = ['newest', 'popular', 'commented'] as const;

export const listPostsQuerySchema = pageQuerySchema.extend({
  categoryId: optionalId,
  authorId: optionalId,
  /** A static category key (kitaplar, müzik...) from the category pages. */
  category: z.string().trim().max(40).optional(),
  sort: z.enum(POST_SORTS).optional().default('newest'),
  /** Opaque cursor for the popular/commented sorts. */
  cursor: z.string().max(100).optional(),
  feed: z.enum(['all', 'following']).optional().default('all'),
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
