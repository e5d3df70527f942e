import type { Knex } from 'knex';
import type { NotificationType } from '@mahalle/shared';
import type { DomainBus } from '../context';
import { nowIso } from '../db/time';

export interface NewNotification {
  /** Recipient. */
  userId: number;
  type: NotificationType;
  /** Who caused it; never notifies people about their own actions. */
  actorId: number | null;
  relatedPostId?: number | null;
  title?: string;
  message?: string;
  link?: string | null;
}

/**
 * Writes a notification inside the caller's transaction. Returns its id, or null when it was
 * skipped (acting on one's own content). After the transaction commits, the caller passes
 * the ids to `announceNotifications` so the socket can push them.
 */
export async function createNotification(trx: Knex | Knex.Transaction, n: NewNotification): Promise<number | null> {
  if (n.actorId !== null && n.actorId === n.userId) return null;
  const [row] = await trx('notifications')
    .insert({
      user_id: n.userId,
      type: n.type,
      title: n.title ?? '',
      message: n.message ?? '',
      related_post_id: n.relatedPostId ?? null,
      related_user_id: n.actorId,
      link: n.link ?? null,
      created_at: nowIso(),
    })
    .returning('id');
  return typeof row === 'object' ? row.id : row;
}

/** Tell the realtime layer (and anything else listening) after commit. */
export function announceNotifications(bus: DomainBus, created: { userId: number; notificationId: number | null }[]): void {
  for (const c of created) {
    if (c.notificationId !== null) bus.emit('notification:created', { userId: c.userId, notificationId: c.notificationId });
  }
}
