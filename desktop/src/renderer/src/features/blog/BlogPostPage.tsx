import { useState } from 'react';
import { Button, Card, Col, Image, Input, List, Result, Row, Space, Tag, Typography } from 'antd';
import { confirmDelete } from '../../components/confirmDelete';
import { useApp } from '../../components/LazyFeedback';
import { DeleteOutlined, HeartFilled, HeartOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { charCount, LIMITS, stripHtml, TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import {
  useBlogCategories,
  useBlogComments,
  useBlogPost,
  useCommentOnBlogPost,
  useDeleteBlogComment,
  useLikeBlogPost,
  useRelatedBlogPosts,
} from '../../api/blog';
import { useSession } from '../../stores/session';
import { mediaUrl, PageSpinner, UserAvatar } from '../../components/common';
import { formatDate, fromNow } from '../../components/time';
import { usePageMeta } from '../shell/meta';
import { ReportButton } from '../admin/ReportDialog';
import { Heading, PlainH1 } from '../../components/Heading';
import { ColorTag } from '../../components/ColorTag';
import { ItemMeta } from '../../components/ItemMeta';

/** Minutes to read at 200 words a minute, at least one. */
function readingMinutes(html: string): number {
  const words = stripHtml(html).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

export default function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const user = useSession((s) => s.user);
  const { notification, message, modal } = useApp();
  const [text, setText] = useState('');
  const { data: b, isLoading, isError } = useBlogPost(slug);
  const commentPages = useBlogComments(b?.id);
  const comments = commentPages.data?.pages.flatMap((p) => p.items) ?? [];
  const { data: related = [] } = useRelatedBlogPosts(b?.id, !!b?.published);
  const { data: categories = [] } = useBlogCategories();
  const likePost = useLikeBlogPost();
  const commentOnPost = useCommentOnBlogPost(b?.id ?? 0);
  const deleteComment = useDeleteBlogComment();
  usePageMeta({
    title: b?.metaTitle ?? b?.title ?? 'Blog',
    description: b?.metaDescription ?? b?.excerpt,
    image: mediaUrl(b?.featuredImage),
    canonical: `/blog/${slug}`,
  });
  if (isLoading) return <PageSpinner />;
  if (isError || !b) return <Result status="404" title={<PlainH1>{TEXTS.community.blogNotFound}</PlainH1>} extra={<Link to="/blog">Bloga dön</Link>} />;
  const like = async () => {
    if (!user) return notification.info({ message: TEXTS.auth.loginRequired, description: TEXTS.auth.loginShort });
    try {
      await likePost.mutateAsync(b.id);
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Beğeni işlemi sırasında bir hata oluştu') });
    }
  };
  const comment = async () => {
    try {
      await commentOnPost.mutateAsync(text);
      setText('');
      notification.success({ message: 'Yorumunuz eklendi' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum eklenirken bir hata oluştu') });
    }
  };
  const count = charCount(text);
  return (
    <Row gutter={24}>
      <Col xs={24} lg={16}>
        <Link to="/blog">← Blog</Link>
        <Card
          style={{ marginTop: 8 }}
          cover={
            b.featuredImage ? (
              <img
                src={mediaUrl(b.featuredImage)}
                alt=""
                style={{ maxHeight: 360, objectFit: 'cover' }}
                onError={(e) => ((e.target as HTMLImageElement).style.display = 'none')}
              />
            ) : undefined
          }
        >
          <Space wrap>
            {b.category && <ColorTag color={b.category.color}>{b.category.name}</ColorTag>}
            {!b.published && <Tag color="orange">Taslak</Tag>}
            {b.tags.map((t) => (
              <Tag key={t}>#{t}</Tag>
            ))}
            {user?.role === 'admin' && (
              <Link to={`/blog/edit/${b.id}`}>
                <Button size="small">Düzenle</Button>
              </Link>
            )}
          </Space>
          <Heading level={1} look={2} style={{ marginTop: 8 }}>
            {b.title}
          </Heading>
          <Typography.Text type="secondary">
            {b.authorName} · {formatDate(b.createdAt)} · {b.views} görüntülenme · {readingMinutes(b.content ?? '')} dk okuma
          </Typography.Text>
          {/* The server sanitises blog HTML with an allowlist before storing it. */}
          <div className="blog-content" style={{ marginTop: 16, lineHeight: 1.7 }} dangerouslySetInnerHTML={{ __html: b.content ?? '' }} />
          {b.gallery.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap style={{ marginTop: 16 }}>
                {b.gallery.map((g) => (
                  <a key={g.url} href={mediaUrl(g.url)} target="_blank" rel="noopener noreferrer" title="Yeni sekmede aç">
                    <Image src={mediaUrl(g.url)} width={160} alt={g.caption} preview={false} />
                  </a>
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Space style={{ marginTop: 16 }}>
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
        </Card>
        <Card title={`Yorumlar (${comments.length})`} style={{ marginTop: 16 }}>
          {user ? (
            <div style={{ marginBottom: 12 }}>
              <Input.TextArea
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoSize={{ minRows: 2 }}
                aria-label="Yorum yaz"
                placeholder="Yorum yaz..."
              />
              <Space style={{ marginTop: 8 }}>
                <Typography.Text type={count > LIMITS.commentMax ? 'danger' : 'secondary'}>
                  {count}/{LIMITS.commentMax}
                </Typography.Text>
                <Button type="primary" onClick={() => void comment()} disabled={!text.trim() || count > LIMITS.commentMax}>
                  Gönder
                </Button>
              </Space>
            </div>
          ) : (
            <Typography.Paragraph>
              <Link to="/login">Yorum yapmak için giriş yapın</Link>
            </Typography.Paragraph>
          )}
          <List
            dataSource={comments}
            locale={{ emptyText: 'Henüz yorum yapılmamış' }}
            renderItem={(c) => (
              <List.Item
                actions={
                  user && user.role !== 'admin' && user.id !== c.author.id
                    ? [<ReportButton key="r" targetType="blog_comment" targetId={c.id} />]
                    : user?.role === 'admin'
                      ? [
                          <Button
                            key="d"
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
                                    .catch((err) =>
                                      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Yorum silinirken bir hata oluştu') }),
                                    ),
                              })
                            }
                          />,
                        ]
                      : []
                }
              >
                <ItemMeta
                  avatar={<UserAvatar user={c.author} size={32} />}
                  title={
                    <span>
                      {c.authorName} <Typography.Text type="secondary">{fromNow(c.createdAt)}</Typography.Text>
                    </span>
                  }
                  description={c.content}
                />
              </List.Item>
            )}
          />
          {commentPages.hasNextPage && (
            <Button block onClick={() => void commentPages.fetchNextPage()} loading={commentPages.isFetchingNextPage}>
              Daha fazla
            </Button>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
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
            <Typography.Text type="secondary">İlgili yazı yok</Typography.Text>
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
            <Space direction="vertical">
              <Link to="/">Ana Sayfa</Link>
              <Link to="/login">Giriş Yap</Link>
              <Link to="/login?tab=register">Üye Ol</Link>
            </Space>
          </Card>
        )}
      </Col>
    </Row>
  );
}
