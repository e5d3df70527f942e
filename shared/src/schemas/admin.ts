import { z } from 'zod';
import '../zod-locale';
import { LIMITS, ROLES } from '../limits';
import { TEXTS } from '../texts';
import { charCount } from '../rules/text';
import { formBoolean, idSchema, pageQuerySchema } from './common';

const A = TEXTS.admin;

/** Server-side sorting of the workspace tables: a column and a direction, keyset-paged by `cursor`. */
export const sortDirection = z.enum(['asc', 'desc']).optional().default('desc');
export const cursorParam = z.string().max(300).optional();

export const adminUsersQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['createdAt', 'username', 'displayName']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  verified: formBoolean.optional(),
});

export const adminUpdateUserSchema = z
  .object({
    role: z.enum(ROLES, { error: A.roleInvalid }).optional(),
    isVerified: z.boolean({ error: A.verifiedInvalid }).optional(),
  })
  .refine((v) => v.role !== undefined || v.isVerified !== undefined, { message: A.nothingToChange });

export const COMMENT_KINDS = ['post', 'blog', 'answer', 'group'] as const;
export type CommentKind = (typeof COMMENT_KINDS)[number];

export const adminCommentsQuerySchema = z.object({
  kind: z.enum([...COMMENT_KINDS, 'all'] as const).optional().default('all'),
  search: z.string().trim().max(100).optional(),
  limit: pageQuerySchema.shape.limit,
  /** Comments of four kinds merge by time: newest or oldest first, the cursor says where the last page ended. */
  direction: sortDirection,
  cursor: cursorParam,
});

export const commentKindParamsSchema = z.object({ kind: z.enum(COMMENT_KINDS, { error: A.kindInvalid }), id: idSchema });

export const adminEditCommentSchema = z.object({
  content: z
    .string({ error: TEXTS.social.commentRequired })
    .trim()
    .min(1, { error: TEXTS.social.commentRequired })
    .refine((v) => charCount(v) <= 5000, { message: TEXTS.community.contentTooLong }),
});

export const CONTENT_KINDS = ['post', 'group_post'] as const;
export const contentQuerySchema = pageQuerySchema.extend({
  kind: z.enum(CONTENT_KINDS).optional().default('post'),
  sort: z.enum(['createdAt', 'likesCount', 'commentsCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
});
export const contentKindParamsSchema = z.object({ kind: z.enum(CONTENT_KINDS, { error: A.kindInvalid }), id: idSchema });

export const EVENT_KINDS = ['event', 'group_event'] as const;
export const adminEventsQuerySchema = pageQuerySchema.extend({
  kind: z.enum(EVENT_KINDS).optional().default('event'),
  sort: z.enum(['createdAt', 'date', 'title', 'attendeesCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
});

export const adminQuestionsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['createdAt', 'upvotes', 'views', 'answersCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
  answered: formBoolean.optional(),
});

export const adminBlogQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['createdAt', 'title', 'views', 'likesCount', 'commentsCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'published', 'draft']).optional().default('all'),
});
export const eventKindParamsSchema = z.object({ kind: z.enum(EVENT_KINDS, { error: A.kindInvalid }), id: idSchema });

export const adminGroupsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['createdAt', 'name', 'memberCount', 'postCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
});

export const auditQuerySchema = pageQuerySchema.extend({
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(30).optional(),
  /** The acting admin's username (exact, case-insensitive). */
  actor: z.string().trim().max(30).optional(),
  direction: sortDirection,
  cursor: cursorParam,
});

export const REPORT_TARGETS = ['post', 'comment', 'answer', 'blog_comment', 'group_post', 'group_comment', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

export const createReportSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: A.reportTargetInvalid }),
  targetId: idSchema,
  reason: z
    .string({ error: A.reportReasonRequired })
    .trim()
    .min(1, { error: A.reportReasonRequired })
    .max(LIMITS.reportReasonMax, { error: A.reportReasonTooLong }),
});

export const reportsQuerySchema = pageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES).optional().default('open'),
  targetType: z.enum(REPORT_TARGETS, { error: A.reportTargetInvalid }).optional(),
  /** A queue is worked oldest first; the newest first is the default view. */
  direction: sortDirection,
  cursor: cursorParam,
});

export const resolveReportSchema = z.object({
  note: z.string().trim().max(1000).optional().default(''),
  /** What to do with the reported content while resolving. */
  action: z.enum(['none', 'delete', 'hide']).optional().default('none'),
});

const bulkIds = z.array(idSchema).min(1, { error: A.nothingSelected }).max(500);

export const bulkReportsSchema = z.object({
  ids: bulkIds,
  outcome: z.enum(['resolved', 'dismissed'], { error: A.actionInvalid }),
  note: z.string().trim().max(1000).optional().default(''),
});

/** The optional reason an admin gives the author when removing their content (told in a notification). */
export const moderationReasonSchema = z.string().trim().max(LIMITS.moderationReasonMax, { error: A.moderationReasonTooLong }).optional().default('');
export const moderationQuerySchema = z.object({ reason: moderationReasonSchema });

export const bulkContentSchema = z.object({ kind: z.enum(CONTENT_KINDS, { error: A.kindInvalid }), ids: bulkIds, reason: moderationReasonSchema });

export const bulkCommentsSchema = z.object({
  items: z.array(z.object({ kind: z.enum(COMMENT_KINDS, { error: A.kindInvalid }), id: idSchema })).min(1, { error: A.nothingSelected }).max(500),
});

/** The workspace tables whose rows are deleted together in one transaction. */
export const BULK_DELETE_TYPES = ['question', 'event', 'group_event', 'blog_post', 'hobby_group', 'blog_category'] as const;
export const bulkDeleteSchema = z.object({ type: z.enum(BULK_DELETE_TYPES, { error: A.kindInvalid }), ids: bulkIds });

export const bulkUsersSchema = z.object({
  ids: z.array(idSchema).min(1, { error: A.nothingSelected }).max(500),
  action: z.enum(['verify', 'unverify', 'make_admin', 'make_user', 'delete'], { error: A.actionInvalid }),
});
