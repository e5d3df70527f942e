import { Tooltip } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { TEXTS, type AuthorSummary } from '@mahalle/shared';

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
          <CheckCircleFilled
            style={{ color: 'var(--ant-color-link)', marginInlineStart: 4, fontSize: '0.85em' }}
            aria-label={mark}
            role="img"
            data-testid="verified-mark"
          />
        </Tooltip>
      )}
    </span>
  );
}
