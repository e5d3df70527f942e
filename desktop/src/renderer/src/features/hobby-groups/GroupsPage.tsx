import { useState } from 'react';
import { Button, Card, Col, Form, Input, Modal, Row, Space, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { createGroupSchema, DEFAULT_GROUP_COLOR, DEFAULT_GROUP_ICON, STATIC_CATEGORIES, TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useCreateHobbyGroup, useHobbyGroups } from '../../api/hobby-groups';
import { AreaFilter, ChooseNeighbourhoodPrompt, NeighbourhoodSelect, PlaceTag, useArea } from '../places/PlaceFields';
import { fieldRule } from '../../components/formRules';
import { useSession } from '../../stores/session';
import { PageSpinner } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { GroupIcon } from './icons';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { ColorTag } from '../../components/ColorTag';

function CreateGroupDialog({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [icon, setIcon] = useState<string>(DEFAULT_GROUP_ICON);
  const [color, setColor] = useState<string>(DEFAULT_GROUP_COLOR);
  const create = useCreateHobbyGroup();
  const { notification } = useApp();
  const submit = async (v: { name: string; description: string; neighbourhoodId?: number | null }) => {
    setBusy(true);
    try {
      await create.mutateAsync({ ...v, neighbourhoodId: v.neighbourhoodId ?? null, icon, color, isPrivate: false });
      notification.success({ message: 'Başarılı!', description: 'Hobi grubu oluşturuldu' });
      form.resetFields();
      onClose();
    } catch (err) {
      // The dialog stays open with what was typed.
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Grup oluşturulurken bir hata oluştu.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="Yeni Hobi Grubu Oluştur"
      onCancel={onClose}
      footer={[
        <Button key="c" onClick={onClose}>
          {TEXTS.confirm.cancel}
        </Button>,
        <Button key="o" type="primary" disabled={busy} onClick={() => form.submit()}>
          {busy ? 'Oluşturuluyor...' : 'Oluştur'}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label="Grup adı" name="name" rules={[fieldRule(createGroupSchema.shape.name, { required: true })]}>
          <Input />
        </Form.Item>
        <Form.Item label="Açıklama" name="description" rules={[fieldRule(createGroupSchema.shape.description, { required: true })]}>
          <Input.TextArea />
        </Form.Item>
        <Form.Item label={TEXTS.places.neighbourhood} name="neighbourhoodId" htmlFor="group-neighbourhood">
          <NeighbourhoodSelect id="group-neighbourhood" />
        </Form.Item>
        <div>Simge ve renk</div>
        <Space wrap style={{ marginTop: 8 }}>
          {STATIC_CATEGORIES.map((c) => (
            <Button
              key={c.key}
              aria-label={c.name}
              type={icon === c.icon ? 'primary' : 'default'}
              onClick={() => {
                setIcon(c.icon);
                setColor(c.color);
              }}
              icon={<GroupIcon name={c.icon} color={icon === c.icon ? '#fff' : c.color} size={16} />}
            />
          ))}
        </Space>
        <Space wrap style={{ marginTop: 8 }}>
          {[...new Set(STATIC_CATEGORIES.map((c) => c.color))].map((c) => (
            <button
              key={c}
              type="button"
              aria-label={`Renk ${c}`}
              onClick={() => setColor(c)}
              style={{ width: 24, height: 24, borderRadius: 12, background: c, border: color === c ? '3px solid #000' : '1px solid #ccc', cursor: 'pointer' }}
            />
          ))}
        </Space>
      </Form>
    </Modal>
  );
}

export default function GroupsPage({ title = 'Hobi Grupları' }: { title?: string }) {
  usePageMeta({ title, description: 'Şehrindeki hobi gruplarını keşfet, katıl ya da kendi grubunu kur.' });
  const user = useSession((s) => s.user);
  const [creating, setCreating] = useState(false);
  const areaState = useArea();
  const { data = [], isLoading } = useHobbyGroups(100, areaState.effective);
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Heading level={1} look={2}>
          {title}
        </Heading>
        {user && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Grup Oluştur
          </Button>
        )}
      </div>
      {title === 'Kategoriler' && (
        <Space wrap style={{ marginBottom: 16 }}>
          {STATIC_CATEGORIES.map((c) => (
            <Link key={c.key} to={`/category/${c.key}`}>
              <ColorTag color={c.color}>{c.name}</ColorTag>
            </Link>
          ))}
        </Space>
      )}
      {!user && user !== undefined && (
        <Card style={{ marginBottom: 16 }}>
          Hobi gruplarına katılmak için giriş yapın{' '}
          <Link to="/login">
            <Button type="link">Giriş Yap</Button>
          </Link>
        </Card>
      )}
      <AreaFilter state={areaState} />
      {areaState.needsPlace ? (
        <ChooseNeighbourhoodPrompt />
      ) : isLoading ? (
        <PageSpinner />
      ) : data.length === 0 ? (
        <EmptyState
          title="Henüz hobi grubu yok"
          hint="İlk hobi grubunu sen oluştur!"
          action={
            user ? (
              <Button type="primary" onClick={() => setCreating(true)}>
                İlk Grubu Oluştur
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((g) => (
            <Col key={g.id} xs={24} md={12} lg={8}>
              <Link to={`/hobby-groups/${g.slug}`}>
                <Card hoverable data-testid="group-card">
                  <Space>
                    <GroupIcon name={g.icon} color={g.color} size={28} />
                    <Heading level={2} look={5} style={{ margin: 0 }}>
                      {g.name}
                    </Heading>
                    {g.isPrivate && <Tag>Özel</Tag>}
                  </Space>
                  {g.neighbourhood && (
                    <div style={{ marginTop: 8 }}>
                      <PlaceTag place={g.neighbourhood} />
                    </div>
                  )}
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginTop: 8 }}>
                    {g.description}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary">
                    {g.memberCount} üye · {g.postCount} gönderi · {g.eventCount} etkinlik
                  </Typography.Text>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
      {creating && <CreateGroupDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
