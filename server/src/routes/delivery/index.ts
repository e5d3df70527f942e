import { Router } from 'express';
import { idParamsSchema, pushSubscribeSchema, updateMailPreferencesSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireUser } from '../../middlewares/auth';
import * as delivery from '../../services/delivery';

/** Web Push on the member's devices (mounted at /api/push): the key, subscribing, the device list. */
export function pushRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/key', (req, res) => {
    requireUser(req);
    res.json({ publicKey: ctx.config.vapid.publicKey });
  });
  router.post('/subscriptions', async (req, res) => {
    const me = requireUser(req);
    res.status(201).json(await delivery.subscribe(ctx, me.id, parse(pushSubscribeSchema, req.body), req.get('user-agent')));
  });
  router.get('/subscriptions', async (req, res) => {
    const me = requireUser(req);
    res.json(await delivery.listDevices(ctx.db, me.id));
  });
  router.delete('/subscriptions/:id', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await delivery.removeDevice(ctx.db, me.id, id);
    res.json({ ok: true });
  });
  return router;
}

/** The member's e-mail choices (mounted at /api/users/me/email-notifications). */
export function mailPreferencesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const me = requireUser(req);
    res.json(await delivery.getMailPreferences(ctx, me.id));
  });
  router.put('/', async (req, res) => {
    const me = requireUser(req);
    res.json(await delivery.saveMailPreferences(ctx, me.id, parse(updateMailPreferencesSchema, req.body)));
  });
  router.post('/resume', async (req, res) => {
    const me = requireUser(req);
    await delivery.resumeMail(ctx.db, me.id);
    res.json({ ok: true });
  });
  return router;
}
