import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { WATCHED_WORD_ACTIONS, watchedWordKey } from '../rules/watched-words';
import { isoTime } from '../contract/endpoint';

const W = TEXTS.watchedWords;

export const watchedWordActionSchema = z.enum(WATCHED_WORD_ACTIONS as ['block', 'require_approval', 'flag', 'censor'], { error: W.actionInvalid });

/** A word as an admin types it: letters, `*` only at an end, a phrase's spaces collapsed. */
export const watchedWordText = z
  .string({ error: W.wordRequired })
  .trim()
  .min(1, W.wordRequired)
  .max(LIMITS.watchedWordMax, W.wordTooLong(LIMITS.watchedWordMax))
  .transform((w) => w.replace(/\s+/g, ' '))
  .refine((w) => watchedWordKey(w) !== null, W.wordInvalid);

export const watchedWordSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  action: watchedWordActionSchema,
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type WatchedWord = z.infer<typeof watchedWordSchema>;

export const createWatchedWordSchema = z.object({ word: watchedWordText, action: watchedWordActionSchema });
export type CreateWatchedWordInput = z.infer<typeof createWatchedWordSchema>;

export const updateWatchedWordSchema = z
  .object({ word: watchedWordText.optional(), action: watchedWordActionSchema.optional() })
  .refine((v) => v.word !== undefined || v.action !== undefined, TEXTS.errors.validation);
export type UpdateWatchedWordInput = z.infer<typeof updateWatchedWordSchema>;

/** A CSV (header `word,action`; Turkish headers and action labels read too) added to the list, or replacing it. */
export const importWatchedWordsSchema = z.object({
  csv: z.string().max(LIMITS.watchedWordsCsvMax, TEXTS.places.importTooLarge),
  replace: z.boolean().optional().default(false),
});

export const watchedWordsImportedSchema = z.object({ created: z.number().int(), updated: z.number().int(), removed: z.number().int() });
