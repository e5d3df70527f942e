import {
  answerItemSchema,
  answerSchema,
  createQuestionSchema,
  listAnswersQuerySchema,
  listQuestionsQuerySchema,
  questionPageSchema,
  questionSchema,
  updateQuestionSchema,
  upvoteResultSchema,
} from '../schemas/questions';
import { idParamsSchema } from '../schemas/common';
import { cursorList, endpoint, okSchema } from './endpoint';

/** Questions and their answers (/api/questions). Admins edit and delete; the asker accepts an answer. */
export const questionEndpoints = {
  'questions.list': endpoint({
    route: 'GET /api/questions',
    summary:
      'Questions, ten a page, newest or most upvoted first; the page shape plus the pager extras (prevCursor with dir=prev, page, pageSize, total on the first page)',
    access: 'public',
    query: listQuestionsQuerySchema,
    response: questionPageSchema,
  }),
  'questions.create': endpoint({
    route: 'POST /api/questions',
    summary: 'Ask a question as the signed-in member',
    access: 'member',
    body: createQuestionSchema,
    status: 201,
    response: questionSchema,
  }),
  'questions.get': endpoint({
    route: 'GET /api/questions/:id',
    summary: 'One question (counts a view)',
    access: 'public',
    params: idParamsSchema,
    response: questionSchema,
  }),
  'questions.update': endpoint({
    route: 'PATCH /api/questions/:id',
    summary: 'Edit a question (audited)',
    access: 'admin',
    params: idParamsSchema,
    body: updateQuestionSchema,
    response: questionSchema,
  }),
  'questions.delete': endpoint({
    route: 'DELETE /api/questions/:id',
    summary: 'Delete a question with all its answers (audited)',
    access: 'admin',
    params: idParamsSchema,
    response: okSchema,
  }),
  'questions.upvote': endpoint({
    route: 'POST /api/questions/:id/upvote',
    summary: "Toggle the member's upvote of a question",
    access: 'member',
    params: idParamsSchema,
    response: upvoteResultSchema,
  }),
  'questions.answers': endpoint({
    route: 'GET /api/questions/:id/answers',
    summary: "A question's answers, the accepted one first, then oldest first (a bare list, next page in X-Next-Cursor)",
    access: 'public',
    params: idParamsSchema,
    query: listAnswersQuerySchema,
    response: cursorList(answerItemSchema),
    cursorHeader: true,
  }),
  'questions.answer': endpoint({
    route: 'POST /api/questions/:id/answers',
    summary: 'Answer a question (notifies its author)',
    access: 'member',
    params: idParamsSchema,
    body: answerSchema,
    status: 201,
    response: answerItemSchema,
  }),
};
