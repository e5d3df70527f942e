import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Col, Form, InputNumber, Modal, Row, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_TIME_ZONE, eventRepeatSchema, LIMITS, TEXTS } from '@mahalle/shared';
import { fieldRule } from '../../components/formRules';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage } from '../../api/client';
import { useCreateEvent, useEvent, useUpcomingEventPages } from '../../api/events';
import { PageSpinner } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { EventCard } from './EventCard';
import { EventPhotos } from './EventPhotos';
import { eventBody, EventFormFields, type EventFormValues } from './EventFormFields';
import { AreaFilter, ChooseNeighbourhoodPrompt, useArea } from '../places/PlaceFields';
import { toastWrite } from '../../components/ItemStateTags';

export { EventCard };

/** /events/:id, where event notifications lead. */
function OneEvent({ id }: { id: number }) {
  const event = useEvent(id);
  usePageMeta({ title: event.data?.title ?? 'Etkinlik' });
  if (event.isLoading) return <PageSpinner />;
  if (!event.data) return <EmptyState title={TEXTS.social.eventNotFound} />;
  return (
    <Row>
      <Col xs={24} md={16} lg={12}>
        <EventCard event={event.data} full />
        {Date.parse(event.data.date) < Date.now() && <EventPhotos event={event.data} />}
      </Col>
    </Row>
  );
}

export default function EventsPage() {
  const { id } = useParams();
  const eventId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  return eventId !== undefined ? <OneEvent id={eventId} /> : <EventList />;
}

function EventList() {
  usePageMeta({ title: 'Etkinlikler' });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const { notification } = useApp();
  const areaState = useArea();
  const pages = useUpcomingEventPages(100, areaState.effective);
  const data = pages.data?.pages.flatMap((p) => p.items) ?? [];
  // New events are picked in the community's zone; every event answer names it.
  const zone = data.at(0)?.timeZone ?? DEFAULT_TIME_ZONE;
  const isLoading = pages.isLoading;
  const createEvent = useCreateEvent();
  const create = async ({ repeatEvery, repeatCount, ...v }: EventFormValues & { repeatEvery: 'none' | 'weekly' | 'monthly'; repeatCount?: number }) => {
    setBusy(true);
    try {
      const repeat = repeatEvery === 'none' ? undefined : { every: repeatEvery, count: repeatCount ?? 2 };
      const created = await createEvent.mutateAsync({ ...eventBody(v, zone), repeat });
      toastWrite(notification, created, { message: 'Etkinlik oluşturuldu.' });
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
      <AreaFilter state={areaState} />
      {areaState.needsPlace ? (
        <ChooseNeighbourhoodPrompt />
      ) : isLoading ? (
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
      {!areaState.needsPlace && pages.hasNextPage && (
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
        <Form form={form} layout="vertical" onFinish={create} initialValues={{ category: 'Genel', isPrivate: false, repeatEvery: 'none', repeatCount: 4 }}>
          <EventFormFields zone={zone} />
          {/* A recurring event is made as a series of events, each with its own attendance. */}
          <Form.Item label={TEXTS.events.repeat} name="repeatEvery">
            <Select
              options={[
                { value: 'none', label: TEXTS.events.repeatNone },
                { value: 'weekly', label: TEXTS.events.repeatWeekly },
                { value: 'monthly', label: TEXTS.events.repeatMonthly },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['repeatEvery']}>
            {({ getFieldValue }) =>
              getFieldValue('repeatEvery') !== 'none' && (
                <Form.Item label={TEXTS.events.repeatCount} name="repeatCount" rules={[fieldRule(eventRepeatSchema.shape.count, { required: true })]}>
                  <InputNumber min={2} max={LIMITS.eventRepeatMax} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              )
            }
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
