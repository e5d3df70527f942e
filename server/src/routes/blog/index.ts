import { Router, type Response } from 'express';
import {
  autosaveBlogPostSchema,
  blogCategorySchema,
  blogCommentSchema,
  createBlogPostSchema,
  idParamsSchema,
  LIMITS,
  listBlogPostsQuerySchema,
  listBlogCommentsQuerySchema,
  slugParamsSchema,
  TEXTS,
  updateBlogCategorySchema,
  updateBlogPostSchema,
} from '@mahalle/shared';
import type { AppContext } from '../../context';
import { RENDER_HEADER } from '../../ssr/pages';
import { errors } from '../../errors';
import { parse } from '../../validation';
import { checkFirst, requireAdmin, requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import { filesOf, multipart } from '../../middlewares/multipart';
import { saveImage } from '../../services/uploads';
import * as blog from '../../services/blog';
import * as blogPolicy from '../../policies/blog';

const S = TEXTS.social;

/** The specification's bare lists: the array as the body, the next page's cursor in a header. */
function sendCursorList(res: Response, page: { items: unknown[]; nextCursor: string | null }) {
  if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
  res.json(page.items);
}

export function blogRouter(ctx: AppContext): Router {
  const router = Router();
  const upload = multipart(ctx.config.uploadTmpDir, [{ name: 'image', maxBytes: LIMITS.imageMaxBytes, tooLargeText: S.imageTooLargeAlt }]);

  router.get('/posts', async (req, res) => {
    sendCursorList(res, await blog.listBlogPosts(ctx.db, parse(listBlogPostsQuerySchema, req.query), { includeDrafts: false }));
  });
  // Drafts too: admins only. Registered before /posts/:id so "admin" is never read as an id.
  router.get('/posts/admin', async (req, res) => {
    requireAdmin(req);
    sendCursorList(res, await blog.listBlogPosts(ctx.db, parse(listBlogPostsQuerySchema, req.query), { includeDrafts: true }));
  });
  router.get('/posts/slug/:slug', async (req, res) => {
    const { slug } = parse(slugParamsSchema, req.params);
    res.json(await blog.getBlogPostBySlug(ctx.db, slug, req.user, !req.get(RENDER_HEADER)));
  });
  router.get('/posts/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blog.getBlogPostById(ctx.db, id, req.user));
  });
  router.get('/posts/:id/related', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blog.relatedPosts(ctx.db, id));
  });
  router.post('/posts', async (req, res) => {
    const admin = requireAdmin(req);
    res.status(201).json(await blog.createBlogPost(ctx.db, admin, parse(createBlogPostSchema, req.body)));
  });
  router.patch('/posts/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blog.updateBlogPost(ctx.db, admin, id, parse(updateBlogPostSchema, req.body)));
  });
  router.patch('/posts/:id/autosave', async (req, res) => {
    requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blog.autosaveBlogPost(ctx.db, id, parse(autosaveBlogPostSchema, req.body)));
  });
  router.delete('/posts/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    await blog.deleteBlogPost(ctx.db, admin, id);
    res.json({ ok: true });
  });

  router.get('/posts/:id/is-liked', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blog.blogIsLiked(ctx.db, req.user, id));
  });
  router.post('/posts/:id/like', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blog.toggleBlogLike(ctx.db, me, id));
  });
  router.get('/posts/:id/comments', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    sendCursorList(res, await blog.listBlogComments(ctx.db, id, req.user, parse(listBlogCommentsQuerySchema, req.query)));
  });
  router.post('/posts/:id/comments', limitWrites(ctx, 'comments'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { content } = parse(blogCommentSchema, req.body);
    res.status(201).json(await blog.addBlogComment(ctx, me, id, content));
  });
  router.patch('/comments/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    const { content } = parse(blogCommentSchema, req.body);
    res.json(await blog.editBlogComment(ctx.db, admin, id, content));
  });
  router.delete('/comments/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    await blog.deleteBlogComment(ctx.db, admin, id);
    res.json({ ok: true });
  });

  router.get('/authors', async (_req, res) => {
    res.json(await blog.topAuthors(ctx.db));
  });
  router.get('/categories', async (req, res) => {
    res.json(await blog.listBlogCategories(ctx.db, { includeDrafts: blogPolicy.canWrite(req.user).ok }));
  });
  router.post('/categories', async (req, res) => {
    const admin = requireAdmin(req);
    res.status(201).json(await blog.createBlogCategory(ctx.db, admin, parse(blogCategorySchema, req.body)));
  });
  router.patch('/categories/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await blog.updateBlogCategory(ctx.db, admin, id, parse(updateBlogCategorySchema, req.body)));
  });
  router.delete('/categories/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    await blog.deleteBlogCategory(ctx.db, admin, id);
    res.json({ ok: true });
  });

  /** Images for the editor (featured image and gallery): admins, 5 MB, real images only. */
  router.post('/uploads', checkFirst(requireAdmin), limitWrites(ctx, 'uploads'), upload, async (req, res) => {
    const file = filesOf(req).image?.[0];
    if (!file) throw errors.badRequest(S.imageOnly, 'image_required');
    const saved = await saveImage(ctx, file, { tooLarge: S.imageTooLargeAlt, wrongType: S.imageOnly });
    res.status(201).json({ url: saved.url, width: saved.width, height: saved.height, thumbUrl: saved.thumbUrl });
  });

  return router;
}
