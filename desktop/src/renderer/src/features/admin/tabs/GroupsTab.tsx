import { useState } from 'react';
import { Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { useAdminGroups, useDeleteGroup, type AdminGroup, type AdminGroupsQuery } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { byId, sortQuery, useDeleteRow, useDeleteSelected, useSort } from '../actions';
import { actionsColumn, DeleteButton, PagedTable, SearchBox } from '../workspace';

export default function GroupsTab() {
  const [search, setSearch] = useState('');
  const sorting = useSort();
  const navigate = useNavigate();
  const pages = useAdminGroups({ ...sortQuery<AdminGroupsQuery['sort']>(sorting.sort), search: search || undefined });
  const remove = useDeleteRow(useDeleteGroup(), {
    content: 'Grup, gönderileri, üyelikleri ve etkinlikleriyle kalıcı olarak silinecek.',
    done: 'Grup silindi',
    failed: 'Grup silinemedi',
  });
  const deleteSelected = useDeleteSelected('hobby_group');
  return (
    <PagedTable<AdminGroup>
      id="groups"
      pages={pages}
      sorting={sorting}
      rowKey={byId}
      onOpen={(g) => navigate(`/groups/${g.slug}`)}
      toolbar={<SearchBox placeholder="Grup ara..." label="Grup ara" onSearch={setSearch} />}
      columns={[
        { key: 'name', title: 'Ad', width: 200, sortKey: 'name' },
        { key: 'isPrivate', title: 'Tür', width: 80, render: (g) => (g.isPrivate ? <Tag>Özel</Tag> : 'Açık') },
        { key: 'memberCount', title: 'Üye', width: 80, sortKey: 'memberCount' },
        { key: 'postCount', title: 'Gönderi', width: 90, sortKey: 'postCount' },
        { key: 'eventCount', title: 'Etkinlik', width: 90 },
        { key: 'creator', title: 'Kuran', width: 140, render: (g) => g.creator?.displayName ?? TEXTS.users.deletedUser },
        { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (g) => fromNow(g.createdAt) },
        actionsColumn(100, (g) => <DeleteButton onClick={() => remove(g.id, TEXTS.confirm.quoted(g.name))} />),
      ]}
      bulkActions={[deleteSelected]}
    />
  );
}
