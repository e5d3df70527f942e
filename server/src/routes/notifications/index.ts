import { Router } from 'express';
import { cursorPageQuerySchema, idParamsSchema, updateDigestSettingsSchema, updateNotificationSettingsSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { sendCursorList } from '../paging';
import { requireUser } from '../../middlewares/auth';
import * as notifications from '../../services/notifications';
import * as settings from '../../services/notification-settings';
import * as digest from '../../services/digest';

/** Only ever the signed-in user's own notifications. */
export function notificationsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const me = requireUser(req);
    sendCursorList(res, await notifications.listNotifications(ctx.db, me.id, parse(cursorPageQuerySchema, req.query)));
  });
  router.get('/unread-count', async (req, res) => {
    const me = requireUser(req);
    res.json({ count: await notifications.unreadNotificationCount(ctx.db, me.id) });
  });
  router.patch('/read-all', async (req, res) => {
    const me = requireUser(req);
    res.json({ updated: await notifications.markAllNotificationsRead(ctx.db, ctx.bus, me.id) });
  });
  router.patch('/:id/read', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await notifications.markNotificationRead(ctx.db, ctx.bus, me.id, id);
    res.json({ ok: true });
  });
  router.delete('/:id', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await notifications.deleteNotification(ctx.db, ctx.bus, me.id, id);
    res.json({ ok: true });
  });
  return router;
}

/** The signed-in member's notification preferences (mounted at /api/users/me/notification-settings). */
export function notificationSettingsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const me = requireUser(req);
    res.json(await settings.getNotificationSettings(ctx.db, me.id));
  });
  router.put('/', async (req, res) => {
    const me = requireUser(req);
    res.json(await settings.saveNotificationSettings(ctx.db, me.id, parse(updateNotificationSettingsSchema, req.body)));
  });
  return router;
}

/** The signed-in member's weekly digest setting (mounted at /api/users/me/digest-settings). */
export function digestSettingsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const me = requireUser(req);
    res.json(await digest.getDigestSettings(ctx.db, me.id, ctx.config.timeZone));
  });
  router.put('/', async (req, res) => {
    const me = requireUser(req);
    const body = parse(updateDigestSettingsSchema, req.body);
    res.json(await digest.saveDigestSettings(ctx.db, me.id, body, ctx.now?.() ?? new Date(), ctx.config.timeZone));
  });
  return router;
}
