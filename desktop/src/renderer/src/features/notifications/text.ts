import { TEXTS } from '@mahalle/shared';
import type { Notification } from '../../api/types';

/** 'Ayşe gönderinizi beğendi': the actor's name, then the type's text; other types show their message. */
export function notificationText(n: Notification): string {
  const text = (TEXTS.notificationTexts as Record<string, string>)[n.type];
  if (!text) return n.message || n.title;
  const who = n.relatedUser?.displayName || n.relatedUser?.username || '';
  return `${who} ${text}`.trim();
}

/** Where clicking a notification goes (000 §2): posts to /, follows to the person's profile. */
export function notificationTarget(n: Notification): string | null {
  if (['mention', 'like', 'comment'].includes(n.type) && n.relatedPostId) return `/posts/${n.relatedPostId}`;
  if (['follow', 'follow_request', 'follow_accepted'].includes(n.type) && n.relatedUser) return `/profile/${n.relatedUser.username}`;
  return n.link;
}
