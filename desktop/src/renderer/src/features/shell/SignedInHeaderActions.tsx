import { Suspense, useState } from 'react';
import { BellOutlined, MessageOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { badgeText, type CurrentUser } from '@mahalle/shared';
import { useCounts } from '../../stores/session';
import { UserAvatar } from '../../components/common';
import { LeanButton } from '../../components/lean/LeanButton';
import { LeanCount } from '../../components/lean/LeanCount';
import { LeanSpace } from '../../components/lean/LeanSpace';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';

// antd's dropdown, menu and badge (with the tooltip and popup code behind them) load with the first click on the bell or
// the avatar, not with every page a member opens.
const NotificationsDropdown = lazy(() => import('./MemberMenus').then((m) => ({ default: m.NotificationsDropdown })));
const UserMenu = lazy(() => import('./MemberMenus').then((m) => ({ default: m.UserMenu })));

/** antd's small `Badge` on an icon: the count on its top right corner, nothing when there is none. */
function CornerCount({ count, children, ...rest }: { count: number; children: React.ReactNode } & React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span {...rest} style={{ position: 'relative', display: 'inline-flex', lineHeight: 1 }}>
      {children}
      <LeanCount
        count={badgeText(count)}
        style={{
          position: 'absolute',
          top: 0,
          insetInlineEnd: 0,
          transform: 'translate(50%, -50%)',
          minWidth: 14,
          height: 14,
          padding: '0 4px',
          borderRadius: 7,
          lineHeight: '14px',
          fontSize: 12,
        }}
      />
    </span>
  );
}

/**
 * A member's header icons: notifications, messages and the user menu. Drawn light; the bell and the avatar put antd's
 * dropdown (opened) in their place on the first click.
 */
export default function SignedInHeaderActions({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const notifications = useCounts((s) => s.notifications);
  const messages = useCounts((s) => s.messages);
  const [wanted, setWanted] = useState<{ notifications?: boolean; user?: boolean }>({});
  const bell = (
    <LeanButton
      type="text"
      aria-label="Bildirimler"
      icon={
        <CornerCount count={notifications}>
          <BellOutlined style={{ fontSize: 18 }} />
        </CornerCount>
      }
    />
  );
  const avatar = (
    <LeanButton type="text" aria-label="Kullanıcı menüsü" style={{ padding: 0, width: 'auto' }}>
      <UserAvatar user={user} size={32} />
    </LeanButton>
  );
  return (
    <LeanSpace>
      {wanted.notifications ? (
        <Suspense fallback={bell}>
          <NotificationsDropdown />
        </Suspense>
      ) : (
        <span onClick={() => setWanted((w) => ({ ...w, notifications: true }))}>{bell}</span>
      )}
      <Link to="/messages" aria-label="Mesajlar" style={{ display: 'inline-flex', alignItems: 'center', height: 32, color: 'var(--ant-color-text)' }}>
        <CornerCount count={messages} data-testid="message-badge">
          <MessageOutlined style={{ fontSize: 18 }} />
        </CornerCount>
      </Link>
      {wanted.user ? (
        <Suspense fallback={avatar}>
          <UserMenu user={user} onLogout={onLogout} />
        </Suspense>
      ) : (
        <span onClick={() => setWanted((w) => ({ ...w, user: true }))}>{avatar}</span>
      )}
    </LeanSpace>
  );
}
