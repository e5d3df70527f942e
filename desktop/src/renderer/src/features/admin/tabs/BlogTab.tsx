import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { useAdminBlogPosts, useDeleteBlogPost, useSetBlogPostPublished, type AdminBlogPost, type AdminBlogQuery } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { byId, quietly, sortQuery, useAct, useDeleteRow, useDeleteSelected, useSort } from '../actions';
import { actionsColumn, DeleteButton, EditButton, FilterSelect, PagedTable, RowActions, RowButton, SearchBox } from '../workspace';

type Status = NonNullable<AdminBlogQuery['status']>;

export default function BlogTab() {
  const act = useAct();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const sorting = useSort();
  const pages = useAdminBlogPosts({ ...sortQuery<AdminBlogQuery['sort']>(sorting.sort), search: search || undefined, status });
  const setPublished = useSetBlogPostPublished();
  const remove = useDeleteRow(useDeleteBlogPost(), {
    content: TEXTS.confirm.cannotUndo,
    done: 'Yazı silindi',
    failed: 'Blog yazısı silinemedi',
  });
  const deleteSelected = useDeleteSelected('blog_post');
  return (
    <PagedTable<AdminBlogPost>
      id="blog"
      pages={pages}
      sorting={sorting}
      rowKey={byId}
      onOpen={(b) => navigate(`/blog/${b.slug}`)}
      toolbar={
        <>
          <Button type="primary" onClick={() => navigate('/blog/create')}>
            Yeni Yazı
          </Button>
          <SearchBox placeholder="Başlıkta ara..." label="Blog yazısı ara" onSearch={setSearch} />
          <FilterSelect
            value={status}
            onChange={setStatus}
            width={140}
            options={[
              { value: 'all', label: 'Tümü' },
              { value: 'published', label: 'Yayında' },
              { value: 'draft', label: 'Taslak' },
            ]}
            label="Yayın durumu"
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
        actionsColumn(220, (b) => (
          <RowActions>
            <EditButton onClick={() => navigate(`/blog/edit/${b.id}`)} />
            <RowButton
              onClick={() =>
                quietly(
                  act(
                    setPublished.mutateAsync({ id: b.id, published: !b.published }),
                    b.published ? 'Taslağa alındı' : 'Yayınlandı',
                    'Blog yazısı güncellenemedi',
                  ),
                )
              }
            >
              {b.published ? 'Taslağa al' : 'Yayınla'}
            </RowButton>
            <DeleteButton onClick={() => remove(b.id, TEXTS.confirm.quoted(b.title))} />
          </RowActions>
        )),
      ]}
      bulkActions={[deleteSelected]}
    />
  );
}
