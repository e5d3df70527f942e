import pLimit from 'p-limit';
import { MAIL_FAILURES_BEFORE_PAUSE, notificationTarget, notificationText, TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { announceNotifications, createNotifications, getNotificationItem } from '../notifications';
import { mailErrorLine } from '../mail';
import { renderMail } from './mail-template';
import { mailPreferencesOf, mailReady, unsubscribeUrl } from './mail-preferences';
import { claimDue, markDropped, markFailed, markSent, pruneDeliveries, type DeliveryRow, type MailPayload, type PushPayload } from './queue';
import type { PushSubscriptionRow } from '../../presenters/delivery';
import { renderQueuedDigest, type DigestPayload } from '../digest/mail';

/** Tries of one push before it is given up (30 s, 1, 2, 4 ... minutes apart: about two hours in all). */
export const PUSH_MAX_ATTEMPTS = 8;
/** Tries of one e-mail; the address is paused sooner when its sends keep failing (MAIL_FAILURES_BEFORE_PAUSE). */
export const MAIL_MAX_ATTEMPTS = 5;
/** Rows a node claims at once, and how many it sends side by side. */
const BATCH = 50;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const PARALLEL = 8;
/** A push service that does not answer in this long is tried again later. */
const PUSH_TIMEOUT_MS = 10_000;

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
  dropped: number;
}

export const addDrainResults = (a: DrainResult, b: DrainResult): DrainResult => ({
  sent: a.sent + b.sent,
  retried: a.retried + b.retried,
  failed: a.failed + b.failed,
  dropped: a.dropped + b.dropped,
});

type Outcome = keyof DrainResult;

/**
 * Sends what is due (the `deliveries` job, on every node: rows are claimed, never sent twice),
 * batch after batch until none is left (resting after each full batch as long as it took), then
 * prunes old finished rows.
 */
export async function drainDeliveries(ctx: AppContext, now: Date): Promise<DrainResult> {
  const total: DrainResult = { sent: 0, retried: 0, failed: 0, dropped: 0 };
  const limit = pLimit(PARALLEL);
  for (;;) {
    const started = performance.now();
    const rows = await claimDue(ctx.db, now, BATCH);
    const outcomes = await Promise.all(rows.map((row) => limit(() => deliver(ctx, row, now))));
    for (const o of outcomes) total[o] += 1;
    if (rows.length < BATCH) break;
    // A long queue (a week's digests) is sent at most half the time: page requests are not held behind it.
    await sleep(performance.now() - started);
  }
  const pruned = lastPruned.get(ctx.db);
  if (pruned === undefined || now.getTime() - pruned >= PRUNE_EVERY_MS || now.getTime() < pruned) {
    lastPruned.set(ctx.db, now.getTime());
    await pruneDeliveries(ctx.db, now);
  }
  return total;
}

/**
 * Finished rows (kept a week) are pruned at most this often by a node: a drain runs after every
 * notification, and a delete each time would be a write for nothing.
 */
const PRUNE_EVERY_MS = 10 * 60_000;
const lastPruned = new WeakMap<object, number>();

async function deliver(ctx: AppContext, row: DeliveryRow, now: Date): Promise<Outcome> {
  try {
    return row.channel === 'push' ? await deliverPush(ctx, row, now) : await deliverMail(ctx, row, now);
  } catch (err) {
    // Our own failure (the database, a bug): the row is tried again after its backoff.
    ctx.logger.error({ err, delivery: row.id }, 'delivery failed');
    return (await markFailed(ctx.db, row, now, String((err as Error).message ?? err), { retry: true, maxAttempts: PUSH_MAX_ATTEMPTS })) === 'retry'
      ? 'retried'
      : 'failed';
  }
}

/** The push's words: from the notification as the list shows it now (its group's count), or as queued. */
async function pushPayload(ctx: AppContext, row: DeliveryRow): Promise<PushPayload | null> {
  if (row.notification_id === null) return row.payload ? (JSON.parse(row.payload) as PushPayload) : null;
  const n = await getNotificationItem(ctx.db, row.notification_id);
  if (!n) return null;
  return { title: 'Mahalle', body: notificationText(n), url: notificationTarget(n) ?? '/notifications', tag: row.tag, count: n.groupCount };
}

async function deliverPush(ctx: AppContext, row: DeliveryRow, now: Date): Promise<Outcome> {
  const sub = (await ctx.db('push_subscriptions').where({ id: row.subscription_id }).first()) as PushSubscriptionRow | undefined;
  if (!sub) return drop(ctx, row, 'subscription gone');
  const payload = await pushPayload(ctx, row);
  if (!payload) return drop(ctx, row, 'notification gone');
  // web-push encrypts (RFC 8291, aes128gcm) and signs (VAPID); the request is sent here, with a timeout.
  // Loaded with the first push, not by every node as it starts (about 1.5 MiB of heap).
  const { default: webpush } = await import('web-push');
  const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
    vapidDetails: ctx.config.vapid,
    TTL: 24 * 3600,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
  });
  let status: number;
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
  } catch (err) {
    return retryOrFail(ctx, row, now, `push service unreachable: ${(err as Error).message}`, PUSH_MAX_ATTEMPTS);
  }
  if (status >= 200 && status < 300) {
    await markSent(ctx.db, row.id, now);
    await ctx.db('push_subscriptions').where({ id: sub.id }).update({ last_success_at: now.toISOString() });
    return 'sent';
  }
  if (status === 404 || status === 410) {
    // The browser unsubscribed or the subscription expired: the device is gone (its deliveries with it).
    await ctx.db('push_subscriptions').where({ id: sub.id }).delete();
    return 'dropped';
  }
  if (status === 429 || status >= 500) return retryOrFail(ctx, row, now, `push service answered ${status}`, PUSH_MAX_ATTEMPTS);
  // 400, 403, 413: this request will never be accepted as it is.
  await markFailed(ctx.db, row, now, `push service answered ${status}`, { retry: false, maxAttempts: PUSH_MAX_ATTEMPTS });
  return 'failed';
}

async function deliverMail(ctx: AppContext, row: DeliveryRow, now: Date): Promise<Outcome> {
  if (!mailReady(ctx)) return drop(ctx, row, 'mail is not configured');
  const user = (await ctx.db('users').where({ id: row.user_id }).first('email', 'display_name', 'username')) as
    { email: string; display_name: string; username: string } | undefined;
  const prefs = (await mailPreferencesOf(ctx.db, [row.user_id])).get(row.user_id)!;
  if (!user?.email || prefs.pausedAt || !(await wantsKind(ctx, row, prefs.kinds))) return drop(ctx, row, 'not wanted');
  const base = ctx.config.publicUrl!;
  let mail: { subject: string; text: string; html: string; unsubscribeUrl: string };
  if (row.kind === 'digest') {
    if (!row.payload) return drop(ctx, row, 'nothing to send');
    const member = { id: row.user_id, username: user.username, displayName: user.display_name || user.username, email: user.email };
    mail = renderQueuedDigest(ctx, member, JSON.parse(row.payload) as DigestPayload);
  } else {
    const notice = await noticeMail(ctx, row, user, base);
    if (!notice) return drop(ctx, row, 'notification gone');
    mail = notice;
  }
  try {
    await ctx.mailer!.send({
      to: user.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // RFC 8058: the mail program's own "unsubscribe" posts to the link, without signing in.
      headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  } catch (err) {
    const paused = await countMailFailure(ctx, row.user_id, now);
    if (paused) {
      await markFailed(ctx.db, row, now, mailErrorLine(err, user.email), { retry: false, maxAttempts: MAIL_MAX_ATTEMPTS });
      return 'failed';
    }
    return retryOrFail(ctx, row, now, mailErrorLine(err, user.email), MAIL_MAX_ATTEMPTS);
  }
  await markSent(ctx.db, row.id, now);
  await ctx.db('mail_preferences').where({ user_id: row.user_id }).where('consecutive_failures', '>', 0).update({ consecutive_failures: 0 });
  return 'sent';
}

/** Whether the member still wants this kind: the digest's switch is its own setting (digest_settings), the others are mail preferences. */
async function wantsKind(ctx: AppContext, row: DeliveryRow, kinds: Record<string, boolean>): Promise<boolean> {
  if (row.kind !== 'digest') return Boolean(kinds[row.kind]);
  const setting = (await ctx.db('digest_settings').where({ user_id: row.user_id }).first('enabled')) as { enabled: unknown } | undefined;
  return Boolean(setting?.enabled);
}

/** A notification's mail (from its notification row as the list shows it now, or as queued), through the one notification template. */
async function noticeMail(
  ctx: AppContext,
  row: DeliveryRow,
  user: { display_name: string; username: string },
  base: string,
): Promise<{ subject: string; text: string; html: string; unsubscribeUrl: string } | null> {
  let payload: MailPayload;
  if (row.notification_id !== null) {
    const n = await getNotificationItem(ctx.db, row.notification_id);
    if (!n) return null;
    const text = notificationText(n);
    payload = {
      subject: TEXTS.delivery.mailSubject(text),
      lines: [text],
      action: { label: TEXTS.delivery.mailOpen, url: notificationTarget(n) ?? '/notifications' },
    };
  } else if (row.payload) payload = JSON.parse(row.payload) as MailPayload;
  else return null;
  const unsubscribe = unsubscribeUrl(ctx, row.user_id, row.kind);
  const action = payload.action && { ...payload.action, url: payload.action.url.startsWith('/') ? base + payload.action.url : payload.action.url };
  const body = renderMail({ name: user.display_name || user.username, lines: payload.lines, action, kind: row.kind, unsubscribeUrl: unsubscribe });
  return { subject: payload.subject, ...body, unsubscribeUrl: unsubscribe };
}

/**
 * One more failed send to the member's address. At MAIL_FAILURES_BEFORE_PAUSE in a row the address
 * is paused (what waits for it is dropped) and the member is told in the app. Answers whether it
 * was paused now.
 */
async function countMailFailure(ctx: AppContext, userId: number, now: Date): Promise<boolean> {
  const created = await ctx.db.transaction(async (trx) => {
    await trx('mail_preferences')
      .insert({ user_id: userId, kinds: '{}', consecutive_failures: 1, updated_at: now.toISOString() })
      .onConflict('user_id')
      .merge({ consecutive_failures: trx.raw('mail_preferences.consecutive_failures + 1'), updated_at: now.toISOString() });
    const paused = await trx('mail_preferences')
      .where({ user_id: userId })
      .whereNull('paused_at')
      .where('consecutive_failures', '>=', MAIL_FAILURES_BEFORE_PAUSE)
      .update({ paused_at: now.toISOString() });
    if (!paused) return null;
    await trx('notification_deliveries')
      .where({ user_id: userId, channel: 'mail', state: 'pending' })
      .update({ state: 'dropped', last_error: 'address paused' });
    const D = TEXTS.delivery;
    return createNotifications(trx, [
      { userId, type: 'mail_paused', actorId: null, title: D.pausedNoticeTitle, message: D.pausedNoticeMessage, link: '/profile?tab=notification-settings' },
    ]);
  });
  if (!created) return false;
  announceNotifications(ctx.bus, created);
  return true;
}

async function retryOrFail(ctx: AppContext, row: DeliveryRow, now: Date, error: string, maxAttempts: number): Promise<Outcome> {
  return (await markFailed(ctx.db, row, now, error, { retry: true, maxAttempts })) === 'retry' ? 'retried' : 'failed';
}

async function drop(ctx: AppContext, row: DeliveryRow, reason: string): Promise<Outcome> {
  await markDropped(ctx.db, row.id, reason);
  return 'dropped';
}
