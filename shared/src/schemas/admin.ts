import { z } from 'zod';
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
  /** ISO time of the last comment seen (comments of four kinds merge by time). */
  beforeTime: z.string().datetime({ error: A.cursorInvalid }).optional(),
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
export const adminEventsQuerySchema = pageQuerySchema.extend({ kind: z.enum(EVENT_KINDS).optional().default('event') });
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

export const reportsQuerySchema = pageQuerySchema.extend({ status: z.enum(REPORT_STATUSES).optional().default('open') });

export const resolveReportSchema = z.object({
  note: z.string().trim().max(1000).optional().default(''),
  /** What to do with the reported content while resolving. */
  action: z.enum(['none', 'delete', 'hide']).optional().default('none'),
});

export const bulkUsersSchema = z.object({
  ids: z.array(idSchema).min(1, { error: A.nothingSelected }).max(500),
  action: z.enum(['verify', 'unverify', 'make_admin', 'make_user', 'delete'], { error: A.actionInvalid }),
});
