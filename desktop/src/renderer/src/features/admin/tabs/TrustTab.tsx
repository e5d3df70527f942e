import { useEffect } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { TEXTS, TRUST_DEFAULTS } from '@mahalle/shared';
import { errorMessage } from '../../../api/client';
import { useSetTrustLevel, useTrustSettings, useUpdateTrustSettings, type TrustSettingsBody } from '../../../api/trust';
import { useApp } from '../../../components/LazyFeedback';
import { PageSpinner } from '../../../components/common';

/** Each setting with its Turkish label, in the order the form shows them. */
const FIELDS: { name: Exclude<keyof typeof TRUST_DEFAULTS, 'reportWeights'>; label: string; step?: number; min?: number; max?: number }[] = [
  { name: 'newMemberMaxLinks', label: 'Yeni üye: bir paylaşımda en fazla bağlantı' },
  { name: 'newMemberMaxMentions', label: 'Yeni üye: bir paylaşımda en fazla anma' },
  { name: 'newMemberImageHours', label: 'Yeni üye: görsel için beklenecek saat' },
  { name: 'newMemberDailyPosts', label: 'Yeni üye: 24 saatte en fazla gönderi ve yorum', min: 1 },
  { name: 'level1Days', label: 'Üye olmak için gün' },
  { name: 'level1Posts', label: 'Üye olmak için gönderi ya da yorum' },
  { name: 'level2Days', label: 'Güvenilir üye olmak için gün' },
  { name: 'level2Posts', label: 'Güvenilir üye olmak için gönderi ya da yorum' },
  { name: 'hideThreshold', label: 'Gizleme eşiği (şikayet ağırlıklarının toplamı)', step: 0.5, min: 0.5 },
  { name: 'dismissedReportsStep', label: 'Ağırlığı düşüren reddedilmiş şikayet sayısı', min: 1 },
  { name: 'dismissedReportsWindowDays', label: 'Reddedilmiş şikayetlerin sayıldığı gün', min: 1 },
  { name: 'dismissedReportsFactor', label: 'Her adımda ağırlık çarpanı', step: 0.1, max: 1 },
];

/** The organiser's trust settings, and setting a member's level by hand (audited). */
export default function TrustTab() {
  const { message } = useApp();
  const { data, isLoading } = useTrustSettings();
  const update = useUpdateTrustSettings();
  const setLevel = useSetTrustLevel();
  const [form] = Form.useForm<TrustSettingsBody>();
  const [levelForm] = Form.useForm<{ id: number; level: 0 | 1 | 2; reason: string }>();
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  if (isLoading || !data) return <PageSpinner />;
  const save = (values: TrustSettingsBody) =>
    update.mutate(values, {
      onSuccess: () => void message.success('Güven ayarları kaydedildi'),
      onError: (err) => void message.error(errorMessage(err, 'Ayarlar kaydedilemedi')),
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Card title="Güven seviyeleri" data-testid="trust-settings">
        <Typography.Paragraph type="secondary">
          Yeni üyeler (seviye 0) aşağıdaki sınırlarla başlar; gün ve paylaşım koşulunu karşılayan, hakkında haklı bulunmuş şikayet olmayan üye bir sonraki
          paylaşımında kendiliğinden yükselir. Şikayetlerin ağırlığı eşiğe ulaşınca içerik inceleme için hemen gizlenir; şikayetler reddedilirse geri gelir.
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 560 }}>
          {FIELDS.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label} rules={[{ required: true }]}>
              <InputNumber min={f.min ?? 0} max={f.max} step={f.step ?? 1} style={{ width: 160 }} />
            </Form.Item>
          ))}
          <Form.Item label="Şikayet ağırlığı (yeni üye, üye, güvenilir üye)">
            <Space>
              {TEXTS.trust.levels.map((name, i) => (
                <Form.Item key={name} name={['reportWeights', i]} noStyle rules={[{ required: true }]}>
                  <InputNumber aria-label={`${name} şikayet ağırlığı`} min={0} max={10} step={0.5} />
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              Kaydet
            </Button>
            <Button onClick={() => form.setFieldsValue(TRUST_DEFAULTS)}>Varsayılanlar</Button>
          </Space>
        </Form>
      </Card>
      <Card title="Bir üyenin seviyesini elle belirle">
        <Form
          form={levelForm}
          layout="inline"
          onFinish={(v) =>
            setLevel.mutate(
              { id: Number(v.id), level: v.level, reason: v.reason ?? '' },
              {
                onSuccess: (r) => void message.success(`Üye #${r.id}: ${TEXTS.trust.levels[r.trustLevel]}`),
                onError: (err) => void message.error(errorMessage(err, 'Seviye değiştirilemedi')),
              },
            )
          }
        >
          <Form.Item name="id" label="Üye no" rules={[{ required: true }]}>
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item name="level" label="Seviye" rules={[{ required: true }]}>
            <Select style={{ width: 160 }} options={TEXTS.trust.levels.map((label, value) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="reason" label="Gerekçe" rules={[{ required: true, whitespace: true, message: TEXTS.trust.levelReasonRequired }]}>
            <Input maxLength={500} />
          </Form.Item>
          <Button htmlType="submit" loading={setLevel.isPending}>
            Uygula
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
