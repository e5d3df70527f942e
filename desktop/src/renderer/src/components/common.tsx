import { Suspense, useState } from 'react';
import { theme } from 'antd';
import { UserOutlined } from '@ant-design/icons';
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

/**
 * A member's photo, or their initial on a grey disc: antd's `Avatar` drawn from the theme's tokens (its own code brings
 * a resize observer and the breakpoint hooks into every first page). The initial grows with the avatar.
 */
export function UserAvatar({
  user,
  size = 40,
}: {
  user: (Pick<AuthorSummary, 'displayName' | 'profileImage'> & { profileImageThumb?: string | null }) | null | undefined;
  size?: number;
}) {
  const { token } = theme.useToken();
  // The thumbnail when there is one (older photos have none); lazy, with its box fixed by size.
  const src = mediaUrl(user?.profileImageThumb ?? user?.profileImage);
  const [failed, setFailed] = useState<string>();
  const photo = Boolean(src && src !== failed);
  const initial = user?.displayName?.[0]?.toLocaleUpperCase('tr');
  return (
    <span
      className="user-avatar"
      style={{
        position: 'relative',
        display: 'inline-flex',
        flex: 'none',
        justifyContent: 'center',
        alignItems: 'center',
        boxSizing: 'border-box',
        width: size,
        height: size,
        overflow: 'hidden',
        borderRadius: '50%',
        border: `${token.lineWidth}px ${token.lineType} transparent`,
        background: photo ? 'transparent' : token.colorTextPlaceholder,
        color: token.colorTextLightSolid,
        fontSize: Math.round(size * 0.42),
        lineHeight: 1,
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
      }}
    >
      {photo ? (
        <img
          src={src}
          alt={user?.displayName ?? ''}
          width={size}
          height={size}
          loading="lazy"
          onError={() => setFailed(src)}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : initial ? (
        <span className="user-avatar-initial">{initial}</span>
      ) : (
        <UserOutlined />
      )}
    </span>
  );
}

/** A loading state; `fullScreen` covers the window while a page's code arrives (route changes). */
export function PageSpinner({ text = TEXTS.app.pageLoading, fullScreen = false }: { text?: string; fullScreen?: boolean }) {
  const cover: React.CSSProperties = fullScreen
    ? { position: 'fixed', inset: 0, zIndex: 1000, background: 'var(--ant-color-bg-layout, rgba(245,245,245,.85))' }
    : { minHeight: 240 };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, ...cover }} role="status">
      <span className="page-spinner" aria-hidden />
      <span>{text}</span>
    </div>
  );
}

// antd's `Result` (and its illustrations) loads only when a page has nothing to show.
const NotFoundResult = lazy(() => import('./NotFoundResult').then((m) => ({ default: m.NotFoundResult })));

export function NotFound(props: { title: string; subTitle?: string; back?: { to: string; label: string } }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <NotFoundResult {...props} />
    </Suspense>
  );
}
