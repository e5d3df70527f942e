import { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Input, Result, Row, Select, Space, Switch, Tag, Upload } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { UploadOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { blogSlug, createBlogPostSchema, LIMITS, TEXTS, truncate } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { uploadBlogImage, useBlogCategories, useBlogPostById, useSaveBlogPost, type BlogPostInput } from '../../api/blog';
import { fieldRule } from '../../components/formRules';
import { useSession } from '../../stores/session';
import { usePageMeta } from '../shell/meta';
import { PlainH1 } from '../../components/Heading';

const F = createBlogPostSchema.shape;
/** Each field checked by the schema the server parses it with; a blank title or content is the save's own warning (as specified). */
const RULES = {
  title: [fieldRule(F.title.optional())],
  slug: [fieldRule(F.slug)],
  excerpt: [fieldRule(F.excerpt)],
  content: [fieldRule(F.content.optional())],
  featuredImage: [fieldRule(F.featuredImage)],
  metaTitle: [fieldRule(F.metaTitle)],
  metaDescription: [fieldRule(F.metaDescription)],
  metaKeywords: [fieldRule(F.metaKeywords)],
  ogTitle: [fieldRule(F.ogTitle)],
  ogDescription: [fieldRule(F.ogDescription)],
  ogImage: [fieldRule(F.ogImage)],
};

/** Writes a new post at /blog/create, or edits one at /blog/edit/{id} (admins only, both). */
export default function BlogCreatePage() {
  const { id: editId } = useParams();
  const pageTitle = editId ? 'Blog Yazısını Düzenle' : 'Yeni Blog Yazısı';
  usePageMeta({ title: pageTitle });
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const { notification, message } = useApp();
  const [form] = Form.useForm();
  const [tags, setTags] = useState<string[]>([]);
  const [tagInput, setTagInput] = useState('');
  const [gallery, setGallery] = useState<string[]>([]);
  const savePost = useSaveBlogPost();
  const busy = savePost.isPending;
  const { data: categories = [] } = useBlogCategories();
  const denied = user && user.role !== 'admin';
  const existing = useBlogPostById(Number(editId), Boolean(editId) && !denied);
  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    // Empty fields are left out rather than sent as null.
    const fields = {
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      content: p.content,
      categoryId: p.categoryId,
      featuredImage: p.featuredImage,
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
      metaKeywords: p.metaKeywords,
      ogTitle: p.ogTitle,
      ogDescription: p.ogDescription,
      ogImage: p.ogImage,
      published: p.published,
    };
    form.setFieldsValue(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? undefined])));
    setTags(p.tags);
    setGallery(p.gallery.map((g) => g.url));
  }, [existing.data, form]);
  useEffect(() => {
    if (denied) {
      const t = setTimeout(() => navigate('/blog'), 2000);
      return () => clearTimeout(t);
    }
  }, [denied, navigate]);
  if (denied) return <Result status="403" title={<PlainH1>{TEXTS.errors.accessDenied}</PlainH1>} />;
  if (editId && existing.isError) return <Result status="404" title={<PlainH1>{TEXTS.community.blogNotFound}</PlainH1>} />;

  const upload = async (file: File): Promise<string | null> => {
    if (!file.type.startsWith('image/')) {
      message.error(TEXTS.social.imageOnly);
      return null;
    }
    if (file.size > LIMITS.imageMaxBytes) {
      message.error(TEXTS.social.imageTooLargeAlt);
      return null;
    }
    try {
      return await uploadBlogImage(file);
    } catch (err) {
      message.error(errorMessage(err, 'Görsel yüklenemedi'));
      return null;
    }
  };
  const addTag = () => {
    const t = tagInput.trim();
    if (t && !tags.some((x) => x.toLocaleLowerCase('tr') === t.toLocaleLowerCase('tr'))) setTags([...tags, t]);
    setTagInput('');
  };
  const save = async (published: boolean) => {
    const v = form.getFieldsValue();
    if (!v.title?.trim() || !v.content?.trim())
      return notification.warning({ message: TEXTS.community.missingFieldsTitle, description: TEXTS.community.blogTitleContentRequired });
    try {
      // The fields' own rules (lengths, slug, image addresses) as the server checks them.
      await form.validateFields();
    } catch {
      return;
    }
    try {
      const body: BlogPostInput = {
        title: v.title,
        content: v.content,
        ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined)),
        slug: v.slug || blogSlug(v.title),
        metaTitle: v.metaTitle || v.title,
        metaDescription: v.metaDescription || truncate(v.excerpt ?? '', LIMITS.metaDescriptionMax),
        ogTitle: v.ogTitle || v.title,
        ogDescription: v.ogDescription || v.excerpt,
        tags,
        gallery,
        published,
      };
      const created = await savePost.mutateAsync({ id: editId ? Number(editId) : undefined, body });
      notification.success({ message: editId ? 'Yazı güncellendi' : published ? 'Yazı yayınlandı' : 'Taslak kaydedildi' });
      navigate(`/blog/${created.slug}`);
    } catch (err) {
      notification.error({
        message: TEXTS.errors.title,
        description: errorMessage(err, editId ? 'Blog yazısı güncellenirken hata oluştu' : 'Blog yazısı oluşturulurken hata oluştu'),
      });
    }
  };
  return (
    <Card title={<PlainH1>{pageTitle}</PlainH1>} loading={Boolean(editId) && existing.isLoading}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ published: false }}
        onValuesChange={(changed) => {
          if ('title' in changed && !form.isFieldTouched('slug')) form.setFieldsValue({ slug: blogSlug(changed.title ?? '') });
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item label="Başlık" name="title" rules={RULES.title}>
              <Input maxLength={LIMITS.blogTitleMax} />
            </Form.Item>
            <Form.Item label="Kısa ad (slug)" name="slug" rules={RULES.slug}>
              <Input />
            </Form.Item>
            <Form.Item label="Özet" name="excerpt" rules={RULES.excerpt}>
              <Input.TextArea maxLength={LIMITS.blogExcerptMax} showCount />
            </Form.Item>
            <Form.Item label="İçerik (HTML)" name="content" rules={RULES.content}>
              <Input.TextArea autoSize={{ minRows: 10 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Kategori" name="categoryId">
              <Select allowClear options={categories.map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
            <Form.Item label="Öne çıkan görsel (URL)" name="featuredImage" rules={RULES.featuredImage}>
              <Input placeholder="https://" />
            </Form.Item>
            <Upload
              accept="image/*"
              showUploadList={false}
              beforeUpload={(f) => {
                void upload(f).then((url) => url && form.setFieldsValue({ featuredImage: url }));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>Görsel yükle</Button>
            </Upload>
            <div style={{ marginTop: 12 }}>
              Galeri ({gallery.length}/{LIMITS.galleryMax})
            </div>
            <Upload
              accept="image/*"
              multiple
              showUploadList={false}
              beforeUpload={(f) => {
                if (gallery.length >= LIMITS.galleryMax) {
                  message.error(`${TEXTS.community.galleryTooMany} (${f.name})`);
                  return false;
                }
                void upload(f).then((url) => url && setGallery((g) => (g.length < LIMITS.galleryMax ? [...g, url] : g)));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>Galeriye ekle</Button>
            </Upload>
            <div>
              {gallery.map((g) => (
                <Tag key={g} closable onClose={() => setGallery(gallery.filter((x) => x !== g))}>
                  {g.split('/').pop()}
                </Tag>
              ))}
            </div>
            <div style={{ marginTop: 12 }}>Etiketler</div>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label="Etiketler"
                value={tagInput}
                onChange={(e) => setTagInput(e.target.value)}
                onPressEnter={(e) => {
                  e.preventDefault();
                  addTag();
                }}
              />
              <Button onClick={addTag}>Ekle</Button>
            </Space.Compact>
            <div style={{ marginTop: 4 }}>
              {tags.map((t) => (
                <Tag key={t} closable onClose={() => setTags(tags.filter((x) => x !== t))}>
                  {t}
                </Tag>
              ))}
            </div>
            <Form.Item label="Meta başlık" name="metaTitle" rules={RULES.metaTitle} style={{ marginTop: 12 }}>
              <Input />
            </Form.Item>
            <Form.Item label="Meta açıklama" name="metaDescription" rules={RULES.metaDescription}>
              <Input.TextArea maxLength={LIMITS.metaDescriptionMax} />
            </Form.Item>
            <Form.Item label="Meta anahtar kelimeler" name="metaKeywords" rules={RULES.metaKeywords}>
              <Input />
            </Form.Item>
            <Form.Item label="OG başlık" name="ogTitle" rules={RULES.ogTitle}>
              <Input />
            </Form.Item>
            <Form.Item label="OG açıklama" name="ogDescription" rules={RULES.ogDescription}>
              <Input />
            </Form.Item>
            <Form.Item label="OG görsel" name="ogImage" rules={RULES.ogImage}>
              <Input />
            </Form.Item>
            <Form.Item label="Yayında" name="published" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button onClick={() => void save(false)} loading={busy}>
            Taslak Kaydet
          </Button>
          <Button type="primary" onClick={() => void save(form.getFieldValue('published') !== false)} loading={busy}>
            Yayınla
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
