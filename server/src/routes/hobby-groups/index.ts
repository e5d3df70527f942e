import { Router, type Response } from 'express';
import {
  createGroupSchema,
  cursorQuerySchema,
  groupCommentSchema,
  groupEventSchema,
  groupPostSchema,
  groupSlugParamsSchema,
  idParamsSchema,
  hideReasonSchema,
  joinRequestParamsSchema,
  groupMemberParamsSchema,
  removeGroupMemberSchema,
  setGroupMemberRoleSchema,
  moderationQuerySchema,
  LIMITS,
  TEXTS,
  listGroupsQuerySchema,
  updateGroupSchema,
} from '@mahalle/shared';
import { setHidden } from '../../services/reports';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { checkFirst, requireUser } from '../../middlewares/auth';
import { carriesFiles, limitWrites } from '../../middlewares/rate-limit';
import * as groups from '../../services/hobby-groups';
import { announceNotifications } from '../../services/notifications';
import { filesOf, multipart } from '../../middlewares/multipart';
import { removeUpload, saveImage } from '../../services/uploads';

/** A list the specification fixed as a bare array: the items, and the next page's cursor in X-Next-Cursor. */
function sendList(res: Response, page: { items: unknown[]; nextCursor: string | null }) {
  if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
  res.json(page.items);
}

/** /api/hobby-groups: the slug routes and the /posts/... routes share the prefix, posts first. */
export function hobbyGroupsRouter(ctx: AppContext): Router {
  const router = Router();
  const page = (q: unknown) => parse(cursorQuerySchema, q);
  const upload = multipart(ctx.config.uploadTmpDir, [{ name: 'image', maxBytes: LIMITS.imageMaxBytes, tooLargeText: TEXTS.social.imageTooLarge }]);

  router.get('/', async (req, res) => {
    sendList(res, await groups.listGroups(ctx.db, req.user, parse(listGroupsQuerySchema, req.query)));
  });
  router.post('/', limitWrites(ctx, 'groups'), async (req, res) => {
    const me = requireUser(req);
    // The client's slug and creatorId are ignored: the slug comes from the name, the creator is the session.
    res.status(201).json(await groups.createGroup(ctx.db, me, parse(createGroupSchema, req.body)));
  });

  router.delete('/posts/comments/:id', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await groups.deleteComment(ctx.db, me, id);
    res.json({ ok: true });
  });
  router.delete('/posts/:id', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { reason } = parse(moderationQuerySchema, req.query);
    const { image, notice } = await groups.deletePost(ctx.db, me, id, reason);
    await removeUpload(ctx, image);
    if (notice) announceNotifications(ctx.bus, [notice]);
    res.json({ ok: true });
  });
  for (const action of ['hide', 'restore'] as const) {
    router.post(`/posts/:id/${action}`, async (req, res) => {
      const me = requireUser(req);
      const { id } = parse(idParamsSchema, req.params);
      const { reason } = parse(hideReasonSchema, req.body);
      res.json(await setHidden(ctx, me, 'group_post', id, action === 'hide', reason, true));
    });
    router.post(`/events/:id/${action}`, async (req, res) => {
      const me = requireUser(req);
      const { id } = parse(idParamsSchema, req.params);
      const { reason } = parse(hideReasonSchema, req.body);
      const { isHidden } = await setHidden(ctx, me, 'group_event', id, action === 'hide', reason, true);
      res.json({ id, isHidden });
    });
  }
  router.get('/posts/:id/like', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await groups.isLiked(ctx.db, req.user, id));
  });
  router.post('/posts/:id/like', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await groups.setLike(ctx.db, me, id, true));
  });
  router.delete('/posts/:id/like', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await groups.setLike(ctx.db, me, id, false));
  });
  router.get('/posts/:id/comments', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    sendList(res, await groups.listComments(ctx.db, id, req.user, page(req.query)));
  });
  router.post('/posts/:id/comments', limitWrites(ctx, 'comments'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { content } = parse(groupCommentSchema, req.body);
    res.status(201).json(await groups.addComment(ctx, me, id, content));
  });

  router.get('/:slug', async (req, res) => {
    const { slug } = parse(groupSlugParamsSchema, req.params);
    res.json(await groups.getGroup(ctx.db, slug, req.user));
  });
  router.patch('/:slug', async (req, res) => {
    const me = requireUser(req);
    const { slug } = parse(groupSlugParamsSchema, req.params);
    res.json(await groups.updateGroup(ctx.db, me, slug, parse(updateGroupSchema, req.body)));
  });
  router.get('/:slug/is-member', async (req, res) => {
    const { slug } = parse(groupSlugParamsSchema, req.params);
    const group = await groups.groupBySlug(ctx.db, slug);
    res.json(await groups.isMember(ctx.db, group.id, req.user));
  });
  router.post('/:slug/join', limitWrites(ctx, 'groups'), async (req, res) => {
    const me = requireUser(req);
    const { slug } = parse(groupSlugParamsSchema, req.params);
    res.json(await groups.join(ctx, me, slug));
  });
  router.post('/:slug/leave', limitWrites(ctx, 'groups'), async (req, res) => {
    const me = requireUser(req);
    const { slug } = parse(groupSlugParamsSchema, req.params);
    res.json(await groups.leave(ctx.db, me, slug));
  });
  router.get('/:slug/join-requests', async (req, res) => {
    const me = requireUser(req);
    const { slug } = parse(groupSlugParamsSchema, req.params);
    res.json(await groups.listJoinRequests(ctx.db, me, slug, page(req.query)));
  });
  for (const [path, accept] of [
    ['accept', true],
    ['reject', false],
  ] as const) {
    router.post(`/:slug/join-requests/:userId/${path}`, async (req, res) => {
      const me = requireUser(req);
      const { slug, userId } = parse(joinRequestParamsSchema, req.params);
      res.json(await groups.decideJoinRequest(ctx, me, slug, userId, accept));
    });
  }
  router.put('/:slug/members/:userId/role', async (req, res) => {
    const me = requireUser(req);
    const { slug, userId } = parse(groupMemberParamsSchema, req.params);
    res.json(await groups.setMemberRole(ctx, me, slug, userId, parse(setGroupMemberRoleSchema, req.body).role));
  });
  router.delete('/:slug/members/:userId', async (req, res) => {
    const me = requireUser(req);
    const { slug, userId } = parse(groupMemberParamsSchema, req.params);
    res.json(await groups.removeMember(ctx, me, slug, userId, parse(removeGroupMemberSchema, req.query).reason));
  });
  router.get('/:slug/members', async (req, res) => {
    const { slug } = parse(groupSlugParamsSchema, req.params);
    sendList(res, await groups.listMembers(ctx.db, slug, req.user, page(req.query)));
  });
  router.get('/:slug/posts', async (req, res) => {
    const { slug } = parse(groupSlugParamsSchema, req.params);
    sendList(res, await groups.listPosts(ctx.db, slug, req.user, page(req.query)));
  });
  // Members only, checked before the optional image is read.
  const memberFirst = checkFirst((req) => groups.assertMember(ctx.db, parse(groupSlugParamsSchema, req.params).slug, requireUser(req)));
  router.post('/:slug/posts', memberFirst, limitWrites(ctx, 'groups'), limitWrites(ctx, 'uploads', carriesFiles), upload, async (req, res) => {
    const me = requireUser(req);
    const { slug } = parse(groupSlugParamsSchema, req.params);
    const input = parse(groupPostSchema, req.body);
    const file = filesOf(req).image?.[0];
    const saved = file ? await saveImage(ctx, file) : null;
    try {
      res.status(201).json(await groups.createPost(ctx, me, slug, { content: input.content, imageUrl: saved?.url ?? null, image: saved }));
    } catch (err) {
      if (saved) await removeUpload(ctx, saved.url);
      throw err;
    }
  });
  router.get('/:slug/events', async (req, res) => {
    const { slug } = parse(groupSlugParamsSchema, req.params);
    sendList(res, await groups.listEvents(ctx.db, slug, req.user, page(req.query)));
  });
  router.post('/:slug/events', limitWrites(ctx, 'groups'), async (req, res) => {
    const me = requireUser(req);
    const { slug } = parse(groupSlugParamsSchema, req.params);
    res.status(201).json(await groups.createEvent(ctx, me, slug, parse(groupEventSchema, req.body)));
  });
  return router;
}
