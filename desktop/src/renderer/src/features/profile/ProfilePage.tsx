import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Dropdown, Form, Input, List, Modal, Result, Row, Space, Statistic, Switch, Tag, Typography, Upload } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { EnvironmentOutlined, LinkOutlined, MoreOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { displayNameSchema, LIMITS, TEXTS, updateProfileSchema, type Profile } from '@mahalle/shared';
import { fieldRule } from '../../components/formRules';
import { ApiError, errorMessage } from '../../api/client';
import { useConnections, useFollow, useFollowStatus, useProfile, useUnfollow, useUpdateProfile, useUserStats } from '../../api/users';
import { useSendMessage } from '../../api/messages';
import { useSession } from '../../stores/session';
import { PageSpinner, UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { formatDate } from '../../components/time';
import { PostList } from '../posts/PostList';
import { usePageMeta } from '../shell/meta';
import { ReportButton } from '../admin/ReportDialog';
import { Heading, PlainH1 } from '../../components/Heading';
import { ItemMeta } from '../../components/ItemMeta';
import { CalendarFeedSection } from '../events/CalendarFeedSection';
import { NotificationSettingsPanel } from '../notifications/NotificationSettingsPanel';
import { WrapTabs } from '../../components/WrapTabBar';
import { BlocksSettingsPanel } from '../blocks/BlocksSettingsPanel';
import { useMemberActions } from '../blocks/BlockMuteReport';
import { useBlock, useBlockStatus } from '../../api/blocks';
import { PrivacyPanel } from '../privacy/PrivacyPanel';
import { NeighbourhoodPanel } from '../places/NeighbourhoodPanel';
import { PlaceTag } from '../places/PlaceFields';

function People({ userId, kind, own }: { userId: number; kind: 'followers' | 'following'; own: boolean }) {
  const { notification } = useApp();
  const unfollow = useUnfollow();
  const { data = [], isLoading, isError } = useConnections(userId, kind);
  if (isLoading) return <PageSpinner />;
  if (isError) return <Typography.Text type="secondary">{TEXTS.social.privateAccount}</Typography.Text>;
  return (
    <List
      dataSource={data}
      locale={{ emptyText: kind === 'followers' ? 'Henüz takipçi yok' : 'Henüz kimse takip edilmiyor' }}
      renderItem={(p) => (
        <List.Item
          actions={
            own && kind === 'following'
              ? [
                  <Button
                    key="u"
                    size="small"
                    onClick={() =>
                      unfollow
                        .mutateAsync(p.id)
                        .catch(() => notification.error({ message: TEXTS.errors.title, description: 'Takipten çıkarken bir hata oluştu.' }))
                    }
                  >
                    Takipten Çık
                  </Button>,
                ]
              : []
          }
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
  const { notification } = useApp();
  const sendMessage = useSendMessage();
  const send = async () => {
    setBusy(true);
    try {
      await sendMessage.mutateAsync({ receiverId: to.id, content: text });
      notification.success({ message: 'Mesaj gönderildi' });
      onClose();
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Mesaj gönderilemedi') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${to.displayName} kişisine mesaj`}
      okText="Gönder"
      cancelText={TEXTS.confirm.cancel}
      onOk={() => void send()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !text.trim() }}
    >
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
        // antd draws the "0 / 500" count below the box, outside its height: room for it above the dialog's buttons.
        style={{ marginBottom: 24 }}
      />
    </Modal>
  );
}

function UnblockButton({ id, name }: { id: number; name: string }) {
  const block = useBlock();
  const { notification } = useApp();
  return (
    <Button
      size="small"
      loading={block.isPending}
      onClick={() =>
        block.mutate(
          { id, block: false },
          {
            onSuccess: () => notification.success({ message: TEXTS.blocks.unblocked(name) }),
            onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, TEXTS.errors.title) }),
          },
        )
      }
    >
      {TEXTS.blocks.unblock}
    </Button>
  );
}

const F = updateProfileSchema.shape;

function EditDialog({ profile, onClose }: { profile: Profile; onClose(): void }) {
  const [form] = Form.useForm();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const setUser = useSession((s) => s.setUser);
  const user = useSession((s) => s.user)!;
  const update = useUpdateProfile();
  const { notification, message } = useApp();
  const save = async (values: Record<string, string | boolean>) => {
    setBusy(true);
    const fd = new FormData();
    for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) fd.append(k, String(v));
    if (file) fd.append('profileImage', file);
    try {
      const updated = await update.mutateAsync({ id: profile.id, form: fd });
      setUser({
        ...user,
        displayName: updated.displayName,
        email: updated.email ?? user.email,
        profileImage: updated.profileImage,
        profileImageThumb: updated.profileImageThumb,
        isPrivate: updated.isPrivate,
      });
      notification.success({ message: 'Profil güncellendi' });
      onClose();
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Profil güncellenemedi') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Profili Düzenle" okText="Kaydet" cancelText={TEXTS.confirm.cancel} onOk={() => form.submit()} onCancel={onClose} confirmLoading={busy}>
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          displayName: profile.displayName,
          email: profile.email,
          bio: profile.bio,
          location: profile.location,
          website: profile.website,
          hobbies: profile.hobbies.join(', '),
          isPrivate: profile.isPrivate,
        }}
      >
        <Form.Item label="Ad Soyad" name="displayName" rules={[fieldRule(displayNameSchema)]}>
          <Input />
        </Form.Item>
        <Form.Item label="E-posta" name="email" rules={[fieldRule(F.email)]}>
          <Input />
        </Form.Item>
        <Form.Item label="Hakkımda" name="bio" rules={[fieldRule(F.bio)]}>
          <Input.TextArea maxLength={LIMITS.bioMax} showCount />
        </Form.Item>
        <Form.Item label="Konum" name="location" rules={[fieldRule(F.location)]}>
          <Input />
        </Form.Item>
        <Form.Item label="Web sitesi" name="website" rules={[fieldRule(F.website)]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item label="Hobiler (virgülle ayırın)" name="hobbies" rules={[fieldRule(F.hobbies)]}>
          <Input />
        </Form.Item>
        <Form.Item label="Gizli hesap" name="isPrivate" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Upload
          accept="image/*"
          maxCount={1}
          beforeUpload={(f) => {
            if (!f.type.startsWith('image/')) {
              message.error(TEXTS.social.imageOnly);
              return Upload.LIST_IGNORE;
            }
            if (f.size > LIMITS.imageMaxBytes) {
              message.error(TEXTS.social.imageTooLarge);
              return Upload.LIST_IGNORE;
            }
            setFile(f);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
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
  const { notification } = useApp();
  const follow = useFollow();
  const unfollow = useUnfollow();
  const username = own ? me?.username : params.username;
  const [editing, setEditing] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const { data: profile, isLoading, error } = useProfile(username);
  const { data: stats } = useUserStats(profile?.id);
  const isOwn = !!me && !!profile && me.id === profile.id;
  const { data: status, isLoading: statusLoading } = useFollowStatus(profile?.id, !isOwn && !!me);
  const { data: blockStatus } = useBlockStatus(profile?.id, !isOwn && !!me);
  const blocked = blockStatus?.blocked ?? false;
  const member = useMemberActions(profile && me && !isOwn ? profile : null, { status: blockStatus });
  usePageMeta({ title: profile ? `${profile.displayName} (@${profile.username})` : 'Profil', description: profile?.bio });
  useEffect(() => {
    if (own && search.get('edit') && profile) setEditing(true);
  }, [own, search, profile]);
  if (!username) return <Result status="404" title={<PlainH1>{TEXTS.users.profileNotFound}</PlainH1>} subTitle={TEXTS.users.profileNotFoundHint} />;
  if (isLoading) return <PageSpinner />;
  if (error || !profile) {
    return error instanceof ApiError && error.code === 'user_not_found' ? (
      <Result status="404" title={<PlainH1>{TEXTS.users.notFound}</PlainH1>} extra={<Link to="/">Ana sayfa</Link>} />
    ) : (
      <Result status="warning" title={<PlainH1>{TEXTS.users.profileNotFound}</PlainH1>} subTitle={TEXTS.users.profileNotFoundHint} />
    );
  }
  const toggleFollow = async () => {
    if (!me) return navigate('/login');
    try {
      if (status?.isFollowing || status?.isPending) await unfollow.mutateAsync(profile.id);
      else {
        const r = await follow.mutateAsync(profile.id);
        if (r.status === 'pending') notification.success({ message: 'Takip isteği gönderildi' });
      }
    } catch (err) {
      notification.error({
        message: TEXTS.errors.title,
        description: errorMessage(err, status?.isFollowing ? 'Takipten çıkarken bir hata oluştu.' : 'Takip isteği gönderilirken bir hata oluştu.'),
      });
    }
  };
  // Until the status is known the button says nothing it might have to take back.
  const followButton = statusLoading ? (
    <Button loading aria-label="Takip durumu yükleniyor" style={{ minWidth: 96 }} data-testid="follow-loading" />
  ) : status?.isFollowing ? (
    <Button onClick={() => void toggleFollow()}>Takipten Çık</Button>
  ) : status?.isPending ? (
    <Button style={{ background: '#ad4e00', color: '#fff' }} onClick={() => void toggleFollow()}>
      İstek Gönderildi
    </Button>
  ) : (
    <Button type="primary" onClick={() => void toggleFollow()}>
      Takip Et
    </Button>
  );
  return (
    <div>
      <Card>
        {/* Avatar and details side by side, wrapping on a phone; every line (the details, the buttons) is its own block (Space is inline-flex, so it is made a flex row) so nothing runs together. */}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }} data-testid="profile-header">
          <UserAvatar user={profile} size={96} />
          <div style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Heading level={1} look={3} style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>
              <UserName user={{ ...profile }} link={false} />
            </Heading>
            <div>
              <Typography.Text type="secondary">
                @{profile.username}
                {profile.isPrivate ? ' · Gizli hesap' : ''}
              </Typography.Text>
            </div>
            {profile.bio && <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>{profile.bio}</Typography.Paragraph>}
            <Space wrap size={[16, 4]} style={{ display: 'flex', marginTop: 8 }}>
              {profile.location && (
                <span>
                  <EnvironmentOutlined /> {profile.location}
                </span>
              )}
              <PlaceTag place={profile.neighbourhood} />
              {profile.website && (
                <a href={profile.website} target="_blank" rel="noopener noreferrer">
                  <LinkOutlined /> {profile.website}
                </a>
              )}
              <Typography.Text type="secondary">Katılma: {formatDate(profile.createdAt)}</Typography.Text>
            </Space>
            {profile.hobbies.length > 0 && (
              <div style={{ marginTop: 8 }}>
                {profile.hobbies.map((h) => (
                  <Tag key={h}>{h}</Tag>
                ))}
              </div>
            )}
            <Space wrap style={{ display: 'flex', marginTop: 12 }}>
              {isOwn ? (
                <Button onClick={() => setEditing(true)}>Profili Düzenle</Button>
              ) : (
                <>
                  {!blocked && followButton}
                  {!blocked && <Button onClick={() => (me ? setMessaging(true) : navigate('/login'))}>Mesaj Gönder</Button>}
                  {me && <ReportButton targetType="user" targetId={profile.id} label />}
                  {me && (
                    <Dropdown menu={{ items: member.items }} trigger={['click']}>
                      <Button icon={<MoreOutlined />} aria-label="Üye menüsü" />
                    </Dropdown>
                  )}
                </>
              )}
            </Space>
          </div>
        </div>
        <Row gutter={[16, 8]} style={{ marginTop: 16 }} data-testid="profile-stats">
          {[
            ['Gönderi', stats?.posts],
            ['Takipçi', stats?.followers],
            ['Takip', stats?.following],
            ['Beğeni', stats?.likes],
          ].map(([title, value]) => (
            <Col key={title} xs={6}>
              <Statistic title={title} value={value ?? 0} loading={!stats} valueStyle={{ fontSize: 20 }} />
            </Col>
          ))}
        </Row>
      </Card>
      {blocked && (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          data-testid="profile-blocked"
          message={TEXTS.blocks.profileBlocked}
          action={<UnblockButton id={profile.id} name={profile.displayName} />}
        />
      )}
      {member.dialogs}
      {/* Nine tabs on one's own profile: they wrap instead of hiding behind antd's "more" button inside the tablist (axe). */}
      <WrapTabs
        id="profile-tabs"
        style={{ marginTop: 16 }}
        // /profile?tab=mahalle (where the near-me prompt leads) opens that tab.
        defaultActiveKey={isOwn ? (search.get('tab') ?? undefined) : undefined}
        items={[
          { key: 'posts', label: 'Gönderiler', children: <PostList feed={{ userId: profile.id }} pageSize={isOwn ? LIMITS.feedPage : 5} /> },
          { key: 'followers', label: 'Takipçiler', children: <People userId={profile.id} kind="followers" own={isOwn} /> },
          { key: 'following', label: 'Takip Edilenler', children: <People userId={profile.id} kind="following" own={isOwn} /> },
          ...(isOwn ? [{ key: 'messages', label: 'Mesajlar', children: <Link to="/messages">Mesajlarına git</Link> }] : []),
          ...(isOwn ? [{ key: 'mahalle', label: TEXTS.places.profileSection, children: <NeighbourhoodPanel /> }] : []),
          ...(isOwn ? [{ key: 'calendar', label: TEXTS.events.feedTitle, children: <CalendarFeedSection /> }] : []),
          ...(isOwn ? [{ key: 'notification-settings', label: TEXTS.notificationSettings.title, children: <NotificationSettingsPanel /> }] : []),
          ...(isOwn ? [{ key: 'blocks', label: TEXTS.blocks.settingsTitle, children: <BlocksSettingsPanel /> }] : []),
          ...(isOwn ? [{ key: 'privacy', label: TEXTS.privacy.section, children: <PrivacyPanel /> }] : []),
        ]}
      />
      {editing && <EditDialog profile={profile} onClose={() => setEditing(false)} />}
      {messaging && <MessageDialog to={profile} onClose={() => setMessaging(false)} />}
    </div>
  );
}
