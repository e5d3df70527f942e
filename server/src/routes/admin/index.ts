import { Router, type NextFunction, type Request, type Response } from 'express';
import {
  adminBlogQuerySchema,
  adminCommentsQuerySchema,
  adminEditCommentSchema,
  adminEventsQuerySchema,
  adminGroupsQuerySchema,
  adminQuestionsQuerySchema,
  adminUpdateUserSchema,
  adminUsersQuerySchema,
  auditQuerySchema,
  bulkCommentsSchema,
  bulkDeleteSchema,
  bulkContentSchema,
  bulkReportsSchema,
  bulkUsersSchema,
  commentKindParamsSchema,
  contentKindParamsSchema,
  contentQuerySchema,
  eventKindParamsSchema,
  idParamsSchema,
  moderationQuerySchema,
  hideReasonSchema,
  moderationTargetParamsSchema,
  reportsQuerySchema,
  resolveReportSchema,
  suspendMemberSchema,
  warnMemberSchema,
  createWatchedWordSchema,
  updateWatchedWordSchema,
  importWatchedWordsSchema,
  queueBulkDecisionSchema,
  queueDecisionSchema,
  reviewQueueQuerySchema,
} from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireAdmin, requireModerator } from '../../middlewares/auth';
import * as admin from '../../services/admin';
import { listAudit } from '../../services/audit';
import { createResetLinkAsAdmin } from '../../services/account-links';
import { bulkCloseReports, closeReport, listReports, setHidden } from '../../services/reports';
import { listBlogPostsForAdmin } from '../../services/blog';
import { liftSuspension, suspendMember, warnMember } from '../../services/users/suspension';
import * as watchedWords from '../../services/watched-words';
import * as queue from '../../services/review-queue';

/**
 * Everything under /api/admin: the session's role decides, never a header the client sends. The
 * moderation side (`moderationRouter`) is a site moderator's too; the rest is an admin's.
 */
export function adminRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(moderationRouter(ctx));
  router.use((req: Request, _res: Response, next: NextFunction) => {
    requireAdmin(req);
    next();
  });

  router.post('/bulk-delete', async (req, res) => {
    const { type, ids } = parse(bulkDeleteSchema, req.body);
    res.json(await admin.bulkDelete(ctx, req.user!, type, ids));
  });

  router.get('/stats', async (_req, res) => res.json(await admin.stats(ctx.db)));
  router.get('/health', async (_req, res) => {
    // Every node's mail, from the database: the node that answers may not be the one that sent.
    const mail = (await ctx.mailer?.storedHealth()) ?? { configured: false, sent: 0, failed: 0, consecutiveFailures: 0, lastFailureAt: null, lastError: null };
    // Mail goes out only with PUBLIC_URL too (links are built from it).
    res.json({ mail: { ...mail, configured: mail.configured && Boolean(ctx.config.publicUrl) } });
  });

  router.post('/users/bulk', async (req, res) => {
    const { ids, action } = parse(bulkUsersSchema, req.body);
    res.json(await admin.bulkUsers(ctx, req.user!, ids, action));
  });
  router.patch('/users/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await admin.updateUser(ctx, req.user!, id, parse(adminUpdateUserSchema, req.body)));
  });
  router.post('/users/:id/password-reset-link', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    // PUBLIC_URL when set; else the address the admin reached this server at (the admin is the one who hands the link over).
    const base = ctx.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const link = await createResetLinkAsAdmin(ctx.db, req.user!, id, base);
    res.json({ url: link.url, expiresAt: link.expiresAt });
  });
  router.delete('/users/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await admin.deleteUser(ctx, req.user!, id);
    res.json({ ok: true });
  });

  router.get('/groups', async (req, res) => res.json(await admin.listGroups(ctx.db, parse(adminGroupsQuerySchema, req.query))));
  router.delete('/groups/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await admin.deleteGroupAndFiles(ctx, req.user!, id);
    res.json({ ok: true });
  });

  router.get('/questions', async (req, res) => res.json(await admin.listQuestions(ctx.db, parse(adminQuestionsQuerySchema, req.query))));

  router.get('/blog', async (req, res) => res.json(await listBlogPostsForAdmin(ctx.db, parse(adminBlogQuerySchema, req.query))));

  router.get('/comments', async (req, res) => res.json(await admin.listComments(ctx.db, parse(adminCommentsQuerySchema, req.query))));
  router.post('/comments/bulk-delete', async (req, res) => {
    const { items } = parse(bulkCommentsSchema, req.body);
    res.json(await admin.bulkDeleteComments(ctx.db, req.user!, items));
  });
  router.patch('/comments/:kind/:id', async (req, res) => {
    const { kind, id } = parse(commentKindParamsSchema, req.params);
    const { content } = parse(adminEditCommentSchema, req.body);
    res.json(await admin.editComment(ctx.db, req.user!, kind, id, content));
  });
  router.delete('/comments/:kind/:id', async (req, res) => {
    const { kind, id } = parse(commentKindParamsSchema, req.params);
    await admin.deleteComment(ctx.db, req.user!, kind, id);
    res.json({ ok: true });
  });

  router.get('/content', async (req, res) => res.json(await admin.listContent(ctx.db, parse(contentQuerySchema, req.query))));
  router.post('/content/bulk-delete', async (req, res) => {
    const { kind, ids, reason } = parse(bulkContentSchema, req.body);
    res.json(await admin.bulkDeleteContent(ctx, req.user!, kind, ids, reason));
  });
  router.delete('/content/:kind/:id', async (req, res) => {
    const { kind, id } = parse(contentKindParamsSchema, req.params);
    const { reason } = parse(moderationQuerySchema, req.query);
    await admin.deleteContent(ctx, req.user!, kind, id, reason);
    res.json({ ok: true });
  });

  router.get('/events', async (req, res) => res.json(await admin.listEvents(ctx.db, parse(adminEventsQuerySchema, req.query))));
  router.delete('/events/:kind/:id', async (req, res) => {
    const { kind, id } = parse(eventKindParamsSchema, req.params);
    await admin.deleteEvent(ctx.db, req.user!, kind, id);
    res.json({ ok: true });
  });

  router.get('/watched-words', async (_req, res) => res.json(await watchedWords.listWatchedWords(ctx.db)));
  router.post('/watched-words', async (req, res) => {
    res.status(201).json(await watchedWords.createWatchedWord(ctx, req.user!, parse(createWatchedWordSchema, req.body)));
  });
  router.post('/watched-words/import', async (req, res) => {
    const { csv, replace } = parse(importWatchedWordsSchema, req.body);
    res.json(await watchedWords.importWatchedWords(ctx, req.user!, csv, replace));
  });
  router.patch('/watched-words/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await watchedWords.updateWatchedWord(ctx, req.user!, id, parse(updateWatchedWordSchema, req.body)));
  });
  router.delete('/watched-words/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await watchedWords.deleteWatchedWord(ctx, req.user!, id);
    res.json({ ok: true });
  });

  return router;
}

/** The moderation side of the workspace: site moderators and admins (the site policy's `canModerate`). */
function moderationRouter(ctx: AppContext): Router {
  const router = Router();
  router.use((req: Request, _res: Response, next: NextFunction) => {
    requireModerator(req);
    next();
  });

  router.get('/users', async (req, res) => res.json(await admin.listUsers(ctx.db, parse(adminUsersQuerySchema, req.query), req.user!)));
  router.post('/users/:id/warn', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await warnMember(ctx, req.user!, id, parse(warnMemberSchema, req.body).reason));
  });
  router.post('/users/:id/suspend', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await suspendMember(ctx, req.user!, id, parse(suspendMemberSchema, req.body)));
  });
  router.delete('/users/:id/suspension', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await liftSuspension(ctx, req.user!, id));
  });

  for (const action of ['hide', 'restore'] as const) {
    router.post(`/moderation/:type/:id/${action}`, async (req, res) => {
      const { type, id } = parse(moderationTargetParamsSchema, req.params);
      const { reason } = parse(hideReasonSchema, req.body);
      res.json(await setHidden(ctx, req.user!, type, id, action === 'hide', reason));
    });
  }

  router.get('/audit', async (req, res) => res.json(await listAudit(ctx.db, parse(auditQuerySchema, req.query), req.user!)));

  router.get('/reports', async (req, res) => res.json(await listReports(ctx.db, parse(reportsQuerySchema, req.query))));
  router.post('/reports/bulk', async (req, res) => {
    const { ids, outcome, note } = parse(bulkReportsSchema, req.body);
    res.json(await bulkCloseReports(ctx, req.user!, ids, outcome, note));
  });
  for (const [path, outcome] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    router.post(`/reports/:id/${path}`, async (req, res) => {
      const { id } = parse(idParamsSchema, req.params);
      res.json(await closeReport(ctx, req.user!, id, outcome, parse(resolveReportSchema, req.body)));
    });
  }

  router.get('/queue', async (req, res) => res.json(await queue.listQueue(ctx, req.user!, parse(reviewQueueQuerySchema, req.query))));
  router.post('/queue/bulk', async (req, res) => {
    const { ids, ...decision } = parse(queueBulkDecisionSchema, req.body);
    res.json(await queue.decideEntries(ctx, req.user!, ids, decision));
  });
  router.post('/queue/actions/:id/undo', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await queue.undoDecision(ctx, req.user!, id));
  });
  router.post('/queue/:id/claim', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await queue.claimEntry(ctx, req.user!, id));
  });
  router.delete('/queue/:id/claim', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await queue.releaseEntry(ctx, req.user!, id));
  });
  router.post('/queue/:id/decide', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await queue.decideEntries(ctx, req.user!, [id], parse(queueDecisionSchema, req.body)));
  });
  return router;
}
