import { Avatar, Empty, Result, Spin, Tooltip } from 'antd';
import { CheckCircleFilled, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { TEXTS, type AuthorSummary } from '@mahalle/shared';
import { serverBase } from '../api/client';
import { PlainH1 } from './Heading';

export function mediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/uploads/') ? serverBase() + url : url;
}

export function UserAvatar({ user, size = 40 }: { user: Pick<AuthorSummary, 'displayName' | 'profileImage'> | null | undefined; size?: number }) {
  return (
    <Avatar size={size} src={mediaUrl(user?.profileImage)} icon={!user?.profileImage && !user?.displayName ? <UserOutlined /> : undefined} alt={user?.displayName ?? ''}>
      {user?.displayName?.[0]?.toLocaleUpperCase('tr')}
    </Avatar>
  );
}

/** Name with the verified mark for admins ('Doğrulanmış Admin'). */
export function UserName({ user, link = true }: { user: AuthorSummary; link?: boolean }) {
  const name = <strong>{user.displayName || user.username}</strong>;
  return (
    <span>
      {link && user.username ? <Link to={`/user/${user.username}`}>{name}</Link> : name}
      {user.role === 'admin' && (
        <Tooltip title={TEXTS.users.verifiedAdmin} mouseEnterDelay={0.7}>
          <CheckCircleFilled style={{ color: 'var(--ant-color-link)', marginInlineStart: 4 }} aria-label={TEXTS.users.verifiedAdmin} />
        </Tooltip>
      )}
    </span>
  );
}

/** A loading state; `fullScreen` covers the window while a page's code arrives (route changes). */
export function PageSpinner({ text = TEXTS.app.pageLoading, fullScreen = false }: { text?: string; fullScreen?: boolean }) {
  const cover: React.CSSProperties = fullScreen ? { position: 'fixed', inset: 0, zIndex: 1000, background: 'var(--ant-color-bg-layout, rgba(245,245,245,.85))' } : { minHeight: 240 };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, ...cover }} role="status">
      <Spin size="large" />
      <span>{text}</span>
    </div>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <Empty description={<div><div style={{ fontWeight: 600 }}>{title}</div>{hint && <div>{hint}</div>}</div>}>{action}</Empty>
  );
}

export function NotFound({ title, subTitle, back }: { title: string; subTitle?: string; back?: { to: string; label: string } }) {
  return <Result status="404" title={<PlainH1>{title}</PlainH1>} subTitle={subTitle} extra={back ? <Link to={back.to}>{back.label}</Link> : undefined} />;
}
