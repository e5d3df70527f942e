import { DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { createEventSchema, EVENT_CATEGORIES, LIMITS, TEXTS } from '@mahalle/shared';
import { NeighbourhoodSelect } from '../places/PlaceFields';
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
  neighbourhoodId?: number | null;
  address?: string;
  lat?: number | null;
  lng?: number | null;
}

/** The form's values as the server takes them: the picked time read in `zone`, an empty capacity as none. */
export const eventBody = (v: EventFormValues, zone: string) => ({
  ...v,
  date: fromZone(v.date, zone),
  capacity: v.capacity ?? null,
  neighbourhoodId: v.neighbourhoodId ?? null,
  lat: v.lat ?? null,
  lng: v.lng ?? null,
});

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
      <Form.Item label={TEXTS.places.neighbourhood} name="neighbourhoodId" htmlFor="event-neighbourhood">
        <NeighbourhoodSelect id="event-neighbourhood" />
      </Form.Item>
      <Form.Item label={TEXTS.places.address} name="address">
        <Input maxLength={LIMITS.eventAddressMax} />
      </Form.Item>
      {/* The optional map point: both coordinates or neither (the server checks the pair too). */}
      <Form.Item label={TEXTS.places.mapPoint} style={{ marginBottom: 0 }}>
        <Space.Compact block>
          <Form.Item name="lat" noStyle>
            <InputNumber placeholder={TEXTS.places.lat} aria-label={TEXTS.places.lat} min={-90} max={90} step={0.0001} style={{ width: '50%' }} />
          </Form.Item>
          <Form.Item
            name="lng"
            noStyle
            dependencies={['lat']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v) =>
                  ((getFieldValue('lat') ?? null) === null) === ((v ?? null) === null) ? Promise.resolve() : Promise.reject(new Error(TEXTS.places.coordsPair)),
              }),
            ]}
          >
            <InputNumber placeholder={TEXTS.places.lng} aria-label={TEXTS.places.lng} min={-180} max={180} step={0.0001} style={{ width: '50%' }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <div style={{ height: 24 }} />
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
