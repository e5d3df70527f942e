import { useState } from 'react';
import { Form, Input, Select, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { createQuestionSchema, LIMITS, QUESTION_CATEGORIES, TEXTS, type ItemState } from '@mahalle/shared';
import { useAdminQuestions, useDeleteQuestionAsAdmin, useEditQuestion, type AdminQuestion, type AdminQuestionsQuery } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { fieldRule } from '../../../components/formRules';
import { byId, sortQuery, useAct, useDeleteRow, useDeleteSelected, useEditDialog, useSort } from '../actions';
import { ItemStateFilter, itemStateColumn } from '../itemState';
import { actionsColumn, DeleteButton, EditButton, EditDialog, FilterSelect, PagedTable, RowActions, SearchBox } from '../workspace';

type QuestionFields = { title: string; content: string; category: (typeof QUESTION_CATEGORIES)[number] };

export default function QuestionsTab() {
  const [search, setSearch] = useState('');
  const [answered, setAnswered] = useState<'' | 'true' | 'false'>('');
  const [state, setState] = useState<ItemState | ''>('');
  const sorting = useSort();
  const act = useAct();
  const navigate = useNavigate();
  const pages = useAdminQuestions({
    ...sortQuery<AdminQuestionsQuery['sort']>(sorting.sort),
    search: search || undefined,
    answered: answered || undefined,
    state: state || undefined,
  });
  const edit = useEditQuestion();
  const editor = useEditDialog<AdminQuestion, QuestionFields>((q, v) => act(edit.mutateAsync({ id: q.id, ...v }), 'Soru güncellendi', 'Soru güncellenemedi'));
  const remove = useDeleteRow(useDeleteQuestionAsAdmin(), {
    content: TEXTS.confirm.deleteQuestionBody,
    done: 'Soru silindi',
    failed: 'Soru silinemedi',
  });
  const deleteSelected = useDeleteSelected('question');
  return (
    <>
      <EditDialog dialog={editor} title="Soruyu Düzenle" layout="vertical" initialValues={editor.editing ?? undefined}>
        <Form.Item label="Başlık" name="title" rules={[fieldRule(createQuestionSchema.shape.title, { required: true })]}>
          <Input maxLength={LIMITS.questionTitleMax} />
        </Form.Item>
        <Form.Item label="İçerik" name="content" rules={[fieldRule(createQuestionSchema.shape.content, { required: true })]}>
          <Input.TextArea autoSize={{ minRows: 4 }} maxLength={LIMITS.questionContentMax} />
        </Form.Item>
        <Form.Item label="Kategori" name="category">
          <Select options={QUESTION_CATEGORIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </EditDialog>
      <PagedTable<AdminQuestion>
        id="questions"
        pages={pages}
        sorting={sorting}
        rowKey={byId}
        onOpen={(q) => navigate(`/qa/question/${q.id}`)}
        toolbar={
          <>
            <SearchBox placeholder="Sorularda ara..." label="Sorularda ara" onSearch={setSearch} />
            <FilterSelect
              value={answered}
              onChange={setAnswered}
              width={150}
              options={[
                { value: '', label: 'Tüm sorular' },
                { value: 'true', label: 'Cevaplandı' },
                { value: 'false', label: 'Açık' },
              ]}
              label="Soru durumu"
            />
            <ItemStateFilter value={state} onChange={setState} />
          </>
        }
        columns={[
          { key: 'title', title: 'Başlık', width: 280 },
          itemStateColumn<AdminQuestion>(),
          { key: 'category', title: 'Kategori', width: 110 },
          { key: 'upvotes', title: 'Oy', width: 70, sortKey: 'upvotes' },
          { key: 'views', title: 'Görüntülenme', width: 135, sortKey: 'views' },
          { key: 'answersCount', title: 'Cevap', width: 80, sortKey: 'answersCount' },
          { key: 'isAnswered', title: 'Durum', width: 110, render: (q) => (q.isAnswered ? <Tag color="green">Cevaplandı</Tag> : <Tag>Açık</Tag>) },
          { key: 'author', title: 'Soran', width: 140, render: (q) => q.author.displayName },
          { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (q) => fromNow(q.createdAt) },
          actionsColumn(170, (q) => (
            <RowActions>
              <EditButton onClick={() => editor.open(q)} />
              <DeleteButton onClick={() => remove(q.id, TEXTS.confirm.quoted(q.title))} />
            </RowActions>
          )),
        ]}
        bulkActions={[deleteSelected]}
      />
    </>
  );
}
