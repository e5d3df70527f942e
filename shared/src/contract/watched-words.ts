import { z } from 'zod';
import {
  createWatchedWordSchema,
  importWatchedWordsSchema,
  updateWatchedWordSchema,
  watchedWordSchema,
  watchedWordsImportedSchema,
} from '../schemas/watched-words';
import { idParamsSchema } from '../schemas/common';
import { endpoint, okSchema } from './endpoint';

/**
 * The watched-word list (admins only, every change audited). A match on a write blocks it, holds
 * it for approval, flags it into the reports queue, or censors it when shown (shared/src/rules/watched-words.ts).
 */
export const watchedWordEndpoints = {
  'admin.watchedWords': endpoint({
    route: 'GET /api/admin/watched-words',
    summary: 'The whole watched-word list, alphabetical (at most LIMITS.watchedWordsMax entries)',
    tag: 'admin',
    access: 'admin',
    response: z.array(watchedWordSchema),
  }),
  'admin.createWatchedWord': endpoint({
    route: 'POST /api/admin/watched-words',
    summary: 'Add a word with its action (block, require_approval, flag, censor); 409 watched_word_taken when it is already listed (folded)',
    tag: 'admin',
    access: 'admin',
    body: createWatchedWordSchema,
    status: 201,
    response: watchedWordSchema,
  }),
  'admin.updateWatchedWord': endpoint({
    route: 'PATCH /api/admin/watched-words/:id',
    summary: "Change a watched word's text or action",
    tag: 'admin',
    access: 'admin',
    params: idParamsSchema,
    body: updateWatchedWordSchema,
    response: watchedWordSchema,
  }),
  'admin.deleteWatchedWord': endpoint({
    route: 'DELETE /api/admin/watched-words/:id',
    summary: 'Remove a watched word',
    tag: 'admin',
    access: 'admin',
    params: idParamsSchema,
    response: okSchema,
  }),
  'admin.importWatchedWords': endpoint({
    route: 'POST /api/admin/watched-words/import',
    summary:
      'Import a CSV (header word,action; Turkish headers and labels accepted): all rows or none, row errors in Turkish by line (watched_words_import_invalid); `replace` empties the list first',
    tag: 'admin',
    access: 'admin',
    body: importWatchedWordsSchema,
    response: watchedWordsImportedSchema,
  }),
};
