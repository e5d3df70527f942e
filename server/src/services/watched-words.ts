import type { Knex } from 'knex';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  censorWatchedWords,
  checkWatchedWords,
  compileWatchedWords,
  createWatchedWordSchema,
  foldKey,
  LIMITS,
  TEXTS,
  watchedWordKey,
  type CompiledWatchedWords,
  type CreateWatchedWordInput,
  type UpdateWatchedWordInput,
  type WatchedWord,
  type WatchedWordAction,
} from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors, type ErrorDetail } from '../errors';
import { isUniqueViolation } from '../db/faults';
import { nowIso, toIso } from '../db/time';
import type { UserRow } from '../presenters/users';
import { syncQueueEntries } from './queue-entries';
import type { HoldableType } from './held-items';
import { audit } from './audit';

const W = TEXTS.watchedWords;
const MAX_DETAILS = 100;

interface WatchedWordRow {
  id: number;
  word: string;
  word_key: string;
  action: WatchedWordAction;
  created_at: unknown;
  updated_at: unknown;
}

function present(row: WatchedWordRow): WatchedWord {
  return { id: row.id, word: row.word, action: row.action, createdAt: toIso(row.created_at), updatedAt: toIso(row.updated_at) };
}

/** The stored key: the word's skeleton with its `*` ends, so 'Soğan', 'sogan' and 'SOOĞAN' are one entry. */
function keyOf(word: string): string {
  const k = watchedWordKey(word);
  if (!k) throw errors.badRequest(W.wordInvalid);
  return `${k.leading ? '*' : ''}${k.key}${k.trailing ? '*' : ''}`;
}

async function bumpVersion(trx: Knex.Transaction): Promise<void> {
  await trx('watched_words_version').where({ id: 1 }).increment('version', 1);
}

// ---------------------------------------------------------------------------------------------
// The compiled list, one per database handle (a node), rebuilt only when the version moved.

interface CompiledState {
  list: CompiledWatchedWords;
  version: number;
  /** Set by any write here or on another node ('data:changed'): the next use reads the version. */
  stale: boolean;
  checkedAt: number;
  loading: Promise<CompiledWatchedWords> | null;
}

/** A lost 'data:changed' message leaves a node's list old for this long at most. */
const RECHECK_MS = 30_000;
const states = new WeakMap<Knex, CompiledState>();

async function load(db: Knex, state: CompiledState): Promise<CompiledWatchedWords> {
  state.stale = false;
  const row = (await db('watched_words_version').where({ id: 1 }).first('version')) as { version: number | string } | undefined;
  const version = Number(row?.version ?? 0);
  state.checkedAt = Date.now();
  if (version !== state.version) {
    const rows = (await db('watched_words').select('id', 'word', 'action')) as { id: number; word: string; action: WatchedWordAction }[];
    state.list = compileWatchedWords(rows);
    state.version = version;
    latest = state.list;
  }
  return state.list;
}

function stateOf(db: Knex): CompiledState {
  let state = states.get(db);
  if (!state) {
    state = { list: compileWatchedWords([]), version: -1, stale: true, checkedAt: 0, loading: null };
    states.set(db, state);
  }
  return state;
}

/**
 * Makes any write, here or on another node ('data:changed', forwarded by the realtime adapter),
 * send the next check to the version row; called once where the app is built.
 */
export function watchWatchedWords(ctx: AppContext): void {
  const state = stateOf(ctx.db);
  ctx.bus.on('data:changed', () => {
    state.stale = true;
  });
}

/**
 * This node's compiled list, from memory after one cheap version read when something was written.
 * `db` is the server's handle (not a transaction), which the compiled list is kept by.
 */
export async function compiledWatchedWords(db: Knex): Promise<CompiledWatchedWords> {
  const state = stateOf(db);
  if (!state.stale && Date.now() - state.checkedAt < RECHECK_MS) return state.list;
  state.loading ??= load(db, state).finally(() => {
    state.loading = null;
  });
  return state.loading;
}

function markStale(ctx: AppContext): void {
  stateOf(ctx.db).stale = true;
}

/**
 * Checks what a member is about to write: a blocking match refuses it (400 content_blocked, the
 * message naming no word); otherwise answers the strongest other action (or null) for the caller
 * to hold the item for approval or flag it.
 */
export async function screenText(db: Knex, texts: readonly (string | null | undefined)[]): Promise<WatchedWordAction | null> {
  const list = await compiledWatchedWords(db);
  if (list.size === 0) return null;
  const action = checkWatchedWords(list, texts);
  if (action === 'block') throw errors.badRequest(W.blocked, 'content_blocked');
  return action;
}

/** Where only refusing makes sense (usernames, profile fields, messages): block-listed words refuse, the rest pass. */
export async function refuseBlockedText(db: Knex, texts: readonly (string | null | undefined)[]): Promise<void> {
  await screenText(db, texts);
}

/** The list most recently compiled on this node, for reads inside a transaction (which has no list of its own). */
let latest: CompiledWatchedWords = compileWatchedWords([]);

/**
 * Items as shown to readers: censored words in their `content` replaced by ■ (the stored text is
 * untouched). Inside a transaction the node's latest list is used, never a fresh compilation.
 */
export async function censorContent<T extends { content: string }>(db: Knex | Knex.Transaction, items: T[]): Promise<T[]> {
  if (items.length === 0) return items;
  const list = 'isTransaction' in db && db.isTransaction ? latest : await compiledWatchedWords(db as Knex);
  if (list.size === 0) return items;
  return items.map((item) => {
    const content = censorWatchedWords(list, item.content);
    return content === item.content ? item : { ...item, content };
  });
}

// ---------------------------------------------------------------------------------------------
// The admin's list.

export async function listWatchedWords(db: Knex): Promise<WatchedWord[]> {
  const rows = (await db('watched_words').select('*').orderBy('word_key').limit(LIMITS.watchedWordsMax)) as WatchedWordRow[];
  return rows.map(present);
}

async function tooMany(trx: Knex.Transaction): Promise<void> {
  const total = await trx('watched_words').count<{ n: number | string }[]>({ n: '*' });
  if (Number(total[0]?.n ?? 0) > LIMITS.watchedWordsMax) throw errors.badRequest(W.tooMany(LIMITS.watchedWordsMax));
}

export async function createWatchedWord(ctx: AppContext, admin: UserRow, input: CreateWatchedWordInput): Promise<WatchedWord> {
  try {
    const row = await ctx.db.transaction(async (trx) => {
      const now = nowIso();
      const [ins] = await trx('watched_words')
        .insert({ word: input.word, word_key: keyOf(input.word), action: input.action, created_at: now, updated_at: now })
        .returning('id');
      const id = Number(typeof ins === 'object' ? ins.id : ins);
      await tooMany(trx);
      await bumpVersion(trx);
      await audit(trx, admin, 'watched_word.create', { type: 'watched_word', id }, { after: { word: input.word, action: input.action } });
      return (await trx('watched_words').where({ id }).first()) as WatchedWordRow;
    });
    markStale(ctx);
    return present(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(W.wordTaken, 'watched_word_taken');
    throw err;
  }
}

export async function updateWatchedWord(ctx: AppContext, admin: UserRow, id: number, input: UpdateWatchedWordInput): Promise<WatchedWord> {
  try {
    const row = await ctx.db.transaction(async (trx) => {
      const before = (await trx('watched_words').where({ id }).first()) as WatchedWordRow | undefined;
      if (!before) throw errors.notFound(W.notFound);
      const change: Record<string, unknown> = { updated_at: nowIso() };
      if (input.word !== undefined) Object.assign(change, { word: input.word, word_key: keyOf(input.word) });
      if (input.action !== undefined) change.action = input.action;
      await trx('watched_words').where({ id }).update(change);
      await bumpVersion(trx);
      await audit(
        trx,
        admin,
        'watched_word.update',
        { type: 'watched_word', id },
        { before: { word: before.word, action: before.action }, after: { word: input.word ?? before.word, action: input.action ?? before.action } },
      );
      return (await trx('watched_words').where({ id }).first()) as WatchedWordRow;
    });
    markStale(ctx);
    return present(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(W.wordTaken, 'watched_word_taken');
    throw err;
  }
}

export async function deleteWatchedWord(ctx: AppContext, admin: UserRow, id: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const before = (await trx('watched_words').where({ id }).first()) as WatchedWordRow | undefined;
    if (!before) throw errors.notFound(W.notFound);
    await trx('watched_words').where({ id }).delete();
    await bumpVersion(trx);
    await audit(trx, admin, 'watched_word.delete', { type: 'watched_word', id }, { before: { word: before.word, action: before.action } });
  });
  markStale(ctx);
}

/** Header names and action labels the import reads, in English as documented and in Turkish as an admin may write them. */
const COLUMNS: Record<string, 'word' | 'action'> = { word: 'word', kelime: 'word', action: 'action', islem: 'action', işlem: 'action' };
const ACTION_LABELS: Record<string, WatchedWordAction> = Object.fromEntries(
  (Object.entries(W.actions) as [WatchedWordAction, string][]).flatMap(([code, label]) => [
    [code, code],
    [foldKey(label), code],
  ]),
);

/** Reads a `word,action` CSV; every row checked, the errors by line in Turkish, all at once. */
export function readWatchedWordsCsv(text: string): { line: number; word: string; action: WatchedWordAction }[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, { bom: true, delimiter: [',', ';'], relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (err) {
    throw errors.badRequest(W.importUnreadable(err instanceof Error ? err.message : String(err)), 'watched_words_import_invalid');
  }
  const [head, ...body] = records;
  if (!head) throw errors.badRequest(W.importEmpty, 'watched_words_import_invalid');
  const index: Partial<Record<'word' | 'action', number>> = {};
  head.record.forEach((h, i) => {
    const col = COLUMNS[foldKey(h.trim())];
    if (col && index[col] === undefined) index[col] = i;
  });
  if (index.word === undefined || index.action === undefined) throw errors.badRequest(W.importHeader, 'watched_words_import_invalid');
  if (body.length === 0) throw errors.badRequest(W.importEmpty, 'watched_words_import_invalid');
  const details: ErrorDetail[] = [];
  const rows: { line: number; word: string; action: WatchedWordAction }[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const rawAction = (record[index.action] ?? '').trim();
    const parsed = createWatchedWordSchema.safeParse({ word: record[index.word] ?? '', action: ACTION_LABELS[foldKey(rawAction)] ?? rawAction });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) details.push({ path: W.rowLabel(line), message: issue.message });
      continue;
    }
    const key = keyOf(parsed.data.word);
    const first = seen.get(key);
    if (first !== undefined) {
      details.push({ path: W.rowLabel(line), message: W.rowDuplicate(first) });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, ...parsed.data });
  }
  if (details.length) throw errors.badRequest(W.importInvalid, 'watched_words_import_invalid', details.slice(0, MAX_DETAILS));
  return rows;
}

/**
 * Imports a checked CSV in one transaction: a word already listed (same key) takes the row's
 * written form and action, never a duplicate; `replace` first removes every word the file lacks.
 */
export async function importWatchedWords(ctx: AppContext, admin: UserRow, text: string, replace: boolean) {
  const rows = readWatchedWordsCsv(text);
  const result = await ctx.db.transaction(async (trx) => {
    const now = nowIso();
    const existing = new Map<string, WatchedWordRow>();
    for (const r of (await trx('watched_words').select('*')) as WatchedWordRow[]) existing.set(r.word_key, r);
    let created = 0;
    let updated = 0;
    let removed = 0;
    const keys = new Set<string>();
    for (const row of rows) {
      const key = keyOf(row.word);
      keys.add(key);
      const found = existing.get(key);
      if (!found) {
        await trx('watched_words').insert({ word: row.word, word_key: key, action: row.action, created_at: now, updated_at: now });
        created += 1;
      } else if (found.word !== row.word || found.action !== row.action) {
        await trx('watched_words').where({ id: found.id }).update({ word: row.word, action: row.action, updated_at: now });
        updated += 1;
      }
    }
    if (replace) {
      const gone = [...existing.values()].filter((r) => !keys.has(r.word_key)).map((r) => r.id);
      for (let i = 0; i < gone.length; i += 500)
        removed += await trx('watched_words')
          .whereIn('id', gone.slice(i, i + 500))
          .delete();
    }
    await tooMany(trx);
    await bumpVersion(trx);
    await audit(trx, admin, 'watched_word.import', { type: 'watched_word', id: null }, { after: { rows: rows.length, created, updated, removed } });
    return { created, updated, removed };
  });
  markStale(ctx);
  return result;
}

/**
 * Puts an item a watched word held or flagged into the reports queue: a report by no member
 * (reporter null, reason code `watched_word`), about the item's author. Returns its id, for
 * 'report:created' once the transaction has committed.
 */
export async function fileWatchedWordReport(
  trx: Knex.Transaction,
  target: { type: HoldableType; id: number; authorId: number },
  action: 'require_approval' | 'flag',
): Promise<number> {
  const now = nowIso();
  const [ins] = await trx('reports')
    .insert({
      reporter_id: null,
      target_type: target.type,
      target_id: target.id,
      reason: `${W.reportNote}: ${W.actions[action]}`,
      reason_code: 'watched_word',
      kind: action === 'require_approval' ? 'approval' : 'flag',
      note: '',
      status: 'open',
      subject_user_id: target.authorId,
      created_at: now,
    })
    .returning('id');
  const [count] = await trx('reports').where({ status: 'open', subject_user_id: target.authorId }).count({ n: '*' });
  await trx('reports')
    .where({ status: 'open', subject_user_id: target.authorId })
    .update({ subject_open_reports: Number(count?.n ?? 0) });
  await syncQueueEntries(trx, [{ type: target.type, id: target.id }]);
  return Number(typeof ins === 'object' ? ins.id : ins);
}
