import type { Answer, Question } from '@mahalle/shared';
import { toIso } from '../db/time';
import { authorFromJoin, parseJsonArray } from './users';
import type { AdminQuestion } from '@mahalle/shared';

/** A row of the admin workspace's questions table. */
export function presentAdminQuestion(r: any): AdminQuestion {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    category: r.category,
    views: r.views,
    upvotes: r.upvotes,
    answersCount: r.answers_count,
    isAnswered: Boolean(r.is_answered),
    author: authorFromJoin(r),
    createdAt: toIso(r.created_at),
  };
}

/** A question joined with its author; `upvoted`: whether the viewer upvoted it. */
export function presentQuestion(r: any, upvoted: boolean): Question {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    authorId: r.author_id,
    author: authorFromJoin(r),
    category: { name: r.category },
    tags: parseJsonArray(r.tags),
    views: r.views,
    upvotes: r.upvotes,
    answersCount: r.answers_count,
    answerCount: r.answers_count,
    isAnswered: Boolean(r.is_answered),
    acceptedAnswerId: r.accepted_answer_id,
    userHasUpvoted: upvoted,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

/** An answer joined with its author; `upvoted`: whether the viewer upvoted it. */
export function presentAnswer(r: any, upvoted: boolean): Answer {
  return {
    id: r.id,
    questionId: r.question_id,
    content: r.content,
    upvotes: r.upvotes,
    isAccepted: Boolean(r.is_accepted),
    userHasUpvoted: upvoted,
    author: authorFromJoin(r),
    createdAt: toIso(r.created_at),
  };
}
