import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { platform } from '../../platform';

/** Desktop first run (and "change server"): the address is checked against its /api/health. */
export function ServerSetup({ current }: { current?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async ({ url }: { url: string }) => {
    setBusy(true);
    setError(null);
    const result = await platform.setServerUrl(url);
    setBusy(false);
    if (result.ok) window.location.reload();
    else setError(result.error);
  };
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh', padding: 16 }}>
      <Card style={{ maxWidth: 460, width: '100%' }}>
        <Typography.Title level={3}>Mahalle sunucusu</Typography.Title>
        <Typography.Paragraph>Topluluğunuzun sunucu adresini girin (ör. https://mahalle.ornek.org).</Typography.Paragraph>
        <Form layout="vertical" onFinish={save} initialValues={{ url: current }}>
          <Form.Item label="Sunucu adresi" name="url" rules={[{ required: true, message: 'Lütfen sunucu adresini girin' }]}>
            <Input autoFocus placeholder="https://" />
          </Form.Item>
          {error && (
            <Typography.Paragraph type="danger" role="alert">
              {error}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" loading={busy} block>
            {busy ? 'Sunucu kontrol ediliyor...' : 'Bağlan'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
