import { Router, type Request, type Response } from 'express';
import {
  calendarTokenParamsSchema,
  cursorQuerySchema,
  LIMITS,
  TEXTS,
  cancelEventSchema,
  createEventSchema,
  eventMessageSchema,
  eventPhotoParamsSchema,
  idParamsSchema,
  listEventsQuerySchema,
  updateEventSchema,
} from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { errors } from '../../errors';
import { requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import * as events from '../../services/events';
import { filesOf, multipart } from '../../middlewares/multipart';
import { saveImage } from '../../services/uploads';

export function eventsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await events.listEvents(ctx, req.user, parse(listEventsQuerySchema, req.query)));
  });
  router.get('/:id/ics', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    sendIcs(res, await events.eventIcs(ctx, id, req.user, originOf(req)), `etkinlik-${id}.ics`);
  });
  router.get('/:id/photos', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await events.listEventPhotos(ctx, id, req.user, parse(cursorQuerySchema, req.query)));
  });
  const upload = multipart(ctx.config.uploadTmpDir, [{ name: 'image', maxBytes: LIMITS.imageMaxBytes, tooLargeText: TEXTS.social.imageTooLarge }]);
  router.post('/:id/photos', limitWrites(ctx, 'uploads'), upload, async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await events.assertMayAddPhoto(ctx, me, id);
    const file = filesOf(req).image?.[0];
    if (!file) throw errors.badRequest(TEXTS.social.imageOnly, 'image_required');
    res.status(201).json(await events.addEventPhoto(ctx, me, id, await saveImage(ctx, file)));
  });
  router.delete('/:id/photos/:photoId', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { id, photoId } = parse(eventPhotoParamsSchema, req.params);
    await events.deleteEventPhoto(ctx, me, id, photoId);
    res.json({ ok: true });
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

/** Where this server is reached, as the caller sees it (behind a proxy, with TRUST_PROXY set). */
function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function sendIcs(res: Response, body: string, filename: string | null) {
  res.type('text/calendar; charset=utf-8');
  res.set('Cache-Control', 'private, no-store');
  if (filename) res.attachment(filename);
  res.send(body);
}

/** The member's private calendar feed: making, revoking, and the feed itself (its token is the only key). */
export function calendarRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/feed', async (req, res) => {
    res.json(await events.calendarFeed(ctx.db, requireUser(req)));
  });
  router.post('/feed', async (req, res) => {
    res.json(await events.createCalendarFeed(ctx.db, requireUser(req), originOf(req)));
  });
  router.delete('/feed', async (req, res) => {
    res.json(await events.revokeCalendarFeed(ctx.db, requireUser(req)));
  });
  router.get('/:token.ics', async (req, res) => {
    const { token } = parse(calendarTokenParamsSchema, req.params);
    sendIcs(res, await events.feedIcs(ctx, token, originOf(req)), null);
  });
  return router;
}
