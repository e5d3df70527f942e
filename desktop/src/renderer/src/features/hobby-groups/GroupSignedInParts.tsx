import { useState } from 'react';
import { Button, Card, Input, List, Space } from 'antd';
import { DeleteOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { LIMITS, TEXTS, type GroupComment, type GroupPost, type HobbyGroup, type JoinRequest } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import {
  useCommentGroupPost,
  useDecideJoinRequest,
  useDeleteGroupPost,
  useGroupMembers,
  useHideGroupPost,
  useJoinRequests,
  useUpdateGroupPlace,
} from '../../api/hobby-groups';
import { NeighbourhoodSelect } from '../places/PlaceFields';
import { useSession } from '../../stores/session';
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
export function PostActions({ post: p, group }: { post: GroupPost; group: HobbyGroup }) {
  const user = useSession((s) => s.user);
  const { notification, modal } = useApp();
  const deletePost = useDeleteGroupPost();
  const hidePost = useHideGroupPost();
  const { data: members = [] } = useGroupMembers(group.slug, 100, Boolean(user));
  if (!user) return null;
  // The author, the founder, a group moderator (read from the member list the page already holds) or a site moderator.
  const groupModerator = members.some((m) => m.id === user?.id && m.role === 'moderator');
  const moderates = user.id === group.creatorId || groupModerator || user.role === 'admin' || user.role === 'moderator';
  const canDelete = user.id === p.authorId || moderates;
  // Hiding asks for a reason (the author is told it; the audit log keeps it).
  const hide = () => {
    let reason = '';
    modal.confirm({
      title: TEXTS.community.hideGroupPost,
      content: (
        <Input.TextArea
          aria-label={TEXTS.community.hideReason}
          placeholder={TEXTS.community.hideReason}
          maxLength={LIMITS.warningReasonMax}
          autoSize={{ minRows: 2 }}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: TEXTS.community.hideGroupPost,
      cancelText: 'İptal',
      onOk: () =>
        hidePost.mutateAsync({ id: p.id, reason, hide: true }).then(
          () => notification.success({ message: TEXTS.community.groupPostHidden }),
          (err: unknown) => {
            notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
            throw err;
          },
        ),
    });
  };
  return (
    <>
      {user.id !== p.authorId && <ReportButton targetType="group_post" targetId={p.id} />}
      <MemberMenu author={p.author} label={TEXTS.blocks.menus.post} blocked={p.blockedAuthor} />
      {moderates && user.id !== p.authorId && <Button type="text" icon={<EyeInvisibleOutlined />} aria-label={TEXTS.community.hideGroupPost} onClick={hide} />}
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
      await commentPost.mutateAsync({ id: postId, content: text });
      setText('');
      notification.success({ message: 'Yorumunuz eklendi' });
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
export function GroupPlaceEditor({ group }: { group: HobbyGroup }) {
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
