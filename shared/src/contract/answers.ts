import { acceptAnswerResultSchema, upvoteResultSchema } from '../schemas/questions';
import { idParamsSchema } from '../schemas/common';
import { endpoint, okSchema } from './endpoint';

/** One answer (/api/answers): upvote, accept (the question's author only), delete (admins). */
export const answerEndpoints = {
  'answers.upvote': endpoint({
    route: 'POST /api/answers/:id/upvote',
    summary: "Toggle the member's upvote of an answer",
    access: 'member',
    params: idParamsSchema,
    response: upvoteResultSchema,
  }),
  'answers.accept': endpoint({
    route: 'POST /api/answers/:id/accept',
    summary: "Accept an answer: only the question's author; the question is then answered (closed)",
    access: 'member',
    params: idParamsSchema,
    response: acceptAnswerResultSchema,
  }),
  'answers.delete': endpoint({
    route: 'DELETE /api/answers/:id',
    summary: 'Delete an answer (audited; an accepted one reopens its question)',
    access: 'admin',
    params: idParamsSchema,
    response: okSchema,
  }),
};
