import { Button, DatePicker, Form, Input, InputNumber, Modal, Space, Switch, Tag, Upload } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { PictureOutlined } from '@ant-design/icons';
import { groupEventSchema, LIMITS, TEXTS } from '@mahalle/shared';
import { dayjs, outsideEventYears, pickedIso } from '../../components/time';
import { fieldRule } from '../../components/formRules';

export interface EventValues {
  title: string;
  description?: string;
  date: dayjs.Dayjs;
  location: string;
  maxAttendees?: number;
  isOnline?: boolean;
  meetingLink?: string;
}

interface Props {
  sharing: boolean;
  setSharing: (open: boolean) => void;
  postText: string;
  setPostText: (text: string) => void;
  postImage: File | null;
  setPostImage: (file: File | null) => void;
  sharePost: () => Promise<void>;
  eventOpen: boolean;
  setEventOpen: (open: boolean) => void;
  createEvent: (v: EventValues) => Promise<boolean>;
}

/**
 * A group's 'Gönderi Paylaş' and 'Etkinlik Oluştur' dialogs. Their own module, loaded when a member opens one:
 * antd's form, date picker, number input and upload are not part of a group page's first load. The page keeps the
 * state and the requests.
 */
export default function GroupDialogs({
  sharing,
  setSharing,
  postText,
  setPostText,
  postImage,
  setPostImage,
  sharePost,
  eventOpen,
  setEventOpen,
  createEvent,
}: Props) {
  const { message } = useApp();
  const [eventForm] = Form.useForm();
  return (
    <>
      <Modal
        open={sharing}
        title="Gönderi Paylaş"
        okText="Paylaş"
        cancelText={TEXTS.confirm.cancel}
        onOk={() => void sharePost()}
        onCancel={() => setSharing(false)}
        okButtonProps={{ disabled: !postText.trim() }}
      >
        <Input.TextArea value={postText} onChange={(e) => setPostText(e.target.value)} autoSize={{ minRows: 3 }} aria-label="Gönderi" />
        <Space style={{ marginTop: 8 }}>
          <Upload
            accept="image/*"
            showUploadList={false}
            beforeUpload={(f) => {
              if (!f.type.startsWith('image/')) message.error(TEXTS.social.imageOnly);
              else if (f.size > LIMITS.imageMaxBytes) message.error(TEXTS.social.imageTooLarge);
              else setPostImage(f);
              return false;
            }}
          >
            <Button icon={<PictureOutlined />}>Görsel ekle</Button>
          </Upload>
          {postImage && (
            <Tag closable onClose={() => setPostImage(null)}>
              {postImage.name}
            </Tag>
          )}
        </Space>
      </Modal>
      <Modal
        open={eventOpen}
        title="Etkinlik Oluştur"
        okText="Oluştur"
        cancelText={TEXTS.confirm.cancel}
        onOk={() => eventForm.submit()}
        onCancel={() => setEventOpen(false)}
      >
        <Form form={eventForm} layout="vertical" onFinish={(v: EventValues) => void createEvent(v).then((ok) => ok && eventForm.resetFields())}>
          <Form.Item label="Başlık" name="title" rules={[fieldRule(groupEventSchema.shape.title, { required: true })]}>
            <Input />
          </Form.Item>
          <Form.Item label="Açıklama" name="description" rules={[fieldRule(groupEventSchema.shape.description)]}>
            <Input.TextArea />
          </Form.Item>
          <Form.Item label="Tarih ve saat" name="date" rules={[fieldRule(groupEventSchema.shape.date, { required: true, read: pickedIso })]}>
            <DatePicker showTime format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} disabledDate={outsideEventYears} />
          </Form.Item>
          <Form.Item label="Konum" name="location" rules={[fieldRule(groupEventSchema.shape.location, { required: true })]}>
            <Input />
          </Form.Item>
          <Form.Item label="En fazla katılımcı" name="maxAttendees" rules={[fieldRule(groupEventSchema.shape.maxAttendees)]}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Çevrim içi" name="isOnline" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Toplantı bağlantısı" name="meetingLink" rules={[fieldRule(groupEventSchema.shape.meetingLink)]}>
            <Input placeholder="https://" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
