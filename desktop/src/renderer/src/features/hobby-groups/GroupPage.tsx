import { Suspense, useDeferredValue, useState } from 'react';
import { useApp } from '../../components/LazyFeedback';
import { CommentOutlined, HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LIMITS, TEXTS, type GroupEvent, type GroupMember, type GroupPost, type HobbyGroupPage } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import {
  useCreateGroupEvent,
  useCreateGroupPost,
  useGroupComments,
  useGroupEvents,
  useGroupMembers,
  useGroupMembership,
  useRemoveGroupMember,
  useSetGroupMemberRole,
  useGroupPosts,
  useHobbyGroup,
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
import { ListSkeleton } from '../../components/ListSkeleton';
import { Heading } from '../../components/Heading';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { LeanCard as Card } from '../../components/lean/LeanCard';
import { LEAN_LIST, LeanListItem } from '../../components/lean/LeanList';
import { LeanSpace as Space } from '../../components/lean/LeanSpace';
import { LeanTag as Tag } from '../../components/lean/LeanTag';
import { Secondary } from '../../components/lean/Secondary';
import { BlockedCollapse } from '../../components/BlockedCollapse';
import { ItemStateTags, toastWrite } from '../../components/ItemStateTags';

// The share and new-event dialogs (with antd's form, date picker and upload) load when a member opens one; a
// member's report and delete buttons, comment box and the founder's join requests (antd's buttons, input and
// list) load for members only: a visitor's group paints from the lean components.
const GroupDialogs = lazy(() => import('./GroupDialogs'));
const PostActions = lazy(() => import('./GroupSignedInParts').then((m) => ({ default: m.PostActions })));
const CommentBox = lazy(() => import('./GroupSignedInParts').then((m) => ({ default: m.CommentBox })));
const EventActions = lazy(() => import('./GroupSignedInParts').then((m) => ({ default: m.EventActions })));
const CommentMenu = lazy(() => import('./GroupSignedInParts').then((m) => ({ default: m.CommentMenu })));
const JoinRequests = lazy(() => import('./GroupSignedInParts').then((m) => ({ default: m.JoinRequests })));
const GroupPlaceEditor = lazy(() => import('./GroupSignedInParts').then((m) => ({ default: m.GroupPlaceEditor })));

/** The id in an `#event-<id>` link, if the page was opened on one. */
const linkedEventId = (hash: string): number | null => {
  const m = /^#event-(\d+)$/.exec(hash);
  return m ? Number(m[1]) : null;
};

/**
 * The group's upcoming events: the first few, and a button that shows the rest of those it read (counted from what
 * this viewer is shown, so a member's own held event or a past one never makes it say more than it lists). A link
 * to one further down (`#event-<id>`, from the review queue or a notification) opens the whole list, so its anchor
 * is there to scroll to.
 */
function GroupEventsCard({
  group: g,
  events,
  loading,
  more,
  signedIn,
}: {
  group: HobbyGroupPage;
  events: GroupEvent[];
  loading: boolean;
  /** The server has further upcoming events than were read. */
  more: boolean;
  signedIn: boolean;
}) {
  const linked = linkedEventId(useLocation().hash);
  const [expanded, setExpanded] = useState(false);
  const first = LIMITS.groupSidebarEvents;
  const linkedFurther = linked !== null && events.findIndex((e) => e.id === linked) >= first;
  const all = expanded || linkedFurther;
  const shown = all ? events : events.slice(0, first);
  const rest = events.length - first;
  const C = TEXTS.community;
  return (
    <Card title="Etkinlikler" size="small" style={{ marginTop: 12 }}>
      {loading ? (
        <ListSkeleton />
      ) : events.length === 0 ? (
        <Secondary>Yaklaşan etkinlik yok</Secondary>
      ) : (
        <ul style={LEAN_LIST} data-testid="group-events">
          {shown.map((e) => (
            <li key={e.id} style={{ marginBottom: 8 }} id={`event-${e.id}`} className="anchor-target" data-testid="group-event">
              <strong>{e.title}</strong> <ItemStateTags item={e} />
              {signedIn && (
                <Suspense fallback={null}>
                  <EventActions event={e} group={g} />
                </Suspense>
              )}
              <br />
              <Secondary>
                {formatDateTime(e.date)} · {e.isOnline ? 'Çevrim içi' : e.location}
              </Secondary>
            </li>
          ))}
        </ul>
      )}
      {rest > 0 && !linkedFurther && (
        <Button
          type="text"
          size="small"
          style={{ paddingInline: 4, color: 'var(--ant-color-link)' }}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? C.fewerGroupEvents : C.moreGroupEvents(rest, more)}
        </Button>
      )}
    </Card>
  );
}

function GroupPostItem({ post: p, group }: { post: GroupPost; group: HobbyGroupPage }) {
  const user = useSession((s) => s.user);
  const { notification } = useApp();
  const [open, setOpen] = useState(false);
  const { data: comments = [] } = useGroupComments(p.id, 100, open);
  const closed = Boolean(p.isHidden || p.pendingApproval);
  const likePost = useLikeGroupPost();
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
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="group-post" id={`post-${p.id}`} className="anchor-target">
      <Space>
        <UserAvatar user={p.author} size={32} />
        <UserName user={p.author} />
        <Secondary>{fromNow(p.createdAt)}</Secondary>
        <ItemStateTags item={p} />
      </Space>
      <div style={{ marginTop: 8, marginBottom: '1em', whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>{p.content}</div>
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
        {/* A hidden or held post takes no like or comment (the group policy's notHidden): its moderators and author only read it. */}
        {!closed && (
          <Button
            type="text"
            icon={p.isLiked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
            onClick={() => void like()}
            aria-label="Beğen"
          >
            {p.likesCount}
          </Button>
        )}
        <Button type="text" icon={<CommentOutlined />} onClick={() => setOpen(!open)} aria-label="Yorumlar">
          {p.commentsCount}
        </Button>
        {user && (
          <Suspense fallback={null}>
            <PostActions post={p} group={group} />
          </Suspense>
        )}
      </Space>
      {open && (
        <div style={{ marginTop: 8 }}>
          {comments.map((c) => (
            <div key={c.id} style={{ marginBottom: 4 }} data-testid="group-comment">
              <BlockedCollapse blocked={c.blockedAuthor}>
                <strong>{c.author.displayName}</strong> {c.content} <ItemStateTags item={c} />
                {user && user.id !== c.author.id && (
                  <Suspense fallback={null}>
                    {' '}
                    <CommentMenu comment={c} />
                  </Suspense>
                )}
              </BlockedCollapse>
            </div>
          ))}
          {group.isMember && !closed && (
            <Suspense fallback={<div style={{ height: 32 }} />}>
              <CommentBox postId={p.id} />
            </Suspense>
          )}
        </div>
      )}
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
  // The posts render in the background (a transition React can pause for input), not in one long task when they arrive.
  const postData = useDeferredValue(postPages.data);
  const posts = postData?.pages.flatMap((p) => p.items) ?? [];
  const loadingPosts = postPages.isLoading || (!postData && !!postPages.data);
  const { data: members = [], isLoading: loadingMembers } = useGroupMembers(slug, 100, inside);
  const { data: eventPage, isLoading: loadingEvents } = useGroupEvents(slug, LIMITS.groupEventsFetched, inside);
  const events = eventPage?.items ?? [];
  const moreEvents = eventPage?.nextCursor != null;
  const membership = useGroupMembership(slug);
  const createPost = useCreateGroupPost(slug);
  const createGroupEvent = useCreateGroupEvent(slug);
  usePageMeta({ title: g?.name ?? 'Grup', description: g?.description });
  if (isLoading) return <PageSpinner />;
  if (isError || !g) return <NotFound title={TEXTS.community.groupNotFound} back={{ to: '/hobby-groups', label: 'Gruplara dön' }} />;
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
      const shared = await createPost.mutateAsync({ content: postText, image: postImage });
      setPostText('');
      setPostImage(null);
      setSharing(false);
      toastWrite(notification, shared, { message: 'Gönderi paylaşıldı.' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Gönderi paylaşılamadı') });
    }
  };
  const createEvent = async (v: EventValues): Promise<boolean> => {
    try {
      const created = await createGroupEvent.mutateAsync({ ...v, date: v.date.toISOString() });
      toastWrite(notification, created, { message: 'Etkinlik oluşturuldu.' });
      setEventOpen(false);
      return true;
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Etkinlik oluşturulurken bir hata oluştu.') });
      return false;
    }
  };
  return (
    <div>
      <Link to="/hobby-groups">← {TEXTS.community.groupsTitle}</Link>
      <Card style={{ marginTop: 8, borderTop: `4px solid ${g.color}` }}>
        <Space align="start" wrap>
          <GroupIcon name={g.icon} color={g.color} size={48} />
          <div>
            <Heading level={1} look={2} style={{ margin: 0 }}>
              {g.name} {g.isPrivate && <Tag>Özel</Tag>}
            </Heading>
            <div style={{ marginBottom: '1em', overflowWrap: 'break-word' }}>{g.description}</div>
            <Secondary>
              {g.memberCount} üye · {g.postCount} gönderi · {g.eventCount} etkinlik
            </Secondary>
            {g.neighbourhood && (
              <div style={{ marginTop: 8 }}>
                <Tag data-testid="place-tag">{TEXTS.places.placeLabel(g.neighbourhood.name, g.neighbourhood.districtName)}</Tag>
              </div>
            )}
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
            {(user.id === g.creatorId || user.role === 'admin') && (
              <Suspense fallback={null}>
                <GroupPlaceEditor group={g} />
              </Suspense>
            )}
          </Space>
        )}
      </Card>
      {g.isPrivate && user && (user.id === g.creatorId || user.role === 'admin') && (
        <Suspense fallback={null}>
          <JoinRequests slug={g.slug} />
        </Suspense>
      )}
      {!inside ? (
        <Card style={{ marginTop: 16 }}>Bu özel grubun içeriğini yalnızca üyeler görebilir.</Card>
      ) : (
        <div className="page-split" style={{ marginTop: 16, columnGap: 16 }}>
          <div>
            {loadingPosts ? (
              <Card>
                <ListSkeleton />
              </Card>
            ) : posts.length === 0 ? (
              <Card>Henüz gönderi yok.</Card>
            ) : (
              posts.map((p) =>
                p.blockedAuthor ? (
                  <Card key={p.id} style={{ marginBottom: 12 }}>
                    <BlockedCollapse blocked>
                      <GroupPostItem post={p} group={g} />
                    </BlockedCollapse>
                  </Card>
                ) : (
                  <GroupPostItem key={p.id} post={p} group={g} />
                ),
              )
            )}
            {postPages.hasNextPage && (
              <Button block onClick={() => void postPages.fetchNextPage()} loading={postPages.isFetchingNextPage}>
                Daha fazla
              </Button>
            )}
          </div>
          {/* The side column comes once the posts are in: on a phone it sits below them and would be pushed down. */}
          {!loadingPosts && (
            <div>
              <Card title="Üyeler" size="small">
                {loadingMembers ? (
                  <ListSkeleton avatar />
                ) : (
                  <ul style={LEAN_LIST}>
                    {members.slice(0, LIMITS.groupSidebarMembers).map((m, i, shown) => (
                      <LeanListItem
                        key={m.id}
                        last={i === shown.length - 1}
                        style={{ alignItems: 'center' }}
                        avatar={<UserAvatar user={m} size={28} />}
                        title={<Link to={`/user/${m.username}`}>{m.displayName}</Link>}
                        actions={
                          m.role === 'admin' ? (
                            <Tag color="red">Admin</Tag>
                          ) : (
                            <MemberTools slug={g.slug} member={m} founder={user?.id === g.creatorId} members={members} />
                          )
                        }
                      />
                    ))}
                  </ul>
                )}
                {g.memberCount > LIMITS.groupSidebarMembers && <Secondary>+{g.memberCount - LIMITS.groupSidebarMembers} kişi daha</Secondary>}
              </Card>
              <GroupEventsCard group={g} events={events} loading={loadingEvents} more={moreEvents} signedIn={!!user} />
              {user?.role === 'admin' && (
                <Card size="small" style={{ marginTop: 12 }}>
                  Yöneticiler gönderileri silebilir, üyeleri yönetebilir ve grup ayarlarını değiştirebilir.
                </Card>
              )}
            </div>
          )}
        </div>
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

const C = TEXTS.community;

/**
 * A member's tag and tools in the member list: the founder appoints or dismisses group moderators;
 * the founder, a group moderator (plain members only) and the site's moderators remove members.
 */
function MemberTools({ slug, member, founder, members }: { slug: string; member: GroupMember; founder: boolean; members: GroupMember[] }) {
  const user = useSession((s) => s.user);
  const { notification, modal } = useApp();
  const setRole = useSetGroupMemberRole(slug);
  const remove = useRemoveGroupMember(slug);
  const isModerator = member.role === 'moderator';
  const tag = isModerator ? <Tag color="orange">{C.groupModerator}</Tag> : null;
  if (!user || user.id === member.id) return tag;
  const iModerate = members.some((m) => m.id === user.id && m.role === 'moderator');
  const siteModerator = user.role === 'admin' || user.role === 'moderator';
  const mayRemove = founder || siteModerator || (iModerate && !isModerator);
  const run = (work: Promise<unknown>, done: string) =>
    work.then(
      () => notification.success({ message: done }),
      (err: unknown) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') }),
    );
  return (
    <Space size={4}>
      {tag}
      {founder && (
        <Button
          size="small"
          onClick={() => void run(setRole.mutateAsync({ userId: member.id, role: isModerator ? 'member' : 'moderator' }), C.groupRoleChanged)}
        >
          {isModerator ? C.removeGroupModerator : C.makeGroupModerator}
        </Button>
      )}
      {mayRemove && (
        <Button
          size="small"
          aria-label={`${member.displayName}: ${C.removeFromGroup}`}
          onClick={() => {
            modal.confirm({
              title: C.removeFromGroup,
              content: member.displayName,
              okText: C.removeFromGroup,
              okButtonProps: { danger: true },
              cancelText: 'İptal',
              onOk: () => run(remove.mutateAsync(member.id), C.removedFromGroup),
            });
          }}
        >
          {C.removeFromGroup}
        </Button>
      )}
    </Space>
  );
}
