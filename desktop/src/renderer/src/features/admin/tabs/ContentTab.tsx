import { useState } from 'react';
import { Button, Input, Select, Tag } from 'antd';
import { useApp } from '../../../components/LazyFeedback';
import { useNavigate } from 'react-router-dom';
import { useAdminContent, useBulkDeleteContent, useDeleteContent, type AdminContent, type AdminContentQuery, type ContentKind } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { confirmDelete as confirmRemoval } from '../../../components/confirmDelete';
import { AdminTable } from '../table/AdminTable';
import { NEWEST, toIds, useAct, type Sort } from '../actions';

export default function ContentTab() {
  const [kind, setKind] = useState<ContentKind>('post');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const act = useAct();
  const navigate = useNavigate();
  const { modal } = useApp();
  const { rows, loading, hasMore, more, loadingMore } = useAdminContent({
    kind,
    sort: sort.key as AdminContentQuery['sort'],
    direction: sort.direction,
    search: search || undefined,
  });
  const remove = useDeleteContent();
  const bulkDelete = useBulkDeleteContent();
  return (
    <AdminTable<AdminContent>
      id={`content-${kind}`}
      rows={rows}
      loading={loading}
      rowKey={(r) => String(r.id)}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={more}
      sort={sort}
      onSortChange={setSort}
      onOpen={(r) => navigate(r.group ? `/groups/${r.group.slug}` : `/posts/${r.id}`)}
      toolbar={
        <>
          <Select
            value={kind}
            onChange={setKind}
            options={[
              { value: 'post', label: 'Gönderiler' },
              { value: 'group_post', label: 'Grup gönderileri' },
            ]}
            style={{ width: 170 }}
            aria-label="İçerik türü"
          />
          <Input.Search placeholder="İçerikte ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="İçerikte ara" />
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
        {
          key: 'actions',
          title: 'İşlemler',
          width: 100,
          render: (r) => (
            <Button
              size="small"
              danger
              onClick={() =>
                confirmRemoval(modal.confirm, {
                  title: 'İçeriği Sil',
                  moderating: true,
                  run: (reason) => act(remove.mutateAsync({ kind: r.kind, id: r.id, reason: reason.trim() }), 'Silindi', 'Silinemedi').catch(() => undefined),
                })
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
          run: (ids) => act(bulkDelete.mutateAsync({ kind, ids: toIds(ids) }), 'İçerikler silindi', 'İçerikler silinemedi'),
        },
      ]}
    />
  );
}
