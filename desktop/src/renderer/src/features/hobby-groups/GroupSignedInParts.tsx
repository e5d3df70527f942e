import { useState } from 'react';
import { Button, Card, Input, List, Space } from 'antd';
import { DeleteOutlined, EyeInvisibleOutlined, UndoOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { LIMITS, TEXTS, type GroupComment, type GroupEvent, type GroupPost, type HobbyGroupPage, type JoinRequest } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import {
  useCommentGroupPost,
  useDecideJoinRequest,
  useDeleteGroupPost,
  useHideGroupEvent,
  useHideGroupPost,
  useJoinRequests,
  useUpdateGroupPlace,
} from '../../api/hobby-groups';
import { NeighbourhoodSelect } from '../places/PlaceFields';
import { useSession } from '../../stores/session';
import { toastWrite } from '../../components/ItemStateTags';
import { useApp } from '../../components/LazyFeedback';
import { UserAvatar } from '../../components/common';
import { fromNow } from '../../components/time';
import { ReportButton } from '../admin/ReportDialog';
import { confirmDelete } from '../../components/confirmDelete';
import { ItemMeta } from '../../components/ItemMeta';
import { MemberMenu } from '../blocks/BlockMuteReport';

/**
 * A group page's parts only a signed-in member gets (report or delete a post; mute or block its author or a
 * commenter; the comment box, the founder's join requests): loaded with antd's buttons, input, list and dialogs for members, never for a visitor's first paint.
 */

/** Hiding or restoring asks for a reason (the author is told a hide; the audit log keeps both), then runs it. */
function useReasonConfirm() {
  const { notification, modal } = useApp();
  return (o: { title: string; label: string; okText: string; done: string; run: (reason: string) => Promise<unknown> }) => {
    let reason = '';
    modal.confirm({
      title: o.title,
      content: (
        <Input.TextArea
          aria-label={o.label}
          placeholder={o.label}
          maxLength={LIMITS.warningReasonMax}
          autoSize={{ minRows: 2 }}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: o.okText,
      cancelText: 'İptal',
      onOk: () =>
        o.run(reason).then(
          () => notification.success({ message: o.done }),
          (err: unknown) => {
            notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
            throw err;
          },
        ),
    });
  };
}

export function PostActions({ post: p, group }: { post: GroupPost; group: HobbyGroupPage }) {
  const user = useSession((s) => s.user);
  const { notification, modal } = useApp();
  const deletePost = useDeleteGroupPost();
  const hidePost = useHideGroupPost();
  // The server's group policy answers it with the group (`canModerate`); the buttons follow.
  const moderates = group.canModerate;
  const ask = useReasonConfirm();
  if (!user) return null;
  const canDelete = user.id === p.authorId || moderates;
  const G = TEXTS.community;
  const hide = () =>
    ask({
      title: G.hideGroupPost,
      label: G.hideReason,
      okText: G.hideGroupPost,
      done: G.groupPostHidden,
      run: (reason) => hidePost.mutateAsync({ id: p.id, reason, hide: true }),
    });
  const restore = () =>
    ask({
      title: G.restoreHidden,
      label: G.restoreReason,
      okText: G.restoreHidden,
      done: G.groupPostRestored,
      run: (reason) => hidePost.mutateAsync({ id: p.id, reason, hide: false }),
    });
  return (
    <>
      {user.id !== p.authorId && !p.isHidden && !p.pendingApproval && <ReportButton targetType="group_post" targetId={p.id} />}
      <MemberMenu author={p.author} label={TEXTS.blocks.menus.post} blocked={p.blockedAuthor} />
      {moderates && user.id !== p.authorId && !p.isHidden && !p.pendingApproval && (
        <Button type="text" icon={<EyeInvisibleOutlined />} aria-label={TEXTS.community.hideGroupPost} onClick={hide} />
      )}
      {moderates && p.isHidden && (
        <Button size="small" icon={<UndoOutlined />} onClick={restore}>
          {TEXTS.community.restoreHidden}
        </Button>
      )}
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
    </>
  );
}

/**
 * A group event's buttons: a member reports someone else's shown event; the group's moderators hide
 * it or restore it. One waiting for approval has none: the review queue decides it.
 */
export function EventActions({ event: e, group }: { event: GroupEvent; group: HobbyGroupPage }) {
  const user = useSession((s) => s.user);
  if (e.pendingApproval) return null;
  return (
    <>
      {user && user.id !== e.creatorId && !e.isHidden && <ReportButton targetType="group_event" targetId={e.id} />}
      <EventModeration event={e} group={group} />
    </>
  );
}

/** The group's moderators hide one of its events, or restore a hidden one (marked on the page); nothing for others. */
function EventModeration({ event: e, group }: { event: GroupEvent; group: HobbyGroupPage }) {
  // The server's group policy answers it with the group (`canModerate`); the buttons follow.
  const moderates = group.canModerate;
  const user = useSession((s) => s.user);
  const hideEvent = useHideGroupEvent();
  const ask = useReasonConfirm();
  // As for posts: nobody hides their own event; a hidden one of theirs a moderator may still restore.
  if (!moderates || (!e.isHidden && user?.id === e.creatorId)) return null;
  const G = TEXTS.community;
  return e.isHidden ? (
    <Button
      size="small"
      icon={<UndoOutlined />}
      onClick={() =>
        ask({
          title: G.restoreHidden,
          label: G.restoreReason,
          okText: G.restoreHidden,
          done: G.groupEventRestored,
          run: (reason) => hideEvent.mutateAsync({ id: e.id, reason, hide: false }),
        })
      }
    >
      {G.restoreHidden}
    </Button>
  ) : (
    <Button
      type="text"
      size="small"
      icon={<EyeInvisibleOutlined />}
      aria-label={G.hideGroupEvent}
      onClick={() =>
        ask({
          title: G.hideGroupEvent,
          label: G.hideReason,
          okText: G.hideGroupEvent,
          done: G.groupEventHidden,
          run: (reason) => hideEvent.mutateAsync({ id: e.id, reason, hide: true }),
        })
      }
    />
  );
}

/** A group comment's '⋯' menu (someone else's comment): report it, mute or block its author. */
export function CommentMenu({ comment: c }: { comment: GroupComment }) {
  return <MemberMenu author={c.author} label={TEXTS.blocks.menus.comment} blocked={c.blockedAuthor} report={{ targetType: 'group_comment', targetId: c.id }} />;
}

/** A member's comment box under a group post's comments. */
export function CommentBox({ postId }: { postId: number }) {
  const { notification } = useApp();
  const [text, setText] = useState('');
  const commentPost = useCommentGroupPost();
  const comment = async () => {
    try {
      const added = await commentPost.mutateAsync({ id: postId, content: text });
      setText('');
      toastWrite(notification, added, { message: 'Yorumunuz eklendi' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum eklenirken bir hata oluştu') });
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Yorum yaz..." maxLength={LIMITS.commentMax} aria-label="Yorum yaz" />
      <Button type="primary" disabled={!text.trim()} onClick={() => void comment()}>
        Gönder
      </Button>
    </Space.Compact>
  );
}

/** A private group's waiting requests, for its founder and admins: accept or reject each. */
export function JoinRequests({ slug }: { slug: string }) {
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

/** The founder's (or an admin's) choice of the group's neighbourhood, saved when picked. */
export function GroupPlaceEditor({ group }: { group: HobbyGroupPage }) {
  const update = useUpdateGroupPlace();
  const { message } = useApp();
  const save = async (neighbourhoodId: number | null) => {
    try {
      await update.mutateAsync({ slug: group.slug, neighbourhoodId });
      void message.success(TEXTS.places.saved);
    } catch (err) {
      void message.error(errorMessage(err, TEXTS.errors.title));
    }
  };
  return (
    <div style={{ minWidth: 220 }}>
      <NeighbourhoodSelect value={group.neighbourhood?.id ?? null} onChange={(v) => void save(v)} label={`${TEXTS.places.neighbourhood}: ${group.name}`} />
    </div>
  );
}
