import { Suspense, useState } from 'react';
import { Avatar, Empty, Spin, Tooltip } from 'antd';
import { CheckCircleFilled, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { LIMITS, TEXTS, type AuthorSummary } from '@mahalle/shared';
import { serverBase } from '../api/client';
import { lazyWithRetry as lazy } from './lazyRetry';

export function mediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/uploads/') ? serverBase() + url : url;
}

/** width/height attributes of an image's thumbnail (longest side LIMITS.imageThumbSide, never enlarged), so its box is reserved before it loads. */
export function thumbSize(width: number | null | undefined, height: number | null | undefined): { width: number; height: number } | undefined {
  if (!width || !height) return undefined;
  const scale = Math.min(1, LIMITS.imageThumbSide / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export function UserAvatar({ user, size = 40 }: { user: (Pick<AuthorSummary, 'displayName' | 'profileImage'> & { profileImageThumb?: string | null }) | null | undefined; size?: number }) {
  // The thumbnail when there is one (older photos have none); lazy, with its box fixed by size.
  const src = mediaUrl(user?.profileImageThumb ?? user?.profileImage);
  const [failed, setFailed] = useState<string>();
  const img = src && src !== failed ? <img src={src} alt={user?.displayName ?? ''} width={size} height={size} loading="lazy" onError={() => setFailed(src)} /> : undefined;
  return (
    // The initial grows with the avatar (antd keeps it at the default font size otherwise).
    <Avatar size={size} src={img} icon={!user?.profileImage && !user?.displayName ? <UserOutlined /> : undefined} alt={user?.displayName ?? ''} style={{ fontSize: Math.round(size * 0.42) }}>
      {user?.displayName?.[0]?.toLocaleUpperCase('tr')}
    </Avatar>
  );
}

/**
 * Name with the verified mark: admins ('Doğrulanmış Admin', as the specification asks) and
 * members an admin has verified ('Doğrulanmış üye'), wherever a name is shown prominently.
 */
export function UserName({ user, link = true }: { user: AuthorSummary; link?: boolean }) {
  const name = <strong>{user.displayName || user.username}</strong>;
  const mark = user.role === 'admin' ? TEXTS.users.verifiedAdmin : user.isVerified ? TEXTS.users.verifiedMember : null;
  return (
    <span>
      {link && user.username ? <Link to={`/user/${user.username}`}>{name}</Link> : name}
      {mark && (
        <Tooltip title={mark} mouseEnterDelay={0.7}>
          <CheckCircleFilled style={{ color: 'var(--ant-color-link)', marginInlineStart: 4, fontSize: '0.85em' }} aria-label={mark} role="img" data-testid="verified-mark" />
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

// antd's `Result` (and its illustrations) loads only when a page has nothing to show.
const NotFoundResult = lazy(() => import('./NotFoundResult').then((m) => ({ default: m.NotFoundResult })));

export function NotFound(props: { title: string; subTitle?: string; back?: { to: string; label: string } }) {
  return <Suspense fallback={<PageSpinner />}><NotFoundResult {...props} /></Suspense>;
}
