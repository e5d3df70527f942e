import { TEXTS } from '@mahalle/shared';
import type { Notification } from '@mahalle/shared';

/**
 * 'Ayşe gönderinizi beğendi': the actor's name, then the type's text; other types show their
 * message. A moderation notice is its message (what was removed and why, written by the server);
 * a notification whose post an admin has since removed says so.
 */
export function notificationText(n: Notification): string {
  if (n.type === 'moderation' || n.type === 'warning') return n.message || n.title;
  const text = (TEXTS.notificationTexts as Record<string, string>)[n.type];
  const main = text ? `${n.relatedUser?.displayName || n.relatedUser?.username || ''} ${text}`.trim() : n.message || n.title;
  return n.contentRemoved ? `${main} · ${TEXTS.moderation.contentRemoved}` : main;
}

/**
 * Where clicking a notification goes: posts to /posts/{id}, follows to the person's
 * profile. Removed content and moderation notices go nowhere rather than to 'Gönderi bulunamadı'.
 */
export function notificationTarget(n: Notification): string | null {
  if (n.type === 'moderation' || n.type === 'warning' || n.contentRemoved) return null;
  if (['mention', 'like', 'comment'].includes(n.type) && n.relatedPostId) return `/posts/${n.relatedPostId}`;
  if (['follow', 'follow_request', 'follow_accepted'].includes(n.type) && n.relatedUser) return `/profile/${n.relatedUser.username}`;
  return n.link;
}

/** The desktop's native notification for a new notification: its text, and clicking it opens what it is about, or else the list. */
export function nativeNotification(n: Notification): { body: string; route: string } {
  return { body: notificationText(n), route: notificationTarget(n) ?? '/notifications' };
}

/** One row of the list: a notification, or several likes of the same post shown together (newest first). */
export interface NotificationRowGroup {
  /** The newest of the row: its avatar, time and target. */
  head: Notification;
  /** Every notification the row stands for (head included), for marking read and deleting. */
  all: Notification[];
  isRead: boolean;
}

/**
 * Likes of the same post collapse into the row of the newest one ('12 kişi gönderinizi beğendi');
 * everything else, and likes of a post an admin removed, stays one row each, in the list's order.
 */
export function groupNotifications(list: Notification[]): NotificationRowGroup[] {
  const rows: NotificationRowGroup[] = [];
  const likesOf = new Map<number, NotificationRowGroup>();
  for (const n of list) {
    const groupable = n.type === 'like' && n.relatedPostId !== null && !n.contentRemoved;
    const row = groupable && n.relatedPostId !== null ? likesOf.get(n.relatedPostId) : undefined;
    if (row) {
      row.all.push(n);
      row.isRead = row.isRead && n.isRead;
      continue;
    }
    const fresh = { head: n, all: [n], isRead: n.isRead };
    rows.push(fresh);
    if (groupable && n.relatedPostId !== null) likesOf.set(n.relatedPostId, fresh);
  }
  return rows;
}

/** A row's text: one notification's own, or '12 kişi gönderinizi beğendi' for grouped likes. */
export function groupText(row: NotificationRowGroup): string {
  return row.all.length > 1 ? TEXTS.notificationSettings.likedByMany(row.all.length) : notificationText(row.head);
}
