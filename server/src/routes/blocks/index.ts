import { Router } from 'express';
import { cursorPageQuerySchema, idParamsSchema, mutedTermInputSchema, muteInputSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import * as blocks from '../../services/blocks';

/** Blocking and muting a member: /api/users/:id/block and /api/users/:id/mute. */
export function userBlocksRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/:id/block', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blocks.blockStatus(ctx.db, me, id));
  });
  router.post('/:id/block', limitWrites(ctx, 'follows'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blocks.block(ctx, me, id));
  });
  router.delete('/:id/block', limitWrites(ctx, 'follows'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blocks.unblock(ctx.db, me, id));
  });
  router.post('/:id/mute', limitWrites(ctx, 'follows'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { duration } = parse(muteInputSchema, req.body ?? {});
    res.json(await blocks.mute(ctx.db, me, id, duration, ctx.now?.() ?? new Date()));
  });
  router.delete('/:id/mute', limitWrites(ctx, 'follows'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blocks.unmute(ctx.db, me, id));
  });
  return router;
}

/** The signed-in member's lists: /api/users/me/blocks, /mutes and /muted-terms. */
export function myBlocksRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/blocks', async (req, res) => {
    const me = requireUser(req);
    res.json(await blocks.listBlocks(ctx.db, me, parse(cursorPageQuerySchema, req.query)));
  });
  router.get('/mutes', async (req, res) => {
    const me = requireUser(req);
    res.json(await blocks.listMutes(ctx.db, me, parse(cursorPageQuerySchema, req.query)));
  });
  router.get('/muted-terms', async (req, res) => {
    const me = requireUser(req);
    res.json(await blocks.listMutedTerms(ctx.db, me));
  });
  router.post('/muted-terms', limitWrites(ctx, 'follows'), async (req, res) => {
    const me = requireUser(req);
    res.status(201).json(await blocks.addMutedTerm(ctx.db, me, parse(mutedTermInputSchema, req.body)));
  });
  router.delete('/muted-terms/:id', limitWrites(ctx, 'follows'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blocks.removeMutedTerm(ctx.db, me, id));
  });
  return router;
}
