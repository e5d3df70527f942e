import { useState } from 'react';
import { Alert, Button, Card, Form, Input, List, Modal, Space, Typography } from 'antd';
import { useNavigate, Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { TEXTS } from '@mahalle/shared';
import { downloadFile, errorMessage } from '../../api/client';
import { requestAccountDeletion, useConsents, useDataExport, useRequestDataExport } from '../../api/privacy';
import { useApp } from '../../components/LazyFeedback';
import { useSession } from '../../stores/session';

const P = TEXTS.privacy;
const when = (iso: string) => dayjs(iso).format('D MMMM YYYY HH:mm');

function Consents() {
  const { data } = useConsents();
  // The newest consent of each text.
  const latest = new Map<string, { kind: string; version: number; acceptedAt: string }>();
  for (const r of data?.records ?? []) if (!latest.has(r.kind)) latest.set(r.kind, r);
  return (
    <Card title={P.consentsTitle} size="small">
      <List
        size="small"
        dataSource={[...latest.values()]}
        locale={{ emptyText: '—' }}
        renderItem={(r) => (
          <List.Item>
            <Link to={r.kind === 'terms' ? '/kullanim-kosullari' : '/gizlilik'}>{r.kind === 'terms' ? P.termsTitle : P.privacyTitle}</Link>
            <Typography.Text type="secondary">{P.consentAccepted(r.version, when(r.acceptedAt))}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

function DataExport() {
  const { data } = useDataExport();
  const request = useRequestDataExport();
  const { message } = useApp();
  const [downloading, setDownloading] = useState(false);
  const latest = data?.latest ?? null;
  const waitUntil = data?.nextRequestAt ?? null;
  const onRequest = () =>
    request.mutate(undefined, {
      onSuccess: () => void message.success(P.exportRequested),
      onError: (e) => void message.error(errorMessage(e, P.exportFailed)),
    });
  const onDownload = async () => {
    if (!latest?.downloadUrl) return;
    setDownloading(true);
    try {
      await downloadFile(latest.downloadUrl, `mahalle-verilerim-${latest.requestedAt.slice(0, 10)}.zip`);
    } catch (e) {
      void message.error(errorMessage(e, P.exportNotFound));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card title={P.exportTitle} size="small" data-testid="data-export">
      <Typography.Paragraph>{P.exportHint}</Typography.Paragraph>
      {latest?.status === 'pending' && <Alert type="info" showIcon message={P.exportPending} style={{ marginBottom: 12 }} />}
      {latest?.status === 'ready' && latest.expiresAt && (
        <Alert
          type="success"
          showIcon
          message={P.exportReady(when(latest.expiresAt))}
          style={{ marginBottom: 12 }}
          action={
            <Button type="primary" size="small" loading={downloading} onClick={() => void onDownload()}>
              {P.exportDownload}
            </Button>
          }
        />
      )}
      {latest?.status === 'failed' && <Alert type="error" showIcon message={P.exportFailed} style={{ marginBottom: 12 }} />}
      {latest?.status === 'expired' && <Alert type="warning" showIcon message={P.exportExpired} style={{ marginBottom: 12 }} />}
      <Space wrap>
        <Button onClick={onRequest} loading={request.isPending} disabled={Boolean(waitUntil)}>
          {P.exportRequest}
        </Button>
        {waitUntil && <Typography.Text type="secondary">{P.exportNextAt(when(waitUntil))}</Typography.Text>}
      </Space>
    </Card>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ password: string }>();
  const setUser = useSession((s) => s.setUser);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const onSubmit = async ({ password }: { password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const scheduled = await requestAccountDeletion(password);
      setOpen(false);
      // Signed out everywhere: the sign-in page says when the account goes and how to cancel.
      setUser(null);
      qc.clear();
      navigate(`/login?deletion=${encodeURIComponent(scheduled.deleteAt)}`);
    } catch (e) {
      setError(errorMessage(e, P.wrongPassword));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={P.deleteTitle} size="small">
      <Typography.Paragraph>{P.deleteHint}</Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        {P.deleteButton}
      </Button>
      <Modal
        open={open}
        title={P.deleteTitle}
        onCancel={() => setOpen(false)}
        okText={P.deleteConfirm}
        cancelText={P.deleteCancel}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Typography.Paragraph>{P.deleteHint}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => void onSubmit(v)} requiredMark={false}>
          <Form.Item label={P.deletePassword} name="password" rules={[{ required: true, message: P.deletePasswordRequired }]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
        {error && (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        )}
      </Modal>
    </Card>
  );
}

/** Settings' 'Gizlilik ve veriler': what the member accepted, 'Verilerimi indir', 'Hesabımı sil'. */
export function PrivacyPanel() {
  const admin = useSession((s) => s.user?.role === 'admin');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Consents />
      <DataExport />
      {!admin && <DeleteAccount />}
    </Space>
  );
}
