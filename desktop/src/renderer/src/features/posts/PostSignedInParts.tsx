import { useState } from 'react';
import { Button, Dropdown, Input, List, Modal, Space, Typography } from 'antd';
import { toastWrite } from '../../components/ItemStateTags';
import { useApp } from '../../components/LazyFeedback';
import { DeleteOutlined, EditOutlined, FlagOutlined, MoreOutlined } from '@ant-design/icons';
import { charCount, LIMITS, TEXTS, type Post, type PostComment } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useAddComment, useDeleteComment, useDeletePost, useUpdatePost, usePostComments } from '../../api/posts';
import { useSession } from '../../stores/session';
import { UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { RichText } from '../../components/RichText';
import { fromNow } from '../../components/time';
import { ReportButton } from '../admin/ReportDialog';
import { confirmDelete } from '../../components/confirmDelete';
import { ItemMeta } from '../../components/ItemMeta';
import { MemberMenu, useMemberActions } from '../blocks/BlockMuteReport';
import { NeighbourhoodSelect } from '../places/PlaceFields';

/**
 * A post card's heavier parts, loaded when they are needed rather than with every list of posts: the comments
 * dialog (when opened), a comment's buttons and the comment box (also on the post's page), a member's menu (edit,
 * delete, report) and the edit box. PostCard itself paints from
 * the lean components.
 */
/** A comment's buttons for a signed-in member: delete (their own, or any as an admin), report and the member menu (someone else's). */
export function PostCommentActions({ comment: c }: { comment: PostComment }) {
  const user = useSession((s) => s.user);
  const { notification, modal } = useApp();
  const deleteComment = useDeleteComment();
  if (!user) return null;
  const remove = () =>
    confirmDelete(modal.confirm, {
      title: TEXTS.confirm.deleteComment,
      run: () =>
        deleteComment
          .mutateAsync(c.id)
          .then(() => notification.success({ message: 'Yorum silindi' }))
          .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum silinirken bir hata oluştu.') })),
    });
  return (
    <Space size={4}>
      {(user.id === c.author.id || user.role === 'admin') && (
        <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label="Yorumu sil" onClick={remove} />
      )}
      {user.id !== c.author.id && <ReportButton targetType="comment" targetId={c.id} />}
      {user.id !== c.author.id && <MemberMenu author={c.author} label={TEXTS.blocks.menus.comment} />}
    </Space>
  );
}

/** The box a signed-in member comments with: the text, its count against the limit and 'Gönder'. */
export function PostCommentBox({ post: p }: { post: Post }) {
  const { notification } = useApp();
  const [text, setText] = useState('');
  const addComment = useAddComment(p.id);
  const add = () =>
    addComment.mutate(text, {
      onSuccess: (comment) => {
        setText('');
        toastWrite(notification, comment, { message: 'Yorum eklendi', description: 'Yorumunuz başarıyla paylaşıldı' });
      },
      onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum eklenirken bir hata oluştu') }),
    });
  const count = charCount(text);
  return (
    <div style={{ marginTop: 12 }} data-testid="comment-box">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Yorum yaz..."
        aria-label="Yorum yaz"
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={LIMITS.commentMax}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
        <Typography.Text style={{ color: count > LIMITS.commentWarnAbove ? '#ff4d4f' : undefined }}>
          {count}/{LIMITS.commentMax}
        </Typography.Text>
        <Button type="primary" onClick={add} loading={addComment.isPending} disabled={!text.trim() || count > LIMITS.commentMax}>
          Gönder
        </Button>
      </div>
    </div>
  );
}

export function CommentsDialog({ post: p, open, onClose }: { post: Post; open: boolean; onClose(): void }) {
  const user = useSession((s) => s.user);
  const { data: comments = [], isLoading } = usePostComments(p.id, open);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="Yorumlar" destroyOnHidden>
      <div style={{ maxHeight: '20rem', overflowY: 'auto' }}>
        {isLoading ? (
          <Typography.Text>Yükleniyor...</Typography.Text>
        ) : comments.length === 0 ? (
          <div style={{ textAlign: 'center', padding: 16 }}>
            <div>Henüz yorum yapılmamış</div>
            <Typography.Text type="secondary">İlk yorumu sen yap!</Typography.Text>
          </div>
        ) : (
          <List
            dataSource={comments}
            renderItem={(c) => (
              <List.Item actions={user ? [<PostCommentActions key="a" comment={c} />] : []}>
                <ItemMeta
                  avatar={<UserAvatar user={c.author} size={32} />}
                  title={
                    <Space>
                      <UserName user={c.author} />
                      <Typography.Text type="secondary">{fromNow(c.createdAt)}</Typography.Text>
                    </Space>
                  }
                  description={<RichText text={c.content} />}
                />
              </List.Item>
            )}
          />
        )}
      </div>
      {user && <PostCommentBox post={p} />}
    </Modal>
  );
}

/** The '⋯' menu of a post for a signed-in member: edit (own), delete (own or admin), report (someone else's). */
export function PostMenu({
  post: p,
  onEdit,
  onReport,
  open,
  onOpenChange,
}: {
  post: Post;
  onEdit(): void;
  onReport(): void;
  /** Held by the card, so that a click on the stand-in button before this code arrived opens the menu once it has. */
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const user = useSession((s) => s.user);
  const { notification, modal } = useApp();
  const deletePost = useDeletePost();
  const remove = () =>
    confirmDelete(modal.confirm, {
      title: TEXTS.confirm.deletePost,
      // An admin removing someone else's post may tell the author why.
      moderating: user?.role === 'admin' && user.id !== p.author.id,
      run: (reason) =>
        deletePost
          .mutateAsync({ id: p.id, reason })
          .then(() => notification.success({ message: 'Gönderi silindi' }))
          .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Gönderi silinirken bir hata oluştu.') })),
    });
  const own = user?.id === p.author.id;
  // Someone else's post: mute or block its author (a post the viewer sees is by someone neither blocked nor muted).
  const member = useMemberActions(user && !own ? p.author : null, { withMute: true });
  const menu = [
    ...(own ? [{ key: 'edit', icon: <EditOutlined />, label: 'Düzenle', onClick: onEdit }] : []),
    ...(own || user?.role === 'admin' ? [{ key: 'del', icon: <DeleteOutlined />, danger: true, label: own ? 'Sil' : 'Sil (Admin)', onClick: remove }] : []),
    ...(user && !own ? [{ key: 'report', icon: <FlagOutlined />, label: 'Şikayet Et', onClick: onReport }] : []),
    ...member.items,
  ];
  if (!user || menu.length === 0) return null;
  return (
    <>
      <Dropdown menu={{ items: menu }} trigger={['click']} open={open} onOpenChange={onOpenChange}>
        <Button type="text" icon={<MoreOutlined />} aria-label="Gönderi menüsü" />
      </Dropdown>
      {member.dialogs}
    </>
  );
}

/** The author's edit box in place of the post's text. */
export function PostEditor({ post: p, text, setText, onDone }: { post: Post; text: string; setText(t: string): void; onDone(): void }) {
  const { notification } = useApp();
  const updatePost = useUpdatePost();
  const [neighbourhoodId, setNeighbourhoodId] = useState<number | null>(p.neighbourhood?.id ?? null);
  const saveEdit = async () => {
    try {
      await updatePost.mutateAsync({ id: p.id, content: text, neighbourhoodId });
      onDone();
      notification.success({ message: 'Gönderi güncellendi' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Gönderi güncellenemedi') });
    }
  };
  return (
    <div style={{ marginTop: 8 }}>
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} maxLength={LIMITS.postContentMax} autoSize aria-label="Gönderi metni" />
      <div style={{ marginTop: 8, maxWidth: 360 }}>
        <NeighbourhoodSelect id={`post-${p.id}-neighbourhood`} value={neighbourhoodId} onChange={setNeighbourhoodId} />
      </div>
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" onClick={() => void saveEdit()} loading={updatePost.isPending}>
          Kaydet
        </Button>
        <Button onClick={onDone}>İptal</Button>
      </Space>
    </div>
  );
}
