import { useState } from 'react';
import { Select, Tag, Typography } from 'antd';
import { ROLES, TEXTS, type Role } from '@mahalle/shared';
import {
  createPasswordResetLink,
  useBulkUsers,
  useDeleteUser,
  useUpdateUser,
  useAdminUsers,
  type AdminUser,
  type AdminUsersQuery,
  type BulkUsersAction,
} from '../../../api/admin';
import { useSession } from '../../../stores/session';
import { formatDateTime } from '../../../components/time';
import type { AdminColumn } from '../table/AdminTable';
import { byId, quietly, sortQuery, toIds, useAct, useDeleteRow, useSort } from '../actions';
import { actionsColumn, DeleteButton, FilterSelect, PagedTable, RowActions, RowButton, SearchBox } from '../workspace';
import { useApp } from '../../../components/LazyFeedback';
import { MemberModerationActions } from '../MemberModeration';
import { TrustLevelAction } from '../TrustLevelAction';
import { errorMessage } from '../../../api/client';

const A = TEXTS.admin;
const H = TEXTS.accountHelp;

/**
 * 'Şifre sıfırlama bağlantısı': a one-hour, single-use link for the member, copied to the clipboard for the admin to hand
 * over (the same link the e-mail would carry); shown in a dialog to copy by hand where the clipboard is refused.
 */
function useResetLink() {
  const { notification, modal } = useApp();
  return async (id: number) => {
    try {
      const { url } = await createPasswordResetLink(id);
      try {
        await navigator.clipboard.writeText(url);
        notification.success({ message: H.adminLinkAction, description: H.adminLinkCopied });
      } catch {
        modal.info({
          title: H.adminLinkAction,
          content: (
            <>
              <Typography.Paragraph>{H.adminLinkCopyFailed}</Typography.Paragraph>
              <Typography.Paragraph copyable code data-testid="reset-link">
                {url}
              </Typography.Paragraph>
            </>
          ),
        });
      }
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    }
  };
}

export default function UsersTab() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const sorting = useSort();
  const act = useAct();
  // The panel shows only to a signed-in admin or moderator (AdminPage), so there is one. A moderator's
  // list has no e-mail addresses, and they only warn and suspend members (no roles, verification or deletion).
  const me = useSession((s) => s.user);
  const isAdmin = me?.role === 'admin';
  const pages = useAdminUsers({ ...sortQuery<AdminUsersQuery['sort']>(sorting.sort), search: search || undefined, role: role || undefined });
  const update = useUpdateUser();
  const remove = useDeleteRow(useDeleteUser(), {
    content: 'Hesap, gönderileri, yorumları ve mesajlarıyla kalıcı olarak silinecek.',
    done: 'Kullanıcı silindi',
    failed: 'Kullanıcı silinemedi',
  });
  const bulkUsers = useBulkUsers();
  const resetLink = useResetLink();
  const bulk = (action: BulkUsersAction) => (ids: string[]) => act(bulkUsers.mutateAsync({ ids: toIds(ids), action }), 'Kullanıcılar güncellendi');
  const staff = (u: AdminUser) => u.role === 'admin' || u.role === 'moderator';
  const memberName = (u: AdminUser) => TEXTS.confirm.memberName(u.displayName, u.username);
  // The widths add up to what a 1366 px window gives the panel (about 1,040 px), so no column hides under the actions.
  const columns: AdminColumn<AdminUser>[] = [
    { key: 'displayName', title: 'Ad', width: 110, sortKey: 'displayName' },
    { key: 'username', title: 'Kullanıcı adı', width: 110, sortKey: 'username', render: (u) => `@${u.username}` },
    ...(isAdmin ? [{ key: 'email', title: 'E-posta', width: 180 } as AdminColumn<AdminUser>] : []),
    {
      // The trust level sits under the role (a column of its own would push the actions past a 1366 px window).
      key: 'role',
      title: 'Rol',
      width: 105,
      render: (u) => (
        <>
          <Tag color={u.role === 'admin' ? 'red' : u.role === 'moderator' ? 'orange' : undefined}>{A.roles[u.role] ?? u.role}</Tag>
          <Typography.Text type="secondary" className="admin-user-trust" data-testid="user-trust-level">
            {TEXTS.trust.levelInList(TEXTS.trust.levels[u.trustLevel] ?? String(u.trustLevel))}
          </Typography.Text>
        </>
      ),
    },
    { key: 'isVerified', title: 'Doğrulanmış', width: 110, render: (u) => (u.isVerified ? <Tag color="blue">Evet</Tag> : 'Hayır') },
    { key: 'createdAt', title: 'Katılma', width: 120, sortKey: 'createdAt', render: (u) => formatDateTime(u.createdAt) },
    actionsColumn(isAdmin ? 240 : 230, (u) =>
      isAdmin ? (
        <RowActions>
          <RowButton
            onClick={() => quietly(act(update.mutateAsync({ id: u.id, isVerified: !u.isVerified }), 'Kullanıcı güncellendi', 'Kullanıcı güncellenemedi'))}
          >
            {u.isVerified ? 'Doğrulamayı kaldır' : 'Doğrula'}
          </RowButton>
          {u.id !== me?.id && (
            <Select
              size="small"
              value={u.role}
              style={{ width: 120 }}
              aria-label={`${u.username} rolü`}
              options={ROLES.map((r) => ({ value: r, label: A.roles[r] ?? r }))}
              onChange={(role: Role) => quietly(act(update.mutateAsync({ id: u.id, role }), 'Rol değiştirildi', 'Kullanıcı güncellenemedi'))}
            />
          )}
          <RowButton onClick={() => void resetLink(u.id)}>{H.adminLinkAction}</RowButton>
          {u.id !== me?.id && <TrustLevelAction memberId={u.id} memberName={memberName(u)} level={u.trustLevel} />}
          {u.role !== 'admin' && <MemberModerationActions memberId={u.id} memberName={memberName(u)} suspendedUntil={u.suspendedUntil} />}
          {u.role !== 'admin' && <DeleteButton onClick={() => remove(u.id, memberName(u))} />}
        </RowActions>
      ) : (
        <RowActions>
          {!staff(u) && u.id !== me?.id && <MemberModerationActions memberId={u.id} memberName={memberName(u)} suspendedUntil={u.suspendedUntil} />}
          {u.id !== me?.id && <TrustLevelAction memberId={u.id} memberName={memberName(u)} level={u.trustLevel} />}
        </RowActions>
      ),
    ),
  ];
  return (
    <PagedTable
      id="users"
      pages={pages}
      sorting={sorting}
      columns={columns}
      rowKey={byId}
      toolbar={
        <>
          <SearchBox placeholder="Kullanıcı ara..." label="Kullanıcı ara" onSearch={setSearch} />
          <FilterSelect
            value={role}
            onChange={setRole}
            width={130}
            options={[
              { value: '', label: 'Tüm roller' },
              { value: 'user', label: 'Kullanıcı' },
              { value: 'moderator', label: 'Moderatör' },
              { value: 'admin', label: 'Admin' },
            ]}
            label="Rol filtresi"
          />
        </>
      }
      bulkActions={
        isAdmin
          ? [
              { key: 'verify', label: 'Doğrula', run: bulk('verify') },
              { key: 'unverify', label: 'Doğrulamayı kaldır', run: bulk('unverify') },
              { key: 'make_admin', label: 'Admin yap', run: bulk('make_admin') },
              { key: 'make_user', label: 'Kullanıcı yap', run: bulk('make_user') },
              { key: 'delete', label: 'Sil', danger: true, run: bulk('delete') },
            ]
          : []
      }
    />
  );
}
