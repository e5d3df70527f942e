import {
  adminBlogPostSchema,
  adminBlogQuerySchema,
  adminCommentSchema,
  adminCommentsQuerySchema,
  adminContentSchema,
  adminEditCommentSchema,
  adminEventSchema,
  adminEventsQuerySchema,
  adminGroupSchema,
  adminGroupsQuerySchema,
  adminQuestionSchema,
  adminQuestionsQuerySchema,
  adminReportSchema,
  adminStatsSchema,
  adminUpdateUserSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  auditEntrySchema,
  auditQuerySchema,
  bulkCommentsSchema,
  bulkContentSchema,
  bulkDeletedSchema,
  bulkDeleteSchema,
  bulkReportsSchema,
  bulkUpdatedSchema,
  bulkUsersSchema,
  commentKindParamsSchema,
  contentKindParamsSchema,
  contentQuerySchema,
  eventKindParamsSchema,
  moderationQuerySchema,
  reportClosedSchema,
  reportsQuerySchema,
  resolveReportSchema,
} from '../schemas/admin';
import { idParamsSchema } from '../schemas/common';
import { passwordResetLinkSchema } from '../schemas/auth';
import { endpoint, okSchema, pageOf } from './endpoint';

/**
 * The admin panel's workspace (all under /api/admin, admins only, every change audited). Its
 * tables are sorted and paged on the server: each list answers `{ items, nextCursor }` and takes
 * `sort`, `direction`, `limit` and the opaque `cursor` of the page before.
 */
export const adminEndpoints = {
  'admin.stats': endpoint({
    route: 'GET /api/admin/stats',
    summary: "The panel's totals and the ten newest things made",
    access: 'admin',
    response: adminStatsSchema,
  }),

  'admin.users': endpoint({
    route: 'GET /api/admin/users',
    summary: 'Users, sorted by join time, username or name; filtered by the start of a username, e-mail or name, role, verification',
    access: 'admin',
    query: adminUsersQuerySchema,
    response: pageOf(adminUserSchema),
  }),
  'admin.updateUser': endpoint({
    route: 'PATCH /api/admin/users/:id',
    summary: "Change a user's role or verification (never one's own demotion)",
    access: 'admin',
    params: idParamsSchema,
    body: adminUpdateUserSchema,
    response: adminUserSchema,
  }),
  'admin.deleteUser': endpoint({
    route: 'DELETE /api/admin/users/:id',
    summary: 'Delete a member with their personal content (never an admin, never oneself)',
    access: 'admin',
    params: idParamsSchema,
    response: okSchema,
  }),
  'admin.passwordResetLink': endpoint({
    route: 'POST /api/admin/users/:id/password-reset-link',
    summary: "A one-hour, single-use password link for a member, to hand over (replaces the member's earlier link; audited)",
    access: 'admin',
    params: idParamsSchema,
    response: passwordResetLinkSchema,
  }),
  'admin.bulkUsers': endpoint({
    route: 'POST /api/admin/users/bulk',
    summary: 'Verify, unverify, promote, demote or delete many users in one transaction (all or none)',
    access: 'admin',
    body: bulkUsersSchema,
    response: bulkUpdatedSchema,
  }),

  'admin.groups': endpoint({
    route: 'GET /api/admin/groups',
    summary: 'Hobby groups, sorted by time, name, members or posts',
    access: 'admin',
    query: adminGroupsQuerySchema,
    response: pageOf(adminGroupSchema),
  }),
  'admin.deleteGroup': endpoint({
    route: 'DELETE /api/admin/groups/:id',
    summary: 'Delete a hobby group with its posts, comments, members and events',
    access: 'admin',
    params: idParamsSchema,
    response: okSchema,
  }),

  'admin.questions': endpoint({
    route: 'GET /api/admin/questions',
    summary: 'Questions, sorted by time, upvotes, views or answers; filtered by text and answered or not',
    access: 'admin',
    query: adminQuestionsQuerySchema,
    response: pageOf(adminQuestionSchema),
  }),

  'admin.blog': endpoint({
    route: 'GET /api/admin/blog',
    summary: 'Blog posts with drafts, sorted by time, title, views, likes or comments; filtered by title and status',
    access: 'admin',
    query: adminBlogQuerySchema,
    response: pageOf(adminBlogPostSchema),
  }),

  'admin.comments': endpoint({
    route: 'GET /api/admin/comments',
    summary: 'Comments of posts, blog posts, group posts and answers, merged by time; filtered by kind and text',
    access: 'admin',
    query: adminCommentsQuerySchema,
    response: pageOf(adminCommentSchema),
  }),
  'admin.editComment': endpoint({
    route: 'PATCH /api/admin/comments/:kind/:id',
    summary: 'Edit a comment of any kind',
    access: 'admin',
    params: commentKindParamsSchema,
    body: adminEditCommentSchema,
    response: adminCommentSchema,
  }),
  'admin.deleteComment': endpoint({
    route: 'DELETE /api/admin/comments/:kind/:id',
    summary: 'Delete a comment of any kind (an accepted answer reopens its question)',
    access: 'admin',
    params: commentKindParamsSchema,
    response: okSchema,
  }),
  'admin.bulkDeleteComments': endpoint({
    route: 'POST /api/admin/comments/bulk-delete',
    summary: 'Delete comments of any kinds in one transaction (all or none)',
    access: 'admin',
    body: bulkCommentsSchema,
    response: bulkDeletedSchema,
  }),

  'admin.content': endpoint({
    route: 'GET /api/admin/content',
    summary: 'Posts or group posts, sorted by time, likes or comments; filtered by text',
    access: 'admin',
    query: contentQuerySchema,
    response: pageOf(adminContentSchema),
  }),
  'admin.deleteContent': endpoint({
    route: 'DELETE /api/admin/content/:kind/:id',
    summary: 'Delete a post or group post; its author is notified with the optional reason',
    access: 'admin',
    params: contentKindParamsSchema,
    query: moderationQuerySchema,
    response: okSchema,
  }),
  'admin.bulkDeleteContent': endpoint({
    route: 'POST /api/admin/content/bulk-delete',
    summary: 'Delete many posts or group posts in one transaction (all or none); their authors are notified',
    access: 'admin',
    body: bulkContentSchema,
    response: bulkDeletedSchema,
  }),

  'admin.events': endpoint({
    route: 'GET /api/admin/events',
    summary: 'City or group events, sorted by time added, date, title or attendance; filtered by title',
    access: 'admin',
    query: adminEventsQuerySchema,
    response: pageOf(adminEventSchema),
  }),
  'admin.deleteEvent': endpoint({
    route: 'DELETE /api/admin/events/:kind/:id',
    summary: 'Delete a city or group event',
    access: 'admin',
    params: eventKindParamsSchema,
    response: okSchema,
  }),

  'admin.bulkDelete': endpoint({
    route: 'POST /api/admin/bulk-delete',
    summary: 'Delete selected questions, events, group events, blog posts, hobby groups or blog categories in one transaction (all or none)',
    access: 'admin',
    body: bulkDeleteSchema,
    response: bulkDeletedSchema,
  }),

  'admin.audit': endpoint({
    route: 'GET /api/admin/audit',
    summary: 'The audit log of admin actions, filtered by action, target kind or acting admin',
    access: 'admin',
    query: auditQuerySchema,
    response: pageOf(auditEntrySchema),
  }),

  'admin.reports': endpoint({
    route: 'GET /api/admin/reports',
    summary: 'The report queue by status and target kind, with a preview of each reported thing',
    access: 'admin',
    query: reportsQuerySchema,
    response: pageOf(adminReportSchema),
  }),
  'admin.resolveReport': endpoint({
    route: 'POST /api/admin/reports/:id/resolve',
    summary: 'Resolve a report, deleting or hiding the content if asked (other open reports of it close too)',
    access: 'admin',
    params: idParamsSchema,
    body: resolveReportSchema,
    response: reportClosedSchema,
  }),
  'admin.dismissReport': endpoint({
    route: 'POST /api/admin/reports/:id/dismiss',
    summary: 'Dismiss a report, leaving the content as it is',
    access: 'admin',
    params: idParamsSchema,
    body: resolveReportSchema,
    response: reportClosedSchema,
  }),
  'admin.bulkReports': endpoint({
    route: 'POST /api/admin/reports/bulk',
    summary: 'Resolve or dismiss many open reports with one note, in one transaction (all or none)',
    access: 'admin',
    body: bulkReportsSchema,
    response: bulkUpdatedSchema,
  }),
};
