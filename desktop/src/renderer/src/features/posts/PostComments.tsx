import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { TEXTS, type CommentOrder, type Post, type PostComment } from '@mahalle/shared';
import { usePostComment, usePostCommentPages } from '../../api/posts';
import { useSession } from '../../stores/session';
import { UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { RichText } from '../../components/RichText';
import { formatDateTime, fromNow } from '../../components/time';
import { Heading } from '../../components/Heading';
import { ListSkeleton } from '../../components/ListSkeleton';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { LeanCard as Card } from '../../components/lean/LeanCard';
import { LEAN_LIST, LeanListItem } from '../../components/lean/LeanList';
import { Secondary } from '../../components/lean/Secondary';
import { ItemStateTags } from '../../components/ItemStateTags';

// A visitor reads the comments from the lean components; a member's buttons and the comment box load for members only.
const PostCommentActions = lazy(() => import('./PostSignedInParts').then((m) => ({ default: m.PostCommentActions })));
const PostCommentBox = lazy(() => import('./PostSignedInParts').then((m) => ({ default: m.PostCommentBox })));

const T = TEXTS.postComments;

/** `#yorum-12` → 12: the comment a shared link points at. */
export function linkedCommentId(hash: string): number | null {
  const m = /^#yorum-(\d{1,12})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

function CommentItem({ comment: c, last, linked, id }: { comment: PostComment; last: boolean; linked?: boolean; id?: string }) {
  const member = useSession((s) => s.user !== null);
  return (
    <LeanListItem
      id={id}
      className={linked ? 'anchor-target comment-linked' : 'anchor-target'}
      data-testid={linked ? 'linked-comment' : 'comment'}
      avatar={<UserAvatar user={c.author} size={32} />}
      title={
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'baseline' }}>
          <UserName user={c.author} />
          {/* The comment's own link: copying it shares this comment (/posts/:id#yorum-<id>). */}
          <Link to={{ hash: `yorum-${c.id}` }} title={formatDateTime(c.createdAt)} style={{ fontSize: 12 }}>
            <Secondary>{fromNow(c.createdAt)}</Secondary>
          </Link>
          {linked && <Secondary style={{ fontSize: 12 }}>· {T.linked}</Secondary>}
          <ItemStateTags item={c} />
        </span>
      }
      description={<RichText text={c.content} />}
      actions={
        member ? (
          <Suspense fallback={null}>
            <PostCommentActions comment={c} />
          </Suspense>
        ) : undefined
      }
      last={last}
    />
  );
}

/**
 * A post page's comments: newest or oldest first, a page at a time, the comment box under them (a visitor is asked
 * to sign in). A link to one comment (#yorum-<id>) shows it highlighted where it is, or above the list when it is
 * on a page not loaded yet; the layout scrolls to it (useScrollToHash).
 */
export function PostComments({ post }: { post: Post }) {
  const member = useSession((s) => s.user !== null);
  const [order, setOrder] = useState<CommentOrder>('newest');
  const pages = usePostCommentPages(post.id, order);
  const linkedId = linkedCommentId(useLocation().hash);
  const linked = usePostComment(post.id, linkedId);
  const comments = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const linkedElsewhere = linked.data && !comments.some((c) => c.id === linked.data.id) ? linked.data : null;
  return (
    <section aria-labelledby="comments-title" data-testid="post-comments" style={{ marginTop: 16 }}>
      <Card
        title={
          <Heading level={2} look={5} id="comments-title" style={{ margin: 0 }}>
            {T.title(post.commentsCount)}
          </Heading>
        }
        extra={
          <span role="group" aria-label={T.order} style={{ display: 'inline-flex', gap: 4 }}>
            {(['newest', 'oldest'] as const).map((o) => (
              <Button key={o} size="small" type={order === o ? 'primary' : 'text'} aria-pressed={order === o} onClick={() => setOrder(o)}>
                {T.orders[o]}
              </Button>
            ))}
          </span>
        }
      >
        {linkedElsewhere && (
          <ul style={LEAN_LIST} aria-label={T.linked}>
            <CommentItem comment={linkedElsewhere} id={`yorum-${linkedElsewhere.id}`} last linked />
          </ul>
        )}
        {linkedId !== null && linked.isError && <Secondary block>{TEXTS.social.commentNotFound}</Secondary>}
        {pages.isPending ? (
          <ListSkeleton rows={3} avatar />
        ) : comments.length === 0 ? (
          <div style={{ textAlign: 'center', padding: 16 }}>
            <div>Henüz yorum yapılmamış</div>
            <Secondary>İlk yorumu sen yap!</Secondary>
          </div>
        ) : (
          <ul style={LEAN_LIST} data-testid="comment-list">
            {comments.map((c, i) => (
              <CommentItem key={c.id} comment={c} id={`yorum-${c.id}`} last={i === comments.length - 1} linked={c.id === linkedId} />
            ))}
          </ul>
        )}
        {pages.hasNextPage && (
          <Button block style={{ marginTop: 8 }} loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} data-testid="comments-more">
            {T.more}
          </Button>
        )}
        {member ? (
          <Suspense fallback={null}>
            <PostCommentBox post={post} />
          </Suspense>
        ) : (
          <Secondary block style={{ marginTop: 12, marginBottom: 0 }}>
            <Link to="/login">{T.signIn}</Link>
          </Secondary>
        )}
      </Card>
    </section>
  );
}
