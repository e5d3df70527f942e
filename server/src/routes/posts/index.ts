import { Router } from 'express';
import {
  commentSchema,
  createPostSchema,
  postCommentParamsSchema,
  postCommentsQuerySchema,
  idParamsSchema,
  LIMITS,
  listPostsQuerySchema,
  moderationQuerySchema,
  TEXTS,
  updatePostSchema,
} from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { parse } from '../../validation';
import { checkFirst, requireUser } from '../../middlewares/auth';
import { carriesFiles, limitWrites } from '../../middlewares/rate-limit';
import { filesOf, multipart } from '../../middlewares/multipart';
import { removeUpload, saveImage, saveVideo, type SavedImage, type SavedUpload } from '../../services/uploads';
import * as posts from '../../services/posts';
import { sendCursorJson, sendCursorList } from '../paging';

const S = TEXTS.social;

export function postsRouter(ctx: AppContext): Router {
  const router = Router();
  const upload = multipart(ctx.config.uploadTmpDir, [
    { name: 'image', maxBytes: LIMITS.imageMaxBytes, tooLargeText: S.imageTooLarge },
    { name: 'video', maxBytes: LIMITS.videoMaxBytes, tooLargeText: S.videoTooLarge },
  ]);
  // Pages as visitors see them, shared by members who see the same (emptied by every write, like the other read caches).
  const pages = new posts.SharedPostPages();
  ctx.bus.on('data:changed', () => pages.clear());

  router.get('/', async (req, res) => {
    const query = parse(listPostsQuerySchema, req.query);
    const answer = await posts.listPostsShared(ctx.db, pages, query, req.user?.id ?? null, req.user);
    if ('body' in answer) sendCursorJson(res, answer.body, answer.nextCursor);
    else sendCursorList(res, answer.page);
  });

  router.get('/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await posts.getPost(ctx.db, id, req.user?.id ?? null));
  });

  router.post('/', checkFirst(requireUser), limitWrites(ctx, 'posts'), limitWrites(ctx, 'uploads', carriesFiles), upload, async (req, res) => {
    const user = requireUser(req);
    const input = parse(createPostSchema, req.body);
    const files = filesOf(req);
    const image = files.image?.[0];
    const video = files.video?.[0];
    if (image && video) throw errors.badRequest(S.oneFileOnly, 'one_file_only');
    if (!input.content && !image && !video) throw errors.badRequest(S.postTextRequired, 'post_empty');
    let saved: SavedUpload | null = null;
    let savedImage: SavedImage | null = null;
    try {
      if (image) saved = savedImage = await saveImage(ctx, image);
      if (video) saved = await saveVideo(ctx, video);
      const post = await posts.createPost(ctx, user, {
        content: input.content,
        categoryId: input.categoryId,
        imageUrl: image && saved ? saved.url : null,
        image: savedImage,
        videoUrl: video && saved ? saved.url : null,
        neighbourhoodId: input.neighbourhoodId,
      });
      res.status(201).json(post);
    } catch (err) {
      if (saved) await removeUpload(ctx, saved.url);
      throw err;
    }
  });

  router.patch('/:id', limitWrites(ctx, 'posts'), async (req, res) => {
    const user = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const input = parse(updatePostSchema, req.body);
    res.json(await posts.updatePost(ctx, user, id, input));
  });

  router.delete('/:id', async (req, res) => {
    const user = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { reason } = parse(moderationQuerySchema, req.query);
    await posts.deletePost(ctx, user, id, reason);
    res.json({ ok: true });
  });

  router.post('/:id/like', limitWrites(ctx, 'likes'), async (req, res) => {
    const user = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await posts.toggleLike(ctx, user, id));
  });

  router.post('/:id/share', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await posts.sharePost(ctx.db, req.user, id));
  });

  router.get('/:id/comments', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const page = parse(postCommentsQuerySchema, req.query);
    sendCursorList(res, await posts.listComments(ctx.db, id, req.user, page));
  });

  router.get('/:id/comments/:commentId', async (req, res) => {
    const { id, commentId } = parse(postCommentParamsSchema, req.params);
    res.json(await posts.getComment(ctx.db, id, commentId, req.user));
  });

  router.post('/:id/comments', limitWrites(ctx, 'comments'), async (req, res) => {
    const user = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { content } = parse(commentSchema, req.body);
    res.status(201).json(await posts.addComment(ctx, user, id, content));
  });

  return router;
}

export function commentsRouter(ctx: AppContext): Router {
  const router = Router();
  router.delete('/:id', async (req, res) => {
    const user = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    await posts.deleteComment(ctx.db, user, id);
    res.json({ ok: true });
  });
  return router;
}
