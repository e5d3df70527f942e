import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import { createEventSchema, EVENT_CATEGORIES, TEXTS } from '@mahalle/shared';
import { dayjs, fromZone, outsideEventYears } from '../../components/time';
import { fieldRule } from '../../components/formRules';

/** What the create and edit forms hold; the date is wall-clock time in the community's zone. */
export interface EventFormValues {
  title: string;
  description: string;
  date: dayjs.Dayjs;
  location?: string;
  category: (typeof EVENT_CATEGORIES)[number];
  isPrivate: boolean;
  capacity?: number | null;
}

/** The form's values as the server takes them: the picked time read in `zone`, an empty capacity as none. */
export const eventBody = (v: EventFormValues, zone: string) => ({ ...v, date: fromZone(v.date, zone), capacity: v.capacity ?? null });

/** The fields of the create and edit dialogs (one set, so both check the same limits). */
export function EventFormFields({ zone }: { zone: string }) {
  return (
    <>
      <Form.Item label="Başlık" name="title" rules={[fieldRule(createEventSchema.shape.title, { required: true })]}>
        <Input />
      </Form.Item>
      <Form.Item label="Açıklama" name="description" rules={[fieldRule(createEventSchema.shape.description, { required: true })]}>
        <Input.TextArea />
      </Form.Item>
      <Form.Item
        label="Tarih"
        name="date"
        extra={zone}
        rules={[fieldRule(createEventSchema.shape.date, { required: true, read: (v) => (dayjs.isDayjs(v) ? fromZone(v, zone) : v) })]}
      >
        <DatePicker showTime format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} disabledDate={outsideEventYears} />
      </Form.Item>
      <Form.Item label="Konum" name="location" rules={[fieldRule(createEventSchema.shape.location)]}>
        <Input />
      </Form.Item>
      <Form.Item label={TEXTS.events.capacity} name="capacity" extra={TEXTS.events.capacityHint} rules={[fieldRule(createEventSchema.shape.capacity)]}>
        <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Kategori" name="category">
        <Select options={EVENT_CATEGORIES.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item label="Özel etkinlik" name="isPrivate" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
