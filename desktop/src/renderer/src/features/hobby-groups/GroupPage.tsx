import { useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, List, Modal, Result, Row, Space, Switch, Tag, Typography, Upload } from 'antd';
import { CommentOutlined, DeleteOutlined, HeartFilled, HeartOutlined, PictureOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { groupEventSchema, LIMITS, TEXTS, type GroupPost, type HobbyGroup, type JoinRequest } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import {
  useCommentGroupPost,
  useCreateGroupEvent,
  useCreateGroupPost,
  useDecideJoinRequest,
  useDeleteGroupPost,
  useGroupComments,
  useGroupEvents,
  useGroupMembers,
  useGroupMembership,
  useGroupPosts,
  useHobbyGroup,
  useJoinRequests,
  useLikeGroupPost,
} from '../../api/hobby-groups';
import { useSession } from '../../stores/session';
import { mediaUrl, PageSpinner, thumbSize, UserAvatar, UserName } from '../../components/common';
import { formatDateTime, fromNow, dayjs, outsideEventYears, pickedIso } from '../../components/time';
import { fieldRule } from '../../components/formRules';
import { GroupIcon } from './icons';
import { usePageMeta } from '../shell/meta';
import { ReportButton } from '../admin/ReportDialog';
import { confirmDelete } from '../../components/confirmDelete';
import { ListSkeleton } from '../../components/ListSkeleton';
import { Heading, PlainH1 } from '../../components/Heading';
import { ItemMeta } from '../../components/ItemMeta';

function GroupPostItem({ post: p, group }: { post: GroupPost; group: HobbyGroup }) {
  const user = useSession((s) => s.user);
  const { notification, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const { data: comments = [] } = useGroupComments(p.id, 100, open);
  const likePost = useLikeGroupPost();
  const commentPost = useCommentGroupPost();
  const deletePost = useDeleteGroupPost();
  const like = async () => {
    if (!user) return notification.info({ message: TEXTS.auth.loginRequired, description: TEXTS.auth.loginShort });
    try {
      await likePost.mutateAsync({ id: p.id, liked: p.isLiked });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, p.isLiked ? 'Beğeni kaldırma sırasında bir hata oluştu' : 'Beğeni sırasında bir hata oluştu') });
    }
  };
  const comment = async () => {
    try {
      await commentPost.mutateAsync({ id: p.id, content: text });
      setText('');
      notification.success({ message: 'Yorumunuz eklendi' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum eklenirken bir hata oluştu') });
    }
  };
  const canDelete = user && (user.id === p.authorId || user.id === group.creatorId || user.role === 'admin');
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="group-post">
      <Space><UserAvatar user={p.author} size={32} /><UserName user={p.author} /><Typography.Text type="secondary">{fromNow(p.createdAt)}</Typography.Text></Space>
      <Typography.Paragraph style={{ marginTop: 8, whiteSpace: 'pre-wrap' }}>{p.content}</Typography.Paragraph>
      {p.imageUrl && <img src={mediaUrl(p.imageThumbUrl ?? p.imageUrl)} alt="" {...thumbSize(p.imageWidth, p.imageHeight)} loading="lazy" style={{ maxWidth: '100%', maxHeight: 360, height: 'auto', objectFit: 'contain', borderRadius: 8, marginBottom: 8, display: 'block' }} onError={(e) => ((e.target as HTMLImageElement).style.display = 'none')} />}
      <Space>
        <Button type="text" icon={p.isLiked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />} onClick={() => void like()} aria-label="Beğen">{p.likesCount}</Button>
        <Button type="text" icon={<CommentOutlined />} onClick={() => setOpen(!open)} aria-label="Yorumlar">{p.commentsCount}</Button>
        {user && user.id !== p.authorId && <ReportButton targetType="group_post" targetId={p.id} />}
        {canDelete && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label="Gönderiyi sil"
            // Asks first, as the feed's delete does; someone else's post may get a reason for its author.
            onClick={() => confirmDelete(modal.confirm, {
              title: TEXTS.confirm.deletePost,
              moderating: user.id !== p.authorId,
              run: (reason) => deletePost.mutateAsync({ id: p.id, reason })
                .then(() => { notification.success({ message: 'Gönderi silindi.' }); })
                .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Gönderi silinirken bir hata oluştu.') })),
            })}
          />
        )}
      </Space>
      {open && (
        <div style={{ marginTop: 8 }}>
          {comments.map((c) => <div key={c.id} style={{ marginBottom: 4 }}><strong>{c.author.displayName}</strong> {c.content}</div>)}
          {group.isMember && (
            <Space.Compact style={{ width: '100%' }}>
              <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Yorum yaz..." maxLength={LIMITS.commentMax} aria-label="Yorum yaz" />
              <Button type="primary" disabled={!text.trim()} onClick={() => void comment()}>Gönder</Button>
            </Space.Compact>
          )}
        </div>
      )}
    </Card>
  );
}

/** A private group's waiting requests, for its founder and admins: accept or reject each. */
function JoinRequests({ slug }: { slug: string }) {
  const { notification } = App.useApp();
  const { data: requests = [] } = useJoinRequests(slug, 100);
  const decideRequest = useDecideJoinRequest(slug);
  if (requests.length === 0) return null;
  const decide = (r: JoinRequest, accept: boolean) =>
    decideRequest
      .mutateAsync({ userId: r.user.id, accept })
      .then(() => {
        notification.success({ message: accept ? `${r.user.displayName} gruba katıldı.` : 'İstek reddedildi.' });
      })
      .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') }));
  return (
    <Card title={`Katılma istekleri (${requests.length})`} size="small" style={{ marginTop: 16 }}>
      <List dataSource={requests} renderItem={(r) => (
        <List.Item actions={[
          <Button key="a" size="small" type="primary" onClick={() => void decide(r, true)}>Kabul Et</Button>,
          <Button key="r" size="small" onClick={() => void decide(r, false)}>Reddet</Button>,
        ]}>
          <ItemMeta avatar={<UserAvatar user={r.user} size={28} />} title={<Link to={`/user/${r.user.username}`}>{r.user.displayName}</Link>} description={fromNow(r.createdAt)} />
        </List.Item>
      )} />
    </Card>
  );
}

export default function GroupPage() {
  const slug = useParams().slug ?? '';
  const user = useSession((s) => s.user);
  const { notification, message } = App.useApp();
  const [postText, setPostText] = useState('');
  const [sharing, setSharing] = useState(false);
  const [postImage, setPostImage] = useState<File | null>(null);
  const [eventOpen, setEventOpen] = useState(false);
  const [eventForm] = Form.useForm();
  const { data: g, isLoading, isError } = useHobbyGroup(slug);
  const inside = !!g && (!g.isPrivate || g.isMember || user?.role === 'admin');
  const postPages = useGroupPosts(slug, 50, inside);
  const posts = postPages.data?.pages.flatMap((p) => p.items) ?? [];
  const { data: members = [], isLoading: loadingMembers } = useGroupMembers(slug, 100, inside);
  const { data: events = [], isLoading: loadingEvents } = useGroupEvents(slug, 50, inside);
  const membership = useGroupMembership(slug);
  const createPost = useCreateGroupPost(slug);
  const createGroupEvent = useCreateGroupEvent(slug);
  usePageMeta({ title: g?.name ?? 'Grup', description: g?.description });
  if (isLoading) return <PageSpinner />;
  if (isError || !g) return <Result status="404" title={<PlainH1>{TEXTS.community.groupNotFound}</PlainH1>} extra={<Link to="/categories">Gruplara dön</Link>} />;
  const toggleMembership = async () => {
    try {
      const res = await membership.mutateAsync(g.isMember || g.isPending);
      const pending = res.isPending === true;
      notification.success({
        message: g.isPending ? 'Katılma isteğiniz geri alındı.' : g.isMember ? 'Gruptan ayrıldınız.' : pending ? 'Katılma isteğiniz gönderildi.' : 'Gruba katıldınız.',
        description: pending ? 'Grubun kurucusu kabul edince grubun içeriğini görebileceksiniz.' : undefined,
      });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    }
  };
  const sharePost = async () => {
    try {
      await createPost.mutateAsync({ content: postText, image: postImage });
      setPostText('');
      setPostImage(null);
      setSharing(false);
      notification.success({ message: 'Gönderi paylaşıldı.' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Gönderi paylaşılamadı') });
    }
  };
  const createEvent = async (v: { title: string; description?: string; date: dayjs.Dayjs; location: string; maxAttendees?: number; isOnline?: boolean; meetingLink?: string }) => {
    try {
      await createGroupEvent.mutateAsync({ ...v, date: v.date.toISOString() });
      notification.success({ message: 'Etkinlik oluşturuldu.' });
      eventForm.resetFields();
      setEventOpen(false);
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Etkinlik oluşturulurken bir hata oluştu.') });
    }
  };
  return (
    <div>
      <Link to="/categories">← Gruplar</Link>
      <Card style={{ marginTop: 8, borderTop: `4px solid ${g.color}` }}>
        <Space align="start" wrap>
          <GroupIcon name={g.icon} color={g.color} size={48} />
          <div>
            <Heading level={1} look={2} style={{ margin: 0 }}>{g.name} {g.isPrivate && <Tag>Özel</Tag>}</Heading>
            <Typography.Paragraph>{g.description}</Typography.Paragraph>
            <Typography.Text type="secondary">{g.memberCount} üye · {g.postCount} gönderi · {g.eventCount} etkinlik</Typography.Text>
          </div>
        </Space>
        {user && (
          <Space style={{ display: 'flex', marginTop: 12 }}>
            {user.id !== g.creatorId && (
              <Button type={g.isMember || g.isPending ? 'default' : 'primary'} onClick={() => void toggleMembership()}>
                {g.isMember ? 'Gruptan Ayrıl' : g.isPending ? 'İsteği Geri Al' : g.isPrivate && user.role !== 'admin' ? 'Katılma İsteği Gönder' : 'Gruba Katıl'}
              </Button>
            )}
            {g.isPending && <Tag color="gold">İsteğiniz onay bekliyor</Tag>}
            {g.isMember && <Button onClick={() => setSharing(true)}>Gönderi Paylaş</Button>}
            {g.isMember && <Button onClick={() => setEventOpen(true)}>Etkinlik Oluştur</Button>}
          </Space>
        )}
      </Card>
      {g.isPrivate && user && (user.id === g.creatorId || user.role === 'admin') && <JoinRequests slug={g.slug} />}
      {!inside ? <Card style={{ marginTop: 16 }}>Bu özel grubun içeriğini yalnızca üyeler görebilir.</Card> : (
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={16}>
            {posts.length === 0 ? <Card>Henüz gönderi yok.</Card> : posts.map((p) => <GroupPostItem key={p.id} post={p} group={g} />)}
            {postPages.hasNextPage && <Button block onClick={() => void postPages.fetchNextPage()} loading={postPages.isFetchingNextPage}>Daha fazla</Button>}
          </Col>
          <Col xs={24} lg={8}>
            <Card title="Üyeler" size="small">
              {loadingMembers ? <ListSkeleton avatar /> : <List dataSource={members.slice(0, LIMITS.groupSidebarMembers)} renderItem={(m) => (
                <List.Item><ItemMeta avatar={<UserAvatar user={m} size={28} />} title={<Link to={`/user/${m.username}`}>{m.displayName}</Link>} /> {m.role === 'admin' && <Tag color="red">Admin</Tag>}</List.Item>
              )} />}
              {g.memberCount > LIMITS.groupSidebarMembers && <Typography.Text type="secondary">+{g.memberCount - LIMITS.groupSidebarMembers} kişi daha</Typography.Text>}
            </Card>
            <Card title="Etkinlikler" size="small" style={{ marginTop: 12 }}>
              {loadingEvents ? <ListSkeleton /> : events.length === 0 ? <Typography.Text type="secondary">Yaklaşan etkinlik yok</Typography.Text> : events.slice(0, LIMITS.groupSidebarEvents).map((e) => (
                <div key={e.id} style={{ marginBottom: 8 }}><strong>{e.title}</strong><br /><Typography.Text type="secondary">{formatDateTime(e.date)} · {e.isOnline ? 'Çevrim içi' : e.location}</Typography.Text></div>
              ))}
              {g.eventCount > LIMITS.groupSidebarEvents && <Typography.Text type="secondary">+{g.eventCount - LIMITS.groupSidebarEvents} etkinlik daha</Typography.Text>}
            </Card>
            {user?.role === 'admin' && <Card size="small" style={{ marginTop: 12 }}>Yöneticiler gönderileri silebilir, üyeleri yönetebilir ve grup ayarlarını değiştirebilir.</Card>}
          </Col>
        </Row>
      )}
      <Modal open={sharing} title="Gönderi Paylaş" okText="Paylaş" cancelText={TEXTS.confirm.cancel} onOk={() => void sharePost()} onCancel={() => setSharing(false)} okButtonProps={{ disabled: !postText.trim() }}>
        <Input.TextArea value={postText} onChange={(e) => setPostText(e.target.value)} autoSize={{ minRows: 3 }} aria-label="Gönderi" />
        <Space style={{ marginTop: 8 }}>
          <Upload accept="image/*" showUploadList={false} beforeUpload={(f) => {
            if (!f.type.startsWith('image/')) message.error(TEXTS.social.imageOnly);
            else if (f.size > LIMITS.imageMaxBytes) message.error(TEXTS.social.imageTooLarge);
            else setPostImage(f);
            return false;
          }}>
            <Button icon={<PictureOutlined />}>Görsel ekle</Button>
          </Upload>
          {postImage && <Tag closable onClose={() => setPostImage(null)}>{postImage.name}</Tag>}
        </Space>
      </Modal>
      <Modal open={eventOpen} title="Etkinlik Oluştur" okText="Oluştur" cancelText={TEXTS.confirm.cancel} onOk={() => eventForm.submit()} onCancel={() => setEventOpen(false)}>
        <Form form={eventForm} layout="vertical" onFinish={createEvent}>
          <Form.Item label="Başlık" name="title" rules={[fieldRule(groupEventSchema.shape.title, { required: true })]}><Input /></Form.Item>
          <Form.Item label="Açıklama" name="description" rules={[fieldRule(groupEventSchema.shape.description)]}><Input.TextArea /></Form.Item>
          <Form.Item label="Tarih ve saat" name="date" rules={[fieldRule(groupEventSchema.shape.date, { required: true, read: pickedIso })]}><DatePicker showTime format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} disabledDate={outsideEventYears} /></Form.Item>
          <Form.Item label="Konum" name="location" rules={[fieldRule(groupEventSchema.shape.location, { required: true })]}><Input /></Form.Item>
          <Form.Item label="En fazla katılımcı" name="maxAttendees" rules={[fieldRule(groupEventSchema.shape.maxAttendees)]}><InputNumber min={1} style={{ width: '100%' }} /></Form.Item>
          <Form.Item label="Çevrim içi" name="isOnline" valuePropName="checked"><Switch /></Form.Item>
          <Form.Item label="Toplantı bağlantısı" name="meetingLink" rules={[fieldRule(groupEventSchema.shape.meetingLink)]}><Input placeholder="https://" /></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
