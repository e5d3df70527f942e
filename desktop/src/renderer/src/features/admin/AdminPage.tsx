import { useState } from 'react';
import { Button, Card, Col, ColorPicker, Form, Input, List, Modal, Result, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { LIMITS, QUESTION_CATEGORIES, TEXTS } from '@mahalle/shared';
import { del, errorMessage, get, patch, post } from '../../api/client';
import type { BlogPost } from '../../api/types';
import { useSession } from '../../stores/session';
import { PageSpinner } from '../../components/common';
import { formatDateTime, fromNow } from '../../components/time';
import { AdminTable, type AdminColumn } from './table/AdminTable';
import { describeChange } from './table/format';
import { usePageMeta } from '../shell/meta';
import { confirmDelete as confirmRemoval, reasonQuery } from '../../components/confirmDelete';
import { Heading, PlainH1 } from '../../components/Heading';
import { WrapTabs } from '../../components/WrapTabBar';
import { ColorTag } from '../../components/ColorTag';

/** Deletes the selected rows of one table in one transaction on the server: all, or none. */
const bulkDelete = (type: string, ids: string[]) => post('/api/admin/bulk-delete', { type, ids: ids.map(Number) });

/** A single row's delete asks first, as the bulk actions do. */
function useConfirmDelete() {
  const { modal } = useApp();
  return (title: string, content: string, run: () => Promise<unknown>) =>
    modal.confirm({ title, content, okText: 'Sil', cancelText: 'İptal', okButtonProps: { danger: true }, onOk: () => run().catch(() => undefined) });
}

function useAct() {
  const qc = useQueryClient();
  const { notification } = useApp();
  return (p: Promise<unknown>, ok: string, fail = 'İşlem başarısız oldu') =>
    p.then(() => { notification.success({ message: ok }); void qc.invalidateQueries(); }).catch((err) => { notification.error({ message: TEXTS.errors.title, description: errorMessage(err, fail) }); throw err; });
}

/** Tables the server sorts: pages of {items, nextCursor}, the sort part of the query key. */
function useSorted<T>(key: string[], url: string) {
  const q = useInfiniteQuery({
    queryKey: ['admin', ...key, url],
    initialPageParam: '',
    queryFn: ({ pageParam }) => get<{ items: T[]; nextCursor: string | null }>(`${url}${url.includes('?') ? '&' : '?'}limit=100${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { rows: q.data?.pages.flatMap((p) => p.items) ?? [], loading: q.isLoading, hasMore: q.hasNextPage, more: () => { if (!q.isFetchingNextPage) void q.fetchNextPage(); }, loadingMore: q.isFetchingNextPage };
}

type Sort = { key: string; direction: 'asc' | 'desc' };
const NEWEST: Sort = { key: 'createdAt', direction: 'desc' };
const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();
const A = TEXTS.admin;

interface AdminUser { id: number; displayName: string; username: string; email: string; role: 'user' | 'admin'; isVerified: boolean; isDemo: boolean; createdAt: string }

function UsersTab() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<string>('');
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const me = useSession((s) => s.user)!;
  const [sort, setSort] = useState<Sort>(NEWEST);
  const url = `/api/admin/users?${query({ sort: sort.key, direction: sort.direction, search, role })}`;
  const { rows, loading, hasMore, more, loadingMore } = useSorted<AdminUser>(['users'], url);
  const bulk = (action: string) => (ids: string[]) => act(post('/api/admin/users/bulk', { ids: ids.map(Number), action }), 'Kullanıcılar güncellendi');
  const columns: AdminColumn<AdminUser>[] = [
    { key: 'displayName', title: 'Ad', width: 160, sortKey: 'displayName' },
    { key: 'username', title: 'Kullanıcı adı', width: 140, sortKey: 'username', render: (u) => `@${u.username}` },
    { key: 'email', title: 'E-posta', width: 200 },
    { key: 'role', title: 'Rol', width: 90, render: (u) => <Tag color={u.role === 'admin' ? 'red' : undefined}>{A.roles[u.role] ?? u.role}</Tag> },
    { key: 'isVerified', title: 'Doğrulanmış', width: 110, render: (u) => (u.isVerified ? <Tag color="blue">Evet</Tag> : 'Hayır') },
    { key: 'createdAt', title: 'Katılma', width: 150, sortKey: 'createdAt', render: (u) => formatDateTime(u.createdAt) },
    {
      key: 'actions', title: 'İşlemler', width: 280, render: (u) => (
        <Space>
          <Button size="small" onClick={() => void act(patch(`/api/admin/users/${u.id}`, { isVerified: !u.isVerified }), 'Kullanıcı güncellendi', 'Kullanıcı güncellenemedi')}>{u.isVerified ? 'Doğrulamayı kaldır' : 'Doğrula'}</Button>
          {u.id !== me.id && <Button size="small" onClick={() => void act(patch(`/api/admin/users/${u.id}`, { role: u.role === 'admin' ? 'user' : 'admin' }), 'Rol değiştirildi', 'Kullanıcı güncellenemedi')}>{u.role === 'admin' ? 'Kullanıcı yap' : 'Admin yap'}</Button>}
          {u.role !== 'admin' && <Button size="small" danger onClick={() => confirmDelete('Kullanıcıyı Sil', 'Hesap, gönderileri, yorumları ve mesajlarıyla kalıcı olarak silinecek.', () => act(del(`/api/admin/users/${u.id}`), 'Kullanıcı silindi', 'Kullanıcı silinemedi'))}>Sil</Button>}
        </Space>
      ),
    },
  ];
  return (
    <AdminTable
      id="users"
      rows={rows}
      loading={loading}
      columns={columns}
      rowKey={(u) => String(u.id)}
      hasMore={hasMore} loadingMore={loadingMore}
      onLoadMore={more}
      sort={sort}
      onSortChange={setSort}
      toolbar={
        <>
          <Input.Search placeholder="Kullanıcı ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Kullanıcı ara" />
          <Select value={role} onChange={setRole} style={{ width: 130 }} options={[{ value: '', label: 'Tüm roller' }, { value: 'user', label: 'Kullanıcı' }, { value: 'admin', label: 'Admin' }]} aria-label="Rol filtresi" />
        </>
      }
      bulkActions={[
        { key: 'verify', label: 'Doğrula', run: bulk('verify') },
        { key: 'unverify', label: 'Doğrulamayı kaldır', run: bulk('unverify') },
        { key: 'make_admin', label: 'Admin yap', run: bulk('make_admin') },
        { key: 'make_user', label: 'Kullanıcı yap', run: bulk('make_user') },
        { key: 'delete', label: 'Sil', danger: true, run: bulk('delete') },
      ]}
    />
  );
}

interface AdminComment { kind: 'post' | 'blog' | 'answer' | 'group'; key: string; id: number; content: string; status: string; author: { displayName: string }; targetTitle: string; link: string; createdAt: string }
const KIND_LABEL: Record<string, string> = { post: 'Gönderi', blog: 'Blog', answer: 'Cevap', group: 'Grup' };

function CommentsTab() {
  const [kind, setKind] = useState('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminComment | null>(null);
  const [text, setText] = useState('');
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const [sort, setSort] = useState<Sort>(NEWEST);
  const url = `/api/admin/comments?${query({ kind, search, direction: sort.direction })}`;
  const { rows, loading, hasMore, more, loadingMore } = useSorted<AdminComment>(['comments'], url);
  return (
    <>
      <AdminTable
        id="comments"
        rows={rows}
        loading={loading}
        rowKey={(c) => c.key}
        hasMore={hasMore} loadingMore={loadingMore}
        onLoadMore={more}
        sort={sort}
        onSortChange={(next) => setSort({ key: 'createdAt', direction: next.direction })}
        onOpen={(c) => navigate(c.link)}
        toolbar={
          <>
            <Select value={kind} onChange={setKind} style={{ width: 140 }} options={[{ value: 'all', label: 'Tümü' }, ...Object.entries(KIND_LABEL).map(([value, label]) => ({ value, label }))]} aria-label="Tür" />
            <Input.Search placeholder="Yorumlarda ara..." allowClear onSearch={setSearch} style={{ width: 220 }} />
          </>
        }
        columns={[
          { key: 'kind', title: 'Tür', width: 90, render: (c) => <Tag>{KIND_LABEL[c.kind]}</Tag> },
          { key: 'content', title: 'Yorum', width: 320 },
          { key: 'author', title: 'Yazar', width: 140, render: (c) => c.author.displayName },
          { key: 'targetTitle', title: 'İçerik', width: 200 },
          { key: 'status', title: 'Durum', width: 90, render: (c) => <Tag color={c.status === 'active' ? 'green' : 'orange'}>{c.status === 'active' ? 'Aktif' : 'Gizli'}</Tag> },
          { key: 'createdAt', title: 'Tarih', width: 130, sortKey: 'createdAt', render: (c) => fromNow(c.createdAt) },
          { key: 'actions', title: 'İşlemler', width: 160, render: (c) => (
            <Space>
              <Button size="small" onClick={() => { setEditing(c); setText(c.content); }}>Düzenle</Button>
              <Button size="small" danger onClick={() => confirmDelete(TEXTS.confirm.deleteComment, TEXTS.confirm.cannotUndo, () => act(del(`/api/admin/comments/${c.kind}/${c.id}`), 'Yorum silindi', 'Yorum silinemedi'))}>Sil</Button>
            </Space>
          ) },
        ]}
        bulkActions={[{ key: 'delete', label: 'Sil', danger: true, run: (keys) => act(post('/api/admin/comments/bulk-delete', { items: keys.map((k) => { const [kindOf, id] = k.split('-'); return { kind: kindOf, id: Number(id) }; }) }), 'Yorumlar silindi', 'Yorumlar silinemedi') }]}
      />
      <Modal open={!!editing} title="Yorumu Düzenle" okText="Kaydet" cancelText="İptal" onCancel={() => setEditing(null)} onOk={() => editing && act(patch(`/api/admin/comments/${editing.kind}/${editing.id}`, { content: text }), 'Yorum güncellendi', 'Yorum güncellenemedi').then(() => setEditing(null))}>
        <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 3 }} />
      </Modal>
    </>
  );
}

interface Report { id: number; targetType: string; targetId: number; reason: string; status: string; resolutionNote: string; reporter: { displayName: string } | null; target: { exists: boolean; preview: string; author: { displayName: string } | null; isHidden: boolean }; createdAt: string }

function ReportsTab() {
  const [status, setStatus] = useState('open');
  const [closing, setClosing] = useState<{ report: Report; outcome: 'resolve' | 'dismiss'; action: 'none' | 'delete' | 'hide' } | null>(null);
  const [note, setNote] = useState('');
  const act = useAct();
  const [targetType, setTargetType] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const { rows, loading, hasMore, more, loadingMore } = useSorted<Report>(['reports'], `/api/admin/reports?${query({ status, targetType, direction: sort.direction })}`);
  const close = () => closing && act(post(`/api/admin/reports/${closing.report.id}/${closing.outcome}`, { note, action: closing.action }), closing.outcome === 'resolve' ? 'Şikayet çözüldü' : 'Şikayet reddedildi').then(() => { setClosing(null); setNote(''); });
  return (
    <>
      <AdminTable
        id="reports"
        rows={rows}
        loading={loading}
        rowKey={(r) => String(r.id)}
        hasMore={hasMore} loadingMore={loadingMore}
        onLoadMore={more}
        sort={sort}
        onSortChange={(next) => setSort({ key: 'createdAt', direction: next.direction })}
        toolbar={
          <>
            <Select value={status} onChange={setStatus} style={{ width: 140 }} options={[{ value: 'open', label: 'Açık' }, { value: 'resolved', label: 'Çözüldü' }, { value: 'dismissed', label: 'Reddedildi' }]} aria-label="Durum" />
            <Select value={targetType} onChange={setTargetType} style={{ width: 160 }} options={[{ value: '', label: 'Tüm türler' }, ...Object.entries(A.reportTargets).map(([value, label]) => ({ value, label }))]} aria-label="Şikayet türü" />
          </>
        }
        columns={[
          { key: 'targetType', title: 'Tür', width: 130, render: (r) => <Tag>{A.reportTargets[r.targetType as keyof typeof A.reportTargets] ?? r.targetType}</Tag> },
          { key: 'preview', title: 'İçerik', width: 260, render: (r) => (r.target.exists ? r.target.preview : <Typography.Text type="secondary">Silinmiş</Typography.Text>) },
          { key: 'author', title: 'Yazar', width: 130, render: (r) => r.target.author?.displayName ?? '—' },
          { key: 'reason', title: 'Neden', width: 200 },
          { key: 'reporter', title: 'Şikayet eden', width: 130, render: (r) => r.reporter?.displayName ?? '—' },
          { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (r) => fromNow(r.createdAt) },
          { key: 'actions', title: 'İşlemler', width: 300, render: (r) => r.status !== 'open' ? <Typography.Text type="secondary">{r.resolutionNote}</Typography.Text> : (
            <Space wrap>
              <Button size="small" danger onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'delete' })} disabled={!r.target.exists}>İçeriği sil</Button>
              {r.targetType !== 'user' && <Button size="small" onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'hide' })} disabled={!r.target.exists}>Gizle</Button>}
              <Button size="small" onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'none' })}>Çözüldü</Button>
              <Button size="small" onClick={() => setClosing({ report: r, outcome: 'dismiss', action: 'none' })}>Reddet</Button>
            </Space>
          ) },
        ]}
        bulkActions={status === 'open' ? [
          { key: 'resolve', label: 'Çözüldü olarak işaretle', run: (ids) => act(post('/api/admin/reports/bulk', { ids: ids.map(Number), outcome: 'resolved', note: 'Toplu çözüm' }), 'Şikayetler çözüldü') },
          { key: 'dismiss', label: 'Reddet', run: (ids) => act(post('/api/admin/reports/bulk', { ids: ids.map(Number), outcome: 'dismissed', note: 'Toplu ret' }), 'Şikayetler reddedildi') },
        ] : []}
      />
      <Modal open={!!closing} title={closing?.outcome === 'dismiss' ? 'Şikayeti reddet' : 'Şikayeti çöz'} okText="Onayla" cancelText="İptal" onOk={() => void close()} onCancel={() => setClosing(null)}>
        {closing?.action === 'delete' && <Typography.Paragraph type="danger">Şikayet edilen içerik kalıcı olarak silinecek.</Typography.Paragraph>}
        {closing?.action === 'hide' && <Typography.Paragraph>İçerik okuyuculardan gizlenecek.</Typography.Paragraph>}
        {/* When the content is deleted or hidden, the note is what its author is told as the reason. */}
        <Input.TextArea value={note} onChange={(e) => setNote(e.target.value)} placeholder={closing?.action === 'none' ? 'Not (isteğe bağlı)' : TEXTS.moderation.reasonLabel} aria-label="Not" maxLength={LIMITS.moderationReasonMax} />
      </Modal>
    </>
  );
}

interface QuestionRow { id: number; title: string; content: string; category: string; views: number; upvotes: number; answersCount: number; isAnswered: boolean; author: { displayName: string }; createdAt: string }

function QuestionsTab() {
  const [search, setSearch] = useState('');
  const [answered, setAnswered] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const { rows, loading, hasMore, more, loadingMore } = useSorted<QuestionRow>(['questions'], `/api/admin/questions?${query({ sort: sort.key, direction: sort.direction, search, answered })}`);
  const remove = (id: number | string) => del(`/api/questions/${id}`);
  const [editing, setEditing] = useState<QuestionRow | null>(null);
  const [form] = Form.useForm<{ title: string; content: string; category: string }>();
  const save = () =>
    form.validateFields().then((v) =>
      act(patch(`/api/questions/${editing!.id}`, v), 'Soru güncellendi', 'Soru güncellenemedi').then(() => setEditing(null), () => undefined),
    );
  return (
    <>
    <Modal open={!!editing} title="Soruyu Düzenle" okText="Kaydet" cancelText="İptal" onOk={() => void save()} onCancel={() => setEditing(null)} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={editing ?? undefined} preserve={false}>
        <Form.Item label="Başlık" name="title" rules={[{ required: true, whitespace: true, message: 'Başlık gereklidir' }]}><Input maxLength={LIMITS.questionTitleMax} /></Form.Item>
        <Form.Item label="İçerik" name="content" rules={[{ required: true, whitespace: true, message: 'İçerik gereklidir' }]}><Input.TextArea autoSize={{ minRows: 4 }} maxLength={LIMITS.questionContentMax} /></Form.Item>
        <Form.Item label="Kategori" name="category"><Select options={QUESTION_CATEGORIES.map((c) => ({ value: c, label: c }))} /></Form.Item>
      </Form>
    </Modal>
    <AdminTable<QuestionRow>
      id="questions" rows={rows} loading={loading} rowKey={(q) => String(q.id)} hasMore={hasMore} loadingMore={loadingMore} onLoadMore={more} sort={sort} onSortChange={setSort}
      onOpen={(q) => navigate(`/qa/question/${q.id}`)}
      toolbar={
        <>
          <Input.Search placeholder="Sorularda ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Sorularda ara" />
          <Select value={answered} onChange={setAnswered} style={{ width: 150 }} options={[{ value: '', label: 'Tüm sorular' }, { value: 'true', label: 'Cevaplandı' }, { value: 'false', label: 'Açık' }]} aria-label="Soru durumu" />
        </>
      }
      columns={[
        { key: 'title', title: 'Başlık', width: 280 },
        { key: 'category', title: 'Kategori', width: 110 },
        { key: 'upvotes', title: 'Oy', width: 70, sortKey: 'upvotes' },
        { key: 'views', title: 'Görüntülenme', width: 135, sortKey: 'views' },
        { key: 'answersCount', title: 'Cevap', width: 80, sortKey: 'answersCount' },
        { key: 'isAnswered', title: 'Durum', width: 110, render: (q) => (q.isAnswered ? <Tag color="green">Cevaplandı</Tag> : <Tag>Açık</Tag>) },
        { key: 'author', title: 'Soran', width: 140, render: (q) => q.author.displayName },
        { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (q) => fromNow(q.createdAt) },
        { key: 'actions', title: 'İşlemler', width: 170, render: (q) => <Space><Button size="small" onClick={() => setEditing(q)}>Düzenle</Button><Button size="small" danger onClick={() => confirmDelete(TEXTS.confirm.deleteQuestion, TEXTS.confirm.deleteQuestionBody, () => act(remove(q.id), 'Soru silindi', 'Soru silinemedi'))}>Sil</Button></Space> },
      ]}
      bulkActions={[{ key: 'delete', label: 'Sil', danger: true, run: (ids) => act(bulkDelete('question', ids), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi') }]}
    />
    </>
  );
}

interface EventRow { kind: 'event' | 'group_event'; id: number; title: string; date: string; location: string; attendeesCount: number | null; creator: { displayName: string } | null; group: { name: string; slug: string } | null; createdAt: string }

function EventsTab() {
  const [kind, setKind] = useState<'event' | 'group_event'>('event');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'date', direction: 'asc' });
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const { rows, loading, hasMore, more, loadingMore } = useSorted<EventRow>(['events'], `/api/admin/events?${query({ kind, sort: sort.key, direction: sort.direction, search })}`);
  const remove = (id: number | string) => del(`/api/admin/events/${kind}/${id}`);
  return (
    <AdminTable<EventRow>
      id={`events-${kind}`} rows={rows} loading={loading} rowKey={(e) => String(e.id)} hasMore={hasMore} loadingMore={loadingMore} onLoadMore={more} sort={sort} onSortChange={setSort}
      onOpen={(e) => navigate(e.group ? `/groups/${e.group.slug}` : '/events')}
      toolbar={
        <>
          <Select value={kind} onChange={setKind} style={{ width: 170 }} options={[{ value: 'event', label: 'Şehir etkinlikleri' }, { value: 'group_event', label: 'Grup etkinlikleri' }]} aria-label="Etkinlik türü" />
          <Input.Search placeholder="Etkinlik ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Etkinlik ara" />
        </>
      }
      columns={[
        { key: 'title', title: 'Başlık', width: 240, sortKey: 'title' },
        { key: 'date', title: 'Tarih', width: 160, sortKey: 'date', render: (e) => formatDateTime(e.date) },
        { key: 'location', title: 'Konum', width: 160 },
        ...(kind === 'event'
          ? [{ key: 'attendeesCount', title: 'Katılımcı', width: 110, sortKey: 'attendeesCount' }]
          : [{ key: 'group', title: 'Grup', width: 160, render: (e: EventRow) => e.group?.name ?? '—' }]),
        { key: 'creator', title: 'Oluşturan', width: 140, render: (e) => e.creator?.displayName ?? TEXTS.users.deletedUser },
        { key: 'createdAt', title: 'Eklenme', width: 120, sortKey: 'createdAt', render: (e) => fromNow(e.createdAt) },
        { key: 'actions', title: 'İşlemler', width: 100, render: (e) => <Button size="small" danger onClick={() => confirmDelete('Etkinliği Sil', TEXTS.confirm.cannotUndo, () => act(remove(e.id), 'Etkinlik silindi', 'Etkinlik silinemedi'))}>Sil</Button> },
      ]}
      bulkActions={[{ key: 'delete', label: 'Sil', danger: true, run: (ids) => act(bulkDelete(kind, ids), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi') }]}
    />
  );
}

interface AuditRow { id: number; actorUsername: string | null; action: string; targetType: string; targetId: string | null; before: unknown; after: unknown; createdAt: string }

function AuditTab() {
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const { rows, loading, hasMore, more, loadingMore } = useSorted<AuditRow>(['audit'], `/api/admin/audit?${query({ action, actor, direction: sort.direction })}`);
  return (
    <AdminTable<AuditRow>
      id="audit" rows={rows} loading={loading} rowKey={(a) => String(a.id)} hasMore={hasMore} loadingMore={loadingMore} onLoadMore={more} sort={sort}
      onSortChange={(next) => setSort({ key: 'createdAt', direction: next.direction })}
      toolbar={
        <>
          <Select value={action} onChange={setAction} style={{ width: 220 }} showSearch optionFilterProp="label" aria-label="İşlem"
            options={[{ value: '', label: 'Tüm işlemler' }, ...Object.entries(A.auditActions).map(([value, label]) => ({ value, label }))]} />
          <Input.Search placeholder="Kim (kullanıcı adı)" allowClear onSearch={(v) => setActor(v.replace(/^@/, ''))} style={{ width: 200 }} aria-label="İşlemi yapan" />
        </>
      }
      columns={[
        { key: 'createdAt', title: 'Zaman', width: 160, sortKey: 'createdAt', render: (a) => formatDateTime(a.createdAt) },
        { key: 'actorUsername', title: 'Kim', width: 120, render: (a) => (a.actorUsername ? `@${a.actorUsername}` : '—') },
        { key: 'action', title: 'İşlem', width: 190, render: (a) => <Tag title={a.action}>{A.auditActions[a.action] ?? a.action}</Tag> },
        { key: 'target', title: 'Kayıt', width: 140, render: (a) => `${a.targetType} #${a.targetId ?? '—'}` },
        { key: 'change', title: 'Değişiklik', width: 360, render: (a) => <Typography.Text style={{ fontSize: 12 }}>{describeChange(a.before, a.after)}</Typography.Text> },
      ]}
    />
  );
}

interface ContentRow { id: number; content: string; author: { displayName: string }; likesCount: number; commentsCount: number; isHidden: boolean; group: { name: string; slug: string } | null; createdAt: string }

function ContentTab() {
  const [kind, setKind] = useState<'post' | 'group_post'>('post');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const act = useAct();
  const navigate = useNavigate();
  const url = `/api/admin/content?${query({ kind, sort: sort.key, direction: sort.direction, search })}`;
  const { rows, loading, hasMore, more, loadingMore } = useSorted<ContentRow>(['content'], url);
  const { modal } = useApp();
  const remove = (id: number | string, reason = '') => del(`/api/admin/content/${kind}/${id}${reasonQuery(reason)}`);
  return (
    <AdminTable<ContentRow>
      id={`content-${kind}`}
      rows={rows}
      loading={loading}
      rowKey={(r) => String(r.id)}
      hasMore={hasMore} loadingMore={loadingMore}
      onLoadMore={more}
      sort={sort}
      onSortChange={setSort}
      onOpen={(r) => navigate(r.group ? `/groups/${r.group.slug}` : `/posts/${r.id}`)}
      toolbar={
        <>
          <Select value={kind} onChange={setKind} options={[{ value: 'post', label: 'Gönderiler' }, { value: 'group_post', label: 'Grup gönderileri' }]} style={{ width: 170 }} aria-label="İçerik türü" />
          <Input.Search placeholder="İçerikte ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="İçerikte ara" />
        </>
      }
      columns={[
        { key: 'content', title: 'İçerik', width: 320 },
        { key: 'author', title: 'Yazar', width: 140, render: (r) => r.author.displayName },
        { key: 'group', title: 'Grup', width: 140, render: (r) => r.group?.name ?? '—' },
        { key: 'likesCount', title: 'Beğeni', width: 90, sortKey: 'likesCount' },
        { key: 'commentsCount', title: 'Yorum', width: 90, sortKey: 'commentsCount' },
        { key: 'isHidden', title: 'Durum', width: 90, render: (r) => (r.isHidden ? <Tag color="orange">Gizli</Tag> : <Tag color="green">Yayında</Tag>) },
        { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (r) => fromNow(r.createdAt) },
        // The author is told, with the reason the admin writes here (optional).
        { key: 'actions', title: 'İşlemler', width: 100, render: (r) => <Button size="small" danger onClick={() => confirmRemoval(modal.confirm, { title: 'İçeriği Sil', moderating: true, run: (reason) => act(remove(r.id, reason), 'Silindi', 'Silinemedi').catch(() => undefined) })}>Sil</Button> },
      ]}
      bulkActions={[{ key: 'delete', label: 'Sil', danger: true, run: (ids) => act(post('/api/admin/content/bulk-delete', { kind, ids: ids.map(Number) }), 'İçerikler silindi', 'İçerikler silinemedi') }]}
    />
  );
}

interface GroupRow { id: number; name: string; slug: string; isPrivate: boolean; memberCount: number; postCount: number; eventCount: number; creator: { displayName: string } | null; createdAt: string }

function GroupsTab() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const url = `/api/admin/groups?${query({ sort: sort.key, direction: sort.direction, search })}`;
  const { rows, loading, hasMore, more, loadingMore } = useSorted<GroupRow>(['groups'], url);
  return (
    <AdminTable<GroupRow>
      id="groups"
      rows={rows}
      loading={loading}
      rowKey={(g) => String(g.id)}
      hasMore={hasMore} loadingMore={loadingMore}
      onLoadMore={more}
      sort={sort}
      onSortChange={setSort}
      onOpen={(g) => navigate(`/groups/${g.slug}`)}
      toolbar={<Input.Search placeholder="Grup ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Grup ara" />}
      columns={[
        { key: 'name', title: 'Ad', width: 200, sortKey: 'name' },
        { key: 'isPrivate', title: 'Tür', width: 80, render: (g) => (g.isPrivate ? <Tag>Özel</Tag> : 'Açık') },
        { key: 'memberCount', title: 'Üye', width: 80, sortKey: 'memberCount' },
        { key: 'postCount', title: 'Gönderi', width: 90, sortKey: 'postCount' },
        { key: 'eventCount', title: 'Etkinlik', width: 90 },
        { key: 'creator', title: 'Kuran', width: 140, render: (g) => g.creator?.displayName ?? 'Silinmiş kullanıcı' },
        { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (g) => fromNow(g.createdAt) },
        { key: 'actions', title: 'İşlemler', width: 100, render: (g) => <Button size="small" danger onClick={() => confirmDelete('Grubu Sil', 'Grup, gönderileri, üyelikleri ve etkinlikleriyle kalıcı olarak silinecek.', () => act(del(`/api/admin/groups/${g.id}`), 'Grup silindi', 'Grup silinemedi'))}>Sil</Button> },
      ]}
      bulkActions={[{ key: 'delete', label: 'Sil', danger: true, run: (ids) => act(bulkDelete('hobby_group', ids), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi') }]}
    />
  );
}

function CategoriesTab() {
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const { data = [], isLoading } = useQuery({ queryKey: ['blog', 'categories'], queryFn: () => get<{ id: number; name: string; slug: string; color: string; postCount: number; description: string }[]>('/api/blog/categories') });
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ id: number; name: string; color: string } | null>(null);
  const save = (v: { name: string; color?: unknown; description?: string }) => {
    const color = typeof v.color === 'string' ? v.color : (v.color as { toHexString?: () => string } | undefined)?.toHexString?.();
    const body = { name: v.name, description: v.description, ...(color ? { color: color.toUpperCase().slice(0, 7) } : {}) };
    return act(editing ? patch(`/api/blog/categories/${editing.id}`, body) : post('/api/blog/categories', body), editing ? 'Kategori güncellendi' : 'Kategori oluşturuldu', 'Kategori kaydedilemedi').then(() => { form.resetFields(); setEditing(null); });
  };
  return (
    <Row gutter={16}>
      <Col xs={24} md={10}>
        <Card title={editing ? 'Kategoriyi düzenle' : 'Yeni kategori'} size="small">
          <Form form={form} layout="vertical" onFinish={save} initialValues={{ color: '#3B82F6' }}>
            <Form.Item label="Ad" name="name" rules={[{ required: true, message: 'Kategori adı gereklidir' }]}><Input /></Form.Item>
            <Form.Item label="Açıklama" name="description"><Input /></Form.Item>
            <Form.Item label="Renk" name="color"><ColorPicker format="hex" /></Form.Item>
            <Space><Button type="primary" htmlType="submit">Kaydet</Button>{editing && <Button onClick={() => { setEditing(null); form.resetFields(); }}>İptal</Button>}</Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} md={14}>
        {isLoading ? <PageSpinner /> : (
          <AdminTable
            id="categories" rows={data} rowKey={(c) => String(c.id)}
            columns={[
              { key: 'name', title: 'Ad', width: 160, render: (c) => <ColorTag color={c.color}>{c.name}</ColorTag> },
              { key: 'slug', title: 'Bağlantı', width: 140, render: (c) => `/${c.slug}` },
              { key: 'postCount', title: 'Yazı', width: 70 },
              { key: 'description', title: 'Açıklama', width: 200 },
              { key: 'actions', title: 'İşlemler', width: 160, render: (c) => (
                <Space>
                  <Button size="small" onClick={() => { setEditing(c); form.setFieldsValue(c); }}>Düzenle</Button>
                  <Button size="small" danger onClick={() => confirmDelete('Kategoriyi Sil', 'Kategorideki yazılar kategorisiz kalır.', () => act(del(`/api/blog/categories/${c.id}`), 'Kategori silindi', 'Kategori silinemedi'))}>Sil</Button>
                </Space>
              ) },
            ]}
            bulkActions={[{ key: 'delete', label: 'Sil', danger: true, run: (ids) => act(bulkDelete('blog_category', ids), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi') }]}
          />
        )}
      </Col>
    </Row>
  );
}

function BlogTab() {
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const { rows, loading, hasMore, more, loadingMore } = useSorted<BlogPost>(['blog'], `/api/admin/blog?${query({ sort: sort.key, direction: sort.direction, search, status })}`);
  return (
    <AdminTable<BlogPost>
      id="blog" rows={rows} loading={loading} rowKey={(b) => String(b.id)} hasMore={hasMore} loadingMore={loadingMore} onLoadMore={more} sort={sort} onSortChange={setSort}
      onOpen={(b) => navigate(`/blog/${b.slug}`)}
      toolbar={
        <>
          <Button type="primary" onClick={() => navigate('/blog/create')}>Yeni Yazı</Button>
          <Input.Search placeholder="Başlıkta ara..." allowClear onSearch={setSearch} style={{ width: 220 }} aria-label="Blog yazısı ara" />
          <Select value={status} onChange={setStatus} style={{ width: 140 }} options={[{ value: 'all', label: 'Tümü' }, { value: 'published', label: 'Yayında' }, { value: 'draft', label: 'Taslak' }]} aria-label="Yayın durumu" />
        </>
      }
      columns={[
        { key: 'title', title: 'Başlık', width: 260, sortKey: 'title' },
        { key: 'status', title: 'Durum', width: 100, render: (b) => (b.published ? <Tag color="green">Yayında</Tag> : <Tag color="orange">Taslak</Tag>) },
        { key: 'views', title: 'Görüntülenme', width: 135, sortKey: 'views' },
        { key: 'likesCount', title: 'Beğeni', width: 80, sortKey: 'likesCount' },
        { key: 'commentsCount', title: 'Yorum', width: 80, sortKey: 'commentsCount' },
        { key: 'createdAt', title: 'Tarih', width: 130, sortKey: 'createdAt', render: (b) => fromNow(b.createdAt) },
        { key: 'actions', title: 'İşlemler', width: 220, render: (b) => (
          <Space>
            <Button size="small" onClick={() => navigate(`/blog/edit/${b.id}`)}>Düzenle</Button>
            <Button size="small" onClick={() => void act(patch(`/api/blog/posts/${b.id}`, { published: !b.published }), b.published ? 'Taslağa alındı' : 'Yayınlandı', 'Blog yazısı güncellenemedi')}>{b.published ? 'Taslağa al' : 'Yayınla'}</Button>
            <Button size="small" danger onClick={() => confirmDelete('Yazıyı Sil', TEXTS.confirm.cannotUndo, () => act(del(`/api/blog/posts/${b.id}`), 'Yazı silindi', 'Blog yazısı silinemedi'))}>Sil</Button>
          </Space>
        ) },
      ]}
      bulkActions={[{ key: 'delete', label: 'Sil', danger: true, run: (ids) => act(bulkDelete('blog_post', ids), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi') }]}
    />
  );
}

export default function AdminPage() {
  usePageMeta({ title: 'Yönetici Paneli' });
  const user = useSession((s) => s.user);
  const { data: stats } = useQuery({ queryKey: ['admin', 'stats'], queryFn: () => get<Record<string, number> & { recentActivity: { id: string; title: string; date: string; type: string }[] }>('/api/admin/stats'), enabled: user?.role === 'admin' });
  if (user?.role !== 'admin') return <Result status="403" title={<PlainH1>Bu sayfaya erişim yetkiniz yok</PlainH1>} />;
  const statLabels: [string, string][] = [['totalUsers', 'Kullanıcı'], ['totalPosts', 'Gönderi'], ['totalBlogs', 'Blog'], ['totalComments', 'Yorum'], ['totalCategories', 'Kategori'], ['totalQuestions', 'Soru'], ['totalEvents', 'Etkinlik'], ['openReports', 'Açık şikayet']];
  return (
    <div>
      <Heading level={1} look={2}>Yönetici Paneli</Heading>
      <WrapTabs
        id="admin-tabs"
        destroyOnHidden
        items={[
          { key: 'stats', label: 'İstatistikler', children: (
            <>
              <Row gutter={[12, 12]}>{statLabels.map(([k, label]) => <Col key={k} xs={12} md={6}><Card size="small"><Statistic title={label} value={stats?.[k] ?? 0} /></Card></Col>)}</Row>
              <Card title="Son Aktiviteler" size="small" style={{ marginTop: 12 }}>
                <List dataSource={stats?.recentActivity ?? []} renderItem={(a) => <List.Item><Tag>{A.activityTypes[a.type] ?? a.type}</Tag> {a.title} <Typography.Text type="secondary">{fromNow(a.date)}</Typography.Text></List.Item>} />
              </Card>
            </>
          ) },
          { key: 'categories', label: 'Kategoriler', children: <CategoriesTab /> },
          { key: 'blog', label: 'Blog Yazıları', children: <BlogTab /> },
          { key: 'qa', label: 'Soru & Cevap', children: <QuestionsTab /> },
          { key: 'users', label: 'Kullanıcılar', children: <UsersTab /> },
          { key: 'comments', label: 'Yorumlar', children: <CommentsTab /> },
          { key: 'events', label: 'Etkinlikler', children: <EventsTab /> },
          { key: 'content', label: 'İçerik Yönetimi', children: <ContentTab /> },
          { key: 'groups', label: 'Hobi Grupları', children: <GroupsTab /> },
          { key: 'reports', label: 'Şikayetler', children: <ReportsTab /> },
          { key: 'audit', label: 'Denetim Kaydı', children: <AuditTab /> },
        ]}
      />
    </div>
  );
}

