import { useState } from 'react';
import { Tag } from 'antd';
import { useApp } from '../../../components/LazyFeedback';
import { useNavigate } from 'react-router-dom';
import { useAdminContent, useBulkDeleteContent, useDeleteContent, type AdminContent, type AdminContentQuery, type ContentKind } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { confirmDelete as confirmRemoval } from '../../../components/confirmDelete';
import { TEXTS } from '@mahalle/shared';
import { byId, deleteSelected, quotedExcerpt, sortQuery, toIds, useAct, useSort } from '../actions';
import { actionsColumn, DeleteButton, FilterSelect, PagedTable, SearchBox } from '../workspace';

export default function ContentTab() {
  const [kind, setKind] = useState<ContentKind>('post');
  const [search, setSearch] = useState('');
  const sorting = useSort();
  const act = useAct();
  const navigate = useNavigate();
  const { modal } = useApp();
  const pages = useAdminContent({ kind, ...sortQuery<AdminContentQuery['sort']>(sorting.sort), search: search || undefined });
  const remove = useDeleteContent();
  const bulkDelete = useBulkDeleteContent();
  return (
    <PagedTable<AdminContent>
      id={`content-${kind}`}
      pages={pages}
      sorting={sorting}
      rowKey={byId}
      onOpen={(r) => navigate(r.group ? `/groups/${r.group.slug}` : `/posts/${r.id}`)}
      toolbar={
        <>
          <FilterSelect
            value={kind}
            onChange={setKind}
            options={[
              { value: 'post', label: 'Gönderiler' },
              { value: 'group_post', label: 'Grup gönderileri' },
            ]}
            width={170}
            label="İçerik türü"
          />
          <SearchBox placeholder="İçerikte ara..." label="İçerikte ara" onSearch={setSearch} />
        </>
      }
      columns={[
        { key: 'content', title: 'İçerik', width: 320 },
        { key: 'author', title: 'Yazar', width: 140, render: (r) => r.author.displayName },
        { key: 'group', title: 'Grup', width: 140, render: (r) => r.group?.name ?? '—' },
        { key: 'likesCount', title: 'Beğeni', width: 90, sortKey: 'likesCount' },
        { key: 'commentsCount', title: 'Yorum', width: 90, sortKey: 'commentsCount' },
        { key: 'isHidden', title: 'Durum', width: 90, render: (r) => (r.isHidden ? <Tag color="orange">Gizli</Tag> : <Tag color="green">Yayında</Tag>) },
        { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (r) => fromNow(r.createdAt) },
        // The author is told, with the reason the admin writes here (optional).
        actionsColumn(100, (r) => (
          <DeleteButton
            onClick={() =>
              confirmRemoval(modal.confirm, {
                title: TEXTS.confirm.deleteNamed(`${quotedExcerpt(r.content)} (${r.author.displayName})`),
                moderating: true,
                run: (reason) => act(remove.mutateAsync({ kind: r.kind, id: r.id, reason: reason.trim() }), 'Silindi', 'Silinemedi').catch(() => undefined),
              })
            }
          />
        )),
      ]}
      bulkActions={[deleteSelected((ids) => act(bulkDelete.mutateAsync({ kind, ids: toIds(ids) }), 'İçerikler silindi', 'İçerikler silinemedi'))]}
    />
  );
}
