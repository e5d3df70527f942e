import { useState } from 'react';
import { Tag, Typography } from 'antd';
import { TEXTS } from '@mahalle/shared';
import { useAuditLog, type AuditEntry } from '../../../api/admin';
import { formatDateTime } from '../../../components/time';
import { describeChange } from '../table/format';
import { byId, useSort } from '../actions';
import { FilterSelect, optionsOf, PagedTable, SearchBox } from '../workspace';

const A = TEXTS.admin;

export default function AuditTab() {
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const sorting = useSort(undefined, { byDateOnly: true });
  const pages = useAuditLog({ action: action || undefined, actor: actor || undefined, direction: sorting.sort.direction });
  return (
    <PagedTable<AuditEntry>
      id="audit"
      pages={pages}
      sorting={sorting}
      rowKey={byId}
      toolbar={
        <>
          <FilterSelect
            value={action}
            onChange={setAction}
            width={220}
            searchable
            label="İşlem"
            options={[{ value: '', label: 'Tüm işlemler' }, ...optionsOf(A.auditActions)]}
          />
          <SearchBox placeholder="Kim (kullanıcı adı)" label="İşlemi yapan" onSearch={(v) => setActor(v.replace(/^@/, ''))} width={200} />
        </>
      }
      columns={[
        { key: 'createdAt', title: 'Zaman', width: 160, sortKey: 'createdAt', render: (a) => formatDateTime(a.createdAt) },
        {
          key: 'actorUsername',
          title: 'Kim',
          width: 120,
          render: (a) => (a.actorUsername ? (a.actorId === null && a.actorUsername.startsWith('cli:') ? a.actorUsername : `@${a.actorUsername}`) : '—'),
        },
        {
          key: 'actorRole',
          title: 'Rol',
          width: 120,
          render: (a) => (a.actorRole ? (A.actorRoles[a.actorRole] ?? a.actorRole) : '—'),
        },
        { key: 'action', title: 'İşlem', width: 190, render: (a) => <Tag title={a.action}>{A.auditActions[a.action] ?? a.action}</Tag> },
        { key: 'target', title: 'Kayıt', width: 140, render: (a) => `${a.targetType} #${a.targetId ?? '—'}` },
        { key: 'reason', title: 'Gerekçe', width: 200, render: (a) => a.reason ?? '—' },
        {
          key: 'change',
          title: 'Değişiklik',
          width: 360,
          render: (a) => <Typography.Text style={{ fontSize: 12 }}>{describeChange(a.before, a.after)}</Typography.Text>,
        },
      ]}
    />
  );
}
