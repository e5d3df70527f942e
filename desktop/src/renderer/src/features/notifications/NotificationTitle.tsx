import { Link } from 'react-router-dom';
import type { Notification } from '@mahalle/shared';
import { notificationTarget, notificationText } from './text';

/**
 * A notification's text as a real link to where it leads, so the keyboard and screen readers reach it too (the
 * row's own click stays for the mouse; the link stops it, not to navigate twice). Following it marks it read.
 */
export function NotificationTitle({ n, onRead, text = notificationText(n) }: { n: Notification; onRead: () => void; text?: string }) {
  const to = notificationTarget(n);
  if (!to) return <>{text}</>;
  return (
    <Link
      to={to}
      onClick={(e) => {
        e.stopPropagation();
        onRead();
      }}
    >
      {text}
    </Link>
  );
}
