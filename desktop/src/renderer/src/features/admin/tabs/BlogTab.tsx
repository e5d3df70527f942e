import { useState } from 'react';
import { Button, Input, Select, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { useAdminBlogPosts, useBulkDelete, useDeleteBlogPost, useSetBlogPostPublished, type AdminBlogPost, type AdminBlogQuery } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { AdminTable } from '../table/AdminTable';
import { NEWEST, toIds, useAct, useConfirmDelete, type Sort } from '../actions';

type Status = NonNullable<AdminBlogQuery['status']>;

export default function BlogTab() {
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const { rows, loading, hasMore, more, loadingMore } = useAdminBlogPosts({
    sort: sort.key as AdminBlogQuery['sort'],
    direction: sort.direction,
    search: search || undefined,
    status,
  });
  const setPublished = useSetBlogPostPublished();
  const remove = useDeleteBlogPost();
  const bulkDelete = useBulkDelete();
  return (
    <AdminTable<AdminBlogPost>
      id="blog"
      rows={rows}
      loading={loading}
      rowKey={(b) => String(b.id)}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={more}
      sort={sort}
      onSortChange={setSort}
      onOpen={(b) => navigate(`/blog/${b.slug}`)}
      toolbar={
        <>
          <Button type="primary" onClick={() => navigate('/blog/create')}>
            Yeni Yazı
          </Button>
          <Input.Search placeholder="Başlıkta ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Blog yazısı ara" />
          <Select
            value={status}
            onChange={setStatus}
            style={{ width: 140 }}
            options={[
              { value: 'all', label: 'Tümü' },
              { value: 'published', label: 'Yayında' },
              { value: 'draft', label: 'Taslak' },
            ]}
            aria-label="Yayın durumu"
          />
        </>
      }
      columns={[
        { key: 'title', title: 'Başlık', width: 260, sortKey: 'title' },
        { key: 'status', title: 'Durum', width: 100, render: (b) => (b.published ? <Tag color="green">Yayında</Tag> : <Tag color="orange">Taslak</Tag>) },
        { key: 'views', title: 'Görüntülenme', width: 135, sortKey: 'views' },
        { key: 'likesCount', title: 'Beğeni', width: 80, sortKey: 'likesCount' },
        { key: 'commentsCount', title: 'Yorum', width: 80, sortKey: 'commentsCount' },
        { key: 'createdAt', title: 'Tarih', width: 130, sortKey: 'createdAt', render: (b) => fromNow(b.createdAt) },
        {
          key: 'actions',
          title: 'İşlemler',
          width: 220,
          render: (b) => (
            <Space>
              <Button size="small" onClick={() => navigate(`/blog/edit/${b.id}`)}>
                Düzenle
              </Button>
              <Button
                size="small"
                onClick={() =>
                  void act(
                    setPublished.mutateAsync({ id: b.id, published: !b.published }),
                    b.published ? 'Taslağa alındı' : 'Yayınlandı',
                    'Blog yazısı güncellenemedi',
                  ).catch(() => undefined)
                }
              >
                {b.published ? 'Taslağa al' : 'Yayınla'}
              </Button>
              <Button
                size="small"
                danger
                onClick={() =>
                  confirmDelete('Yazıyı Sil', TEXTS.confirm.cannotUndo, () => act(remove.mutateAsync(b.id), 'Yazı silindi', 'Blog yazısı silinemedi'))
                }
              >
                Sil
              </Button>
            </Space>
          ),
        },
      ]}
      bulkActions={[
        {
          key: 'delete',
          label: 'Sil',
          danger: true,
          run: (ids) => act(bulkDelete.mutateAsync({ type: 'blog_post', ids: toIds(ids) }), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi'),
        },
      ]}
    />
  );
}
