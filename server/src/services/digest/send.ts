import type { Knex } from 'knex';
import type { AppContext } from '../../context';
import { nowIso, toIso } from '../../db/time';
import { whereRowAfter } from '../../db/keyset';
import { buildDigest, DigestCache, type Digest, type DigestMember } from './content';
import { slotOf, weekAfter, type DigestTime, type DueSlot } from './schedule';
import { renderDigestMail } from './template';
import { digestUnsubscribeToken, unsubscribePath } from './unsubscribe';

/**
 * The weekly digest's sending. A tick reads the members whose digest is due (`due_at <= now`)
 * in pages of BATCH through (due_at, user_id), and for each one: claims the week (below), builds
 * the digest, sends it or records that there was nothing new, then yields to the event loop so
 * page requests are never held behind a batch.
 *
 * The claim, in one transaction: move the member's due slot to the next week, on condition that
 * it is still the one read (a compare-and-set on due_week), and insert the week's row in
 * digest_runs (key: member, week). Only one node's update finds the row unchanged; and a week
 * with a row already (sent, skipped, or claimed by a node that died before sending) is never
 * sent again, across restarts too: at most once per week. A mail the SMTP server refuses is
 * 'failed' and due again in RETRY_MIN × attempt minutes, up to MAX_ATTEMPTS, taking its failed
 * row over.
 *
 * The seam for the shared delivery queue is `sendDigest`: it is the only place that sends.
 */

const BATCH = 50;
const MAX_ATTEMPTS = 3;
const RETRY_MIN = 15;

export interface DigestTick {
  sent: number;
  skipped: number;
  failed: number;
}

interface DueRow {
  user_id: number;
  due_at: unknown;
  due_week: string;
  weekday: number;
  hour: number;
  time_zone: string;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The link base of mails: the organiser's PUBLIC_URL (no mail leaves without one). */
function baseUrlOf(ctx: AppContext): string | null {
  return ctx.config.publicUrl;
}

/**
 * Sends one member's digest through today's mailer, with the one-click unsubscribe (RFC 8058):
 * the link in both bodies and the List-Unsubscribe / List-Unsubscribe-Post headers. Throws when
 * the mail server refuses. The lead's delivery queue replaces this body (enqueue instead of send).
 */
export async function sendDigest(ctx: AppContext, member: DigestMember, digest: Digest): Promise<void> {
  const baseUrl = baseUrlOf(ctx);
  if (!ctx.mailer?.configured || !baseUrl) throw new Error('mail is not configured (SMTP_URL and PUBLIC_URL)');
  const unsubscribeUrl = `${baseUrl}${unsubscribePath(digestUnsubscribeToken(ctx.config.sessionSecret, member.id))}`;
  const mail = renderDigestMail(digest, { baseUrl, unsubscribeUrl });
  await ctx.mailer.send({
    to: member.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

/** The first slot after `now` of a week later than `week` (a server down for weeks sends one digest, not one per week missed). */
function nextSlot(week: string, time: DigestTime, now: Date): DueSlot {
  let slot = slotOf(weekAfter(week), time);
  while (Date.parse(slot.at) <= now.getTime()) slot = slotOf(weekAfter(slot.week), time);
  return slot;
}

/** Claims `row`'s week for this node (see above); false when another node, or an earlier run, has it. */
async function claim(db: Knex, row: DueRow, now: Date): Promise<boolean> {
  const next = nextSlot(row.due_week, { weekday: row.weekday, hour: row.hour, timeZone: row.time_zone }, now);
  return db.transaction(async (trx) => {
    const moved = await trx('digest_settings')
      .where({ user_id: row.user_id, due_week: row.due_week, enabled: true })
      .andWhere('due_at', '<=', now.toISOString())
      .update({ due_at: next.at, due_week: next.week });
    if (!moved) return false;
    const at = nowIso();
    const taken: unknown[] = await trx('digest_runs')
      .insert({ user_id: row.user_id, week: row.due_week, status: 'claimed', attempts: 1, created_at: at })
      .onConflict(['user_id', 'week'])
      .merge({ status: 'claimed', attempts: trx.raw('?? + 1', ['digest_runs.attempts']), created_at: at })
      .where('digest_runs.status', 'failed')
      .returning('user_id');
    return taken.length > 0;
  });
}

async function finish(db: Knex, row: DueRow, status: 'sent' | 'skipped' | 'failed', items: number): Promise<void> {
  const at = nowIso();
  await db('digest_runs').where({ user_id: row.user_id, week: row.due_week }).update({ status, items, finished_at: at });
  if (status === 'sent') await db('digest_settings').where({ user_id: row.user_id }).update({ last_digest_at: at });
}

/** A refused mail is due again soon for the same week, unless it has been tried MAX_ATTEMPTS times. */
async function retryLater(db: Knex, row: DueRow, now: Date): Promise<void> {
  const run = await db('digest_runs').where({ user_id: row.user_id, week: row.due_week }).first('attempts');
  const attempts = Number(run?.attempts ?? MAX_ATTEMPTS);
  if (attempts >= MAX_ATTEMPTS) return;
  const next = nextSlot(row.due_week, { weekday: row.weekday, hour: row.hour, timeZone: row.time_zone }, now);
  // Only while the claim's next slot still stands (the member did not change the setting meanwhile).
  await db('digest_settings')
    .where({ user_id: row.user_id, due_week: next.week, enabled: true })
    .update({ due_at: new Date(now.getTime() + RETRY_MIN * attempts * 60_000).toISOString(), due_week: row.due_week });
}

/** Told of each member a tick handled: how long their digest took to build (the benchmark reads it). */
export type DigestObserver = (userId: number, buildMs: number, outcome: 'sent' | 'skipped' | 'failed') => void;

/** Sends every digest due at `now` (the job's tick); answers what it did. */
export async function sendDueDigests(ctx: AppContext, now: Date, observe?: DigestObserver): Promise<DigestTick> {
  const done: DigestTick = { sent: 0, skipped: 0, failed: 0 };
  // Without SMTP and PUBLIC_URL nothing is claimed: the digests wait until mail can go out.
  if (!ctx.mailer?.configured || !baseUrlOf(ctx)) return done;
  const { db } = ctx;
  const cache = new DigestCache(now);
  let after: [string, number] | null = null;
  for (;;) {
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
    for (const row of rows) {
      if (!row.due_week || !(await claim(db, row, now))) continue;
      const started = performance.now();
      const digest = await buildDigest(db, row.user_id, now, cache);
      const buildMs = performance.now() - started;
      if (!digest) {
        await finish(db, row, 'skipped', 0);
        done.skipped += 1;
        observe?.(row.user_id, buildMs, 'skipped');
      } else {
        const items = digest.events.length + digest.posts.length + digest.questions.length + digest.newMembers.length;
        try {
          await sendDigest(ctx, digest.member, digest);
          await finish(db, row, 'sent', items);
          done.sent += 1;
          observe?.(row.user_id, buildMs, 'sent');
        } catch (err) {
          ctx.logger.warn({ err: { message: (err as Error).message }, userId: row.user_id }, 'weekly digest could not be sent');
          await finish(db, row, 'failed', items);
          await retryLater(db, row, now);
          done.failed += 1;
          observe?.(row.user_id, buildMs, 'failed');
        }
      }
      await yieldToRequests();
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) break;
    after = [toIso(last.due_at), last.user_id];
  }
  return done;
}
