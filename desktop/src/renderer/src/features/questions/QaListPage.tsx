import { useState } from 'react';
import { Button, Card, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { CheckCircleOutlined, DeleteOutlined, LikeOutlined, MessageOutlined, EyeOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { createQuestionSchema, LIMITS, QUESTION_CATEGORIES, QUESTION_FILTER_ALL, TEXTS } from '@mahalle/shared';
import { fieldRule } from '../../components/formRules';
import { errorMessage } from '../../api/client';
import { useAskQuestion, useDeleteQuestion, useQuestions, type AskQuestionInput, type Question, type QuestionListQuery } from '../../api/questions';
import { useSession } from '../../stores/session';
import { PageSpinner, UserAvatar } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { fromNow } from '../../components/time';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { ItemStateTags, toastWrite } from '../../components/ItemStateTags';

// Blank title or content is the submit's own 'Eksik bilgi' warning (as specified); the rules check the rest as the server will.
const ASK_RULES = {
  title: [fieldRule(createQuestionSchema.shape.title.optional())],
  content: [fieldRule(createQuestionSchema.shape.content.optional())],
  tags: [fieldRule(createQuestionSchema.shape.tags)],
};

function AskDialog({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm();
  const ask = useAskQuestion();
  const { notification } = useApp();
  const submit = async (v: { title?: string; content?: string; category: string; tags?: string }) => {
    if (!v.title?.trim() || !v.content?.trim())
      return notification.warning({ message: TEXTS.community.missingFieldsTitle, description: TEXTS.community.missingFields });
    try {
      const added = await ask.mutateAsync({ title: v.title, content: v.content, category: v.category as AskQuestionInput['category'], tags: v.tags });
      toastWrite(notification, added, { message: 'Soru eklendi' });
      onClose();
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Soru eklenirken bir hata oluştu.') });
    }
  };
  return (
    <Modal open title="Soru Sor" okText="Sor" cancelText={TEXTS.confirm.cancel} onOk={() => form.submit()} onCancel={onClose} confirmLoading={ask.isPending}>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ category: 'Genel' }}>
        <Form.Item label="Başlık" name="title" rules={ASK_RULES.title}>
          <Input maxLength={LIMITS.questionTitleMax} />
        </Form.Item>
        <Form.Item label="İçerik" name="content" rules={ASK_RULES.content}>
          <Input.TextArea autoSize={{ minRows: 4 }} />
        </Form.Item>
        <Form.Item label="Kategori" name="category">
          <Select options={QUESTION_CATEGORIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item label="Etiketler (virgülle)" name="tags" rules={ASK_RULES.tags}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function QaListPage() {
  usePageMeta({ title: 'Soru & Cevap', description: 'Topluluğa soru sor, cevapla, oyla.' });
  const user = useSession((s) => s.user);
  const [params, setParams] = useSearchParams();
  const [asking, setAsking] = useState(false);
  const deleteQuestion = useDeleteQuestion();
  const { modal, notification } = useApp();
  const page = Number(params.get('page') ?? 1);
  const category = params.get('category') ?? QUESTION_FILTER_ALL;
  const search = params.get('q') ?? '';
  // Pages by cursor (the server's keyset): the page number is ours, the cursor and side come from the last answer.
  const cursor = params.get('cursor');
  const dir = params.get('dir') === 'prev' ? 'prev' : 'next';
  const query: QuestionListQuery = {
    page,
    ...(cursor ? { cursor, dir } : {}),
    ...(category !== QUESTION_FILTER_ALL ? { category } : {}),
    ...(search ? { search } : {}),
  };
  const { data, isLoading } = useQuestions(query);
  const set = (p: Record<string, string>) => {
    const next = { ...Object.fromEntries(params), ...p };
    if (p.page === '1') {
      delete next.cursor;
      delete next.dir;
    }
    setParams(next);
  };
  const remove = (q: Question) =>
    modal.confirm({
      title: TEXTS.confirm.deleteQuestion,
      content: TEXTS.confirm.deleteQuestionBody,
      okText: TEXTS.confirm.ok,
      cancelText: TEXTS.confirm.cancel,
      okButtonProps: { danger: true },
      onOk: () =>
        deleteQuestion
          .mutateAsync(q.id)
          .then(() => {
            notification.success({ message: 'Soru silindi' });
          })
          .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Soru silinemedi') })),
    });
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
        <Heading level={1} look={2}>
          Soru & Cevap
        </Heading>
        {user ? (
          <Button type="primary" onClick={() => setAsking(true)}>
            Soru Sor
          </Button>
        ) : (
          <Link to="/login">
            <Button>Soru sormak için giriş yapın</Button>
          </Link>
        )}
      </div>
      <Input.Search
        placeholder="Sorularda ara..."
        defaultValue={search}
        allowClear
        onSearch={(v) => set({ q: v, page: '1' })}
        style={{ marginBottom: 12 }}
        aria-label="Sorularda ara"
      />
      <Space wrap style={{ marginBottom: 16 }}>
        {[QUESTION_FILTER_ALL, ...QUESTION_CATEGORIES].map((c) => (
          <Tag.CheckableTag key={c} checked={category === c} onChange={() => set({ category: c, page: '1' })}>
            {c}
          </Tag.CheckableTag>
        ))}
      </Space>
      {isLoading ? (
        <PageSpinner />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title="Henüz soru yok" hint="İlk soruyu sen sor!" />
      ) : (
        <>
          <List
            dataSource={data.items}
            renderItem={(q) => (
              <List.Item style={{ display: 'block', padding: 0, borderBlockEnd: 0 }}>
                <Card style={{ marginBottom: 12 }} size="small" data-testid="question-card">
                  <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                    <div>
                      <Link to={`/qa/question/${q.id}`}>
                        <Heading level={2} look={5} style={{ margin: 0 }}>
                          {q.title}
                        </Heading>
                      </Link>
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0' }}>
                        {q.content}
                      </Typography.Paragraph>
                      <Space wrap size="small">
                        <Tag>{q.category.name}</Tag>
                        {q.isAnswered && (
                          <Tag color="green" icon={<CheckCircleOutlined />}>
                            Cevaplandı
                          </Tag>
                        )}
                        <ItemStateTags item={q} />
                        {q.tags.map((t) => (
                          <Tag key={t} color="purple">
                            #{t}
                          </Tag>
                        ))}
                      </Space>
                    </div>
                    {user?.role === 'admin' && <Button danger type="text" icon={<DeleteOutlined />} aria-label="Soruyu sil" onClick={() => remove(q)} />}
                  </div>
                  <Space style={{ marginTop: 8 }} wrap>
                    <UserAvatar user={q.author} size={24} /> <span>{q.author.displayName}</span>
                    <Typography.Text type="secondary">{fromNow(q.createdAt)}</Typography.Text>
                    <span>
                      <LikeOutlined /> {q.upvotes}
                    </span>
                    <span>
                      <MessageOutlined /> {q.answersCount}
                    </span>
                    <span>
                      <EyeOutlined /> {q.views}
                    </span>
                  </Space>
                </Card>
              </List.Item>
            )}
          />
          <Space>
            <Button
              disabled={!data.prevCursor}
              onClick={() => set(page <= 2 ? { page: '1' } : { page: String(page - 1), cursor: data.prevCursor!, dir: 'prev' })}
            >
              {TEXTS.app.pagePrevious}
            </Button>
            <Typography.Text>{TEXTS.app.pageNumber(page)}</Typography.Text>
            <Button disabled={!data.nextCursor} onClick={() => set({ page: String(page + 1), cursor: data.nextCursor!, dir: 'next' })}>
              {TEXTS.app.pageNext}
            </Button>
          </Space>
        </>
      )}
      {asking && <AskDialog onClose={() => setAsking(false)} />}
    </div>
  );
}
