import { useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Form, Input, Result, Row, Segmented, Select, Space, Switch, Tag, Upload } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { UploadOutlined } from '@ant-design/icons';
import { useHref, useNavigate, useParams } from 'react-router-dom';
import { blogSlug, createBlogPostSchema, LIMITS, stripHtml, TEXTS, truncate } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { uploadBlogImage, useBlogCategories, useBlogPostById, useSaveBlogPost, type BlogPostInput } from '../../api/blog';
import { fieldRule } from '../../components/formRules';
import { useSession } from '../../stores/session';
import { usePageMeta } from '../shell/meta';
import { PlainH1 } from '../../components/Heading';
import { BlogArticle } from './BlogPostPage';
import { RichTextEditor } from './editor/RichTextEditor';
import { draftKey, readLocalDraft, type DraftFields } from './editor/localDraft';
import { useAutosave, type SaveState } from './editor/useAutosave';

const T = TEXTS.blogEditor;

/** What the save line says in each state (role="status": a screen reader hears it change). */
function saveText(state: SaveState, published: boolean): string {
  switch (state) {
    case 'saving':
      return T.saving;
    case 'saved':
      return T.saved;
    case 'offline':
      return T.offline;
    case 'failed':
      return T.failed;
    case 'needsTitle':
      return T.needsTitle;
    case 'published':
      return `${T.keptHere} · ${T.publishedNote}`;
    default:
      return published ? T.publishedNote : '';
  }
}

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

/**
 * Writes a new post at /blog/create, or edits one at /blog/edit/{id} (admins only, both). A draft saves itself a moment
 * after each change (a new post becomes a draft on the server once it has a title and a body, and the address becomes its
 * /blog/edit/{id}); every change is kept on this device until the server has it, and comes back after a reload.
 */
export default function BlogCreatePage() {
  const { id: editParam } = useParams();
  const [postId, setPostId] = useState<number | undefined>(editParam ? Number(editParam) : undefined);
  const pageTitle = editParam ? 'Blog Yazısını Düzenle' : 'Yeni Blog Yazısı';
  usePageMeta({ title: pageTitle });
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const editHref = useHref('/blog/edit');
  const { notification, message } = useApp();
  const [form] = Form.useForm();
  const [tags, setTagsState] = useState<string[]>([]);
  const [tagInput, setTagInput] = useState('');
  const [gallery, setGalleryState] = useState<string[]>([]);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const tagsRef = useRef(tags);
  const galleryRef = useRef(gallery);
  const savePost = useSaveBlogPost();
  const busy = savePost.isPending;
  const { data: categories = [] } = useBlogCategories();
  const denied = user && user.role !== 'admin';
  const existing = useBlogPostById(Number(editParam), Boolean(editParam) && !denied);
  const serverPublished = existing.data?.published ?? false;

  const read = (): DraftFields => {
    const v = form.getFieldsValue(true) as Record<string, unknown>;
    const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
    return {
      title: text('title'),
      slug: text('slug'),
      excerpt: text('excerpt'),
      content: text('content'),
      categoryId: typeof v.categoryId === 'number' ? v.categoryId : null,
      featuredImage: text('featuredImage'),
      metaTitle: text('metaTitle'),
      metaDescription: text('metaDescription'),
      metaKeywords: text('metaKeywords'),
      ogTitle: text('ogTitle'),
      ogDescription: text('ogDescription'),
      ogImage: text('ogImage'),
      tags: tagsRef.current,
      gallery: galleryRef.current,
    };
  };
  const autosave = useAutosave({
    postId,
    published: serverPublished,
    read,
    onCreated: (created) => {
      setPostId(created.id);
      // The draft's own address, so that a reload opens it. Written past the router on purpose: the shell remounts the
      // page on every path change, which would take the caret out of the text being typed.
      window.history.replaceState(window.history.state, '', `${editHref}/${created.id}`);
    },
  });
  const changed = autosave.changed;
  const setTags = (next: string[]) => {
    tagsRef.current = next;
    setTagsState(next);
    autosave.changed();
  };
  const setGallery = (update: (g: string[]) => string[]) => {
    galleryRef.current = update(galleryRef.current);
    setGalleryState(galleryRef.current);
    autosave.changed();
  };
  // The post once, from this device's unsaved copy if there is one (then sent on), else from the server.
  const hydrated = useRef<number | 'new' | null>(null);
  useEffect(() => {
    if (denied || user === undefined) return;
    const target = editParam ? Number(editParam) : 'new';
    if (hydrated.current === target) return;
    const p = existing.data;
    if (editParam && !p) return;
    hydrated.current = target;
    if (p) {
      // Empty fields are left out rather than sent as null.
      const fields = {
        title: p.title,
        slug: p.slug,
        // The server fills an empty excerpt from the body: such an excerpt stays empty here, and keeps following the body.
        excerpt: p.excerpt === truncate(stripHtml(p.content), LIMITS.blogExcerptCut) ? undefined : p.excerpt,
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
      tagsRef.current = p.tags;
      galleryRef.current = p.gallery.map((g) => g.url);
      setTagsState(tagsRef.current);
      setGalleryState(galleryRef.current);
    }
    const local = readLocalDraft(draftKey(p?.id));
    if (local) {
      const { tags: t, gallery: g, categoryId, ...fields } = local.fields;
      form.setFieldsValue({ ...fields, categoryId: categoryId ?? undefined });
      tagsRef.current = t;
      galleryRef.current = g;
      setTagsState(t);
      setGalleryState(g);
      message.info(T.restored);
      changed();
    }
  }, [denied, user, editParam, existing.data, form, message, changed]);
  useEffect(() => {
    if (denied) {
      const t = setTimeout(() => navigate('/blog'), 2000);
      return () => clearTimeout(t);
    }
  }, [denied, navigate]);
  if (denied) return <Result status="403" title={<PlainH1>{TEXTS.errors.accessDenied}</PlainH1>} />;
  if (editParam && existing.isError) return <Result status="404" title={<PlainH1>{TEXTS.community.blogNotFound}</PlainH1>} />;

  const upload = async (file: File): Promise<string | null> => {
    if (!file.type.startsWith('image/')) {
      message.error(TEXTS.social.imageOnly);
      return null;
    }
    if (file.size > LIMITS.imageMaxBytes) {
      message.error(TEXTS.social.imageTooLargeAlt);
      return null;
    }
    // By key, not by the returned closer: the toasts may still be loading, and then no function is returned.
    message.open({ key: 'blog-image-upload', type: 'loading', content: T.imageUploading, duration: 0 });
    try {
      return await uploadBlogImage(file);
    } catch (err) {
      message.error(errorMessage(err, T.imageFailed));
      return null;
    } finally {
      message.destroy('blog-image-upload');
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
    // An autosave under way lands first, so it never overwrites this save.
    await autosave.settle();
    const id = autosave.postId();
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
        tags: tagsRef.current,
        gallery: galleryRef.current,
        published,
      };
      const saved = await savePost.mutateAsync({ id, body });
      autosave.confirm(saved.id);
      notification.success({ message: editParam ? 'Yazı güncellendi' : published ? 'Yazı yayınlandı' : 'Taslak kaydedildi' });
      navigate(`/blog/${saved.slug}`);
    } catch (err) {
      notification.error({
        message: TEXTS.errors.title,
        description: errorMessage(err, editParam ? 'Blog yazısı güncellenirken hata oluştu' : 'Blog yazısı oluşturulurken hata oluştu'),
      });
    }
  };
  const status = saveText(autosave.state, serverPublished);
  const preview = () => {
    const f = read();
    const category = categories.find((c) => c.id === f.categoryId);
    return (
      <BlogArticle
        post={{
          title: f.title,
          content: f.content,
          featuredImage: f.featuredImage || null,
          gallery: f.gallery.map((url) => ({ url, caption: '' })),
          category: category ? { id: category.id, name: category.name, slug: category.slug, color: category.color } : null,
          tags: f.tags,
          // As readers will see it once published.
          published: true,
          authorName: existing.data?.authorName ?? user?.displayName ?? '',
          createdAt: existing.data?.createdAt ?? new Date().toISOString(),
          views: existing.data?.views ?? 0,
        }}
      />
    );
  };
  return (
    <Card
      title={<PlainH1>{pageTitle}</PlainH1>}
      loading={Boolean(editParam) && existing.isLoading}
      extra={
        <span role="status" aria-live="polite" className="blog-save-state" data-state={autosave.state}>
          {status}
        </span>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ published: false }}
        onValuesChange={(changed) => {
          if ('title' in changed && !form.isFieldTouched('slug')) form.setFieldsValue({ slug: blogSlug(changed.title ?? '') });
          autosave.changed();
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
            <Segmented
              value={mode}
              onChange={(m) => setMode(m === 'preview' ? 'preview' : 'write')}
              options={[
                { value: 'write', label: T.write },
                { value: 'preview', label: T.preview },
              ]}
              style={{ marginBottom: 12 }}
            />
            {/* The editor stays mounted behind the preview: its undo history and selection survive a look. */}
            <div hidden={mode !== 'write'}>
              <Form.Item label={T.content} name="content" rules={RULES.content}>
                <RichTextEditor upload={upload} />
              </Form.Item>
            </div>
            {mode === 'preview' && <div className="blog-editor-preview">{preview()}</div>}
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
                void upload(f).then((url) => {
                  if (!url) return;
                  form.setFieldsValue({ featuredImage: url });
                  autosave.changed();
                });
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
                <Tag key={g} closable onClose={() => setGallery((all) => all.filter((x) => x !== g))}>
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
        <Space wrap>
          <Button onClick={() => void save(false)} loading={busy}>
            Taslak Kaydet
          </Button>
          <Button type="primary" onClick={() => void save(form.getFieldValue('published') !== false)} loading={busy}>
            Yayınla
          </Button>
          <span aria-hidden className="blog-save-state">
            {status}
          </span>
        </Space>
      </Form>
    </Card>
  );
}
