import { useState } from 'react';
import { Input, Select, Tag, Typography } from 'antd';
import { TEXTS } from '@mahalle/shared';
import { useAuditLog, type AuditEntry } from '../../../api/admin';
import { formatDateTime } from '../../../components/time';
import { AdminTable } from '../table/AdminTable';
import { describeChange } from '../table/format';
import { NEWEST, type Sort } from '../actions';

const A = TEXTS.admin;

export default function AuditTab() {
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const { rows, loading, hasMore, more, loadingMore } = useAuditLog({ action: action || undefined, actor: actor || undefined, direction: sort.direction });
  return (
    <AdminTable<AuditEntry>
      id="audit"
      rows={rows}
      loading={loading}
      rowKey={(a) => String(a.id)}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={more}
      sort={sort}
      onSortChange={(next) => setSort({ key: 'createdAt', direction: next.direction })}
      toolbar={
        <>
          <Select
            value={action}
            onChange={setAction}
            style={{ width: 220 }}
            showSearch
            optionFilterProp="label"
            aria-label="İşlem"
            options={[{ value: '', label: 'Tüm işlemler' }, ...Object.entries(A.auditActions).map(([value, label]) => ({ value, label }))]}
          />
          <Input.Search
            placeholder="Kim (kullanıcı adı)"
            allowClear
            onSearch={(v) => setActor(v.replace(/^@/, ''))}
            style={{ width: 200 }}
            aria-label="İşlemi yapan"
          />
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
        { key: 'action', title: 'İşlem', width: 190, render: (a) => <Tag title={a.action}>{A.auditActions[a.action] ?? a.action}</Tag> },
        { key: 'target', title: 'Kayıt', width: 140, render: (a) => `${a.targetType} #${a.targetId ?? '—'}` },
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
