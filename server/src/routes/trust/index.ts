import { Router } from 'express';
import { idParamsSchema, setTrustLevelSchema, updateTrustSettingsSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireAdmin, requireUser } from '../../middlewares/auth';
import { myTrust, setTrustLevel, trustSettings, updateTrustSettings } from '../../services/trust';

/** /api/users/me/trust: the member's own level and what the next one needs. */
export function myTrustRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => res.json(await myTrust(ctx.db, requireUser(req), ctx.now)));
  return router;
}

/**
 * Under /api/admin: the organiser's trust settings (admins only) and setting a member's level
 * (whoever the users policy's `canSetTrustLevel` allows; the service asks it).
 */
export function adminTrustRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/trust-settings', async (req, res) => {
    requireAdmin(req);
    res.json(await trustSettings(ctx.db));
  });
  router.put('/trust-settings', async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await updateTrustSettings(ctx, admin, parse(updateTrustSettingsSchema, req.body)));
  });
  router.put('/users/:id/trust-level', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { level, reason } = parse(setTrustLevelSchema, req.body);
    res.json(await setTrustLevel(ctx, me, id, level, reason));
  });
  return router;
}
