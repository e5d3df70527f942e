import { Router } from 'express';
import { appealsQuerySchema, createAppealSchema, decideAppealSchema, idParamsSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireModerator, requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import { appealItem, decideAppeal, listAppeals } from '../../services/appeals';

/** /api/appeals: a member appeals their own hidden item (a suspended member appeals under /api/auth). */
export function appealsRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/', limitWrites(ctx, 'reports'), async (req, res) => {
    const me = requireUser(req);
    res.status(201).json(await appealItem(ctx, me, parse(createAppealSchema, req.body)));
  });
  return router;
}

/** /api/admin/appeals: the moderators' side, listed beside the reports. */
export function adminAppealsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    requireModerator(req);
    res.json(await listAppeals(ctx, parse(appealsQuerySchema, req.query)));
  });
  router.post('/:id/decide', async (req, res) => {
    const me = requireModerator(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await decideAppeal(ctx, me, id, parse(decideAppealSchema, req.body)));
  });
  return router;
}
