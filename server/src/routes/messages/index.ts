import { Router } from 'express';
import { cursorPageQuerySchema, idParamsSchema, sendMessageSchema, userIdParamsSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { sendCursorList } from '../paging';
import { requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import * as messages from '../../services/messages';

export function messagesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const me = requireUser(req);
    sendCursorList(res, await messages.listConversations(ctx.db, me, parse(cursorPageQuerySchema, req.query)));
  });
  router.get('/unread-count', async (req, res) => {
    const me = requireUser(req);
    res.json({ count: await messages.unreadMessageCount(ctx.db, me.id) });
  });
  router.get('/conversation/:userId', async (req, res) => {
    const me = requireUser(req);
    const { userId } = parse(userIdParamsSchema, req.params);
    sendCursorList(res, await messages.conversationWith(ctx.db, me, userId, parse(cursorPageQuerySchema, req.query)));
  });
  router.patch('/conversation/:userId/read', async (req, res) => {
    const me = requireUser(req);
    const { userId } = parse(userIdParamsSchema, req.params);
    res.json({ updated: await messages.markConversationRead(ctx, me, userId) });
  });
  router.post('/', limitWrites(ctx, 'messages'), async (req, res) => {
    const me = requireUser(req);
    const input = parse(sendMessageSchema, req.body);
    res.status(201).json(await messages.sendMessage(ctx, me, input));
  });
  router.patch('/:id/read', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await messages.markRead(ctx, me, id);
    res.json({ ok: true });
  });
  router.delete('/:id', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await messages.deleteMessage(ctx, me, id);
    res.json({ ok: true });
  });
  return router;
}
