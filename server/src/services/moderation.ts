import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import type { UserRow } from '../presenters/users';
import { createNotification } from './notifications';

const M = TEXTS.moderation;

/** Kinds of content an admin (or a group's founder) can remove or hide. */
export type ModeratedKind = 'post' | 'group_post' | 'comment' | 'answer' | 'blog_comment' | 'group_comment' | 'question' | 'event' | 'group_event';

/**
 * 'Gönderiniz yönetim tarafından kaldırıldı: "…". Gerekçe: …' — the author's own words are
 * quoted (shortened) so they know which one, since the content itself may be gone.
 */
export function moderationMessage(kind: ModeratedKind, action: 'delete' | 'hide', content: string, reason: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  const quote = text ? `: "${text.length > 80 ? `${text.slice(0, 79)}…` : text}"` : '';
  return `${M.subjects[kind]} ${action === 'delete' ? M.removed : M.hidden}${quote}. ${M.reason}: ${reason.trim() || M.noReason}`;
}

/**
 * Tells the author, inside the moderating transaction, that their content was removed or hidden
 * and why; a hide's notice carries what to appeal. Nothing when they did it themselves or the author is gone. The notification points
 * at no post (a deleted post would take it along; a hidden one would open on 'not found').
 * Returns what to announce once the transaction has committed.
 */
export async function notifyModeration(
  trx: Knex | Knex.Transaction,
  actor: UserRow,
  input: { authorId: number | null; kind: ModeratedKind; action: 'delete' | 'hide'; content: string; reason?: string; targetId?: number },
): Promise<{ userId: number; notificationId: number | null } | null> {
  if (input.authorId === null || input.authorId === actor.id) return null;
  const message = moderationMessage(input.kind, input.action, input.content ?? '', input.reason ?? '');
  const notificationId = await createNotification(trx, {
    userId: input.authorId,
    type: 'moderation',
    actorId: null,
    title: `${M.subjects[input.kind]} ${input.action === 'delete' ? M.removed : M.hidden}`,
    message,
    // A hidden item can be appealed from this notice (services/appeals); a deleted one cannot.
    appealKey: input.action === 'hide' && input.targetId !== undefined ? `${input.kind}:${input.targetId}` : null,
  });
  return { userId: input.authorId, notificationId };
}
