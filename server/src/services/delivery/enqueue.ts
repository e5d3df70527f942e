import type { Knex } from 'knex';
import { AWAY_BEFORE_MAIL_MINUTES, NOTIFICATION_GROUP_OF, showsNatively, TEXTS, type NotificationPreferences, type NotificationType } from '@mahalle/shared';
import { toIso } from '../../db/time';
import { mailPreferencesOf } from './mail-preferences';
import { enqueueMail, enqueuePushes, type MailPayload, type PushPayload, type QueuedItem } from './queue';

/** The members among these who have not been on the site for AWAY_BEFORE_MAIL_MINUTES (no session seen since). */
export async function awayMembers(db: Knex | Knex.Transaction, userIds: number[], now: Date): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const rows = (await db('sessions').whereIn('user_id', ids).groupBy('user_id').select('user_id', db.raw('max(last_seen_at) as seen'))) as {
    user_id: number;
    seen: unknown;
  }[];
  const since = now.getTime() - AWAY_BEFORE_MAIL_MINUTES * 60_000;
  const here = new Set(rows.filter((r) => r.seen !== null && Date.parse(toIso(r.seen)) > since).map((r) => Number(r.user_id)));
  return new Set(ids.filter((id) => !here.has(id)));
}

/** Who wants mail of these kinds now: the kind is on, the address is not paused, and the member is away. */
async function mailRecipients(trx: Knex | Knex.Transaction, wanted: { userId: number; group: string }[], now: Date) {
  const ids = wanted.map((w) => w.userId);
  const [prefs, away] = await Promise.all([mailPreferencesOf(trx, ids), awayMembers(trx, ids, now)]);
  return (userId: number, group: string) => {
    const p = prefs.get(userId);
    return Boolean(p && !p.pausedAt && (p.kinds as Record<string, boolean>)[group] && away.has(userId));
  };
}

/**
 * A group's first delivery waits this long, so that the likes coming meanwhile go out as one
 * ("12 kişi gönderinizi beğendi"); later ones replace it on the device by their shared tag.
 */
export const GROUP_WINDOW_MS = 10_000;

export interface WrittenNotification {
  userId: number;
  type: NotificationType;
  notificationId: number;
  groupKey: string | null;
}

/**
 * Queues the pushes and e-mails of notifications just written, in their transaction. A push goes
 * where the member's native notice would show (the kind's desktop switch, outside quiet hours:
 * the same rule as the desktop app's); an e-mail where the member turned that kind's mail on and
 * has been away for a while. A group's deliveries share its key as their tag, so the device shows
 * one notification, replaced with the group's new count.
 */
export async function queueNotificationDeliveries(
  trx: Knex | Knex.Transaction,
  written: WrittenNotification[],
  prefs: Map<number, NotificationPreferences>,
  now: Date,
): Promise<void> {
  if (written.length === 0) return;
  const items = written.map((w) => ({ ...w, group: NOTIFICATION_GROUP_OF[w.type], tag: w.groupKey ?? `n:${w.notificationId}` }));
  const pushes: QueuedItem<PushPayload>[] = items
    .filter((w) => {
      const p = prefs.get(w.userId);
      return p && showsNatively(p, w.group, now);
    })
    .map((w) => ({ userId: w.userId, kind: w.group, tag: w.tag, notificationId: w.notificationId, delayMs: w.groupKey ? GROUP_WINDOW_MS : 0 }));
  await enqueuePushes(trx, pushes, now);
  const wantsMail = await mailRecipients(trx, items, now);
  await enqueueMail(
    trx,
    items
      .filter((w) => wantsMail(w.userId, w.group))
      .map((w) => ({ userId: w.userId, kind: w.group, tag: w.tag, notificationId: w.notificationId, delayMs: w.groupKey ? GROUP_WINDOW_MS : 0 })),
    now,
  );
}

/**
 * A direct message's push and e-mail, in the transaction that wrote it. Messages have no
 * notification rows: the words travel with the delivery. Pending ones from one sender are one
 * (the newest message).
 */
export async function queueMessageDeliveries(
  trx: Knex | Knex.Transaction,
  m: { receiverId: number; senderId: number; senderName: string; content: string },
  prefs: NotificationPreferences,
  now: Date,
): Promise<void> {
  const tag = `message:${m.senderId}`;
  const url = `/messages?user=${m.senderId}`;
  const title = TEXTS.delivery.newMessage(m.senderName);
  const body = m.content.length > 140 ? `${m.content.slice(0, 139)}…` : m.content;
  if (showsNatively(prefs, 'messages', now)) {
    await enqueuePushes(trx, [{ userId: m.receiverId, kind: 'messages', tag, payload: { title, body, url, tag } }], now);
  }
  const wantsMail = await mailRecipients(trx, [{ userId: m.receiverId, group: 'messages' }], now);
  if (wantsMail(m.receiverId, 'messages')) {
    const payload: MailPayload = { subject: TEXTS.delivery.mailSubject(title), lines: [title + ':', body], action: { label: TEXTS.delivery.mailOpen, url } };
    await enqueueMail(trx, [{ userId: m.receiverId, kind: 'messages', tag, payload }], now);
  }
}
