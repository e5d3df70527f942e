import { TEXTS } from '../texts';
import type { Notification } from '../schemas/notifications';

/**
 * 'Ayşe gönderinizi beğendi': the actor's name, then the type's text ('12 kişi gönderinizi beğendi'
 * for a group); other types show their message. A moderation notice is its message (what was
 * removed and why, written by the server); a notification whose post an admin has since removed
 * says so. The list, the desktop's native notice, a push and an e-mail all say it with these words.
 */
export function notificationText(n: Notification): string {
  if (n.type === 'moderation' || n.type === 'warning') return n.message || n.title;
  // An appeal's outcome: which ('İtirazınız kabul edildi') and what follows from it.
  if (n.type === 'appeal') return [n.title, n.message].filter(Boolean).join(': ');
  // The server groups likes of one post, and follows, of one day into one item.
  if (n.groupCount > 1 && n.type === 'like' && !n.contentRemoved) return TEXTS.notificationSettings.likedByMany(n.groupCount);
  if (n.groupCount > 1 && n.type === 'follow') return TEXTS.notificationSettings.followedByMany(n.groupCount);
  const text = (TEXTS.notificationTexts as Record<string, string>)[n.type];
  const main = text ? `${n.relatedUser?.displayName || n.relatedUser?.username || ''} ${text}`.trim() : n.message || n.title;
  return n.contentRemoved ? `${main} · ${TEXTS.moderation.contentRemoved}` : main;
}

/**
 * Where opening a notification goes: posts to /posts/{id}, follows to the person's profile.
 * Removed content and moderation notices go nowhere rather than to 'Gönderi bulunamadı'.
 */
export function notificationTarget(n: Notification): string | null {
  if (n.type === 'moderation' || n.type === 'warning' || n.type === 'appeal' || n.contentRemoved) return null;
  if (['mention', 'like', 'comment'].includes(n.type) && n.relatedPostId) return `/posts/${n.relatedPostId}`;
  if (['follow', 'follow_request', 'follow_accepted'].includes(n.type) && n.relatedUser) return `/profile/${n.relatedUser.username}`;
  return n.link;
}
