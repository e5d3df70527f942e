import type { Knex } from 'knex';
import {
  LIMITS,
  MUTE_DURATION_DAYS,
  mutedTermKey,
  TEXTS,
  type BlockedPerson,
  type BlockStatus,
  type CursorPageQuery,
  type MuteDuration,
  type MutedPerson,
  type MutedTerm,
  type MutedTermInput,
  type MutedTermKind,
} from '@mahalle/shared';
import type { Page } from '@mahalle/shared/contract';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { idPage } from '../db/keyset';
import { nowIso, toIso, toIsoOrNull } from '../db/time';
import { PERSON_COLUMNS, presentPerson, type PersonListRow, type UserRow } from '../presenters/users';
import { userById } from './users/lookup';
import { lockRow } from '../db/locks';

const B = TEXTS.blocks;
type Db = Knex | Knex.Transaction;

/*
 * Blocks work both ways for visibility: every read checks (viewer blocked author) and (author
 * blocked viewer), each an index lookup: (blocker_id, blocked_id) unique, (blocked_id, blocker_id)
 * indexed. Mutes hide things from the muter only, until expires_at (null: for good).
 */

/** `column` (a member id in the outer query) and the viewer have no block between them, either way. */
export function whereNotBlocked(q: Knex.QueryBuilder, column: string, viewerId: number | null): Knex.QueryBuilder {
  if (!viewerId) return q;
  return q
    .whereNotExists(function () {
      this.select(1).from('user_blocks as bk1').where('bk1.blocker_id', viewerId).whereRaw('bk1.blocked_id = ??', [column]);
    })
    .whereNotExists(function () {
      this.select(1).from('user_blocks as bk2').where('bk2.blocked_id', viewerId).whereRaw('bk2.blocker_id = ??', [column]);
    });
}

/** `column` is not a member the viewer mutes now. */
export function whereNotMuted(q: Knex.QueryBuilder, column: string, viewerId: number | null, now = nowIso()): Knex.QueryBuilder {
  if (!viewerId) return q;
  return q.whereNotExists(function () {
    this.select(1)
      .from('user_mutes as mu')
      .where('mu.muter_id', viewerId)
      .whereRaw('mu.muted_id = ??', [column])
      .andWhere((w) => w.whereNull('mu.expires_at').orWhere('mu.expires_at', '>', now));
  });
}

/** The same rule as raw SQL for the search index's filters (two bindings: the viewer twice). */
export function notBlockedSql(column: string): string {
  return `not exists (select 1 from user_blocks bk1 where bk1.blocker_id = ? and bk1.blocked_id = ${column})
    and not exists (select 1 from user_blocks bk2 where bk2.blocked_id = ? and bk2.blocker_id = ${column})`;
}

/** Whether a block stands between two members, either way: the `blocked` of the policies' contexts (an interaction across it is refused there). */
export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const row = await db('user_blocks')
    .where((w) => w.where({ blocker_id: a, blocked_id: b }).orWhere({ blocker_id: b, blocked_id: a }))
    .first('id');
  return Boolean(row);
}

/** Only the ids the viewer blocked (not those who blocked the viewer): what the UI may collapse. */
export async function blockedByViewer(db: Db, viewerId: number | null | undefined): Promise<Set<number>> {
  if (!viewerId) return new Set();
  const rows = (await db('user_blocks').where('blocker_id', viewerId).select('blocked_id as id')) as { id: number }[];
  return new Set(rows.map((r) => r.id));
}

/** Of `candidates`, those a notification to `recipientId` from them must not reach (block either way, or muted now). */
export async function silencedActors(db: Db, pairs: { userId: number; actorId: number | null }[]): Promise<Set<string>> {
  const wanted = pairs.filter((p): p is { userId: number; actorId: number } => p.actorId !== null && p.actorId !== p.userId);
  if (wanted.length === 0) return new Set();
  const recipients = [...new Set(wanted.map((p) => p.userId))];
  const actors = [...new Set(wanted.map((p) => p.actorId))];
  const now = nowIso();
  const rows = (await db('user_blocks')
    .whereIn('blocker_id', recipients)
    .whereIn('blocked_id', actors)
    .select('blocker_id as r', 'blocked_id as a')
    .unionAll((u) => u.from('user_blocks').whereIn('blocked_id', recipients).whereIn('blocker_id', actors).select('blocked_id as r', 'blocker_id as a'))
    .unionAll((u) =>
      u
        .from('user_mutes')
        .whereIn('muter_id', recipients)
        .whereIn('muted_id', actors)
        .andWhere((w) => w.whereNull('expires_at').orWhere('expires_at', '>', now))
        .select('muter_id as r', 'muted_id as a'),
    )) as { r: number; a: number }[];
  return new Set(rows.map((x) => `${x.r}:${x.a}`));
}

export async function blockStatus(db: Db, me: UserRow, targetId: number): Promise<BlockStatus> {
  await userById(db, targetId);
  const blocked = await db('user_blocks').where({ blocker_id: me.id, blocked_id: targetId }).first('id');
  const mute = await db('user_mutes').where({ muter_id: me.id, muted_id: targetId }).first('expires_at');
  const until = mute ? toIsoOrNull(mute.expires_at) : null;
  const muted = Boolean(mute) && (until === null || until > nowIso());
  return { blocked: Boolean(blocked), muted, mutedUntil: muted ? until : null };
}

/**
 * Block: follows and follow requests either way end in the same transaction (with the request's
 * notification), so neither keeps seeing the other through a follow.
 */
export async function block(ctx: AppContext, me: UserRow, targetId: number) {
  if (me.id === targetId) throw errors.badRequest(B.cannotBlockSelf, 'cannot_block_self');
  const touched = await ctx.db.transaction(async (trx) => {
    await userById(trx, targetId);
    await trx('user_blocks').insert({ blocker_id: me.id, blocked_id: targetId, created_at: nowIso() }).onConflict(['blocker_id', 'blocked_id']).ignore();
    const either = (w: Knex.QueryBuilder, a: string, b: string) => {
      w.where({ [a]: me.id, [b]: targetId }).orWhere({ [a]: targetId, [b]: me.id });
    };
    await trx('follows')
      .where((w) => either(w, 'follower_id', 'following_id'))
      .delete();
    await trx('follow_requests')
      .where((w) => either(w, 'requester_id', 'target_id'))
      .delete();
    const removed: number = await trx('notifications')
      .where((w) => {
        w.where({ user_id: me.id, related_user_id: targetId }).orWhere({ user_id: targetId, related_user_id: me.id });
      })
      .whereIn('type', ['follow_request'])
      .delete();
    return removed;
  });
  if (touched > 0) for (const userId of [me.id, targetId]) ctx.bus.emit('notifications:changed', { userId });
  return { blocked: true };
}

export async function unblock(db: Knex, me: UserRow, targetId: number) {
  await userById(db, targetId);
  await db('user_blocks').where({ blocker_id: me.id, blocked_id: targetId }).delete();
  return { blocked: false };
}

/**
 * A page of the viewer's own blocks or mutes, newest first: `q` joins the people as `u` to its rows
 * (`rowId`, e.g. 'b.id'), whose id is the keyset cursor; each row comes with the person's columns.
 */
async function ownListPage<R, T>(
  q: Knex.QueryBuilder,
  rowId: string,
  page: CursorPageQuery,
  present: (row: PersonListRow & R & { row_id: number }) => T,
): Promise<Page<T>> {
  const { rows, nextCursor } = await idPage<PersonListRow & R & { row_id: number }>(q.select(`${rowId} as row_id`, ...PERSON_COLUMNS), {
    column: rowId,
    valueOf: (r) => r.row_id,
    cursor: page.cursor,
    limit: page.limit,
  });
  return { items: rows.map(present), nextCursor };
}

export async function listBlocks(db: Knex, me: UserRow, page: CursorPageQuery): Promise<Page<BlockedPerson>> {
  const q = db('user_blocks as b').join('users as u', 'u.id', 'b.blocked_id').where('b.blocker_id', me.id).select('b.created_at as blocked_at');
  return ownListPage<{ blocked_at: unknown }, BlockedPerson>(q, 'b.id', page, (r) => ({
    ...presentPerson(r),
    blockId: r.row_id,
    blockedAt: toIso(r.blocked_at),
  }));
}

export async function mute(db: Knex, me: UserRow, targetId: number, duration: MuteDuration, now = new Date()) {
  if (me.id === targetId) throw errors.badRequest(B.cannotMuteSelf, 'cannot_mute_self');
  await userById(db, targetId);
  const days = MUTE_DURATION_DAYS[duration];
  const until = days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString();
  await db('user_mutes')
    .insert({ muter_id: me.id, muted_id: targetId, expires_at: until, created_at: nowIso() })
    .onConflict(['muter_id', 'muted_id'])
    .merge(['expires_at']);
  return { muted: true, until };
}

export async function unmute(db: Knex, me: UserRow, targetId: number) {
  await userById(db, targetId);
  await db('user_mutes').where({ muter_id: me.id, muted_id: targetId }).delete();
  return { muted: false, until: null };
}

export async function listMutes(db: Knex, me: UserRow, page: CursorPageQuery): Promise<Page<MutedPerson>> {
  const now = nowIso();
  const q = db('user_mutes as m')
    .join('users as u', 'u.id', 'm.muted_id')
    .where('m.muter_id', me.id)
    .andWhere((w) => w.whereNull('m.expires_at').orWhere('m.expires_at', '>', now))
    .select('m.expires_at');
  return ownListPage<{ expires_at: unknown }, MutedPerson>(q, 'm.id', page, (r) => ({
    ...presentPerson(r),
    muteId: r.row_id,
    until: toIsoOrNull(r.expires_at),
  }));
}

interface MutedTermRow {
  id: number;
  kind: MutedTermKind;
  term: string;
  label: string;
  created_at: unknown;
}
const presentTerm = (r: MutedTermRow): MutedTerm => ({ id: r.id, kind: r.kind, term: r.term, label: r.label, createdAt: toIso(r.created_at) });

export async function listMutedTerms(db: Db, me: UserRow): Promise<MutedTerm[]> {
  const rows = (await db('muted_terms').where({ user_id: me.id }).orderBy('id', 'desc').limit(LIMITS.mutedTermsMax)) as MutedTermRow[];
  return rows.map(presentTerm);
}

export async function addMutedTerm(db: Knex, me: UserRow, input: MutedTermInput): Promise<MutedTerm> {
  const term = mutedTermKey(input.value);
  return db.transaction(async (trx) => {
    await lockRow(trx, 'users', me.id);
    const existing = (await trx('muted_terms').where({ user_id: me.id, kind: input.kind, term }).first()) as MutedTermRow | undefined;
    if (existing) return presentTerm(existing);
    const [row] = await trx('muted_terms').where({ user_id: me.id }).count({ n: '*' });
    if (Number(row?.n ?? 0) >= LIMITS.mutedTermsMax) throw errors.badRequest(B.tooManyTerms, 'too_many_muted_terms');
    const [inserted] = await trx('muted_terms').insert({ user_id: me.id, kind: input.kind, term, label: input.value, created_at: nowIso() }).returning('id');
    const id = typeof inserted === 'object' ? inserted.id : inserted;
    return presentTerm((await trx('muted_terms').where({ id }).first()) as MutedTermRow);
  });
}

export async function removeMutedTerm(db: Knex, me: UserRow, id: number) {
  const removed = await db('muted_terms').where({ id, user_id: me.id }).delete();
  if (!removed) throw errors.notFound();
  return { ok: true as const };
}

/** What a member's feeds leave out: muted hashtags (folded keys) and words, read whole (a member has few). */
export async function feedMutes(db: Db, viewerId: number | null): Promise<{ hashtags: string[]; words: string[] }> {
  if (!viewerId) return { hashtags: [], words: [] };
  const rows = (await db('muted_terms').where({ user_id: viewerId }).select('kind', 'term')) as { kind: MutedTermKind; term: string }[];
  return { hashtags: rows.filter((r) => r.kind === 'hashtag').map((r) => r.term), words: rows.filter((r) => r.kind === 'word').map((r) => r.term) };
}

/**
 * Shared spaces (groups, Q&A, blog comments) stay usable across a block: the blocker's pages keep
 * the other's content, flagged so the UI collapses it. Only the blocker sees the flag (the blocked
 * member learns nothing). One query per page.
 */
export async function flagBlocked<T extends { author: { id: number } }>(db: Db, viewerId: number | null | undefined, items: T[]): Promise<T[]> {
  if (!viewerId || items.length === 0) return items;
  const blocked = await blockedByViewer(db, viewerId);
  if (blocked.size === 0) return items;
  return items.map((i) => (blocked.has(i.author.id) ? { ...i, blockedAuthor: true } : i));
}
