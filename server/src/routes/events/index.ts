import { Router } from 'express';
import { createEventSchema, idParamsSchema, listEventsQuerySchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import * as events from '../../services/events';

export function eventsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await events.listEvents(ctx.db, req.user, parse(listEventsQuerySchema, req.query)));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await events.getEvent(ctx.db, id, req.user));
  });
  router.post('/', limitWrites(ctx, 'posts'), async (req, res) => {
    const me = requireUser(req);
    res.status(201).json(await events.createEvent(ctx, me, parse(createEventSchema, req.body)));
  });
  router.post('/:id/attend', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await events.toggleAttendance(ctx.db, me, id));
  });
  router.delete('/:id', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await events.deleteEvent(ctx.db, me, id);
    res.json({ ok: true });
  });
  return router;
}
