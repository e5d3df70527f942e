import { Router } from 'express';
import { cancelEventSchema, createEventSchema, eventMessageSchema, idParamsSchema, listEventsQuerySchema, updateEventSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import * as events from '../../services/events';

export function eventsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await events.listEvents(ctx, req.user, parse(listEventsQuerySchema, req.query)));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await events.getEvent(ctx, id, req.user));
  });
  router.post('/', limitWrites(ctx, 'posts'), async (req, res) => {
    const me = requireUser(req);
    res.status(201).json(await events.createEvent(ctx, me, parse(createEventSchema, req.body)));
  });
  router.patch('/:id', limitWrites(ctx, 'posts'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await events.updateEvent(ctx, me, id, parse(updateEventSchema, req.body)));
  });
  router.post('/:id/attend', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await events.toggleAttendance(ctx, me, id));
  });
  router.post('/:id/cancel', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { reason } = parse(cancelEventSchema, req.body);
    res.json(await events.cancelEvent(ctx, me, id, reason));
  });
  router.post('/:id/message', limitWrites(ctx, 'eventMessages'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { message } = parse(eventMessageSchema, req.body);
    res.json(await events.messageAttendees(ctx, me, id, message));
  });
  router.delete('/:id', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await events.deleteEvent(ctx, me, id);
    res.json({ ok: true });
  });
  return router;
}
