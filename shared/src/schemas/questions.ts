import { z } from 'zod';
import '../zod-locale';
import { LIMITS, QUESTION_CATEGORIES, QUESTION_FILTER_ALL } from '../limits';
import { TEXTS } from '../texts';
import { uniqueTags } from '../rules/text';
import { isoTime, pageOf } from '../contract/endpoint';
import { authorSummarySchema, cursorPageQuerySchema } from './common';

const Q = TEXTS.community;

const tagList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => uniqueTags(Array.isArray(v) ? v : v.split(',')))
  .refine((v) => v.length <= LIMITS.tagsMax && v.every((t) => t.length <= LIMITS.tagMax), { message: Q.tagsInvalid });

export const createQuestionSchema = z.object({
  title: z.string({ error: Q.missingFields }).trim().min(1, { error: Q.missingFields }).max(LIMITS.questionTitleMax, { error: Q.titleTooLong }),
  content: z.string({ error: Q.missingFields }).trim().min(1, { error: Q.missingFields }).max(LIMITS.questionContentMax, { error: Q.contentTooLong }),
  category: z.enum(QUESTION_CATEGORIES, { error: Q.categoryInvalid }).optional().default('Genel'),
  tags: tagList.optional().default([]),
});

export const updateQuestionSchema = z.object({
  title: z.string().trim().min(1, { error: Q.missingFields }).max(LIMITS.questionTitleMax, { error: Q.titleTooLong }).optional(),
  content: z.string().trim().min(1, { error: Q.missingFields }).max(LIMITS.questionContentMax, { error: Q.contentTooLong }).optional(),
  category: z.enum(QUESTION_CATEGORIES, { error: Q.categoryInvalid }).optional(),
  tags: tagList.optional(),
});

export const listQuestionsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category: z
    .string()
    .optional()
    .transform((v) => (v === QUESTION_FILTER_ALL ? undefined : v))
    .pipe(z.enum(QUESTION_CATEGORIES, { error: Q.categoryInvalid }).optional()),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(50).optional().default(LIMITS.qaPageSize),
  /** The sort tuple of the row beside the page asked for (from nextCursor or prevCursor). */
  cursor: z.string().max(200).optional(),
  /** next: the page after the cursor's row; prev: the page before it. */
  dir: z.enum(['next', 'prev']).optional().default('next'),
  /** Newest first, or the most upvoted (then most viewed) first. */
  sort: z.enum(['latest', 'popular']).optional().default('latest'),
});

export const answerSchema = z.object({
  content: z.string({ error: Q.answerRequired }).trim().min(1, { error: Q.answerRequired }).max(LIMITS.answerMax, { error: Q.answerTooLong }),
});

/** A question's answers: the accepted one first, then oldest first, up to 100 a call by default. */
export const listAnswersQuerySchema = cursorPageQuerySchema.extend({ limit: cursorPageQuerySchema.shape.limit.default(100) });

// ---- answers (what the presenters in services/questions answer) ----

/** A question as every answer shows it; `answerCount` repeats `answersCount` (the home page's old name). */
export const questionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** null once the author's account is deleted (the question stays, shown as 'Silinmiş kullanıcı'). */
  authorId: z.number().int().nullable(),
  author: authorSummarySchema,
  category: z.object({ name: z.string() }),
  tags: z.array(z.string()),
  views: z.number().int(),
  upvotes: z.number().int(),
  answersCount: z.number().int(),
  answerCount: z.number().int().meta({ description: 'The same number as answersCount, under a second name' }),
  isAnswered: z.boolean(),
  acceptedAnswerId: z.number().int().nullable(),
  /** The viewer has upvoted it (false for visitors). */
  userHasUpvoted: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** The viewer blocked this item's author: the UI collapses it ('Engellediğin bir üye') with a show link. */
  blockedAuthor: z.boolean().optional(),
  /** Only its author (and moderators) see it while a watched word holds it for approval: shown marked 'Onay bekliyor'. */
  pendingApproval: z.boolean().optional(),
  /** Hidden by a moderator or the community: only its author and moderators see it, marked 'Gizlendi'. */
  isHidden: z.boolean().optional(),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * The Q&A list: the one page shape plus what the specification's pager needs. The screen pages
 * ten at a time with page buttons (previous, number, next), not an endless list, so the answer
 * also carries the previous page's cursor (`prevCursor`, pass with dir=prev), the client's page
 * number echoed (`page`), the page size and, on the first page only, the total for the sidebar's
 * question badge (null on deeper pages, never counted per page).
 */
export const questionPageSchema = pageOf(questionSchema)
  .extend({
    total: z.number().int().nullable(),
    page: z.number().int(),
    pageSize: z.number().int(),
    prevCursor: z.string().nullable(),
  })
  .meta({ description: 'A page of questions with the pager extras: total (first page only), page, pageSize, prevCursor.' });
export type QuestionPage = z.infer<typeof questionPageSchema>;

export const answerItemSchema = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  content: z.string(),
  upvotes: z.number().int(),
  isAccepted: z.boolean(),
  userHasUpvoted: z.boolean(),
  author: authorSummarySchema,
  createdAt: isoTime,
  /** The viewer blocked this item's author: the UI collapses it ('Engellediğin bir üye') with a show link. */
  blockedAuthor: z.boolean().optional(),
  /** Only its author (and moderators) see it while a watched word holds it for approval: shown marked 'Onay bekliyor'. */
  pendingApproval: z.boolean().optional(),
});
export type Answer = z.infer<typeof answerItemSchema>;

/** An upvote toggled on a question or an answer: whether the viewer now upvotes it, and the new count. */
export const upvoteResultSchema = z.object({ upvoted: z.boolean(), upvotes: z.number().int() });
export type UpvoteResult = z.infer<typeof upvoteResultSchema>;

/** An answer accepted: the question is answered (closed). */
export const acceptAnswerResultSchema = z.object({
  accepted: z.literal(true),
  answerId: z.number().int(),
  questionId: z.number().int(),
  isAnswered: z.literal(true),
});
export type AcceptAnswerResult = z.infer<typeof acceptAnswerResultSchema>;
