import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import {
  acceptConsentsSchema,
  cursorPageQuerySchema,
  exportIdParamsSchema,
  legalKindParamsSchema,
  publishLegalDocumentSchema,
  requestDeletionSchema,
  TEXTS,
} from '@mahalle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireAdmin, requireUser } from '../../middlewares/auth';
import { Limiter } from '../../middlewares/rate-limit';
import { SESSION_COOKIE } from '../../middlewares/auth';
import * as privacy from '../../services/privacy';

const versionQuerySchema = z.object({ version: z.coerce.number().int().positive().optional() });

/** The current legal texts, public (the register form and /kullanim-kosullari, /gizlilik link to them). */
export function legalRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/:kind', async (req, res) => {
    const { kind } = parse(legalKindParamsSchema, req.params);
    const { version } = parse(versionQuerySchema, req.query);
    res.json(await privacy.legalDocument(ctx.db, kind, version));
  });
  return router;
}

/** The organiser's editor of the legal texts (mounted at /api/admin/legal). */
export function adminLegalRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/:kind/versions', async (req, res) => {
    requireAdmin(req);
    const { kind } = parse(legalKindParamsSchema, req.params);
    res.json(await privacy.legalVersions(ctx.db, kind, parse(cursorPageQuerySchema, req.query)));
  });
  router.post('/:kind', async (req, res) => {
    const admin = requireAdmin(req);
    const { kind } = parse(legalKindParamsSchema, req.params);
    res.status(201).json(await privacy.publishLegalDocument(ctx.db, admin, kind, parse(publishLegalDocumentSchema, req.body)));
  });
  return router;
}

/** The signed-in member's consent, data export and account deletion (mounted at /api/users/me). */
export function privacyRouter(ctx: AppContext): Router {
  const router = Router();
  const deletionPerMember = new Limiter(ctx.db, ctx.config.rateLimits.accountDeletionPerMember, TEXTS.privacy.tooManyAttempts);
  const now = () => ctx.now?.() ?? new Date();

  router.get('/consents', async (req, res) => {
    const me = requireUser(req);
    res.json(await privacy.consentState(ctx.db, me));
  });
  router.post('/consents', async (req, res) => {
    const me = requireUser(req);
    res.json(await privacy.acceptConsents(ctx.db, me, parse(acceptConsentsSchema, req.body)));
  });

  router.get('/data-export', async (req, res) => {
    const me = requireUser(req);
    res.json(await privacy.exportState(ctx.db, me.id, now()));
  });
  router.post('/data-export', async (req, res) => {
    const me = requireUser(req);
    res.status(201).json(await privacy.requestExport(ctx, me, now()));
  });
  router.get('/data-export/:id/download', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(exportIdParamsSchema, req.params);
    const { archive, name } = await privacy.openExport(ctx, me.id, id, now());
    res.attachment(name);
    res.set({ 'Content-Type': 'application/zip', 'Content-Length': String(archive.length), 'Cache-Control': 'private, no-store' });
    await pipeline(archive.body, res).catch(() => undefined);
  });

  router.post('/deletion', async (req, res) => {
    const me = requireUser(req);
    await deletionPerMember.consume(`deletion:${me.id}`);
    const { password } = parse(requestDeletionSchema, req.body);
    const scheduled = await privacy.requestDeletion(ctx, me, password, now());
    // Signed out everywhere, this browser too.
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
    res.json(scheduled);
  });
  return router;
}
