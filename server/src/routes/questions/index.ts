import { Router } from 'express';
import { answerSchema, createQuestionSchema, idParamsSchema, listAnswersQuerySchema, listQuestionsQuerySchema, updateQuestionSchema } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { RENDER_HEADER } from '../../ssr/pages';
import { parse } from '../../validation';
import { requireAdmin, requireUser } from '../../middlewares/auth';
import { limitWrites } from '../../middlewares/rate-limit';
import * as questions from '../../services/questions';

export function questionsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await questions.listQuestions(ctx.db, parse(listQuestionsQuerySchema, req.query), req.user?.id ?? null));
  });
  router.post('/', limitWrites(ctx, 'posts'), async (req, res) => {
    const me = requireUser(req);
    res.status(201).json(await questions.createQuestion(ctx, me, parse(createQuestionSchema, req.body)));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    // The server drawing the page asks too (ssr/pages.ts): the view is the visitor's, counted when the page is sent.
    res.json(await questions.getQuestion(ctx.db, id, req.user, !req.get(RENDER_HEADER)));
  });
  router.patch('/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await questions.updateQuestion(ctx.db, admin, id, parse(updateQuestionSchema, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    await questions.deleteQuestion(ctx.db, admin, id);
    res.json({ ok: true });
  });
  router.post('/:id/upvote', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await questions.toggleQuestionVote(ctx.db, me, id));
  });
  router.get('/:id/answers', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const page = await questions.listAnswers(ctx.db, id, req.user, parse(listAnswersQuerySchema, req.query));
    // The specification's bare list: the next page's cursor travels in a header.
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    res.json(page.items);
  });
  router.post('/:id/answers', limitWrites(ctx, 'comments'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    const { content } = parse(answerSchema, req.body);
    res.status(201).json(await questions.addAnswer(ctx, me, id, content));
  });
  return router;
}

export function answersRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/:id/upvote', limitWrites(ctx, 'likes'), async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await questions.toggleAnswerVote(ctx.db, me, id));
  });
  router.post('/:id/accept', async (req, res) => {
    const me = requireUser(req);
    const { id } = parse(idParamsSchema, req.params);
    res.json(await questions.acceptAnswer(ctx.db, me, id));
  });
  router.delete('/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const { id } = parse(idParamsSchema, req.params);
    await questions.deleteAnswer(ctx.db, admin, id);
    res.json({ ok: true });
  });
  return router;
}
