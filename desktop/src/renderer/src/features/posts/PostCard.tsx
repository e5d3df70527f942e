import { useState } from 'react';
import { Button, Card, Dropdown, Input, List, Modal, Space, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import {
  CommentOutlined,
  DeleteOutlined,
  EditOutlined,
  FlagOutlined,
  HeartFilled,
  HeartOutlined,
  MoreOutlined,
  SaveFilled,
  SaveOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { charCount, LIMITS, TEXTS, type Post, type PostComment } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useAddComment, useDeleteComment, useDeletePost, useLikePost, usePostComments, useSharePost, useUpdatePost } from '../../api/posts';
import { useToggleBookmark } from '../../api/bookmarks';
import { useSession } from '../../stores/session';
import { mediaUrl, thumbSize, UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { RichText } from '../../components/RichText';
import { fromNow } from '../../components/time';
import { ReportButton, ReportDialog } from '../admin/ReportDialog';
import { confirmDelete } from '../../components/confirmDelete';
import { ColorTag } from '../../components/ColorTag';
import { ItemMeta } from '../../components/ItemMeta';

export function CommentsDialog({ post: p, open, onClose }: { post: Post; open: boolean; onClose(): void }) {
  const user = useSession((s) => s.user);
  const { notification, modal } = useApp();
  const [text, setText] = useState('');
  const { data: comments = [], isLoading } = usePostComments(p.id, open);
  const addComment = useAddComment(p.id);
  const deleteComment = useDeleteComment();
  const add = () =>
    addComment.mutate(text, {
      onSuccess: () => {
        setText('');
        notification.success({ message: 'Yorum eklendi', description: 'Yorumunuz başarıyla paylaşıldı' });
      },
      onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum eklenirken bir hata oluştu') }),
    });
  const remove = (c: PostComment) =>
    confirmDelete(modal.confirm, {
      title: TEXTS.confirm.deleteComment,
      run: () =>
        deleteComment
          .mutateAsync(c.id)
          .then(() => notification.success({ message: 'Yorum silindi' }))
          .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum silinirken bir hata oluştu.') })),
    });
  const count = charCount(text);
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
              <List.Item
                actions={[
                  ...(user && (user.id === c.author.id || user.role === 'admin')
                    ? [<Button key="d" type="text" danger size="small" icon={<DeleteOutlined />} aria-label="Yorumu sil" onClick={() => remove(c)} />]
                    : []),
                  ...(user && user.id !== c.author.id ? [<ReportButton key="r" targetType="comment" targetId={c.id} />] : []),
                ]}
              >
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
      {user && (
        <div style={{ marginTop: 12 }}>
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
      )}
    </Modal>
  );
}

/** `large` where the post is shown alone (its page): the full image instead of the list thumbnail. */
export function PostCard({ post: p, large = false }: { post: Post; large?: boolean }) {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const { notification, modal, message } = useApp();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const [likeStatus, setLikeStatus] = useState('');
  const requireLogin = () => {
    if (!user) {
      notification.info({ message: TEXTS.auth.loginRequired, description: TEXTS.auth.loginShort });
      navigate('/login');
      return false;
    }
    return true;
  };
  const like = useLikePost();
  const toggleBookmark = useToggleBookmark();
  const sharePost = useSharePost();
  const deletePost = useDeletePost();
  const updatePost = useUpdatePost();
  const likeIt = () =>
    like.mutate(p.id, {
      // The filled heart and the count are the confirmation; a toast per like would cover the
      // header's icons. The words stay for screen readers, in a polite live region.
      onSuccess: (r) => setLikeStatus(r.liked ? 'Beğeni yapıldı' : 'Beğeni kaldırıldı'),
      onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Beğeni işlemi başarısız oldu') }),
    });
  const save = () =>
    toggleBookmark.mutate(p.id, {
      onSuccess: (r) => notification.success({ message: r.bookmarked ? 'Kaydedildi' : 'Kayıt kaldırıldı' }),
      onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') }),
    });
  const share = async () => {
    const url = `${window.location.origin}/posts/${p.id}`;
    try {
      await navigator.clipboard.writeText(url);
      message.success('Link kopyalandı');
    } catch {
      message.info(url);
    }
    sharePost.mutate(p.id);
  };
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
  const saveEdit = async () => {
    try {
      await updatePost.mutateAsync({ id: p.id, content: editing ?? '' });
      setEditing(null);
      notification.success({ message: 'Gönderi güncellendi' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Gönderi güncellenemedi') });
    }
  };
  const own = user?.id === p.author.id;
  const menu = [
    ...(own ? [{ key: 'edit', icon: <EditOutlined />, label: 'Düzenle', onClick: () => setEditing(p.content) }] : []),
    ...(own || user?.role === 'admin' ? [{ key: 'del', icon: <DeleteOutlined />, danger: true, label: own ? 'Sil' : 'Sil (Admin)', onClick: remove }] : []),
    ...(user && !own ? [{ key: 'report', icon: <FlagOutlined />, label: 'Şikayet Et', onClick: () => setReporting(true) }] : []),
  ];
  return (
    <Card style={{ marginBottom: 12 }} data-testid="post-card">
      <div style={{ display: 'flex', gap: 12 }}>
        <Link to={`/user/${p.author.username}`} aria-label={p.author.displayName}>
          <UserAvatar user={p.author} />
        </Link>
        <div style={{ flex: 1, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <Space wrap size={4}>
              <UserName user={p.author} />
              <Typography.Text type="secondary">
                @{p.author.username} · {fromNow(p.createdAt)}
              </Typography.Text>
              {p.category && <ColorTag color={p.category.color}>{p.category.name}</ColorTag>}
            </Space>
            {user && menu.length > 0 && (
              <Dropdown menu={{ items: menu }} trigger={['click']}>
                <Button type="text" icon={<MoreOutlined />} aria-label="Gönderi menüsü" />
              </Dropdown>
            )}
          </div>
          {editing !== null ? (
            <div style={{ marginTop: 8 }}>
              <Input.TextArea value={editing} onChange={(e) => setEditing(e.target.value)} maxLength={LIMITS.postContentMax} autoSize />
              <Space style={{ marginTop: 8 }}>
                <Button type="primary" onClick={() => void saveEdit()}>
                  Kaydet
                </Button>
                <Button onClick={() => setEditing(null)}>İptal</Button>
              </Space>
            </div>
          ) : (
            <div style={{ marginTop: 6 }}>
              <RichText text={p.content} />
            </div>
          )}
          {p.imageUrl &&
            !imageFailed &&
            (large || !p.imageThumbUrl ? (
              <img
                src={mediaUrl(p.imageUrl)}
                alt=""
                width={p.imageWidth ?? undefined}
                height={p.imageHeight ?? undefined}
                loading={large ? 'eager' : 'lazy'}
                onError={() => setImageFailed(true)}
                style={{ marginTop: 8, maxWidth: '100%', height: 'auto', borderRadius: 8 }}
              />
            ) : (
              <img
                src={mediaUrl(p.imageThumbUrl)}
                alt=""
                {...thumbSize(p.imageWidth, p.imageHeight)}
                loading="lazy"
                onError={() => setImageFailed(true)}
                style={{ marginTop: 8, maxWidth: '100%', height: 'auto', borderRadius: 8 }}
              />
            ))}
          {p.videoUrl && <video src={mediaUrl(p.videoUrl)} controls style={{ marginTop: 8, maxWidth: '100%', maxHeight: 360, borderRadius: 8 }} />}
          <span role="status" aria-live="polite" className="visually-hidden" data-testid="like-status">
            {likeStatus}
          </span>
          <Space style={{ marginTop: 8 }} wrap>
            <Button
              type="text"
              aria-label="Beğen"
              aria-pressed={p.isLiked}
              icon={p.isLiked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
              onClick={() => requireLogin() && likeIt()}
              loading={like.isPending}
            >
              {p.likesCount}
            </Button>
            <Button type="text" aria-label="Yorumlar" icon={<CommentOutlined />} onClick={() => setCommentsOpen(true)}>
              {p.commentsCount}
            </Button>
            <Button type="text" aria-label="Paylaş" icon={<ShareAltOutlined />} onClick={() => void share()}>
              {p.sharesCount}
            </Button>
            <Button
              type="text"
              aria-label="Kaydet"
              aria-pressed={p.isBookmarked}
              icon={p.isBookmarked ? <SaveFilled /> : <SaveOutlined />}
              onClick={() => requireLogin() && save()}
            />
          </Space>
        </div>
      </div>
      <CommentsDialog post={p} open={commentsOpen} onClose={() => setCommentsOpen(false)} />
      {reporting && <ReportDialog targetType="post" targetId={p.id} onClose={() => setReporting(false)} />}
    </Card>
  );
}
