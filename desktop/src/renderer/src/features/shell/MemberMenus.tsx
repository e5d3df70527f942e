import { useState } from 'react';
import { Badge, Button, Dropdown, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { badgeText, LIMITS, type CurrentUser } from '@mahalle/shared';
import type { Notification } from '@mahalle/shared';
import { useMarkNotificationRead, useNotifications } from '../../api/notifications';
import { useCounts } from '../../stores/session';
import { UserAvatar } from '../../components/common';
import { platform } from '../../platform';
import { notificationTarget } from '../notifications/text';
import { NotificationTitle } from '../notifications/NotificationTitle';
import { fromNow } from '../../components/time';
import { LEAN_LIST, LeanListItem } from '../../components/lean/LeanList';

/** The notifications dropdown, mounted open by the header's bell on its first click (MemberActions.tsx). */
export function NotificationsDropdown() {
  const [shown, setShown] = useState(true);
  const count = useCounts((s) => s.notifications);
  const navigate = useNavigate();
  const { data = [] } = useNotifications(LIMITS.notificationDropdown, 'latest');
  const read = useMarkNotificationRead();
  const items = data.slice(0, LIMITS.notificationDropdown);
  const markRead = async (n: Notification) => {
    if (!n.isRead) await read.mutateAsync(n.id).catch(() => undefined);
  };
  const open = async (n: Notification) => {
    await markRead(n);
    const to = notificationTarget(n);
    if (to) navigate(to);
  };
  return (
    <Dropdown
      trigger={['click']}
      open={shown}
      onOpenChange={setShown}
      popupRender={() => (
        <div style={{ width: 320, background: 'var(--ant-color-bg-elevated, #fff)', borderRadius: 8, boxShadow: '0 6px 16px rgba(0,0,0,.12)', padding: 8 }}>
          {items.length === 0 ? (
            <Typography.Text type="secondary" style={{ display: 'block', padding: 12 }}>
              Henüz bildirim yok
            </Typography.Text>
          ) : (
            <ul style={LEAN_LIST}>
              {items.map((n, i) => (
                <LeanListItem
                  key={n.id}
                  last={i === items.length - 1}
                  onClick={() => void open(n)}
                  style={{ cursor: 'pointer', background: n.isRead ? undefined : 'rgba(109,40,217,.08)', paddingInline: 8 }}
                  avatar={
                    <Badge dot={!n.isRead} offset={[-2, 2]}>
                      <UserAvatar user={n.relatedUser} size={32} />
                    </Badge>
                  }
                  title={<NotificationTitle n={n} onRead={() => void markRead(n)} />}
                  description={fromNow(n.createdAt)}
                />
              ))}
            </ul>
          )}
          <div style={{ textAlign: 'center', paddingTop: 4 }}>
            <Link to="/notifications">Tümünü Gör</Link>
          </div>
        </div>
      )}
    >
      <Button
        type="text"
        aria-label="Bildirimler"
        icon={
          <Badge count={badgeText(count)} size="small">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Dropdown>
  );
}

/** The user menu, mounted open by the header's avatar on its first click (MemberActions.tsx). */
export function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: [
          { key: 'p', label: <Link to="/profile">Profil</Link> },
          { key: 'e', label: <Link to="/profile?edit=1">Profili Düzenle</Link> },
          ...(user.role === 'admin' || user.role === 'moderator' ? [{ key: 'a', label: <Link to="/admin">Admin Paneli</Link> }] : []),
          ...(platform.kind === 'desktop' ? [{ key: 's', label: <Link to="/server">Sunucuyu Değiştir</Link> }] : []),
          { key: 'o', label: 'Çıkış Yap', onClick: onLogout },
        ],
      }}
    >
      <Button type="text" aria-label="Kullanıcı menüsü" style={{ padding: 0 }}>
        <UserAvatar user={user} size={32} />
      </Button>
    </Dropdown>
  );
}
