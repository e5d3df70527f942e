import { useState } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { CalendarOutlined, EnvironmentOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { createEventSchema, EVENT_CATEGORIES, TEXTS, type EventItem } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useAttendEvent, useCreateEvent, useUpcomingEventPages } from '../../api/events';
import { mediaUrl, PageSpinner } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime, dayjs, outsideEventYears, pickedIso } from '../../components/time';
import { fieldRule } from '../../components/formRules';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { ColorTag } from '../../components/ColorTag';

export function EventCard({ event: e }: { event: EventItem }) {
  const { notification } = useApp();
  const [busy, setBusy] = useState(false);
  const attendEvent = useAttendEvent();
  const attend = async () => {
    setBusy(true);
    try {
      const r = await attendEvent.mutateAsync(e.id);
      notification.success({ message: r.isAttending ? 'Etkinliğe katıldınız' : 'Katılımınız geri alındı' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      id={`event-${e.id}`}
      className="anchor-target"
      cover={
        e.imageUrl ? (
          <img src={mediaUrl(e.imageUrl)} alt="" style={{ height: 160, objectFit: 'cover' }} />
        ) : (
          <div style={{ height: 100, background: `linear-gradient(135deg, ${e.category.color}, #6d28d9)` }} />
        )
      }
      data-testid="event-card"
    >
      <Space wrap>
        <ColorTag color={e.category.color}>{e.category.name}</ColorTag>
        {e.isFeatured && <Tag color="gold">Öne Çıkan</Tag>}
        {e.isPrivate && <Tag>Özel</Tag>}
      </Space>
      <Heading level={2} look={5} style={{ marginTop: 8 }}>
        {e.title}
      </Heading>
      <Typography.Paragraph ellipsis={{ rows: 2 }}>{e.description}</Typography.Paragraph>
      <div>
        <CalendarOutlined /> {formatDateTime(e.date)}
      </div>
      <div>
        <EnvironmentOutlined /> {e.location || '—'}
      </div>
      <div>
        <TeamOutlined /> {e.attendeesCount} kişi katılıyor
      </div>
      <Button style={{ marginTop: 8 }} type={e.isAttending ? 'default' : 'primary'} block loading={busy} onClick={() => void attend()}>
        {e.isAttending ? 'Ayrıl' : 'Katıl'}
      </Button>
    </Card>
  );
}

export default function EventsPage() {
  usePageMeta({ title: 'Etkinlikler' });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const { notification } = useApp();
  const pages = useUpcomingEventPages(100);
  const data = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const isLoading = pages.isLoading;
  const createEvent = useCreateEvent();
  const create = async (v: {
    title: string;
    description: string;
    date: dayjs.Dayjs;
    location?: string;
    category: (typeof EVENT_CATEGORIES)[number];
    isPrivate: boolean;
  }) => {
    setBusy(true);
    try {
      await createEvent.mutateAsync({ ...v, date: v.date.toISOString() });
      notification.success({ message: 'Etkinlik oluşturuldu.' });
      form.resetFields();
      setOpen(false);
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Etkinlik oluşturulurken bir hata oluştu.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Heading level={1} look={2}>
          Etkinlikler
        </Heading>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          Etkinlik Oluştur
        </Button>
      </div>
      {isLoading ? (
        <PageSpinner />
      ) : data.length === 0 ? (
        <EmptyState title="Yaklaşan etkinlik yok" hint="İlk etkinliği sen oluştur!" />
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((e) => (
            <Col key={e.id} xs={24} md={12} lg={8}>
              <EventCard event={e} />
            </Col>
          ))}
        </Row>
      )}
      {pages.hasNextPage && (
        <Button block style={{ marginTop: 16 }} onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          Daha fazla
        </Button>
      )}
      <Modal
        open={open}
        title="Yeni Etkinlik"
        okText="Oluştur"
        cancelText={TEXTS.confirm.cancel}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={busy}
      >
        <Form form={form} layout="vertical" onFinish={create} initialValues={{ category: 'Genel', isPrivate: false }}>
          <Form.Item label="Başlık" name="title" rules={[fieldRule(createEventSchema.shape.title, { required: true })]}>
            <Input />
          </Form.Item>
          <Form.Item label="Açıklama" name="description" rules={[fieldRule(createEventSchema.shape.description, { required: true })]}>
            <Input.TextArea />
          </Form.Item>
          <Form.Item label="Tarih" name="date" rules={[fieldRule(createEventSchema.shape.date, { required: true, read: pickedIso })]}>
            <DatePicker showTime format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} disabledDate={outsideEventYears} />
          </Form.Item>
          <Form.Item label="Konum" name="location" rules={[fieldRule(createEventSchema.shape.location)]}>
            <Input />
          </Form.Item>
          <Form.Item label="Kategori" name="category">
            <Select options={EVENT_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item label="Özel etkinlik" name="isPrivate" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
