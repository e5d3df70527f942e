import { z } from 'zod';
import '../zod-locale';
import { LIMITS, REPORT_REASONS, ROLES, SUSPENSION_DAYS } from '../limits';
import { TEXTS } from '../texts';
import { charCount } from '../rules/text';
import { authorSummarySchema, formBoolean, idSchema, pageQuerySchema } from './common';
import { isoTime } from '../contract/endpoint';

const A = TEXTS.admin;

/** Server-side sorting of the workspace tables: a column and a direction, keyset-paged by `cursor`. */
export const sortDirection = z.enum(['asc', 'desc']).optional().default('desc');
export const cursorParam = z.string().max(300).optional();
/** A workspace table's page size; its position is the opaque `cursor`, never a `before` id. */
const tableQuerySchema = pageQuerySchema.omit({ before: true });

export const adminUsersQuerySchema = tableQuerySchema.extend({
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
  kind: z
    .enum([...COMMENT_KINDS, 'all'] as const)
    .optional()
    .default('all'),
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
export const contentQuerySchema = tableQuerySchema.extend({
  kind: z.enum(CONTENT_KINDS).optional().default('post'),
  sort: z.enum(['createdAt', 'likesCount', 'commentsCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
});
export const contentKindParamsSchema = z.object({ kind: z.enum(CONTENT_KINDS, { error: A.kindInvalid }), id: idSchema });

/**
 * A question's or an event's state a moderator filters by: held for approval by a watched word
 * ('pending', "Onay bekliyor") or hidden otherwise ('hidden', "Gizlendi"). Both sets are few
 * beside what is shown, and each is read through an index that `is_hidden` leads.
 */
export const ITEM_STATES = ['pending', 'hidden'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export const EVENT_KINDS = ['event', 'group_event'] as const;
export const adminEventsQuerySchema = tableQuerySchema.extend({
  kind: z.enum(EVENT_KINDS).optional().default('event'),
  sort: z.enum(['createdAt', 'date', 'title', 'attendeesCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
  state: z.enum(ITEM_STATES).optional(),
});

export const adminQuestionsQuerySchema = tableQuerySchema.extend({
  sort: z.enum(['createdAt', 'upvotes', 'views', 'answersCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
  answered: formBoolean.optional(),
  state: z.enum(ITEM_STATES).optional(),
});

export const adminBlogQuerySchema = tableQuerySchema.extend({
  sort: z.enum(['createdAt', 'title', 'views', 'likesCount', 'commentsCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'published', 'draft']).optional().default('all'),
});
export const eventKindParamsSchema = z.object({ kind: z.enum(EVENT_KINDS, { error: A.kindInvalid }), id: idSchema });

export const adminGroupsQuerySchema = tableQuerySchema.extend({
  sort: z.enum(['createdAt', 'name', 'memberCount', 'postCount']).optional().default('createdAt'),
  direction: sortDirection,
  cursor: cursorParam,
  search: z.string().trim().max(100).optional(),
});

export const auditQuerySchema = tableQuerySchema.extend({
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(30).optional(),
  /** The acting admin's username (exact, case-insensitive). */
  actor: z.string().trim().max(30).optional(),
  direction: sortDirection,
  cursor: cursorParam,
});

export const REPORT_TARGETS = ['post', 'comment', 'answer', 'blog_comment', 'group_post', 'group_comment', 'question', 'event', 'group_event', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

const MR = TEXTS.memberReports;

/**
 * A member's report. Content: a written reason, or a reason code. A person: a reason code from
 * the fixed list (REPORT_REASONS) and an optional note; `reason` then holds the code's label.
 */
export const createReportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS, { error: A.reportTargetInvalid }),
    targetId: idSchema,
    reason: z
      .string({ error: A.reportReasonRequired })
      .trim()
      .min(1, { error: A.reportReasonRequired })
      .max(LIMITS.reportReasonMax, { error: A.reportReasonTooLong })
      .optional(),
    reasonCode: z.enum(REPORT_REASONS, { error: MR.reasonCodeInvalid }).optional(),
    note: z.string({ error: MR.noteTooLong }).trim().max(LIMITS.reportNoteMax, { error: MR.noteTooLong }).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.targetType === 'user' && !v.reasonCode) ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: MR.reasonCodeRequired });
    else if (!v.reasonCode && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: A.reportReasonRequired });
  });
export type CreateReportInput = z.infer<typeof createReportSchema>;

export const reportsQuerySchema = tableQuerySchema.extend({
  status: z.enum(REPORT_STATUSES).optional().default('open'),
  /**
   * createdAt: by id (direction applies). priority: the member with the most open reports first
   * (reported as a person or through their content), then the oldest (direction is ignored).
   */
  sort: z.enum(['createdAt', 'priority']).optional().default('createdAt'),
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

/** An admin's warning to a member: a notification with the reason. */
export const warnMemberSchema = z.object({
  reason: z
    .string({ error: MR.warningReasonRequired })
    .trim()
    .min(1, { error: MR.warningReasonRequired })
    .max(LIMITS.warningReasonMax, { error: MR.warningReasonTooLong }),
});

/** A suspension: for 1, 7 or 30 days, or until a later date; the reason goes to the audit log. */
export const suspendMemberSchema = z
  .object({
    days: z
      .number({ error: MR.suspendDaysInvalid })
      .int({ error: MR.suspendDaysInvalid })
      .refine((d) => (SUSPENSION_DAYS as readonly number[]).includes(d), { error: MR.suspendDaysInvalid })
      .optional(),
    until: z
      .string({ error: MR.suspendUntilInvalid })
      .max(40, { error: MR.suspendUntilInvalid })
      .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), { error: MR.suspendUntilInvalid })
      .optional(),
    reason: z.string().trim().max(LIMITS.warningReasonMax, { error: MR.warningReasonTooLong }).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if ((v.days === undefined) === (v.until === undefined)) ctx.addIssue({ code: 'custom', path: ['days'], message: MR.suspendChoiceRequired });
  });

/** What a moderator hides or restores: any reportable thing but a member. */
export const MODERATED_TARGETS = ['post', 'comment', 'answer', 'blog_comment', 'group_post', 'group_comment', 'question', 'event', 'group_event'] as const;
export const moderationTargetParamsSchema = z.object({ type: z.enum(MODERATED_TARGETS, { error: A.kindInvalid }), id: idSchema });
/** Hiding and restoring carry a reason, for the audit log (and the author, on a hide). */
export const hideReasonSchema = z.object({
  reason: z
    .string({ error: A.moderationReasonRequired })
    .trim()
    .min(1, { error: A.moderationReasonRequired })
    .max(LIMITS.warningReasonMax, { error: MR.warningReasonTooLong }),
});
export const moderationStateSchema = z.object({
  type: z.enum(MODERATED_TARGETS),
  id: z.number().int(),
  isHidden: z.boolean(),
});
export type ModerationState = z.infer<typeof moderationStateSchema>;

/** A member's standing after a warning, suspension or lift. */
export const memberModerationSchema = z.object({
  id: z.number().int(),
  suspendedUntil: isoTime.nullable(),
});
export type MemberModeration = z.infer<typeof memberModerationSchema>;

/** The optional reason an admin gives the author when removing their content (told in a notification). */
export const moderationReasonSchema = z.string().trim().max(LIMITS.moderationReasonMax, { error: A.moderationReasonTooLong }).optional().default('');
export const moderationQuerySchema = z.object({ reason: moderationReasonSchema });

export const bulkContentSchema = z.object({ kind: z.enum(CONTENT_KINDS, { error: A.kindInvalid }), ids: bulkIds, reason: moderationReasonSchema });

export const bulkCommentsSchema = z.object({
  items: z
    .array(z.object({ kind: z.enum(COMMENT_KINDS, { error: A.kindInvalid }), id: idSchema }))
    .min(1, { error: A.nothingSelected })
    .max(500),
});

/** The workspace tables whose rows are deleted together in one transaction. */
export const BULK_DELETE_TYPES = ['question', 'event', 'group_event', 'blog_post', 'hobby_group', 'blog_category'] as const;
export const bulkDeleteSchema = z.object({ type: z.enum(BULK_DELETE_TYPES, { error: A.kindInvalid }), ids: bulkIds });

export const bulkUsersSchema = z.object({
  ids: z.array(idSchema).min(1, { error: A.nothingSelected }).max(500),
  action: z.enum(['verify', 'unverify', 'make_admin', 'make_user', 'delete'], { error: A.actionInvalid }),
});

// ---- answers (what services/admin, audit and reports present) ----

/** The admin panel's totals (comments: post, blog, group comments and answers; categories: post and blog). */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalPosts: z.number().int(),
  totalBlogs: z.number().int(),
  totalComments: z.number().int(),
  totalCategories: z.number().int(),
  totalQuestions: z.number().int(),
  totalEvents: z.number().int(),
  openReports: z.number().int(),
  /** The ten newest users, posts, questions, blog posts and events together, newest first. */
  recentActivity: z.array(
    z.object({
      /** '<type>-<id>', unique across the kinds. */
      id: z.string(),
      /** The name, title or text, cut at 120 characters. */
      title: z.string(),
      date: isoTime,
      type: z.enum(['user', 'post', 'question', 'blog', 'event']),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** What the organiser must know is failing on the node that answered (outgoing mail for now). */
export const adminHealthSchema = z.object({
  mail: z.object({
    /** SMTP_URL and PUBLIC_URL are set: password help and verification go out by e-mail. */
    configured: z.boolean(),
    sent: z.number().int(),
    failed: z.number().int(),
    /** Failures since the last mail that went out (0: the last one did). */
    consecutiveFailures: z.number().int(),
    lastFailureAt: isoTime.nullable(),
    /** The mail server's answer or the connection error, first line. */
    lastError: z.string().nullable(),
  }),
});
export type AdminHealth = z.infer<typeof adminHealthSchema>;

/**
 * A user as the admin panel sees them (with flags nobody else sees). `email` goes to admins only:
 * a moderator's list leaves it out.
 */
export const adminUserSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  username: z.string(),
  email: z.string().optional(),
  role: z.enum(ROLES),
  profileImage: z.string().nullable(),
  isVerified: z.boolean(),
  isPrivate: z.boolean(),
  /** A demo account from the seed. */
  isDemo: z.boolean(),
  /** Until when an admin suspended the member (null: not suspended). */
  suspendedUntil: isoTime.nullable(),
  /** 0 new member, 1 member, 2 trusted member (TEXTS.trust.levels). */
  trustLevel: z.number().int().min(0).max(2),
  createdAt: isoTime,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Who made a group or an event; null once their account is gone. */
const creatorSchema = z.object({ username: z.string(), displayName: z.string() }).nullable();
const groupRefSchema = z.object({ name: z.string(), slug: z.string() });

export const adminGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  isPrivate: z.boolean(),
  memberCount: z.number().int(),
  postCount: z.number().int(),
  eventCount: z.number().int(),
  creator: creatorSchema,
  createdAt: isoTime,
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

export const adminQuestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  views: z.number().int(),
  upvotes: z.number().int(),
  answersCount: z.number().int(),
  isAnswered: z.boolean(),
  /** Held for approval by a watched word ("Onay bekliyor"); such an item is hidden too, and only this mark is set. */
  pendingApproval: z.boolean(),
  /** Hidden from members by a moderator or a rejected approval ("Gizlendi"); false while pending. */
  isHidden: z.boolean(),
  author: authorSummarySchema,
  createdAt: isoTime,
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;

/**
 * A blog post as the admin's table lists it: the blog's list summary (everything but the HTML
 * body), drafts included. The same shape as the blog's own summary, described here until the blog
 * resource's schema is shared.
 */
export const adminBlogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  featuredImage: z.string().nullable(),
  gallery: z.array(z.object({ url: z.string(), caption: z.string() })),
  categoryId: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), color: z.string() }).nullable(),
  tags: z.array(z.string()),
  published: z.boolean(),
  status: z.enum(['published', 'draft']),
  views: z.number().int(),
  likes: z.number().int(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  authorId: z.number().int().nullable(),
  authorName: z.string(),
  authorUsername: z.string(),
  author: authorSummarySchema.extend({ bio: z.string() }),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  ogTitle: z.string().nullable(),
  ogDescription: z.string().nullable(),
  ogImage: z.string().nullable(),
  publishedAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

/** A comment of any kind, with what it was written under and where that is in the app. */
export const adminCommentSchema = z.object({
  kind: z.enum(COMMENT_KINDS),
  /** '<kind>-<id>': unique across the kinds (the table's row key). */
  key: z.string(),
  id: z.number().int(),
  content: z.string(),
  isHidden: z.boolean(),
  status: z.enum(['active', 'hidden']),
  author: authorSummarySchema,
  /** The post's text or the blog post's, question's title, cut at 120 characters. */
  targetTitle: z.string(),
  /** The app's path to the comment's page. */
  link: z.string(),
  createdAt: isoTime,
});
export type AdminComment = z.infer<typeof adminCommentSchema>;

/** A post or a group post in the content workspace (`group` is set for group posts). */
export const adminContentSchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  id: z.number().int(),
  content: z.string(),
  type: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  isHidden: z.boolean(),
  group: groupRefSchema.nullable(),
  author: authorSummarySchema,
  createdAt: isoTime,
});
export type AdminContent = z.infer<typeof adminContentSchema>;

/** A city event or a group event: the city's have a category and attendance, a group's its group. */
export const adminEventSchema = z.object({
  kind: z.enum(EVENT_KINDS),
  id: z.number().int(),
  title: z.string(),
  date: isoTime,
  location: z.string(),
  category: z.string().nullable(),
  attendeesCount: z.number().int().nullable(),
  isPrivate: z.boolean(),
  creator: creatorSchema,
  group: groupRefSchema.nullable(),
  /** Held for approval by a watched word ("Onay bekliyor"); such an item is hidden too, and only this mark is set. */
  pendingApproval: z.boolean(),
  /** Hidden from members by a moderator or a rejected approval ("Gizlendi"); false while pending. */
  isHidden: z.boolean(),
  createdAt: isoTime,
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

/** One admin action in the audit log; `before`/`after` are what changed, as the action recorded it. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** null once the admin's account is gone (the username stays). */
  actorId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  /** The role the actor acted in: admin, moderator, group_moderator, group_founder, cli (null: before roles were recorded). */
  actorRole: z.string().nullable(),
  /** The reason or note the action carried (null: none). */
  reason: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: isoTime,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A report in the moderation queue, with a preview of what was reported (gone: `exists` false). */
/** One of a reported member's latest posts, comments or answers, shown with the report. */
export const recentContentItemSchema = z.object({ id: z.number().int(), text: z.string(), createdAt: isoTime, link: z.string() });

export const adminReportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.number().int(),
  reason: z.string(),
  /** The reason's code when picked from the list (reports of a person); null for a written reason. */
  reasonCode: z.enum(REPORT_REASONS).nullable(),
  /** The reporter's note ('' when none). */
  note: z.string(),
  /** The member the report is about (reported, or the reported content's author) and how many open reports they have. */
  subject: z
    .object({
      id: z.number().int(),
      openReports: z.number().int(),
      suspendedUntil: isoTime.nullable(),
    })
    .nullable(),
  /** For a report of a person: their latest posts, comments and answers (a few of each); null otherwise. */
  recentContent: z
    .object({
      posts: z.array(recentContentItemSchema),
      comments: z.array(recentContentItemSchema),
      answers: z.array(recentContentItemSchema),
    })
    .nullable(),
  status: z.enum(REPORT_STATUSES),
  resolutionNote: z.string(),
  reporter: z.object({ id: z.number().int(), username: z.string(), displayName: z.string() }).nullable(),
  target: z.object({
    exists: z.boolean(),
    /** Its text (a user's: their name), cut at 300 characters. */
    preview: z.string(),
    author: authorSummarySchema.nullable(),
    isHidden: z.boolean(),
  }),
  resolvedBy: z.number().int().nullable(),
  resolvedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** A report once closed. */
export const reportClosedSchema = z.object({ id: z.number().int(), status: z.enum(REPORT_STATUSES) });
/** A bulk change: how many rows changed (all of them, or none: the request fails). */
export const bulkUpdatedSchema = z.object({ updated: z.number().int() });
export const bulkDeletedSchema = z.object({ deleted: z.number().int() });
