import { useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { charCount, LIMITS, TEXTS, type BlogComment } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useCommentOnBlogPost, useDeleteBlogComment } from '../../api/blog';
import { useSession } from '../../stores/session';
import { toastWrite } from '../../components/ItemStateTags';
import { useApp } from '../../components/LazyFeedback';
import { confirmDelete } from '../../components/confirmDelete';
import { ReportButton } from '../admin/ReportDialog';
import { MemberMenu } from '../blocks/BlockMuteReport';

/**
 * A blog post's parts only a signed-in member gets (the comment form; report or delete a comment): loaded with
 * antd's input, button and dialogs when a member opens the page, never for a visitor's first paint.
 */
export function CommentForm({ postId }: { postId: number }) {
  const { notification } = useApp();
  const [text, setText] = useState('');
  const commentOnPost = useCommentOnBlogPost(postId);
  const comment = async () => {
    try {
      const added = await commentOnPost.mutateAsync(text);
      setText('');
      toastWrite(notification, added, { message: 'Yorumunuz eklendi' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum eklenirken bir hata oluştu') });
    }
  };
  const count = charCount(text);
  return (
    <div style={{ marginBottom: 12 }}>
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 2 }} aria-label="Yorum yaz" placeholder="Yorum yaz..." />
      <Space style={{ marginTop: 8 }}>
        <Typography.Text type={count > LIMITS.commentMax ? 'danger' : 'secondary'}>
          {count}/{LIMITS.commentMax}
        </Typography.Text>
        <Button type="primary" onClick={() => void comment()} disabled={!text.trim() || count > LIMITS.commentMax}>
          Gönder
        </Button>
      </Space>
    </div>
  );
}

/** A blog comment's actions for a member: report it, mute or block its author (someone else's); delete it (admins). */
export function CommentActions({ comment: c }: { comment: BlogComment }) {
  const user = useSession((s) => s.user);
  if (!user) return null;
  const someoneElses = user.id !== c.author.id;
  return (
    <>
      {someoneElses && user.role !== 'admin' && <ReportButton targetType="blog_comment" targetId={c.id} />}
      {/* Someone else's comment: mute or block its author. */}
      <MemberMenu author={c.author} label={TEXTS.blocks.menus.comment} blocked={c.blockedAuthor} />
      {user.role === 'admin' && <DeleteComment comment={c} />}
    </>
  );
}

/** An admin's delete of a blog comment, asked first. */
function DeleteComment({ comment: c }: { comment: BlogComment }) {
  const { notification, modal } = useApp();
  const deleteComment = useDeleteBlogComment();
  return (
    <Button
      danger
      type="text"
      icon={<DeleteOutlined />}
      aria-label="Yorumu sil"
      onClick={() =>
        confirmDelete(modal.confirm, {
          title: TEXTS.confirm.deleteComment,
          run: () =>
            deleteComment
              .mutateAsync(c.id)
              .then(() => {
                notification.success({ message: 'Yorum silindi' });
              })
              .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum silinirken bir hata oluştu') })),
        })
      }
    />
  );
}
