import { useState } from 'react';
import { Alert, Button, Card, Col, Collapse, Form, Input, InputNumber, List, Modal, Row, Select, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { TEXTS, type District, type Neighbourhood } from '@mahalle/shared';
import { ApiError, errorMessage } from '../../../api/client';
import {
  useCreateDistrict,
  useCreateNeighbourhood,
  useDeleteDistrict,
  useDeleteNeighbourhood,
  useImportPlaces,
  usePlaces,
  useRenameDistrict,
  useUpdateNeighbourhood,
} from '../../../api/places';
import { useApp } from '../../../components/LazyFeedback';
import { CsvImportResult, type CsvImportOutcome } from '../CsvImportResult';
import { PageSpinner } from '../../../components/common';

const P = TEXTS.places;
type PlaceFields = { name: string; districtId?: number; lat?: number | null; lng?: number | null };

/** The CSV import: a file or pasted text; row errors are listed by line, nothing is written until all are right. */
function ImportCard() {
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<CsvImportOutcome | null>(null);
  const run = useImportPlaces();
  const submit = async () => {
    try {
      const r = await run.mutateAsync(csv);
      setResult({ ok: P.imported(r.created, r.updated) });
    } catch (err) {
      setResult({ error: errorMessage(err, P.importInvalid).replace(`${P.importInvalid} `, ''), rows: err instanceof ApiError ? (err.details ?? []) : [] });
    }
  };
  return (
    <Card title={P.importCsv} size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{P.importHelp}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <label className="ant-btn ant-btn-default" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer', width: 'fit-content' }}>
          <UploadOutlined /> {P.importChoose}
          <input
            type="file"
            accept=".csv,text/csv"
            data-testid="places-csv-file"
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        </label>
        <Input.TextArea rows={5} value={csv} onChange={(e) => setCsv(e.target.value)} aria-label={P.importCsv} placeholder="name,district,lat,lng" />
        <Button type="primary" onClick={() => void submit()} loading={run.isPending} disabled={!csv.trim()}>
          {P.importCsv}
        </Button>
        <CsvImportResult outcome={result} testId="places-import" />
      </Space>
    </Card>
  );
}

/** Name and optional centre point, for adding or editing a neighbourhood; editing also picks its district. */
function PlaceFormFields({ prefix, districts }: { prefix: string; districts?: District[] }) {
  return (
    <>
      <Form.Item name="name" label={P.neighbourhoodName} rules={[{ required: true, message: P.nameRequired }]} htmlFor={`${prefix}-name`}>
        <Input id={`${prefix}-name`} maxLength={80} />
      </Form.Item>
      {districts && (
        <Form.Item name="districtId" label={P.district} htmlFor={`${prefix}-district`}>
          <Select id={`${prefix}-district`} options={districts.map((d) => ({ value: d.id, label: d.name }))} />
        </Form.Item>
      )}
      <Space wrap>
        <Form.Item name="lat" label={P.lat}>
          <InputNumber min={-90} max={90} step={0.0001} />
        </Form.Item>
        <Form.Item name="lng" label={P.lng}>
          <InputNumber min={-180} max={180} step={0.0001} />
        </Form.Item>
      </Space>
    </>
  );
}

/** A remove button that asks first (districts and neighbourhoods alike). */
function RemoveButton({ title, onRemove }: { title: string; onRemove(): Promise<unknown> }) {
  const { modal } = useApp();
  return (
    <Button size="small" danger onClick={() => modal.confirm({ title, okText: P.remove, cancelText: P.cancel, onOk: onRemove })}>
      {P.remove}
    </Button>
  );
}

function DistrictPanel({ district, districts }: { district: District; districts: District[] }) {
  const { notification } = useApp();
  const [adding] = Form.useForm<PlaceFields>();
  const [editing, setEditing] = useState<Neighbourhood | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [editForm] = Form.useForm<PlaceFields>();
  const create = useCreateNeighbourhood();
  const update = useUpdateNeighbourhood();
  const remove = useDeleteNeighbourhood();
  const rename = useRenameDistrict();
  const removeDistrict = useDeleteDistrict();
  const fail = (err: unknown) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, TEXTS.errors.title) });
  const point = (v: PlaceFields) => ({ lat: v.lat ?? null, lng: v.lng ?? null });
  return (
    <div data-testid="district-panel" data-district={district.name}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setRenaming(district.name)}>
          {P.rename}
        </Button>
        <RemoveButton title={P.removeDistrictConfirm(district.name)} onRemove={() => removeDistrict.mutateAsync(district.id).catch(fail)} />
      </Space>
      <List
        size="small"
        dataSource={district.neighbourhoods}
        locale={{ emptyText: P.noPlaces }}
        renderItem={(n) => (
          <List.Item
            data-testid="neighbourhood-row"
            actions={[
              <Button
                key="e"
                size="small"
                onClick={() => {
                  setEditing(n);
                  editForm.setFieldsValue({ name: n.name, districtId: n.districtId, lat: n.lat, lng: n.lng });
                }}
              >
                {P.rename}
              </Button>,
              <RemoveButton key="r" title={P.removeNeighbourhoodConfirm(n.name)} onRemove={() => remove.mutateAsync(n.id).catch(fail)} />,
            ]}
          >
            <Space wrap>
              <span>{n.name}</span>
              {n.lat !== null && n.lng !== null && (
                <Typography.Text type="secondary">
                  {n.lat.toLocaleString('tr-TR')}, {n.lng.toLocaleString('tr-TR')}
                </Typography.Text>
              )}
            </Space>
          </List.Item>
        )}
      />
      <Form
        form={adding}
        layout="vertical"
        style={{ marginTop: 12 }}
        onFinish={(v) => create.mutateAsync({ name: v.name, districtId: district.id, ...point(v) }).then(() => adding.resetFields(), fail)}
      >
        <PlaceFormFields prefix={`add-${district.id}`} />
        <Button htmlType="submit" loading={create.isPending}>
          {P.addNeighbourhood}
        </Button>
      </Form>
      <Modal
        open={editing !== null}
        title={editing?.name}
        okText={P.save}
        cancelText={P.cancel}
        onCancel={() => setEditing(null)}
        onOk={() => editForm.submit()}
        confirmLoading={update.isPending}
        destroyOnHidden
      >
        <Form
          form={editForm}
          layout="vertical"
          onFinish={(v) =>
            editing && update.mutateAsync({ id: editing.id, body: { name: v.name, districtId: v.districtId, ...point(v) } }).then(() => setEditing(null), fail)
          }
        >
          <PlaceFormFields prefix={`edit-${district.id}`} districts={districts} />
        </Form>
      </Modal>
      <Modal
        open={renaming !== null}
        title={P.districtName}
        okText={P.save}
        cancelText={P.cancel}
        onCancel={() => setRenaming(null)}
        onOk={() => renaming && rename.mutateAsync({ id: district.id, name: renaming }).then(() => setRenaming(null), fail)}
        confirmLoading={rename.isPending}
      >
        <Input value={renaming ?? ''} onChange={(e) => setRenaming(e.target.value)} aria-label={P.districtName} maxLength={80} />
      </Modal>
    </div>
  );
}

/** The admin's 'Mahalleler': the city's districts and their neighbourhoods, by hand or from a CSV. */
export default function PlacesTab() {
  const places = usePlaces();
  const createDistrict = useCreateDistrict();
  const { notification } = useApp();
  const [name, setName] = useState('');
  if (places.isLoading || !places.data) return <PageSpinner />;
  const districts = places.data.districts;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Typography.Paragraph type="secondary">{P.adminHint}</Typography.Paragraph>
        <ImportCard />
        <Card title={P.addDistrict} size="small">
          <Space.Compact block>
            <Input value={name} onChange={(e) => setName(e.target.value)} aria-label={P.districtName} placeholder={P.districtName} maxLength={80} />
            <Button
              type="primary"
              loading={createDistrict.isPending}
              disabled={!name.trim()}
              onClick={() =>
                void createDistrict.mutateAsync(name).then(
                  () => setName(''),
                  (err: unknown) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, TEXTS.errors.title) }),
                )
              }
            >
              {P.addDistrict}
            </Button>
          </Space.Compact>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        {districts.length === 0 ? (
          <Alert type="info" showIcon message={P.noPlaces} style={{ marginTop: 16 }} />
        ) : (
          <Collapse
            style={{ marginTop: 16 }}
            items={districts.map((d) => ({
              key: d.id,
              label: `${d.name} (${d.neighbourhoods.length})`,
              children: <DistrictPanel district={d} districts={districts} />,
            }))}
          />
        )}
      </Col>
    </Row>
  );
}
