import { Suspense, useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { CalendarOutlined, DownloadOutlined, EnvironmentOutlined, LinkOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { cancelEventSchema, eventMessageSchema, TEXTS, type EventItem } from '@mahalle/shared';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage, serverBase } from '../../api/client';
import { useSession } from '../../stores/session';
import { fetchEventIcs, useAttendEvent, useCancelEvent, useMessageAttendees, useUpdateEvent } from '../../api/events';
import { mediaUrl } from '../../components/common';
import { formatEventTime, inZone } from '../../components/time';
import { fieldRule } from '../../components/formRules';
import { Heading } from '../../components/Heading';
import { ColorTag } from '../../components/ColorTag';
import { eventBody, EventFormFields, type EventFormValues } from './EventFormFields';
import { PlaceTag } from '../places/PlaceFields';
import { ItemStateTags } from '../../components/ItemStateTags';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';

const ReportButton = lazy(() => import('../admin/ReportDialog').then((m) => ({ default: m.ReportButton })));

const T = TEXTS.events;

/** Saves the event's .ics file (fetched with the session, so a private event downloads too). */
async function downloadIcs(e: EventItem) {
  const text = await fetchEventIcs(e.id);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `etkinlik-${e.id}.ics`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function attendLabel(e: EventItem): string {
  if (e.isAttending) return T.leave;
  if (e.waitlistPosition !== null) return T.leaveWaitlist;
  return e.isFull ? T.joinWaitlist : T.join;
}

/** The event's own page as a link to share: on the server's address, in the browser and the desktop app alike. */
export const eventLink = (id: number) => new URL(`/events/${id}`, serverBase() || window.location.origin).href;

/**
 * An event: in a list (its title links to its page), or `full` on its own page (/events/:id) with the organiser, the
 * waitlist and a link to share; a visitor there is asked to sign in instead of attending.
 */
export function EventCard({ event: e, full = false }: { event: EventItem; full?: boolean }) {
  const { notification, message } = useApp();
  const me = useSession((s) => s.user);
  const signedIn = me !== null;
  // Held for approval or hidden: only its organiser and moderators see it, and nobody joins it.
  const held = Boolean(e.pendingApproval || e.isHidden);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'edit' | 'cancel' | 'message' | null>(null);
  const attendEvent = useAttendEvent();
  const cancelled = e.status === 'cancelled';
  // Once an event has begun its attendance is history (the server refuses changes with event_over).
  const over = new Date(e.date).getTime() <= Date.now();
  const attend = async () => {
    setBusy(true);
    try {
      const r = await attendEvent.mutateAsync(e.id);
      const message =
        r.waitlistPosition !== null ? T.waitlisted(r.waitlistPosition) : r.isAttending ? T.joined : e.waitlistPosition !== null ? T.waitlistLeft : T.left;
      notification.success({ message });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    } finally {
      setBusy(false);
    }
  };
  const ics = async () => {
    try {
      await downloadIcs(e);
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    }
  };
  const share = async () => {
    const url = eventLink(e.id);
    try {
      await navigator.clipboard.writeText(url);
      message.success(T.linkCopied);
    } catch {
      message.info(url);
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
      data-event-id={e.id}
    >
      <Space wrap>
        <ColorTag color={e.category.color}>{e.category.name}</ColorTag>
        {e.isFeatured && <Tag color="gold">Öne Çıkan</Tag>}
        {e.isPrivate && <Tag>Özel</Tag>}
        {e.seriesId !== null && <Tag color="blue">{T.repeatsTag}</Tag>}
        {cancelled && <Tag color="red">{T.cancelledTag}</Tag>}
        {!cancelled && over && <Tag>{T.overTag}</Tag>}
        {!cancelled && !over && e.isFull && <Tag color="orange">{T.full}</Tag>}
        <PlaceTag place={e.neighbourhood} />
        <ItemStateTags item={e} />
      </Space>
      {/* On the event's own page its title is the page's heading. */}
      <Heading level={full ? 1 : 2} look={5} style={{ marginTop: 8 }}>
        {full ? e.title : <Link to={`/events/${e.id}`}>{e.title}</Link>}
      </Heading>
      {cancelled && (
        <Alert type="error" showIcon style={{ marginBottom: 8 }} message={T.cancelledTag} description={e.cancelReason} data-testid="event-cancelled" />
      )}
      <Typography.Paragraph ellipsis={full ? false : { rows: 2 }}>{e.description}</Typography.Paragraph>
      <div>
        <CalendarOutlined /> {formatEventTime(e.date, e.timeZone)}
      </div>
      <div>
        <EnvironmentOutlined /> {[e.location, e.address, full ? e.neighbourhood?.name : undefined].filter(Boolean).join(' · ') || '—'}
      </div>
      {full && (
        <div data-testid="event-organiser">
          <UserOutlined /> {T.organiser}: <Link to={`/user/${e.creator.username}`}>{e.creator.displayName}</Link>
        </div>
      )}
      {full && e.lat !== null && e.lng !== null && (
        <Typography.Text type="secondary" data-testid="event-point">
          {TEXTS.places.lat} {e.lat.toLocaleString('tr-TR')}, {TEXTS.places.lng} {e.lng.toLocaleString('tr-TR')}
        </Typography.Text>
      )}
      <div data-testid="event-seats">
        <TeamOutlined /> {e.capacity !== null ? T.seats(e.attendeesCount, e.capacity) : T.attending(e.attendeesCount)}
      </div>
      {full && e.waitlistCount > 0 && (
        <div data-testid="event-waitlist">
          <Typography.Text type="secondary">{T.waitlistCount(e.waitlistCount)}</Typography.Text>
        </div>
      )}
      {e.waitlistPosition !== null && (
        <Typography.Text type="warning" data-testid="event-waitlist-position">
          {T.waitlistPosition(e.waitlistPosition)}
        </Typography.Text>
      )}
      {!cancelled && !over && !held && !signedIn && (
        <Link to="/login" style={{ display: 'block', marginTop: 8 }}>
          <Button block type="primary">
            {T.signInToAttend}
          </Button>
        </Link>
      )}
      {!cancelled && !over && !held && signedIn && (
        <Button
          style={{ marginTop: 8 }}
          type={e.isAttending || e.waitlistPosition !== null ? 'default' : 'primary'}
          block
          loading={busy}
          onClick={() => void attend()}
        >
          {attendLabel(e)}
        </Button>
      )}
      <Space wrap style={{ marginTop: 8 }}>
        <Button size="small" icon={<DownloadOutlined />} onClick={() => void ics()}>
          {T.addToCalendar}
        </Button>
        {full && (
          <Button size="small" icon={<LinkOutlined />} onClick={() => void share()} data-testid="event-share">
            {T.share}
          </Button>
        )}
        {full && me && me.id !== e.creator.id && (
          <Suspense fallback={null}>
            <ReportButton targetType="event" targetId={e.id} label />
          </Suspense>
        )}
        {e.canManage && !cancelled && (
          <>
            <Button size="small" onClick={() => setDialog('edit')}>
              {T.edit}
            </Button>
            <Button size="small" onClick={() => setDialog('message')}>
              {T.messageAttendees}
            </Button>
            <Button size="small" danger onClick={() => setDialog('cancel')}>
              {T.cancel}
            </Button>
          </>
        )}
      </Space>
      {dialog === 'edit' && <EditDialog event={e} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog event={e} onClose={() => setDialog(null)} />}
      {dialog === 'message' && <MessageDialog event={e} onClose={() => setDialog(null)} />}
    </Card>
  );
}

/** A dialog's action: on success its notice and the dialog closes; on failure the error, and the dialog stays with what was typed. */
function useDialogAction(onClose: () => void) {
  const { notification } = useApp();
  return async (run: () => Promise<string>) => {
    try {
      notification.success({ message: await run() });
      onClose();
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    }
  };
}

function EditDialog({ event: e, onClose }: { event: EventItem; onClose: () => void }) {
  const [form] = Form.useForm<EventFormValues>();
  const act = useDialogAction(onClose);
  const update = useUpdateEvent();
  const save = (v: EventFormValues) =>
    act(async () => {
      await update.mutateAsync({ id: e.id, body: eventBody(v, e.timeZone) });
      return T.saved;
    });
  return (
    <Modal
      open
      title={T.editTitle}
      okText="Kaydet"
      cancelText={TEXTS.confirm.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          title: e.title,
          description: e.description,
          date: inZone(e.date, e.timeZone),
          location: e.location,
          category: e.category.name,
          isPrivate: e.isPrivate,
          capacity: e.capacity,
          neighbourhoodId: e.neighbourhood?.id ?? null,
          address: e.address,
          lat: e.lat,
          lng: e.lng,
        }}
      >
        <EventFormFields zone={e.timeZone} />
      </Form>
    </Modal>
  );
}

/** Cancelling asks for the reason everyone attending or waiting is told. */
function CancelDialog({ event: e, onClose }: { event: EventItem; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const act = useDialogAction(onClose);
  const cancel = useCancelEvent();
  const submit = ({ reason }: { reason: string }) =>
    act(async () => {
      await cancel.mutateAsync({ id: e.id, reason });
      return T.cancelDone;
    });
  return (
    <Modal
      open
      title={T.cancel}
      okText={T.cancel}
      okButtonProps={{ danger: true }}
      cancelText={TEXTS.confirm.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={cancel.isPending}
    >
      <Typography.Paragraph>{T.cancelConfirm}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label={T.cancelReason} name="reason" rules={[fieldRule(cancelEventSchema.shape.reason, { required: true })]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MessageDialog({ event: e, onClose }: { event: EventItem; onClose: () => void }) {
  const [form] = Form.useForm<{ message: string }>();
  const act = useDialogAction(onClose);
  const send = useMessageAttendees();
  const submit = ({ message }: { message: string }) => act(async () => T.messageSent((await send.mutateAsync({ id: e.id, message })).recipients));
  return (
    <Modal
      open
      title={T.messageAttendees}
      okText="Gönder"
      cancelText={TEXTS.confirm.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={send.isPending}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="message" rules={[fieldRule(eventMessageSchema.shape.message, { required: true })]}>
          <Input.TextArea rows={3} maxLength={300} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
