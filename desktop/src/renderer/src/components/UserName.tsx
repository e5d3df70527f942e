import { Suspense, useRef, useState } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { TEXTS, type AuthorSummary } from '@mahalle/shared';
import { lazyWithRetry as lazy } from './lazyRetry';

// antd's tooltip (its trigger, portal and styles) loads when a pointer or the keyboard first rests on a mark, not
// with every list of names.
const Tooltip = lazy(() => import('antd/es/tooltip'));
const TOOLTIP_DELAY_MS = 700;

/** The verified mark, with its words in a tooltip after the pointer rests on it for a moment (or on focus). */
function VerifiedMark({ mark }: { mark: string }) {
  const [tooltip, setTooltip] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const icon = (open: boolean) => (
    <CheckCircleFilled
      style={{ color: 'var(--ant-color-link)', marginInlineStart: 4, fontSize: '0.85em' }}
      aria-label={mark}
      role="img"
      data-testid="verified-mark"
      onMouseEnter={open ? () => (timer.current = setTimeout(() => setTooltip(true), TOOLTIP_DELAY_MS)) : undefined}
      onMouseLeave={open ? () => clearTimeout(timer.current) : undefined}
      onFocus={open ? () => setTooltip(true) : undefined}
    />
  );
  if (!tooltip) return icon(true);
  return (
    <Suspense fallback={icon(false)}>
      <Tooltip title={mark} mouseEnterDelay={TOOLTIP_DELAY_MS / 1000} defaultOpen>
        {icon(false)}
      </Tooltip>
    </Suspense>
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
      {mark && <VerifiedMark mark={mark} />}
    </span>
  );
}
