import { notificationTarget, notificationText, type Notification } from '@mahalle/shared';

// The words and targets are the shared rules': a push and an e-mail from the server say the same.
export { notificationTarget, notificationText };

/** The desktop's native notification for a new notification: its text, and clicking it opens what it is about, or else the list. */
export function nativeNotification(n: Notification): { body: string; route: string } {
  return { body: notificationText(n), route: notificationTarget(n) ?? '/notifications' };
}
