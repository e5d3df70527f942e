import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, List, Segmented, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { LIMITS, TEXTS, type LegalKind } from '@mahalle/shared';
import { useLegalDocument, useLegalVersions, usePublishLegal } from '../../../api/privacy';
import { errorMessage } from '../../../api/client';
import { useApp } from '../../../components/LazyFeedback';

const L = TEXTS.legalAdmin;
const KINDS: { value: LegalKind; label: string }[] = [
  { value: 'terms', label: L.kindTerms },
  { value: 'privacy', label: L.kindPrivacy },
];

/** One text's editor: the current version filled in; saving publishes the next one. */
function Editor({ kind }: { kind: LegalKind }) {
  const { data: current } = useLegalDocument(kind);
  const versions = useLegalVersions(kind);
  const publish = usePublishLegal(kind);
  const { message } = useApp();
  const [form] = Form.useForm<{ title: string; body: string }>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (current) form.setFieldsValue({ title: current.title, body: current.body });
  }, [current, form]);
  const onFinish = (values: { title: string; body: string }) => {
    setError(null);
    publish.mutate(values, {
      onSuccess: (doc) => {
        void message.success(L.published(doc.version));
        void versions.refetch();
      },
      onError: (e) => setError(errorMessage(e, L.bodyRequired)),
    });
  };
  const list = versions.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={current ? `${current.title} · ${TEXTS.privacy.version(current.version)}` : L.tab}>
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name={`legal-${kind}`}>
          <Form.Item label={L.title} name="title" rules={[{ required: true, whitespace: true, message: L.titleRequired }]}>
            <Input maxLength={LIMITS.legalTitleMax} />
          </Form.Item>
          <Form.Item label={L.body} name="body" extra={L.bodyHint} rules={[{ required: true, whitespace: true, message: L.bodyRequired }]}>
            <Input.TextArea autoSize={{ minRows: 10, maxRows: 24 }} maxLength={LIMITS.legalBodyMax} />
          </Form.Item>
          {error && <Alert type="error" message={error} style={{ marginBottom: 12 }} />}
          <Button type="primary" htmlType="submit" loading={publish.isPending}>
            {L.publish}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={L.versions}>
        <List
          size="small"
          dataSource={list}
          renderItem={(v) => (
            <List.Item
              actions={[
                <Link key="view" to={`/${kind === 'terms' ? 'kullanim-kosullari' : 'gizlilik'}?surum=${v.version}`} target="_blank" rel="noopener">
                  {L.view}
                </Link>,
              ]}
            >
              <Typography.Text>
                {TEXTS.privacy.version(v.version)} · {v.title}
              </Typography.Text>
              <Typography.Text type="secondary">{dayjs(v.publishedAt).format('D MMMM YYYY HH:mm')}</Typography.Text>
            </List.Item>
          )}
        />
        {versions.hasNextPage && (
          <Button onClick={() => void versions.fetchNextPage()} loading={versions.isFetchingNextPage}>
            Daha fazla yükle
          </Button>
        )}
      </Card>
    </Space>
  );
}

/** 'Yasal metinler': the terms of use and the privacy notice, each saved as a new version. */
export default function LegalTab() {
  const [kind, setKind] = useState<LegalKind>('terms');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{L.hint}</Typography.Paragraph>
      <Segmented<LegalKind> options={KINDS} value={kind} onChange={setKind} aria-label={L.tab} />
      <Editor key={kind} kind={kind} />
    </Space>
  );
}
