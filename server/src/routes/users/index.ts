import { Router, type Request } from 'express';
import { presentProfile } from '../../presenters/users';
import { visibleNeighbourhood } from '../../services/places';
import {
  cursorPageQuerySchema,
  foldKey,
  popularUsersQuerySchema,
  idParamsSchema,
  LIMITS,
  listPostsQuerySchema,
  TEXTS,
  updateProfileSchema,
  usernameParamsSchema,
} from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { sendCursorList } from '../paging';
import { checkFirst, requireUser } from '../../middlewares/auth';
import { carriesFiles, limitWrites, Limiter } from '../../middlewares/rate-limit';
import { filesOf, multipart } from '../../middlewares/multipart';
import { removeUpload, saveImage } from '../../services/uploads';
import { listPosts } from '../../services/posts';
import * as users from '../../services/users';
import { authorize } from '../../policies/decision';
import * as userPolicy from '../../policies/users';

const S = TEXTS.social;

export function usersRouter(ctx: AppContext): Router {
  const router = Router();
  const upload = multipart(ctx.config.uploadTmpDir, [{ name: 'profileImage', maxBytes: LIMITS.imageMaxBytes, tooLargeText: S.imageTooLarge }]);
  // An e-mail change answers 409 for an address in use; a few tries an hour keep that from
  // becoming a way to list who is registered.
  const emailChanges = new Limiter(ctx.db, { points: 5, durationSec: 3600 }, TEXTS.auth.tooManyAttempts);

  router.get('/popular', async (req, res) => {
    res.json(await users.popularUsers(ctx.db, parse(popularUsersQuerySchema, req.query).limit, req.user?.id ?? null));
  });

  router.get('/recent', async (req, res) => {
    sendCursorList(res, await users.recentUsers(ctx.db, parse(cursorPageQuerySchema, req.query), req.user?.id ?? null));
  });

  router.get('/profile/:username', async (req, res) => {
    const { username } = parse(usernameParamsSchema, req.params);
    res.json(await users.profileFor(ctx.db, await users.userByUsername(ctx.db, username), req.user));
  });

  router.get('/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await users.profileFor(ctx.db, await users.userById(ctx.db, id), req.user));
  });

  router.get('/:id/stats', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await users.userById(ctx.db, id);
    res.json(await users.userStats(ctx.db, id));
  });

  router.get('/:id/posts', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await users.userById(ctx.db, id);
    const query = parse(listPostsQuerySchema, { ...req.query, authorId: id });
    sendCursorList(res, await listPosts(ctx.db, query, req.user?.id ?? null));
  });

  for (const direction of ['followers', 'following'] as const) {
    router.get(`/:id/${direction}`, async (req, res) => {
      const { id } = parse(idParamsSchema, req.params);
      const target = await users.userById(ctx.db, id);
      authorize(userPolicy.canViewInside(req.user, await users.profileContext(ctx.db, target, req.user)));
      sendCursorList(res, await users.connections(ctx.db, id, direction, parse(cursorPageQuerySchema, req.query)));
    });
  }

  router.get('/:id/follow-status', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await users.userById(ctx.db, id);
    if (!req.user) return res.json({ isFollowing: false, isPending: false });
    res.json(await users.followStatus(ctx.db, req.user.id, id));
  });

  router.post('/:id/follow', limitWrites(ctx, 'follows'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await users.follow(ctx, me, id));
  });

  router.delete('/:id/unfollow', limitWrites(ctx, 'follows'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await users.unfollow(ctx, me, id));
  });

  /** One's own profile, or any as an admin. */
  const profileEditor = (req: Request) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    authorize(userPolicy.canEditProfile(me, id));
    return { me, id };
  };
  router.patch('/:id', checkFirst(profileEditor), limitWrites(ctx, 'uploads', carriesFiles), upload, async (req, res) => {
    const { me, id } = profileEditor(req);
    const target = await users.userById(ctx.db, id);
    const input = parse(updateProfileSchema, req.body);
    if (input.email !== undefined && foldKey(input.email) !== target.email_key) await emailChanges.consume(`email:${me.id}`);
    const file = filesOf(req).profileImage?.[0];
    const saved = file ? await saveImage(ctx, file) : null;
    try {
      const updated = await users.updateProfile(ctx.db, me, target, input, saved?.url ?? null, saved?.thumbUrl ?? null);
      if (saved && target.profile_image !== saved.url) await removeUpload(ctx, target.profile_image);
      res.json(presentProfile(updated, me, await visibleNeighbourhood(ctx.db, updated, me)));
    } catch (err) {
      if (saved) await removeUpload(ctx, saved.url);
      throw err;
    }
  });

  return router;
}

export function followRequestsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const me = requireUser(req);
    res.json(await users.incomingRequests(ctx.db, me, parse(cursorPageQuerySchema, req.query)));
  });
  for (const action of ['accept', 'reject'] as const) {
    router.post(`/:id/${action}`, limitWrites(ctx, 'follows'), async (req, res) => {
      const me = requireUser(req);
      const { id } = parse(idParamsSchema, req.params);
      res.json(await users.answerFollowRequest(ctx, me, id, action === 'accept'));
    });
  }
  return router;
}
