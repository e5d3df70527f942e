import { Button, DatePicker, Form, Input, InputNumber, Modal, Space, Switch, Tag, Upload } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { PictureOutlined } from '@ant-design/icons';
import { LIMITS } from '@mahalle/shared';
import { dayjs, outsideEventYears } from '../../components/time';

export interface EventValues { title: string; description?: string; date: dayjs.Dayjs; location: string; maxAttendees?: number; isOnline?: boolean; meetingLink?: string }

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
export default function GroupDialogs({ sharing, setSharing, postText, setPostText, postImage, setPostImage, sharePost, eventOpen, setEventOpen, createEvent }: Props) {
  const { message } = useApp();
  const [eventForm] = Form.useForm();
  return (
    <>
      <Modal open={sharing} title="Gönderi Paylaş" okText="Paylaş" cancelText="İptal" onOk={() => void sharePost()} onCancel={() => setSharing(false)} okButtonProps={{ disabled: !postText.trim() }}>
        <Input.TextArea value={postText} onChange={(e) => setPostText(e.target.value)} autoSize={{ minRows: 3 }} aria-label="Gönderi" />
        <Space style={{ marginTop: 8 }}>
          <Upload accept="image/*" showUploadList={false} beforeUpload={(f) => {
            if (!f.type.startsWith('image/')) message.error('Sadece görsel dosyalarını yükleyebilirsiniz');
            else if (f.size > LIMITS.imageMaxBytes) message.error("Resim boyutu 5MB'yi geçemez");
            else setPostImage(f);
            return false;
          }}>
            <Button icon={<PictureOutlined />}>Görsel ekle</Button>
          </Upload>
          {postImage && <Tag closable onClose={() => setPostImage(null)}>{postImage.name}</Tag>}
        </Space>
      </Modal>
      <Modal open={eventOpen} title="Etkinlik Oluştur" okText="Oluştur" cancelText="İptal" onOk={() => eventForm.submit()} onCancel={() => setEventOpen(false)}>
        <Form form={eventForm} layout="vertical" onFinish={(v: EventValues) => void createEvent(v).then((ok) => ok && eventForm.resetFields())}>
          <Form.Item label="Başlık" name="title" rules={[{ required: true, message: 'Başlık gereklidir' }]}><Input /></Form.Item>
          <Form.Item label="Açıklama" name="description"><Input.TextArea /></Form.Item>
          <Form.Item label="Tarih ve saat" name="date" rules={[{ required: true, message: 'Tarih gereklidir' }]}><DatePicker showTime format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} disabledDate={outsideEventYears} /></Form.Item>
          <Form.Item label="Konum" name="location" rules={[{ required: true, message: 'Konum gereklidir' }]}><Input /></Form.Item>
          <Form.Item label="En fazla katılımcı" name="maxAttendees"><InputNumber min={1} style={{ width: '100%' }} /></Form.Item>
          <Form.Item label="Çevrim içi" name="isOnline" valuePropName="checked"><Switch /></Form.Item>
          <Form.Item label="Toplantı bağlantısı" name="meetingLink"><Input placeholder="https://" /></Form.Item>
        </Form>
      </Modal>
    </>
  );
}
