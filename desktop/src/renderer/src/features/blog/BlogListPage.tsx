import { useState } from 'react';
import { Button, Card, Col, Input, List, Row, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { LIMITS, truncate } from '@mahalle/shared';
import { useBlogAuthors, useBlogCategories, useBlogPosts, type BlogPostSummary } from '../../api/blog';
import { useSession } from '../../stores/session';
import { mediaUrl, PageSpinner, UserAvatar } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/time';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { ColorTag } from '../../components/ColorTag';
import { ItemMeta } from '../../components/ItemMeta';

export function BlogCard({ post: b }: { post: BlogPostSummary }) {
  const [failed, setFailed] = useState(false);
  return (
    <Link to={`/blog/${b.slug}`}>
      <Card
        hoverable
        data-testid="blog-card"
        cover={
          b.featuredImage && !failed ? (
            <img src={mediaUrl(b.featuredImage)} alt="" onError={() => setFailed(true)} style={{ height: 160, objectFit: 'cover' }} />
          ) : (
            <div style={{ height: 120, background: `linear-gradient(135deg, ${b.category?.color ?? '#6d28d9'}, #db2777)` }} />
          )
        }
      >
        {b.category && <ColorTag color={b.category.color}>{b.category.name}</ColorTag>}
        <Heading level={2} look={5} style={{ marginTop: 6 }}>
          {b.title}
        </Heading>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
          {truncate(b.excerpt, LIMITS.blogExcerptCut)}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {b.authorName} · {formatDate(b.createdAt)} · {b.views} görüntülenme
        </Typography.Text>
      </Card>
    </Link>
  );
}

function Grid({ posts }: { posts: BlogPostSummary[] }) {
  if (posts.length === 0) return <EmptyState title="Henüz blog yazısı yok" />;
  return (
    <Row gutter={[16, 16]}>
      {posts.map((p) => (
        <Col key={p.id} xs={24} md={12} lg={8}>
          <BlogCard post={p} />
        </Col>
      ))}
    </Row>
  );
}

export default function BlogListPage() {
  usePageMeta({ title: 'Blog', description: 'Topluluktan yazılar, şehir rehberleri ve hobiler.' });
  const user = useSession((s) => s.user);
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const filters = { ...(search ? { search } : {}), ...(category ? { category } : {}) };
  // The specification's tabs: the top 6 trending (views + 2 × likes) and the latest 6.
  const { data: trending = [], isLoading } = useBlogPosts({ sort: 'trending', limit: 6, ...filters });
  const { data: latest = [] } = useBlogPosts({ limit: 6, ...filters });
  const { data: categories = [] } = useBlogCategories();
  const { data: authors = [] } = useBlogAuthors();
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
        <Heading level={1} look={2}>
          Blog
        </Heading>
        {user?.role === 'admin' && (
          <Link to="/blog/create">
            <Button type="primary">Yeni Yazı Yaz</Button>
          </Link>
        )}
      </div>
      <Input.Search placeholder="Blogda ara..." allowClear onSearch={setSearch} style={{ marginBottom: 16 }} aria-label="Blogda ara" />
      {category && (
        <ColorTag closable onClose={() => setParams({})} color={categories.find((c) => c.slug === category)?.color} style={{ marginBottom: 12 }}>
          Kategori: {categories.find((c) => c.slug === category)?.name ?? category}
        </ColorTag>
      )}
      {isLoading ? (
        <PageSpinner />
      ) : (
        <Tabs
          items={[
            { key: 'trend', label: 'Trendler', children: <Grid posts={trending} /> },
            { key: 'new', label: 'En Yeni', children: <Grid posts={latest} /> },
            {
              key: 'cat',
              label: 'Kategoriler',
              children: (
                <Row gutter={[16, 16]}>
                  {categories.slice(0, 8).map((c) => (
                    <Col key={c.id} xs={12} md={6}>
                      <Link to={`/blog?category=${encodeURIComponent(c.slug)}`}>
                        <Card hoverable>
                          <ColorTag color={c.color}>{c.name}</ColorTag>
                          <div>{c.postCount} yazı</div>
                        </Card>
                      </Link>
                    </Col>
                  ))}
                </Row>
              ),
            },
            {
              key: 'authors',
              label: 'Yazarlar',
              children: (
                <List
                  dataSource={authors}
                  renderItem={(a) => (
                    <List.Item>
                      <ItemMeta
                        avatar={<UserAvatar user={a} />}
                        title={<Link to={`/user/${a.username}`}>{a.displayName}</Link>}
                        description={`${a.posts} yazı · ${a.views} görüntülenme · ${a.likes} beğeni`}
                      />
                    </List.Item>
                  )}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
