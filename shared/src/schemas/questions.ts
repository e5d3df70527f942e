import { z } from 'zod';
import '../zod-locale';
import { LIMITS, QUESTION_CATEGORIES, QUESTION_FILTER_ALL } from '../limits';
import { TEXTS } from '../texts';
import { uniqueTags } from '../rules/text';

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
  content: z
    .string({ error: Q.answerRequired })
    .trim()
    .min(1, { error: Q.answerRequired })
    .max(LIMITS.answerMax, { error: Q.answerTooLong }),
});
