import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { useAdminEvents, useBulkDelete, useDeleteEvent, type AdminEvent, type AdminEventsQuery, type EventKind } from '../../../api/admin';
import { formatDateTime, fromNow } from '../../../components/time';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { toIds, useAct, useConfirmDelete, type Sort } from '../actions';

export default function EventsTab() {
  const [kind, setKind] = useState<EventKind>('event');
  const [search, setSearch] = useState('');
  // The soonest first: what is coming up is what needs looking at.
  const [sort, setSort] = useState<Sort>({ key: 'date', direction: 'asc' });
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const { rows, loading, hasMore, more, loadingMore } = useAdminEvents({
    kind,
    sort: sort.key as AdminEventsQuery['sort'],
    direction: sort.direction,
    search: search || undefined,
  });
  const remove = useDeleteEvent();
  const bulkDelete = useBulkDelete();
  const columns: AdminColumn<AdminEvent>[] = [
    { key: 'title', title: 'Başlık', width: 240, sortKey: 'title' },
    { key: 'date', title: 'Tarih', width: 160, sortKey: 'date', render: (e) => formatDateTime(e.date) },
    { key: 'location', title: 'Konum', width: 160 },
    ...(kind === 'event'
      ? [{ key: 'attendeesCount', title: 'Katılımcı', width: 110, sortKey: 'attendeesCount' }]
      : [{ key: 'group', title: 'Grup', width: 160, render: (e: AdminEvent) => e.group?.name ?? '—' }]),
    { key: 'creator', title: 'Oluşturan', width: 140, render: (e) => e.creator?.displayName ?? TEXTS.users.deletedUser },
    { key: 'createdAt', title: 'Eklenme', width: 120, sortKey: 'createdAt', render: (e) => fromNow(e.createdAt) },
    {
      key: 'actions',
      title: 'İşlemler',
      width: 100,
      render: (e) => (
        <Button
          size="small"
          danger
          onClick={() =>
            confirmDelete('Etkinliği Sil', TEXTS.confirm.cannotUndo, () =>
              act(remove.mutateAsync({ kind: e.kind, id: e.id }), 'Etkinlik silindi', 'Etkinlik silinemedi'),
            )
          }
        >
          Sil
        </Button>
      ),
    },
  ];
  return (
    <AdminTable<AdminEvent>
      id={`events-${kind}`}
      rows={rows}
      loading={loading}
      rowKey={(e) => String(e.id)}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={more}
      sort={sort}
      onSortChange={setSort}
      onOpen={(e) => navigate(e.group ? `/groups/${e.group.slug}` : '/events')}
      toolbar={
        <>
          <Select
            value={kind}
            onChange={setKind}
            style={{ width: 170 }}
            options={[
              { value: 'event', label: 'Şehir etkinlikleri' },
              { value: 'group_event', label: 'Grup etkinlikleri' },
            ]}
            aria-label="Etkinlik türü"
          />
          <Input.Search placeholder="Etkinlik ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Etkinlik ara" />
        </>
      }
      columns={columns}
      bulkActions={[
        {
          key: 'delete',
          label: 'Sil',
          danger: true,
          run: (ids) => act(bulkDelete.mutateAsync({ type: kind, ids: toIds(ids) }), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi'),
        },
      ]}
    />
  );
}
