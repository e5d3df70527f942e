import type { Knex } from 'knex';
import type { MailKind } from '@mahalle/shared';
import { isPostgres } from '../../db/engine';

/*
 * One queue for every notification that leaves the site (notification_deliveries): a row per push
 * to one device or per e-mail, written in the transaction of what caused it and sent later by the
 * `deliveries` job (drain.ts). A row is pending until a node claims it (state 'sending', with a
 * lease in next_attempt_at: a node that dies mid-send leaves it to be claimed again when the lease
 * ends), then sent, retried later with backoff, failed (no more tries) or dropped (nothing to send).
 */

export type DeliveryChannel = 'push' | 'mail';

/** What a push carries (the service worker's contract): `tag` replaces an earlier notification with the same tag. */
export interface PushPayload {
  title: string;
  body: string;
  /** Path to open, on this site. */
  url: string;
  tag: string;
  count?: number;
}

/** An e-mail's own words (the template adds the greeting, the reason and the unsubscribe link). */
export interface MailPayload {
  subject: string;
  lines: string[];
  action?: { label: string; url: string };
}

export interface DeliveryRow {
  id: number | string;
  channel: DeliveryChannel;
  user_id: number;
  subscription_id: number | null;
  notification_id: number | null;
  kind: MailKind;
  tag: string;
  payload: string | null;
  state: string;
  attempts: number;
}

/** One notification to deliver: read from its notification row when sent (`notificationId`), or carried whole (`payload`). */
export interface QueuedItem<P> {
  userId: number;
  kind: MailKind;
  /** Grouping key: a pending row with the same tag (per device, per address) is brought up to date instead of queued again. */
  tag: string;
  notificationId?: number;
  payload?: P;
  /** Waits this long before the first try, so what comes meanwhile joins it (a group's likes). */
  delayMs?: number;
}

/** How long a node holds a claimed row before another may claim it again (a send times out long before). */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Writes rows, coalescing by tag: where a row with the same user, channel, device and tag still
 * waits, it is pointed at the newest notification (or payload) instead, so twelve likes before a
 * send are one push with the group's count. Two queries for the whole batch.
 */
async function queue(trx: Knex | Knex.Transaction, channel: DeliveryChannel, rows: (QueuedItem<unknown> & { subscriptionId: number | null })[], now: Date) {
  if (rows.length === 0) return;
  const waiting = (await trx('notification_deliveries')
    .where({ channel, state: 'pending' })
    .whereIn(
      'user_id',
      rows.map((r) => r.userId),
    )
    .whereIn(
      'tag',
      rows.map((r) => r.tag),
    )
    .select('id', 'user_id', 'subscription_id', 'tag')) as { id: number; user_id: number; subscription_id: number | null; tag: string }[];
  const key = (userId: number, sub: number | null, tag: string) => `${userId}|${sub ?? ''}|${tag}`;
  const byKey = new Map(waiting.map((w) => [key(Number(w.user_id), w.subscription_id === null ? null : Number(w.subscription_id), w.tag), w.id]));
  const at = now.toISOString();
  const inserts: Record<string, unknown>[] = [];
  for (const r of rows) {
    const values = { notification_id: r.notificationId ?? null, payload: r.payload === undefined ? null : JSON.stringify(r.payload) };
    const id = byKey.get(key(r.userId, r.subscriptionId, r.tag));
    if (id !== undefined) await trx('notification_deliveries').where({ id, state: 'pending' }).update(values);
    else {
      byKey.set(key(r.userId, r.subscriptionId, r.tag), -1);
      const due = r.delayMs ? new Date(now.getTime() + r.delayMs).toISOString() : at;
      inserts.push({
        channel,
        user_id: r.userId,
        subscription_id: r.subscriptionId,
        kind: r.kind,
        tag: r.tag.slice(0, 120),
        ...values,
        next_attempt_at: due,
        created_at: at,
      });
    }
  }
  for (let i = 0; i < inserts.length; i += 200) await trx('notification_deliveries').insert(inserts.slice(i, i + 200));
}

/** A push to each of the members' devices (one query for the devices of the batch). */
export async function enqueuePushes(trx: Knex | Knex.Transaction, items: QueuedItem<PushPayload>[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const subs = (await trx('push_subscriptions')
    .whereIn('user_id', [...new Set(items.map((i) => i.userId))])
    .select('id', 'user_id')) as { id: number; user_id: number }[];
  const rows = items.flatMap((i) => subs.filter((s) => Number(s.user_id) === i.userId).map((s) => ({ ...i, subscriptionId: Number(s.id) })));
  await queue(trx, 'push', rows, now);
}

/**
 * Queues e-mails, in the caller's transaction (usable by any feature). A notification mail's
 * payload is a MailPayload, to which the template (mail-template.ts) adds the greeting and the
 * one-click unsubscribe link of its kind; the weekly digest queues its sections (kind 'digest',
 * services/digest/mail.ts), rendered by its own template when sent. Whether the member wants
 * that kind, and whether their address is paused, is checked again when it is sent.
 */
export async function enqueueMail<P extends object = MailPayload>(trx: Knex | Knex.Transaction, items: QueuedItem<P>[], now: Date): Promise<void> {
  await queue(
    trx,
    'mail',
    items.map((i) => ({ ...i, subscriptionId: null })),
    now,
  );
}

/**
 * Claims up to `limit` rows that are due, for this node alone: on PostgreSQL `FOR UPDATE SKIP
 * LOCKED` lets nodes claim side by side without waiting and never the same row; SQLite has one
 * writer. A claimed row counts its attempt and holds a lease (CLAIM_LEASE_MS).
 */
export async function claimDue(db: Knex, now: Date, limit: number): Promise<DeliveryRow[]> {
  // Most drains find nothing due (one runs after every notification, on every node): a plain read
  // on the (state, next_attempt_at) index says so without a transaction, so SQLite's write lock is
  // not taken (and waited for behind the members' own writes) to learn that there is nothing to send.
  const due = await db('notification_deliveries').whereIn('state', ['pending', 'sending']).where('next_attempt_at', '<=', now.toISOString()).first('id');
  if (!due) return [];
  return db.transaction(async (trx) => {
    const q = trx('notification_deliveries')
      .whereIn('state', ['pending', 'sending'])
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .limit(limit)
      .select('id');
    if (isPostgres(trx)) q.forUpdate().skipLocked();
    const ids = ((await q) as { id: number | string }[]).map((r) => r.id);
    if (ids.length === 0) return [];
    await trx('notification_deliveries')
      .whereIn('id', ids)
      .update({ state: 'sending', attempts: trx.raw('attempts + 1'), next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() });
    return (await trx('notification_deliveries').whereIn('id', ids).orderBy('id')) as DeliveryRow[];
  });
}

/** The wait before try `attempts + 1`: 30 s, doubling, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

/** Sent: done. */
export async function markSent(db: Knex, id: DeliveryRow['id'], now: Date): Promise<void> {
  await db('notification_deliveries').where({ id, state: 'sending' }).update({ state: 'sent', sent_at: now.toISOString(), last_error: null, payload: null });
}

/** Failed this time: tried again after the backoff, or given up after `maxAttempts`. */
export async function markFailed(
  db: Knex,
  row: DeliveryRow,
  now: Date,
  error: string,
  opts: { retry: boolean; maxAttempts: number },
): Promise<'retry' | 'failed'> {
  const again = opts.retry && row.attempts < opts.maxAttempts;
  await db('notification_deliveries')
    .where({ id: row.id, state: 'sending' })
    .update({
      state: again ? 'pending' : 'failed',
      last_error: error.slice(0, 300),
      next_attempt_at: again ? new Date(now.getTime() + backoffMs(row.attempts)).toISOString() : now.toISOString(),
    });
  return again ? 'retry' : 'failed';
}

/** Nothing to send any more (the notification, the device or the member's wish is gone). */
export async function markDropped(db: Knex, id: DeliveryRow['id'], reason: string): Promise<void> {
  await db('notification_deliveries')
    .where({ id, state: 'sending' })
    .update({ state: 'dropped', last_error: reason.slice(0, 300), payload: null });
}

/** Sent rows kept for a week (the admin panel's counts), then removed with the failed and dropped ones. */
export async function pruneDeliveries(db: Knex, now: Date): Promise<number> {
  return db('notification_deliveries')
    .whereIn('state', ['sent', 'failed', 'dropped'])
    .where('next_attempt_at', '<', new Date(now.getTime() - 7 * 24 * 3600_000).toISOString())
    .delete();
}
