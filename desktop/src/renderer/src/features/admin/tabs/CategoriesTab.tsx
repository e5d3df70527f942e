import { useState } from 'react';
import { Button, Card, Col, ColorPicker, Form, Input, Row, Space } from 'antd';
import { blogCategorySchema, TEXTS } from '@mahalle/shared';
import { useBlogCategories, useDeleteBlogCategory, useSaveBlogCategory, type BlogCategoryRow } from '../../../api/admin';
import { PageSpinner } from '../../../components/common';
import { ColorTag } from '../../../components/ColorTag';
import { fieldRule } from '../../../components/formRules';
import { AdminTable } from '../table/AdminTable';
import { byId, useAct, useDeleteRow, useDeleteSelected } from '../actions';
import { actionsColumn, DeleteButton, EditButton, RowActions } from '../workspace';

type CategoryFields = { name: string; color?: unknown; description?: string };

/** The colour picker answers a colour object (or, untouched, the initial hex string). */
function hexOf(color: unknown): string | undefined {
  const hex = typeof color === 'string' ? color : (color as { toHexString?: () => string } | undefined)?.toHexString?.();
  return hex ? hex.toUpperCase().slice(0, 7) : undefined;
}

export default function CategoriesTab() {
  const act = useAct();
  const { data = [], isLoading } = useBlogCategories();
  const saveCategory = useSaveBlogCategory();
  const remove = useDeleteRow(useDeleteBlogCategory(), {
    content: 'Kategorideki yazılar kategorisiz kalır.',
    done: 'Kategori silindi',
    failed: 'Kategori silinemedi',
  });
  const deleteSelected = useDeleteSelected('blog_category');
  const [form] = Form.useForm<CategoryFields>();
  const [editing, setEditing] = useState<BlogCategoryRow | null>(null);
  const save = (v: CategoryFields) => {
    const color = hexOf(v.color);
    return act(
      saveCategory.mutateAsync({ id: editing?.id, name: v.name, description: v.description, ...(color ? { color } : {}) }),
      editing ? 'Kategori güncellendi' : 'Kategori oluşturuldu',
      'Kategori kaydedilemedi',
    ).then(
      () => {
        form.resetFields();
        setEditing(null);
      },
      () => undefined,
    );
  };
  return (
    <Row gutter={16}>
      <Col xs={24} md={10}>
        <Card title={editing ? 'Kategoriyi düzenle' : 'Yeni kategori'} size="small">
          <Form form={form} layout="vertical" onFinish={save} initialValues={{ color: '#3B82F6' }}>
            <Form.Item label="Ad" name="name" rules={[fieldRule(blogCategorySchema.shape.name, { required: true })]}>
              <Input />
            </Form.Item>
            <Form.Item label="Açıklama" name="description" rules={[fieldRule(blogCategorySchema.shape.description)]}>
              <Input />
            </Form.Item>
            <Form.Item label="Renk" name="color">
              <ColorPicker format="hex" />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                Kaydet
              </Button>
              {editing && (
                <Button
                  onClick={() => {
                    setEditing(null);
                    form.resetFields();
                  }}
                >
                  İptal
                </Button>
              )}
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} md={14}>
        {isLoading ? (
          <PageSpinner />
        ) : (
          <AdminTable<BlogCategoryRow>
            id="categories"
            rows={data}
            rowKey={byId}
            columns={[
              { key: 'name', title: 'Ad', width: 160, render: (c) => <ColorTag color={c.color}>{c.name}</ColorTag> },
              { key: 'slug', title: 'Bağlantı', width: 140, render: (c) => `/${c.slug}` },
              { key: 'postCount', title: 'Yazı', width: 70 },
              { key: 'description', title: 'Açıklama', width: 200 },
              actionsColumn(160, (c) => (
                <RowActions>
                  <EditButton
                    onClick={() => {
                      setEditing(c);
                      form.setFieldsValue(c);
                    }}
                  />
                  <DeleteButton onClick={() => remove(c.id, TEXTS.confirm.quoted(c.name))} />
                </RowActions>
              )),
            ]}
            bulkActions={[deleteSelected]}
          />
        )}
      </Col>
    </Row>
  );
}
