import { useState } from 'react';
import { Form, Input, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { adminEditCommentSchema, TEXTS, type CommentKind } from '@mahalle/shared';
import { useAdminComments, useBulkDeleteComments, useDeleteComment, useEditComment, type AdminComment } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { fieldRule } from '../../../components/formRules';
import { deleteSelected, quotedExcerpt, useAct, useDeleteRow, useEditDialog, useSort } from '../actions';
import { actionsColumn, DeleteButton, EditButton, EditDialog, FilterSelect, optionsOf, PagedTable, RowActions, SearchBox } from '../workspace';

const KIND_LABEL: Record<CommentKind, string> = { post: 'Gönderi', blog: 'Blog', answer: 'Cevap', group: 'Grup' };

/** A comment row's key is '<kind>-<id>' (ids repeat across the kinds). */
const fromKey = (key: string) => {
  const [kind, id] = key.split('-');
  return { kind: kind as CommentKind, id: Number(id) };
};

export default function CommentsTab() {
  const [kind, setKind] = useState<CommentKind | 'all'>('all');
  const [search, setSearch] = useState('');
  const sorting = useSort(undefined, { byDateOnly: true });
  const act = useAct();
  const navigate = useNavigate();
  const pages = useAdminComments({ kind, search: search || undefined, direction: sorting.sort.direction });
  const edit = useEditComment();
  const editor = useEditDialog<AdminComment, { content: string }>((c, { content }) =>
    act(edit.mutateAsync({ kind: c.kind, id: c.id, content }), 'Yorum güncellendi', 'Yorum güncellenemedi'),
  );
  const remove = useDeleteRow(useDeleteComment(), {
    content: TEXTS.confirm.cannotUndo,
    done: 'Yorum silindi',
    failed: 'Yorum silinemedi',
  });
  const bulkDelete = useBulkDeleteComments();
  return (
    <>
      <PagedTable<AdminComment>
        id="comments"
        pages={pages}
        sorting={sorting}
        rowKey={(c) => c.key}
        onOpen={(c) => navigate(c.link)}
        toolbar={
          <>
            <FilterSelect value={kind} onChange={setKind} width={140} options={[{ value: 'all', label: 'Tümü' }, ...optionsOf(KIND_LABEL)]} label="Tür" />
            <SearchBox placeholder="Yorumlarda ara..." onSearch={setSearch} />
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
          actionsColumn(160, (c) => (
            <RowActions>
              <EditButton onClick={() => editor.open(c)} />
              <DeleteButton onClick={() => remove({ kind: c.kind, id: c.id }, `${quotedExcerpt(c.content)} (${c.author.displayName})`)} />
            </RowActions>
          )),
        ]}
        bulkActions={[deleteSelected((keys) => act(bulkDelete.mutateAsync(keys.map(fromKey)), 'Yorumlar silindi', 'Yorumlar silinemedi'))]}
      />
      <EditDialog dialog={editor} title="Yorumu Düzenle" initialValues={editor.editing ? { content: editor.editing.content } : undefined}>
        <Form.Item name="content" rules={[fieldRule(adminEditCommentSchema.shape.content, { required: true })]}>
          <Input.TextArea autoSize={{ minRows: 3 }} aria-label="Yorum" />
        </Form.Item>
      </EditDialog>
    </>
  );
}
