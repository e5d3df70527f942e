import { useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { useAdminGroups, useBulkDelete, useDeleteGroup, type AdminGroup, type AdminGroupsQuery } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { AdminTable } from '../table/AdminTable';
import { NEWEST, toIds, useAct, useConfirmDelete, type Sort } from '../actions';

export default function GroupsTab() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const { rows, loading, hasMore, more, loadingMore } = useAdminGroups({
    sort: sort.key as AdminGroupsQuery['sort'],
    direction: sort.direction,
    search: search || undefined,
  });
  const remove = useDeleteGroup();
  const bulkDelete = useBulkDelete();
  return (
    <AdminTable<AdminGroup>
      id="groups"
      rows={rows}
      loading={loading}
      rowKey={(g) => String(g.id)}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={more}
      sort={sort}
      onSortChange={setSort}
      onOpen={(g) => navigate(`/groups/${g.slug}`)}
      toolbar={<Input.Search placeholder="Grup ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Grup ara" />}
      columns={[
        { key: 'name', title: 'Ad', width: 200, sortKey: 'name' },
        { key: 'isPrivate', title: 'Tür', width: 80, render: (g) => (g.isPrivate ? <Tag>Özel</Tag> : 'Açık') },
        { key: 'memberCount', title: 'Üye', width: 80, sortKey: 'memberCount' },
        { key: 'postCount', title: 'Gönderi', width: 90, sortKey: 'postCount' },
        { key: 'eventCount', title: 'Etkinlik', width: 90 },
        { key: 'creator', title: 'Kuran', width: 140, render: (g) => g.creator?.displayName ?? TEXTS.users.deletedUser },
        { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (g) => fromNow(g.createdAt) },
        {
          key: 'actions',
          title: 'İşlemler',
          width: 100,
          render: (g) => (
            <Button
              size="small"
              danger
              onClick={() =>
                confirmDelete('Grubu Sil', 'Grup, gönderileri, üyelikleri ve etkinlikleriyle kalıcı olarak silinecek.', () =>
                  act(remove.mutateAsync(g.id), 'Grup silindi', 'Grup silinemedi'),
                )
              }
            >
              Sil
            </Button>
          ),
        },
      ]}
      bulkActions={[
        {
          key: 'delete',
          label: 'Sil',
          danger: true,
          run: (ids) => act(bulkDelete.mutateAsync({ type: 'hobby_group', ids: toIds(ids) }), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi'),
        },
      ]}
    />
  );
}
