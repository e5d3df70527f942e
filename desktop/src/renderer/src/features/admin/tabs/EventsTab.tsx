import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TEXTS, type ItemState } from '@mahalle/shared';
import { useAdminEvents, useDeleteEvent, type AdminEvent, type AdminEventsQuery, type EventKind } from '../../../api/admin';
import { formatDateTime, fromNow } from '../../../components/time';
import type { AdminColumn } from '../table/AdminTable';
import { byId, sortQuery, useDeleteRow, useDeleteSelected, useSort } from '../actions';
import { ItemStateFilter, itemStateColumn } from '../itemState';
import { actionsColumn, DeleteButton, FilterSelect, PagedTable, SearchBox } from '../workspace';

export default function EventsTab() {
  const [kind, setKind] = useState<EventKind>('event');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<ItemState | ''>('');
  // The soonest first: what is coming up is what needs looking at.
  const sorting = useSort({ key: 'date', direction: 'asc' });
  const navigate = useNavigate();
  const pages = useAdminEvents({ kind, ...sortQuery<AdminEventsQuery['sort']>(sorting.sort), search: search || undefined, state: state || undefined });
  const remove = useDeleteRow(useDeleteEvent(), {
    content: TEXTS.confirm.cannotUndo,
    done: 'Etkinlik silindi',
    failed: 'Etkinlik silinemedi',
  });
  const deleteSelected = useDeleteSelected(kind);
  const columns: AdminColumn<AdminEvent>[] = [
    { key: 'title', title: 'Başlık', width: 240, sortKey: 'title' },
    itemStateColumn<AdminEvent>(),
    { key: 'date', title: 'Tarih', width: 160, sortKey: 'date', render: (e) => formatDateTime(e.date) },
    { key: 'location', title: 'Konum', width: 160 },
    ...(kind === 'event'
      ? [{ key: 'attendeesCount', title: 'Katılımcı', width: 110, sortKey: 'attendeesCount' }]
      : [{ key: 'group', title: 'Grup', width: 160, render: (e: AdminEvent) => e.group?.name ?? '—' }]),
    { key: 'creator', title: 'Oluşturan', width: 140, render: (e) => e.creator?.displayName ?? TEXTS.users.deletedUser },
    { key: 'createdAt', title: 'Eklenme', width: 120, sortKey: 'createdAt', render: (e) => fromNow(e.createdAt) },
    actionsColumn(100, (e) => <DeleteButton onClick={() => remove({ kind: e.kind, id: e.id }, TEXTS.confirm.quoted(e.title))} />),
  ];
  return (
    <PagedTable<AdminEvent>
      id={`events-${kind}`}
      pages={pages}
      sorting={sorting}
      rowKey={byId}
      onOpen={(e) => navigate(e.group ? `/groups/${e.group.slug}` : '/events')}
      toolbar={
        <>
          <FilterSelect
            value={kind}
            onChange={setKind}
            width={170}
            options={[
              { value: 'event', label: 'Şehir etkinlikleri' },
              { value: 'group_event', label: 'Grup etkinlikleri' },
            ]}
            label="Etkinlik türü"
          />
          <SearchBox placeholder="Etkinlik ara..." label="Etkinlik ara" onSearch={setSearch} />
          <ItemStateFilter value={state} onChange={setState} />
        </>
      }
      columns={columns}
      bulkActions={[deleteSelected]}
    />
  );
}
