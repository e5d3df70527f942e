import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Form, Input, List, Modal, Result, Row, Space, Statistic, Switch, Tabs, Tag, Typography, Upload } from 'antd';
import { EnvironmentOutlined, LinkOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, TEXTS } from '@mahalle/shared';
import { api, ApiError, del, errorMessage, get, post } from '../../api/client';
import type { Person, Profile } from '../../api/types';
import { useSession } from '../../stores/session';
import { PageSpinner, UserAvatar, UserName } from '../../components/common';
import { formatDate } from '../../components/time';
import { PostList } from '../feed/PostList';
import { usePageMeta } from '../shell/meta';
import { ReportButton } from '../admin/ReportDialog';
import { Heading, PlainH1 } from '../../components/Heading';
import { ItemMeta } from '../../components/ItemMeta';

function People({ userId, kind, own }: { userId: number; kind: 'followers' | 'following'; own: boolean }) {
  const qc = useQueryClient();
  const { notification } = App.useApp();
  const { data = [], isLoading, isError } = useQuery({ queryKey: ['users', userId, kind], queryFn: () => get<Person[]>(`/api/users/${userId}/${kind}?limit=100`) });
  if (isLoading) return <PageSpinner />;
  if (isError) return <Typography.Text type="secondary">Bu hesap gizli; yalnızca takipçileri görebilir</Typography.Text>;
  return (
    <List
      dataSource={data}
      locale={{ emptyText: kind === 'followers' ? 'Henüz takipçi yok' : 'Henüz kimse takip edilmiyor' }}
      renderItem={(p) => (
        <List.Item
          actions={own && kind === 'following' ? [
            <Button key="u" size="small" onClick={() => del(`/api/users/${p.id}/unfollow`).then(() => qc.invalidateQueries({ queryKey: ['users'] })).catch(() => notification.error({ message: TEXTS.errors.title, description: 'Takipten çıkarken bir hata oluştu.' }))}>Takipten Çık</Button>,
          ] : []}
        >
          <ItemMeta avatar={<UserAvatar user={p} />} title={<UserName user={p} />} description={`@${p.username}`} />
        </List.Item>
      )}
    />
  );
}

function MessageDialog({ to, onClose }: { to: Profile; onClose(): void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const { notification } = App.useApp();
  const send = async () => {
    setBusy(true);
    try {
      await post('/api/messages', { receiverId: to.id, content: text, messageType: 'text' });
      notification.success({ message: 'Mesaj gönderildi' });
      onClose();
    } catch (err) {
      notification.error({ message: 'Hata', description: errorMessage(err, 'Mesaj gönderilemedi') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`${to.displayName} kişisine mesaj`} okText="Gönder" cancelText="İptal" onOk={() => void send()} onCancel={onClose} confirmLoading={busy} okButtonProps={{ disabled: !text.trim() }}>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        // Enter sends, Shift+Enter adds a line, as in the chat pane.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (text.trim() && !busy) void send();
          }
        }}
        maxLength={LIMITS.messageMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        aria-label="Mesaj"
      />
    </Modal>
  );
}

function EditDialog({ profile, onClose }: { profile: Profile; onClose(): void }) {
  const [form] = Form.useForm();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const setUser = useSession((s) => s.setUser);
  const user = useSession((s) => s.user)!;
  const qc = useQueryClient();
  const { notification, message } = App.useApp();
  const save = async (values: Record<string, string | boolean>) => {
    setBusy(true);
    const fd = new FormData();
    for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) fd.append(k, String(v));
    if (file) fd.append('profileImage', file);
    try {
      const updated = await api<Profile>(`/api/users/${profile.id}`, { method: 'PATCH', form: fd });
      setUser({ ...user, displayName: updated.displayName, email: updated.email ?? user.email, profileImage: updated.profileImage, profileImageThumb: updated.profileImageThumb, isPrivate: updated.isPrivate });
      notification.success({ message: 'Profil güncellendi' });
      void qc.invalidateQueries({ queryKey: ['users'] });
      onClose();
    } catch (err) {
      notification.error({ message: 'Hata', description: errorMessage(err, 'Profil güncellenemedi') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Profili Düzenle" okText="Kaydet" cancelText="İptal" onOk={() => form.submit()} onCancel={onClose} confirmLoading={busy}>
      <Form form={form} layout="vertical" onFinish={save} initialValues={{ displayName: profile.displayName, email: profile.email, bio: profile.bio, location: profile.location, website: profile.website, hobbies: profile.hobbies.join(', '), isPrivate: profile.isPrivate }}>
        <Form.Item label="Ad Soyad" name="displayName" rules={[{ required: true, message: TEXTS.auth.displayNameRequired }]}><Input /></Form.Item>
        <Form.Item label="E-posta" name="email" rules={[{ type: 'email', message: TEXTS.auth.emailInvalid }]}><Input /></Form.Item>
        <Form.Item label="Hakkımda" name="bio"><Input.TextArea maxLength={LIMITS.bioMax} showCount /></Form.Item>
        <Form.Item label="Konum" name="location"><Input /></Form.Item>
        <Form.Item label="Web sitesi" name="website"><Input placeholder="https://" /></Form.Item>
        <Form.Item label="Hobiler (virgülle ayırın)" name="hobbies"><Input /></Form.Item>
        <Form.Item label="Gizli hesap" name="isPrivate" valuePropName="checked"><Switch /></Form.Item>
        <Upload accept="image/*" maxCount={1} beforeUpload={(f) => {
          if (!f.type.startsWith('image/')) { message.error('Sadece görsel dosyalarını yükleyebilirsiniz'); return Upload.LIST_IGNORE; }
          if (f.size > LIMITS.imageMaxBytes) { message.error("Resim boyutu 5MB'yi geçemez"); return Upload.LIST_IGNORE; }
          setFile(f);
          return false;
        }} onRemove={() => setFile(null)}>
          <Button icon={<UploadOutlined />}>Profil fotoğrafı seç</Button>
        </Upload>
      </Form>
    </Modal>
  );
}

export default function ProfilePage({ own = false }: { own?: boolean }) {
  const params = useParams();
  const [search] = useSearchParams();
  const me = useSession((s) => s.user);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { notification } = App.useApp();
  const username = own ? me?.username : params.username;
  const [editing, setEditing] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const { data: profile, isLoading, error } = useQuery({ queryKey: ['users', 'profile', username], queryFn: () => get<Profile>(`/api/users/profile/${encodeURIComponent(username ?? '')}`), enabled: !!username });
  const { data: stats } = useQuery({ queryKey: ['users', profile?.id, 'stats'], queryFn: () => get<{ posts: number; followers: number; following: number; likes: number }>(`/api/users/${profile!.id}/stats`), enabled: !!profile });
  const isOwn = !!me && !!profile && me.id === profile.id;
  const { data: status, isLoading: statusLoading } = useQuery({ queryKey: ['users', profile?.id, 'follow-status'], queryFn: () => get<{ isFollowing: boolean; isPending: boolean }>(`/api/users/${profile!.id}/follow-status`), enabled: !!profile && !isOwn && !!me });
  usePageMeta({ title: profile ? `${profile.displayName} (@${profile.username})` : 'Profil', description: profile?.bio });
  useEffect(() => {
    if (own && search.get('edit') && profile) setEditing(true);
  }, [own, search, profile]);
  if (!username) return <Result status="404" title={<PlainH1>Profil Bulunamadı</PlainH1>} subTitle="Lütfen giriş yapın" />;
  if (isLoading) return <PageSpinner />;
  if (error || !profile) {
    return error instanceof ApiError && error.status === 404 ? <Result status="404" title={<PlainH1>Kullanıcı bulunamadı</PlainH1>} extra={<Link to="/">Ana sayfa</Link>} /> : <Result status="warning" title={<PlainH1>Profil Bulunamadı</PlainH1>} subTitle="Lütfen giriş yapın" />;
  }
  const toggleFollow = async () => {
    if (!me) return navigate('/login');
    try {
      if (status?.isFollowing || status?.isPending) await del(`/api/users/${profile.id}/unfollow`);
      else {
        const r = await post<{ status: string }>(`/api/users/${profile.id}/follow`);
        if (r.status === 'pending') notification.success({ message: 'Takip isteği gönderildi' });
      }
      void qc.invalidateQueries({ queryKey: ['users'] });
    } catch (err) {
      notification.error({ message: 'Hata', description: errorMessage(err, status?.isFollowing ? 'Takipten çıkarken bir hata oluştu.' : 'Takip isteği gönderilirken bir hata oluştu.') });
    }
  };
  // Until the status is known the button says nothing it might have to take back.
  const followButton = statusLoading ? (
    <Button loading aria-label="Takip durumu yükleniyor" style={{ minWidth: 96 }} data-testid="follow-loading" />
  ) : status?.isFollowing ? (
    <Button onClick={() => void toggleFollow()}>Takipten Çık</Button>
  ) : status?.isPending ? (
    <Button style={{ background: '#ad4e00', color: '#fff' }} onClick={() => void toggleFollow()}>İstek Gönderildi</Button>
  ) : (
    <Button type="primary" onClick={() => void toggleFollow()}>Takip Et</Button>
  );
  return (
    <div>
      <Card>
        {/* Avatar and details side by side, wrapping on a phone; every line is its own block so nothing runs together. */}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }} data-testid="profile-header">
          <UserAvatar user={profile} size={96} />
          <div style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Heading level={1} look={3} style={{ marginBottom: 0, overflowWrap: 'anywhere' }}><UserName user={{ ...profile }} link={false} /></Heading>
            <div><Typography.Text type="secondary">@{profile.username}{profile.isPrivate ? ' · Gizli hesap' : ''}</Typography.Text></div>
            {profile.bio && <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>{profile.bio}</Typography.Paragraph>}
            <Space wrap size={[16, 4]} style={{ marginTop: 8 }}>
              {profile.location && <span><EnvironmentOutlined /> {profile.location}</span>}
              {profile.website && <a href={profile.website} target="_blank" rel="noopener noreferrer"><LinkOutlined /> {profile.website}</a>}
              <Typography.Text type="secondary">Katılma: {formatDate(profile.createdAt)}</Typography.Text>
            </Space>
            {profile.hobbies.length > 0 && <div style={{ marginTop: 8 }}>{profile.hobbies.map((h) => <Tag key={h}>{h}</Tag>)}</div>}
            <Space wrap style={{ marginTop: 12 }}>
              {isOwn ? <Button onClick={() => setEditing(true)}>Profili Düzenle</Button> : (
                <>
                  {followButton}
                  <Button onClick={() => (me ? setMessaging(true) : navigate('/login'))}>Mesaj Gönder</Button>
                  {me && <ReportButton targetType="user" targetId={profile.id} label />}
                </>
              )}
            </Space>
          </div>
        </div>
        <Row gutter={[16, 8]} style={{ marginTop: 16 }} data-testid="profile-stats">
          {[['Gönderi', stats?.posts], ['Takipçi', stats?.followers], ['Takip', stats?.following], ['Beğeni', stats?.likes]].map(([title, value]) => (
            <Col key={title} xs={6}><Statistic title={title} value={value ?? 0} loading={!stats} valueStyle={{ fontSize: 20 }} /></Col>
          ))}
        </Row>
      </Card>
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          { key: 'posts', label: 'Gönderiler', children: <PostList feed={{ userId: profile.id }} pageSize={isOwn ? 10 : 5} /> },
          { key: 'followers', label: 'Takipçiler', children: <People userId={profile.id} kind="followers" own={isOwn} /> },
          { key: 'following', label: 'Takip Edilenler', children: <People userId={profile.id} kind="following" own={isOwn} /> },
          ...(isOwn ? [{ key: 'messages', label: 'Mesajlar', children: <Link to="/messages">Mesajlarına git</Link> }] : []),
        ]}
      />
      {editing && <EditDialog profile={profile} onClose={() => setEditing(false)} />}
      {messaging && <MessageDialog to={profile} onClose={() => setMessaging(false)} />}
    </div>
  );
}
