import { Router } from 'express';
import { createReportSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import { createReport } from '../../services/reports';

/** 'Şikayet Et': any signed-in member reports a post, comment, answer, blog comment, group post or user. */
export function reportsRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/', limitWrites(ctx, 'reports'), async (req, res) => {
    const me = requireUser(req);
    res.status(201).json(await createReport(ctx, me, parse(createReportSchema, req.body)));
  });
  return router;
}
