import './blogContent.css';
import { Suspense, useDeferredValue } from 'react';
import { theme } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { HeartFilled, HeartOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { stripHtml, TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useBlogCategories, useBlogComments, useBlogPost, useLikeBlogPost, useRelatedBlogPosts, type BlogPost } from '../../api/blog';
import { useSession } from '../../stores/session';
import { mediaUrl, NotFound, PageSpinner, UserAvatar } from '../../components/common';
import { formatDate, fromNow } from '../../components/time';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { LeanCard as Card } from '../../components/lean/LeanCard';
import { LEAN_LIST, LeanListItem } from '../../components/lean/LeanList';
import { LeanSpace as Space } from '../../components/lean/LeanSpace';
import { LeanTag as Tag } from '../../components/lean/LeanTag';
import { Secondary } from '../../components/lean/Secondary';
import { ListSkeleton } from '../../components/ListSkeleton';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';
import { BlockedCollapse } from '../../components/BlockedCollapse';
import { ItemStateTags } from '../../components/ItemStateTags';

// A visitor's blog post paints from the lean components; the comment form and the report and delete buttons
// (antd's input, buttons and dialogs) load for members only, the gallery (antd's image) for a post that has one.
const CommentForm = lazy(() => import('./BlogSignedInParts').then((m) => ({ default: m.CommentForm })));
const CommentActions = lazy(() => import('./BlogSignedInParts').then((m) => ({ default: m.CommentActions })));
const BlogGallery = lazy(() => import('./BlogGallery'));

/** Minutes to read at 200 words a minute, at least one. */
function readingMinutes(html: string): number {
  const words = stripHtml(html).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

/** What a post's reader sees of it: the post as the blog page shows it (the editor's preview draws this very component). */
export type BlogArticlePost = Pick<
  BlogPost,
  'title' | 'content' | 'featuredImage' | 'gallery' | 'category' | 'tags' | 'published' | 'authorName' | 'createdAt' | 'views'
>;

export function BlogArticle({ post: b, tools, children }: { post: BlogArticlePost; tools?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <Card
      style={{ marginTop: 8 }}
      cover={
        b.featuredImage ? (
          <img
            src={mediaUrl(b.featuredImage)}
            alt=""
            style={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'cover' }}
            onError={(e) => ((e.target as HTMLImageElement).style.display = 'none')}
          />
        ) : undefined
      }
    >
      <Space wrap>
        {b.category && <Tag color={b.category.color}>{b.category.name}</Tag>}
        {!b.published && <Tag color="orange">Taslak</Tag>}
        {b.tags.map((t) => (
          <Tag key={t}>#{t}</Tag>
        ))}
        {tools}
      </Space>
      <Heading level={1} look={2} style={{ marginTop: 8 }}>
        {b.title}
      </Heading>
      <Secondary>
        {b.authorName} · {formatDate(b.createdAt)} · {b.views} görüntülenme · {readingMinutes(b.content ?? '')} dk okuma
      </Secondary>
      {/* The server sanitises blog HTML with an allowlist before storing it. */}
      <div className="blog-content" style={{ marginTop: 16, lineHeight: 1.7 }} dangerouslySetInnerHTML={{ __html: b.content ?? '' }} />
      {b.gallery.length > 0 && (
        <Suspense fallback={null}>
          <BlogGallery gallery={b.gallery} />
        </Suspense>
      )}
      {children}
    </Card>
  );
}

export default function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const user = useSession((s) => s.user);
  const { token } = theme.useToken();
  const { notification, message } = useApp();
  const { data: b, isLoading, isError } = useBlogPost(slug);
  const commentPages = useBlogComments(b?.id);
  // The comments render in the background (a transition React can pause for input), not in one long task when they arrive.
  const commentData = useDeferredValue(commentPages.data);
  const comments = commentData?.pages.flatMap((p) => p.items) ?? [];
  const loadingComments = commentPages.isLoading || (!commentData && !!commentPages.data);
  const { data: related = [] } = useRelatedBlogPosts(b?.id, !!b?.published);
  const { data: categories = [] } = useBlogCategories();
  const likePost = useLikeBlogPost();
  usePageMeta({
    title: b?.metaTitle ?? b?.title ?? 'Blog',
    description: b?.metaDescription ?? b?.excerpt,
    image: mediaUrl(b?.featuredImage),
    canonical: `/blog/${slug}`,
  });
  if (isLoading) return <PageSpinner />;
  if (isError || !b) return <NotFound title={TEXTS.community.blogNotFound} back={{ to: '/blog', label: 'Bloga dön' }} />;
  const like = async () => {
    if (!user) return notification.info({ message: TEXTS.auth.loginRequired, description: TEXTS.auth.loginShort });
    try {
      await likePost.mutateAsync(b.id);
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Beğeni işlemi sırasında bir hata oluştu') });
    }
  };
  return (
    <div className="page-split">
      <div>
        <Link to="/blog">← Blog</Link>
        <BlogArticle
          post={b}
          tools={
            user?.role === 'admin' && (
              <Link to={`/blog/edit/${b.id}`}>
                <Button size="small">Düzenle</Button>
              </Link>
            )
          }
        >
          <Space style={{ display: 'flex', marginTop: 16 }}>
            <Button icon={b.isLiked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />} onClick={() => void like()}>
              {b.likesCount}
            </Button>
            <Button
              icon={<ShareAltOutlined />}
              onClick={() => void navigator.clipboard.writeText(window.location.href).then(() => message.success('Link kopyalandı'))}
            >
              Paylaş
            </Button>
          </Space>
        </BlogArticle>
        <Card title={`Yorumlar (${comments.length})`} size="default" style={{ marginTop: 16 }}>
          {user ? (
            // The form's height is kept while its code arrives, so the comments below it do not move.
            <Suspense fallback={<div style={{ marginBottom: 12, minHeight: 94 }} />}>
              <CommentForm postId={b.id} />
            </Suspense>
          ) : (
            <div style={{ marginBottom: '1em' }}>
              <Link to="/login">Yorum yapmak için giriş yapın</Link>
            </div>
          )}
          {loadingComments ? (
            <ListSkeleton avatar />
          ) : comments.length === 0 ? (
            <div style={{ padding: 16, textAlign: 'center', color: token.colorTextTertiary }}>Henüz yorum yapılmamış</div>
          ) : (
            <ul style={LEAN_LIST}>
              {comments.map((c, i) => (
                <LeanListItem
                  key={c.id}
                  // The comment's anchor: the review queue links a blog comment as /blog/:slug#yorum-<id>.
                  id={`yorum-${c.id}`}
                  className="anchor-target"
                  last={i === comments.length - 1}
                  avatar={<UserAvatar user={c.author} size={32} />}
                  title={
                    <span>
                      {c.authorName} <Secondary>{fromNow(c.createdAt)}</Secondary> <ItemStateTags item={c} />
                    </span>
                  }
                  description={<BlockedCollapse blocked={c.blockedAuthor}>{c.content}</BlockedCollapse>}
                  actions={
                    user && (
                      <Suspense fallback={null}>
                        <CommentActions comment={c} />
                      </Suspense>
                    )
                  }
                />
              ))}
            </ul>
          )}
          {commentPages.hasNextPage && (
            <Button block onClick={() => void commentPages.fetchNextPage()} loading={commentPages.isFetchingNextPage}>
              Daha fazla
            </Button>
          )}
        </Card>
      </div>
      <div>
        <Card title="Yazar" size="small">
          <Space>
            <UserAvatar user={b.author} />
            <div>
              <Link to={`/user/${b.authorUsername}`}>
                <strong>{b.authorName}</strong>
              </Link>
              <div>{b.author.bio}</div>
            </div>
          </Space>
        </Card>
        <Card title="İlgili Yazılar" size="small" style={{ marginTop: 12 }}>
          {related.length === 0 ? (
            <Secondary>İlgili yazı yok</Secondary>
          ) : (
            related.map((r) => (
              <div key={r.id}>
                <Link to={`/blog/${r.slug}`}>{r.title}</Link>
              </div>
            ))
          )}
        </Card>
        <Card title="Kategoriler" size="small" style={{ marginTop: 12 }}>
          {categories.slice(0, 6).map((c) => (
            <div key={c.id}>
              <Link to={`/blog?category=${encodeURIComponent(c.slug)}`}>{c.name}</Link>
            </div>
          ))}
        </Card>
        {!user && (
          <Card size="small" style={{ marginTop: 12 }}>
            <Space vertical>
              <Link to="/">Ana Sayfa</Link>
              <Link to="/login">Giriş Yap</Link>
              <Link to="/login?tab=register">Üye Ol</Link>
            </Space>
          </Card>
        )}
      </div>
    </div>
  );
}
