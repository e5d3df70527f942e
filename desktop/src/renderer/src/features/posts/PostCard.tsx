import { Suspense, useState } from 'react';
import { useApp } from '../../components/LazyFeedback';
import { CommentOutlined, EnvironmentOutlined, HeartFilled, HeartOutlined, MoreOutlined, SaveFilled, SaveOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { TEXTS, type Post } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useLikePost, useSharePost } from '../../api/posts';
import { useToggleBookmark } from '../../api/bookmarks';
import { useSession } from '../../stores/session';
import { useConnection } from '../../stores/connection';
import { mediaUrl, thumbSize, UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { RichText } from '../../components/RichText';
import { fromNow } from '../../components/time';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { LeanCard as Card } from '../../components/lean/LeanCard';
import { LeanSpace as Space } from '../../components/lean/LeanSpace';
import { LeanTag } from '../../components/lean/LeanTag';
import { ItemStateTags } from '../../components/ItemStateTags';
import { Secondary } from '../../components/lean/Secondary';

// The comments dialog, a member's menu and the edit box (antd's modal, dropdown, list and input) load when needed:
// a list of posts paints from the lean components.
const CommentsDialog = lazy(() => import('./PostSignedInParts').then((m) => ({ default: m.CommentsDialog })));
const PostMenu = lazy(() => import('./PostSignedInParts').then((m) => ({ default: m.PostMenu })));
const PostEditor = lazy(() => import('./PostSignedInParts').then((m) => ({ default: m.PostEditor })));
const ReportDialog = lazy(() => import('../admin/ReportDialog').then((m) => ({ default: m.ReportDialog })));

/**
 * `large` where the post is shown alone (its page): the full image instead of the list thumbnail. `onComments`: the
 * comment button's action where the comments are on the page itself (instead of the comments dialog).
 */
export function PostCard({ post: p, large = false, onComments }: { post: Post; large?: boolean; onComments?: () => void }) {
  const user = useSession((s) => s.user);
  // Offline the card is the kept feed's: nothing to like, open or share until the network is back.
  const offline = useConnection((s) => s.offline);
  const navigate = useNavigate();
  const { notification, message } = useApp();
  const [commentsOpen, setCommentsOpen] = useState(false);
  // Once opened, the dialog stays mounted so that it closes with its animation.
  const [commentsWanted, setCommentsWanted] = useState(false);
  if (commentsOpen && !commentsWanted) setCommentsWanted(true);
  const [editing, setEditing] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
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
  // A signed-in member always has something in the menu: edit and delete their own post, report someone else's.
  const hasMenu = Boolean(user);
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
              <Secondary>
                @{p.author.username} · {fromNow(p.createdAt)}
              </Secondary>
              <ItemStateTags item={p} />
              {p.category && <LeanTag color={p.category.color}>{p.category.name}</LeanTag>}
              {p.neighbourhood && (
                <LeanTag icon={<EnvironmentOutlined />} data-testid="place-tag">
                  {TEXTS.places.placeLabel(p.neighbourhood.name, p.neighbourhood.districtName)}
                </LeanTag>
              )}
            </Space>
            {hasMenu &&
              // The menu's code (antd's dropdown and the dialogs behind it) loads when it is first opened, not with every
              // member's feed; the same button stands in until then, so nothing moves.
              (menuWanted ? (
                <Suspense fallback={<Button type="text" icon={<MoreOutlined />} aria-label="Gönderi menüsü" onClick={() => setMenuOpen(true)} />}>
                  <PostMenu post={p} onEdit={() => setEditing(p.content)} onReport={() => setReporting(true)} open={menuOpen} onOpenChange={setMenuOpen} />
                </Suspense>
              ) : (
                <Button
                  type="text"
                  icon={<MoreOutlined />}
                  aria-label="Gönderi menüsü"
                  onClick={() => {
                    setMenuWanted(true);
                    setMenuOpen(true);
                  }}
                />
              ))}
          </div>
          {editing !== null ? (
            <Suspense fallback={null}>
              <PostEditor post={p} text={editing} setText={setEditing} onDone={() => setEditing(null)} />
            </Suspense>
          ) : (
            <div style={{ marginTop: 6 }}>
              <RichText text={p.content} mentions={p.mentions} />
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
              disabled={offline}
            >
              {p.likesCount}
            </Button>
            <Button
              type="text"
              aria-label="Yorumlar"
              icon={<CommentOutlined />}
              disabled={offline}
              onClick={() => (onComments ? onComments() : setCommentsOpen(true))}
            >
              {p.commentsCount}
            </Button>
            <Button type="text" aria-label="Paylaş" icon={<ShareAltOutlined />} disabled={offline} onClick={() => void share()}>
              {p.sharesCount}
            </Button>
            <Button
              type="text"
              aria-label="Kaydet"
              aria-pressed={p.isBookmarked}
              icon={p.isBookmarked ? <SaveFilled /> : <SaveOutlined />}
              disabled={offline}
              onClick={() => requireLogin() && save()}
            />
          </Space>
        </div>
      </div>
      {commentsWanted && (
        <Suspense fallback={null}>
          <CommentsDialog post={p} open={commentsOpen} onClose={() => setCommentsOpen(false)} />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog targetType="post" targetId={p.id} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </Card>
  );
}
