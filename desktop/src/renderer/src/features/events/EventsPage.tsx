import { useState } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { CalendarOutlined, EnvironmentOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_CATEGORIES, TEXTS } from '@mahalle/shared';
import { errorMessage, get, post } from '../../api/client';
import type { EventItem } from '../../api/types';
import { mediaUrl, PageSpinner } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime, dayjs, outsideEventYears } from '../../components/time';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { ColorTag } from '../../components/ColorTag';

export function EventCard({ event: e }: { event: EventItem }) {
  const qc = useQueryClient();
  const { notification } = useApp();
  const [busy, setBusy] = useState(false);
  const attend = async () => {
    setBusy(true);
    try {
      const r = await post<{ isAttending: boolean }>(`/api/events/${e.id}/attend`);
      notification.success({ message: r.isAttending ? 'Etkinliğe katıldınız' : 'Katılımınız geri alındı' });
      void qc.invalidateQueries({ queryKey: ['events'] });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card cover={e.imageUrl ? <img src={mediaUrl(e.imageUrl)} alt="" style={{ height: 160, objectFit: 'cover' }} /> : <div style={{ height: 100, background: `linear-gradient(135deg, ${e.category.color}, #6d28d9)` }} />} data-testid="event-card">
      <Space wrap><ColorTag color={e.category.color}>{e.category.name}</ColorTag>{e.isFeatured && <Tag color="gold">Öne Çıkan</Tag>}{e.isPrivate && <Tag>Özel</Tag>}</Space>
      <Heading level={2} look={5} style={{ marginTop: 8 }}>{e.title}</Heading>
      <Typography.Paragraph ellipsis={{ rows: 2 }}>{e.description}</Typography.Paragraph>
      <div><CalendarOutlined /> {formatDateTime(e.date)}</div>
      <div><EnvironmentOutlined /> {e.location || '—'}</div>
      <div><TeamOutlined /> {e.attendeesCount} kişi katılıyor</div>
      <Button style={{ marginTop: 8 }} type={e.isAttending ? 'default' : 'primary'} block loading={busy} onClick={() => void attend()}>{e.isAttending ? 'Ayrıl' : 'Katıl'}</Button>
    </Card>
  );
}

export default function EventsPage() {
  usePageMeta({ title: 'Etkinlikler' });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const qc = useQueryClient();
  const { notification } = useApp();
  const { data = [], isLoading } = useQuery({ queryKey: ['events', 'upcoming', 'page'], queryFn: () => get<EventItem[]>('/api/events?limit=100') });
  const create = async (v: { title: string; description: string; date: dayjs.Dayjs; location: string; category: string; isPrivate: boolean }) => {
    setBusy(true);
    try {
      await post('/api/events', { ...v, date: v.date.toISOString() });
      notification.success({ message: 'Etkinlik oluşturuldu.' });
      form.resetFields();
      setOpen(false);
      void qc.invalidateQueries({ queryKey: ['events'] });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Etkinlik oluşturulurken bir hata oluştu.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Heading level={1} look={2}>Etkinlikler</Heading>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>Etkinlik Oluştur</Button>
      </div>
      {isLoading ? <PageSpinner /> : data.length === 0 ? <EmptyState title="Yaklaşan etkinlik yok" hint="İlk etkinliği sen oluştur!" /> : (
        <Row gutter={[16, 16]}>{data.map((e) => <Col key={e.id} xs={24} md={12} lg={8}><EventCard event={e} /></Col>)}</Row>
      )}
      <Modal open={open} title="Yeni Etkinlik" okText="Oluştur" cancelText="İptal" onOk={() => form.submit()} onCancel={() => setOpen(false)} confirmLoading={busy}>
        <Form form={form} layout="vertical" onFinish={create} initialValues={{ category: 'Genel', isPrivate: false }}>
          <Form.Item label="Başlık" name="title" rules={[{ required: true, message: 'Başlık gereklidir' }]}><Input /></Form.Item>
          <Form.Item label="Açıklama" name="description" rules={[{ required: true, message: 'Açıklama gereklidir' }]}><Input.TextArea /></Form.Item>
          <Form.Item label="Tarih" name="date" rules={[{ required: true, message: 'Tarih gereklidir' }]}><DatePicker showTime format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} disabledDate={outsideEventYears} /></Form.Item>
          <Form.Item label="Konum" name="location"><Input /></Form.Item>
          <Form.Item label="Kategori" name="category"><Select options={EVENT_CATEGORIES.map((c) => ({ value: c, label: c }))} /></Form.Item>
          <Form.Item label="Özel etkinlik" name="isPrivate" valuePropName="checked"><Switch /></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
