import type { Knex } from 'knex';
import type { AppContext } from '../../context';
import { nowIso, toIso } from '../../db/time';
import { whereRowAfter } from '../../db/keyset';
import { enqueueMail } from '../delivery/queue';
import { mailReady } from '../delivery/mail-preferences';
import { buildDigests, DigestCache, type Digest } from './content';
import { digestPayloadOf, type DigestPayload } from './mail';
import { slotOf, weekAfter, type DigestTime, type DueSlot } from './schedule';

/**
 * The weekly digest job: it builds and queues, the delivery queue sends (services/delivery: its
 * retries with backoff, its paused-address rule, once across nodes). A tick reads the members
 * whose digest is due (`due_at <= now`) in pages of BATCH through (due_at, user_id), builds the
 * page's digests (a few queries per page, the shared parts once per run: content.ts), and writes
 * the page in one transaction:
 *
 * - the claim: each member's due slot moves to the next week on condition that it is still the
 *   one read (a compare-and-set on due_week, one UPDATE per distinct next slot), and the week's
 *   row goes into digest_runs (key: member, week). Only one node's update finds a row unchanged,
 *   and a week that has a row is never queued again, across restarts too;
 * - the mail, queued in the same transaction (kind 'digest', tag `digest:<week>`): a node that
 *   stops after the commit leaves it in the queue, one that stops before leaves the member due.
 *
 * A week with nothing new is 'skipped'; one whose address is paused (5 failed sends in a row,
 * digests counted) is 'paused'; otherwise 'queued'. Between pages the job rests as long as the
 * page took (at most half the time working), so page requests are not held behind it.
 */

const BATCH = 100;
/** Rest after a page, as a share of the time the page took. */
const REST_RATIO = 1;

export interface DigestTick {
  queued: number;
  skipped: number;
  paused: number;
}

interface DueRow {
  user_id: number;
  due_at: unknown;
  due_week: string;
  weekday: number;
  hour: number;
  time_zone: string;
}

type Outcome = keyof DigestTick;

/** Told of each page a tick handled: its members, what became of them and how long building and writing took (the benchmark reads it). */
export type DigestObserver = (page: { members: number; buildMs: number; writeMs: number; outcomes: DigestTick }) => void;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The first slot after `now` of a week later than `week` (a server down for weeks sends one digest, not one per week missed). */
function nextSlot(week: string, time: DigestTime, now: Date): DueSlot {
  let slot = slotOf(weekAfter(week), time);
  while (Date.parse(slot.at) <= now.getTime()) slot = slotOf(weekAfter(slot.week), time);
  return slot;
}

const itemsOf = (d: Digest) => d.events.length + d.posts.length + d.questions.length + d.newMembers.length;

/**
 * Claims the page's weeks and queues their mails, in one transaction (see above). Answers the
 * outcome of each member this node claimed; a member another node (or an earlier run) has is left out.
 */
async function claimAndQueue(db: Knex, rows: DueRow[], digests: Map<number, Digest | null>, paused: Set<number>, now: Date): Promise<Map<number, Outcome>> {
  const at = now.toISOString();
  const bySlot = new Map<string, { week: string; next: DueSlot; ids: number[] }>();
  for (const row of rows) {
    const next = nextSlot(row.due_week, { weekday: row.weekday, hour: row.hour, timeZone: row.time_zone }, now);
    const key = `${row.due_week}|${next.week}|${next.at}`;
    const group = bySlot.get(key) ?? { week: row.due_week, next, ids: [] };
    group.ids.push(Number(row.user_id));
    bySlot.set(key, group);
  }
  return db.transaction(async (trx) => {
    const moved: { userId: number; week: string }[] = [];
    for (const { week, next, ids } of bySlot.values()) {
      const updated = (await trx('digest_settings')
        .whereIn('user_id', ids)
        .where({ due_week: week, enabled: true })
        .andWhere('due_at', '<=', at)
        .update({ due_at: next.at, due_week: next.week })
        .returning('user_id')) as ({ user_id: number } | number)[];
      for (const u of updated) moved.push({ userId: Number(typeof u === 'object' ? u.user_id : u), week });
    }
    if (moved.length === 0) return new Map();
    const outcomeOf = (userId: number): Outcome => (paused.has(userId) ? 'paused' : digests.get(userId) ? 'queued' : 'skipped');
    const runs = moved.map(({ userId, week }) => {
      const digest = digests.get(userId);
      const outcome = outcomeOf(userId);
      return {
        user_id: userId,
        week,
        status: outcome,
        attempts: 1,
        items: outcome === 'queued' && digest ? itemsOf(digest) : 0,
        created_at: at,
        finished_at: at,
      };
    });
    // A week with a row already is not queued again; a 'failed' one (left by the job's earlier way of sending) is taken over.
    const claimed = (await trx('digest_runs')
      .insert(runs)
      .onConflict(['user_id', 'week'])
      .merge(['status', 'items', 'created_at', 'finished_at'])
      .where('digest_runs.status', 'failed')
      .returning('user_id')) as ({ user_id: number } | number)[];
    const claimedIds = new Set(claimed.map((u) => Number(typeof u === 'object' ? u.user_id : u)));
    const out = new Map<number, Outcome>();
    const mails: { userId: number; kind: 'digest'; tag: string; payload: DigestPayload }[] = [];
    for (const { userId, week } of moved) {
      if (!claimedIds.has(userId)) continue;
      const outcome = outcomeOf(userId);
      out.set(userId, outcome);
      const digest = digests.get(userId);
      if (outcome === 'queued' && digest) mails.push({ userId, kind: 'digest', tag: `digest:${week}`, payload: digestPayloadOf(digest) });
    }
    await enqueueMail(trx, mails, now);
    if (mails.length) {
      await trx('digest_settings')
        .whereIn(
          'user_id',
          mails.map((m) => m.userId),
        )
        .update({ last_digest_at: nowIso() });
    }
    return out;
  });
}

/** Builds and queues every digest due at `now` (the job's tick); answers what it did. */
export async function sendDueDigests(ctx: AppContext, now: Date, observe?: DigestObserver): Promise<DigestTick> {
  const done: DigestTick = { queued: 0, skipped: 0, paused: 0 };
  // Without SMTP and PUBLIC_URL nothing is claimed: the digests wait until mail can go out.
  if (!mailReady(ctx)) return done;
  const { db } = ctx;
  const cache = new DigestCache(now);
  let after: [string, number] | null = null;
  for (;;) {
    const started = performance.now();
    const q = db('digest_settings as d')
      .where('d.due_at', '<=', now.toISOString())
      .select('d.user_id', 'd.due_at', 'd.due_week', 'd.weekday', 'd.hour', 'd.time_zone');
    if (after) whereRowAfter(q, ['d.due_at', 'd.user_id'], '>', after);
    const rows: DueRow[] = await q
      .orderBy([
        { column: 'd.due_at', order: 'asc' },
        { column: 'd.user_id', order: 'asc' },
      ])
      .limit(BATCH);
    const due = rows.filter((r) => r.due_week);
    const ids = due.map((r) => Number(r.user_id));
    const paused = new Set<number>(
      ids.length ? ((await db('mail_preferences').whereIn('user_id', ids).whereNotNull('paused_at').pluck('user_id')) as number[]).map(Number) : [],
    );
    const digests = await buildDigests(
      db,
      ids.filter((id) => !paused.has(id)),
      now,
      cache,
    );
    const built = performance.now();
    const outcomes = due.length ? await claimAndQueue(db, due, digests, paused, now) : new Map<number, Outcome>();
    const page: DigestTick = { queued: 0, skipped: 0, paused: 0 };
    for (const o of outcomes.values()) page[o] += 1;
    done.queued += page.queued;
    done.skipped += page.skipped;
    done.paused += page.paused;
    if (page.queued) ctx.bus.emit('delivery:queued', { count: page.queued });
    const took = performance.now() - started;
    observe?.({ members: rows.length, buildMs: built - started, writeMs: took - (built - started), outcomes: page });
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) break;
    after = [toIso(last.due_at), last.user_id];
    await sleep(took * REST_RATIO);
  }
  return done;
}
