import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { adminEditCommentSchema, TEXTS, type CommentKind } from '@mahalle/shared';
import { useAdminComments, useBulkDeleteComments, useDeleteComment, useEditComment, type AdminComment } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { fieldRule } from '../../../components/formRules';
import { AdminTable } from '../table/AdminTable';
import { NEWEST, useAct, useConfirmDelete, type Sort } from '../actions';

const KIND_LABEL: Record<CommentKind, string> = { post: 'Gönderi', blog: 'Blog', answer: 'Cevap', group: 'Grup' };

/** A comment row's key is '<kind>-<id>' (ids repeat across the kinds). */
const fromKey = (key: string) => {
  const [kind, id] = key.split('-');
  return { kind: kind as CommentKind, id: Number(id) };
};

export default function CommentsTab() {
  const [kind, setKind] = useState<CommentKind | 'all'>('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminComment | null>(null);
  const [sort, setSort] = useState<Sort>(NEWEST);
  const [form] = Form.useForm<{ content: string }>();
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const { rows, loading, hasMore, more, loadingMore } = useAdminComments({ kind, search: search || undefined, direction: sort.direction });
  const edit = useEditComment();
  const remove = useDeleteComment();
  const bulkDelete = useBulkDeleteComments();
  const save = () =>
    form.validateFields().then(
      ({ content }) =>
        act(edit.mutateAsync({ kind: editing!.kind, id: editing!.id, content }), 'Yorum güncellendi', 'Yorum güncellenemedi').then(
          () => setEditing(null),
          () => undefined,
        ),
      () => undefined,
    );
  return (
    <>
      <AdminTable
        id="comments"
        rows={rows}
        loading={loading}
        rowKey={(c) => c.key}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={more}
        sort={sort}
        onSortChange={(next) => setSort({ key: 'createdAt', direction: next.direction })}
        onOpen={(c) => navigate(c.link)}
        toolbar={
          <>
            <Select
              value={kind}
              onChange={setKind}
              style={{ width: 140 }}
              options={[{ value: 'all', label: 'Tümü' }, ...Object.entries(KIND_LABEL).map(([value, label]) => ({ value, label }))]}
              aria-label="Tür"
            />
            <Input.Search placeholder="Yorumlarda ara..." allowClear onSearch={setSearch} style={{ width: 220 }} />
          </>
        }
        columns={[
          { key: 'kind', title: 'Tür', width: 90, render: (c) => <Tag>{KIND_LABEL[c.kind]}</Tag> },
          { key: 'content', title: 'Yorum', width: 320 },
          { key: 'author', title: 'Yazar', width: 140, render: (c) => c.author.displayName },
          { key: 'targetTitle', title: 'İçerik', width: 200 },
          {
            key: 'status',
            title: 'Durum',
            width: 90,
            render: (c) => <Tag color={c.status === 'active' ? 'green' : 'orange'}>{c.status === 'active' ? 'Aktif' : 'Gizli'}</Tag>,
          },
          { key: 'createdAt', title: 'Tarih', width: 130, sortKey: 'createdAt', render: (c) => fromNow(c.createdAt) },
          {
            key: 'actions',
            title: 'İşlemler',
            width: 160,
            render: (c) => (
              <Space>
                <Button size="small" onClick={() => setEditing(c)}>
                  Düzenle
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    confirmDelete(TEXTS.confirm.deleteComment, TEXTS.confirm.cannotUndo, () =>
                      act(remove.mutateAsync({ kind: c.kind, id: c.id }), 'Yorum silindi', 'Yorum silinemedi'),
                    )
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
            run: (keys) => act(bulkDelete.mutateAsync(keys.map(fromKey)), 'Yorumlar silindi', 'Yorumlar silinemedi'),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title="Yorumu Düzenle"
        okText="Kaydet"
        cancelText="İptal"
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        destroyOnHidden
      >
        <Form form={form} initialValues={editing ? { content: editing.content } : undefined} preserve={false}>
          <Form.Item name="content" rules={[fieldRule(adminEditCommentSchema.shape.content, { required: true })]}>
            <Input.TextArea autoSize={{ minRows: 3 }} aria-label="Yorum" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
