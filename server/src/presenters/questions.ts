import type { Answer, Question } from '@mahalle/shared';
import { toIso } from '../db/time';
import { authorFromJoin, parseJsonArray, type AuthorJoin } from './users';
import type { AdminQuestion } from '@mahalle/shared';
import { itemMarks, itemState } from './item-state';

/** A questions row joined with its author (AUTHOR_COLUMNS; null ids once the account is gone). */
export interface QuestionRow extends AuthorJoin {
  id: number;
  author_id: number | null;
  title: string;
  content: string;
  category: string;
  /** JSON array of strings. */
  tags: string;
  views: number;
  upvotes: number;
  answers_count: number;
  is_answered: boolean | number;
  accepted_answer_id: number | null;
  created_at: unknown;
  updated_at: unknown;
  is_hidden?: boolean | number;
  /** Held for approval by a watched word (services/held-items). */
  pending_approval?: boolean | number;
}

/** An answers row joined with its author (AUTHOR_COLUMNS). */
export interface AnswerRow extends AuthorJoin {
  id: number;
  question_id: number;
  author_id: number | null;
  content: string;
  upvotes: number;
  is_accepted: boolean | number;
  is_hidden: boolean | number;
  created_at: unknown;
  updated_at: unknown;
  /** Held for approval by a watched word (services/held-items). */
  pending_approval?: boolean | number;
}

/** A row of the admin workspace's questions table. */
export function presentAdminQuestion(r: QuestionRow): AdminQuestion {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    category: r.category,
    views: r.views,
    upvotes: r.upvotes,
    answersCount: r.answers_count,
    isAnswered: Boolean(r.is_answered),
    ...itemState(r),
    author: authorFromJoin(r),
    createdAt: toIso(r.created_at),
  };
}

/** A question joined with its author; `upvoted`: whether the viewer upvoted it. */
export function presentQuestion(r: QuestionRow, upvoted: boolean): Question {
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
    ...itemMarks(r, true),
  };
}

/** An answer joined with its author; `upvoted`: whether the viewer upvoted it. */
export function presentAnswer(r: AnswerRow, upvoted: boolean): Answer {
  return {
    id: r.id,
    questionId: r.question_id,
    content: r.content,
    upvotes: r.upvotes,
    isAccepted: Boolean(r.is_accepted),
    userHasUpvoted: upvoted,
    author: authorFromJoin(r),
    createdAt: toIso(r.created_at),
    ...itemMarks(r),
  };
}
