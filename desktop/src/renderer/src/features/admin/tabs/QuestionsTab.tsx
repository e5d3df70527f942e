import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { createQuestionSchema, LIMITS, QUESTION_CATEGORIES, TEXTS } from '@mahalle/shared';
import { useAdminQuestions, useBulkDelete, useDeleteQuestionAsAdmin, useEditQuestion, type AdminQuestion, type AdminQuestionsQuery } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { fieldRule } from '../../../components/formRules';
import { AdminTable } from '../table/AdminTable';
import { NEWEST, toIds, useAct, useConfirmDelete, type Sort } from '../actions';

type QuestionFields = { title: string; content: string; category: (typeof QUESTION_CATEGORIES)[number] };

export default function QuestionsTab() {
  const [search, setSearch] = useState('');
  const [answered, setAnswered] = useState<'' | 'true' | 'false'>('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const [editing, setEditing] = useState<AdminQuestion | null>(null);
  const [form] = Form.useForm<QuestionFields>();
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const { rows, loading, hasMore, more, loadingMore } = useAdminQuestions({
    sort: sort.key as AdminQuestionsQuery['sort'],
    direction: sort.direction,
    search: search || undefined,
    answered: answered || undefined,
  });
  const edit = useEditQuestion();
  const remove = useDeleteQuestionAsAdmin();
  const bulkDelete = useBulkDelete();
  const save = () =>
    form.validateFields().then(
      (v) =>
        act(edit.mutateAsync({ id: editing!.id, ...v }), 'Soru güncellendi', 'Soru güncellenemedi').then(
          () => setEditing(null),
          () => undefined,
        ),
      () => undefined,
    );
  return (
    <>
      <Modal
        open={!!editing}
        title="Soruyu Düzenle"
        okText="Kaydet"
        cancelText="İptal"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={editing ?? undefined} preserve={false}>
          <Form.Item label="Başlık" name="title" rules={[fieldRule(createQuestionSchema.shape.title, { required: true })]}>
            <Input maxLength={LIMITS.questionTitleMax} />
          </Form.Item>
          <Form.Item label="İçerik" name="content" rules={[fieldRule(createQuestionSchema.shape.content, { required: true })]}>
            <Input.TextArea autoSize={{ minRows: 4 }} maxLength={LIMITS.questionContentMax} />
          </Form.Item>
          <Form.Item label="Kategori" name="category">
            <Select options={QUESTION_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Form>
      </Modal>
      <AdminTable<AdminQuestion>
        id="questions"
        rows={rows}
        loading={loading}
        rowKey={(q) => String(q.id)}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={more}
        sort={sort}
        onSortChange={setSort}
        onOpen={(q) => navigate(`/qa/question/${q.id}`)}
        toolbar={
          <>
            <Input.Search placeholder="Sorularda ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Sorularda ara" />
            <Select
              value={answered}
              onChange={setAnswered}
              style={{ width: 150 }}
              options={[
                { value: '', label: 'Tüm sorular' },
                { value: 'true', label: 'Cevaplandı' },
                { value: 'false', label: 'Açık' },
              ]}
              aria-label="Soru durumu"
            />
          </>
        }
        columns={[
          { key: 'title', title: 'Başlık', width: 280 },
          { key: 'category', title: 'Kategori', width: 110 },
          { key: 'upvotes', title: 'Oy', width: 70, sortKey: 'upvotes' },
          { key: 'views', title: 'Görüntülenme', width: 135, sortKey: 'views' },
          { key: 'answersCount', title: 'Cevap', width: 80, sortKey: 'answersCount' },
          { key: 'isAnswered', title: 'Durum', width: 110, render: (q) => (q.isAnswered ? <Tag color="green">Cevaplandı</Tag> : <Tag>Açık</Tag>) },
          { key: 'author', title: 'Soran', width: 140, render: (q) => q.author.displayName },
          { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (q) => fromNow(q.createdAt) },
          {
            key: 'actions',
            title: 'İşlemler',
            width: 170,
            render: (q) => (
              <Space>
                <Button size="small" onClick={() => setEditing(q)}>
                  Düzenle
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    confirmDelete(TEXTS.confirm.deleteQuestion, TEXTS.confirm.deleteQuestionBody, () =>
                      act(remove.mutateAsync(q.id), 'Soru silindi', 'Soru silinemedi'),
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
            run: (ids) => act(bulkDelete.mutateAsync({ type: 'question', ids: toIds(ids) }), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi'),
          },
        ]}
      />
    </>
  );
}
