import { Suspense, useState } from 'react';
import { Button, Card, Col, Input, List, Row, Space, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { CommentOutlined, DeleteOutlined, HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { LIMITS, TEXTS, type GroupPost, type HobbyGroup, type JoinRequest } from '@mahalle/shared';
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
import { mediaUrl, NotFound, PageSpinner, thumbSize, UserAvatar } from '../../components/common';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';
import type { EventValues } from './GroupDialogs';
import { UserName } from '../../components/UserName';
import { formatDateTime, fromNow } from '../../components/time';
import { GroupIcon } from './icons';
import { usePageMeta } from '../shell/meta';
import { ReportButton } from '../admin/ReportDialog';
import { confirmDelete } from '../../components/confirmDelete';
import { ListSkeleton } from '../../components/ListSkeleton';
import { Heading } from '../../components/Heading';
import { ItemMeta } from '../../components/ItemMeta';

// The share and new-event dialogs (with antd's form, date picker and upload) load when a member opens one.
const GroupDialogs = lazy(() => import('./GroupDialogs'));

function GroupPostItem({ post: p, group }: { post: GroupPost; group: HobbyGroup }) {
  const user = useSession((s) => s.user);
  const { notification, modal } = useApp();
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
      notification.error({
        message: TEXTS.errors.title,
        description: errorMessage(err, p.isLiked ? 'Beğeni kaldırma sırasında bir hata oluştu' : 'Beğeni sırasında bir hata oluştu'),
      });
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
    <Card size="small" style={{ marginBottom: 12 }} data-testid="group-post" id={`post-${p.id}`} className="anchor-target">
      <Space>
        <UserAvatar user={p.author} size={32} />
        <UserName user={p.author} />
        <Typography.Text type="secondary">{fromNow(p.createdAt)}</Typography.Text>
      </Space>
      <Typography.Paragraph style={{ marginTop: 8, whiteSpace: 'pre-wrap' }}>{p.content}</Typography.Paragraph>
      {p.imageUrl && (
        <img
          src={mediaUrl(p.imageThumbUrl ?? p.imageUrl)}
          alt=""
          {...thumbSize(p.imageWidth, p.imageHeight)}
          loading="lazy"
          style={{ maxWidth: '100%', maxHeight: 360, height: 'auto', objectFit: 'contain', borderRadius: 8, marginBottom: 8, display: 'block' }}
          onError={(e) => ((e.target as HTMLImageElement).style.display = 'none')}
        />
      )}
      <Space>
        <Button type="text" icon={p.isLiked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />} onClick={() => void like()} aria-label="Beğen">
          {p.likesCount}
        </Button>
        <Button type="text" icon={<CommentOutlined />} onClick={() => setOpen(!open)} aria-label="Yorumlar">
          {p.commentsCount}
        </Button>
        {user && user.id !== p.authorId && <ReportButton targetType="group_post" targetId={p.id} />}
        {canDelete && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label="Gönderiyi sil"
            // Asks first, as the feed's delete does; someone else's post may get a reason for its author.
            onClick={() =>
              confirmDelete(modal.confirm, {
                title: TEXTS.confirm.deletePost,
                moderating: user.id !== p.authorId,
                run: (reason) =>
                  deletePost
                    .mutateAsync({ id: p.id, reason })
                    .then(() => {
                      notification.success({ message: 'Gönderi silindi.' });
                    })
                    .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Gönderi silinirken bir hata oluştu.') })),
              })
            }
          />
        )}
      </Space>
      {open && (
        <div style={{ marginTop: 8 }}>
          {comments.map((c) => (
            <div key={c.id} style={{ marginBottom: 4 }}>
              <strong>{c.author.displayName}</strong> {c.content}
            </div>
          ))}
          {group.isMember && (
            <Space.Compact style={{ width: '100%' }}>
              <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Yorum yaz..." maxLength={LIMITS.commentMax} aria-label="Yorum yaz" />
              <Button type="primary" disabled={!text.trim()} onClick={() => void comment()}>
                Gönder
              </Button>
            </Space.Compact>
          )}
        </div>
      )}
    </Card>
  );
}

/** A private group's waiting requests, for its founder and admins: accept or reject each. */
function JoinRequests({ slug }: { slug: string }) {
  const { notification } = useApp();
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
      <List
        dataSource={requests}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Button key="a" size="small" type="primary" onClick={() => void decide(r, true)}>
                Kabul Et
              </Button>,
              <Button key="r" size="small" onClick={() => void decide(r, false)}>
                Reddet
              </Button>,
            ]}
          >
            <ItemMeta
              avatar={<UserAvatar user={r.user} size={28} />}
              title={<Link to={`/user/${r.user.username}`}>{r.user.displayName}</Link>}
              description={fromNow(r.createdAt)}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

export default function GroupPage() {
  const slug = useParams().slug ?? '';
  const user = useSession((s) => s.user);
  const { notification } = useApp();
  const [postText, setPostText] = useState('');
  const [sharing, setSharing] = useState(false);
  const [postImage, setPostImage] = useState<File | null>(null);
  const [eventOpen, setEventOpen] = useState(false);
  // Once opened, the dialogs stay mounted so that they close with their animation.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if ((sharing || eventOpen) && !dialogsWanted) setDialogsWanted(true);
  const { data: g, isLoading, isError } = useHobbyGroup(slug);
  const inside = !!g && (!g.isPrivate || g.isMember || user?.role === 'admin');
  const postPages = useGroupPosts(slug, 50, inside);
  const posts = postPages.data?.pages.flatMap((p) => p.items) ?? [];
  const loadingPosts = postPages.isLoading;
  const { data: members = [], isLoading: loadingMembers } = useGroupMembers(slug, 100, inside);
  const { data: events = [], isLoading: loadingEvents } = useGroupEvents(slug, 50, inside);
  const membership = useGroupMembership(slug);
  const createPost = useCreateGroupPost(slug);
  const createGroupEvent = useCreateGroupEvent(slug);
  usePageMeta({ title: g?.name ?? 'Grup', description: g?.description });
  if (isLoading) return <PageSpinner />;
  if (isError || !g) return <NotFound title={TEXTS.community.groupNotFound} back={{ to: '/categories', label: 'Gruplara dön' }} />;
  const toggleMembership = async () => {
    try {
      const res = await membership.mutateAsync(g.isMember || g.isPending);
      const pending = res.isPending === true;
      notification.success({
        message: g.isPending
          ? 'Katılma isteğiniz geri alındı.'
          : g.isMember
            ? 'Gruptan ayrıldınız.'
            : pending
              ? 'Katılma isteğiniz gönderildi.'
              : 'Gruba katıldınız.',
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
  const createEvent = async (v: EventValues): Promise<boolean> => {
    try {
      await createGroupEvent.mutateAsync({ ...v, date: v.date.toISOString() });
      notification.success({ message: 'Etkinlik oluşturuldu.' });
      setEventOpen(false);
      return true;
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Etkinlik oluşturulurken bir hata oluştu.') });
      return false;
    }
  };
  return (
    <div>
      <Link to="/categories">← Gruplar</Link>
      <Card style={{ marginTop: 8, borderTop: `4px solid ${g.color}` }}>
        <Space align="start" wrap>
          <GroupIcon name={g.icon} color={g.color} size={48} />
          <div>
            <Heading level={1} look={2} style={{ margin: 0 }}>
              {g.name} {g.isPrivate && <Tag>Özel</Tag>}
            </Heading>
            <Typography.Paragraph>{g.description}</Typography.Paragraph>
            <Typography.Text type="secondary">
              {g.memberCount} üye · {g.postCount} gönderi · {g.eventCount} etkinlik
            </Typography.Text>
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
      {!inside ? (
        <Card style={{ marginTop: 16 }}>Bu özel grubun içeriğini yalnızca üyeler görebilir.</Card>
      ) : (
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={16}>
            {loadingPosts ? (
              <Card>
                <ListSkeleton />
              </Card>
            ) : posts.length === 0 ? (
              <Card>Henüz gönderi yok.</Card>
            ) : (
              posts.map((p) => <GroupPostItem key={p.id} post={p} group={g} />)
            )}
            {postPages.hasNextPage && (
              <Button block onClick={() => void postPages.fetchNextPage()} loading={postPages.isFetchingNextPage}>
                Daha fazla
              </Button>
            )}
          </Col>
          {/* The side column comes once the posts are in: on a phone it sits below them and would be pushed down. */}
          {!loadingPosts && (
            <Col xs={24} lg={8}>
              <Card title="Üyeler" size="small">
                {loadingMembers ? (
                  <ListSkeleton avatar />
                ) : (
                  <List
                    dataSource={members.slice(0, LIMITS.groupSidebarMembers)}
                    renderItem={(m) => (
                      <List.Item>
                        <ItemMeta avatar={<UserAvatar user={m} size={28} />} title={<Link to={`/user/${m.username}`}>{m.displayName}</Link>} />{' '}
                        {m.role === 'admin' && <Tag color="red">Admin</Tag>}
                      </List.Item>
                    )}
                  />
                )}
                {g.memberCount > LIMITS.groupSidebarMembers && (
                  <Typography.Text type="secondary">+{g.memberCount - LIMITS.groupSidebarMembers} kişi daha</Typography.Text>
                )}
              </Card>
              <Card title="Etkinlikler" size="small" style={{ marginTop: 12 }}>
                {loadingEvents ? (
                  <ListSkeleton />
                ) : events.length === 0 ? (
                  <Typography.Text type="secondary">Yaklaşan etkinlik yok</Typography.Text>
                ) : (
                  events.slice(0, LIMITS.groupSidebarEvents).map((e) => (
                    <div key={e.id} style={{ marginBottom: 8 }} id={`event-${e.id}`} className="anchor-target">
                      <strong>{e.title}</strong>
                      <br />
                      <Typography.Text type="secondary">
                        {formatDateTime(e.date)} · {e.isOnline ? 'Çevrim içi' : e.location}
                      </Typography.Text>
                    </div>
                  ))
                )}
                {g.eventCount > LIMITS.groupSidebarEvents && (
                  <Typography.Text type="secondary">+{g.eventCount - LIMITS.groupSidebarEvents} etkinlik daha</Typography.Text>
                )}
              </Card>
              {user?.role === 'admin' && (
                <Card size="small" style={{ marginTop: 12 }}>
                  Yöneticiler gönderileri silebilir, üyeleri yönetebilir ve grup ayarlarını değiştirebilir.
                </Card>
              )}
            </Col>
          )}
        </Row>
      )}
      {dialogsWanted && (
        <Suspense fallback={null}>
          <GroupDialogs
            sharing={sharing}
            setSharing={setSharing}
            postText={postText}
            setPostText={setPostText}
            postImage={postImage}
            setPostImage={setPostImage}
            sharePost={sharePost}
            eventOpen={eventOpen}
            setEventOpen={setEventOpen}
            createEvent={createEvent}
          />
        </Suspense>
      )}
    </div>
  );
}
