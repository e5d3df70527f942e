import { Button, Col, Row, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatSignedPercent, LIMITS, stripHtml, truncate } from '@mahalle/shared';
import { get } from '../../api/client';
import type { BlogPost, EventItem, Person, Question } from '../../api/types';
import { useSession } from '../../stores/session';
import { UserAvatar } from '../../components/common';
import { ListSkeleton } from '../../components/ListSkeleton';
import { formatDateTime } from '../../components/time';
import { Suspense } from 'react';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';
import { usePageMeta } from '../shell/meta';
import { Heading, visuallyHidden } from '../../components/Heading';
import { LIGHT_LIST, LightCard as Card, LightListItem } from '../../components/Light';
import { useCommunityStats } from '../../api/meta';
import { useTrendingHashtags } from '../../api/hashtags';

// Members' parts (composer, feed with its cards and dialogs) load only for members: a visitor's `/` stays small.
const Composer = lazy(() => import('../feed/Composer').then((m) => ({ default: m.Composer })));
const PostList = lazy(() => import('../feed/PostList').then((m) => ({ default: m.PostList })));

function SideLists() {
  const { data: members = [], isLoading: loadingMembers } = useQuery({ queryKey: ['users', 'recent'], queryFn: () => get<Person[]>(`/api/users/recent?limit=${LIMITS.homeMembers}`) });
  const { data: events = [], isLoading: loadingEvents } = useQuery({ queryKey: ['events', 'upcoming', 'home'], queryFn: () => get<EventItem[]>(`/api/events?limit=${LIMITS.homeEvents}`).catch(() => []) });
  const { data: trending = [], isLoading: loadingTrending } = useTrendingHashtags();
  // Until a list has arrived it shows a skeleton; only an answer that is empty says so.
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title="Gündemdeki Etiketler">
        {loadingTrending ? <ListSkeleton /> : trending.length === 0 ? <Typography.Text type="secondary">Henüz gündem yok</Typography.Text> : trending.slice(0, 5).map((t) => (
          <div key={t.tag} style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span>#{t.tag}</span>
            <Typography.Text type="secondary">{t.posts} gönderi · {formatSignedPercent(t.growth)}</Typography.Text>
          </div>
        ))}
      </Card>
      <Card title="Yeni Üyeler">
        {loadingMembers ? <ListSkeleton avatar /> : members.length === 0 ? <Typography.Text type="secondary">Henüz üye yok</Typography.Text> : (
          <ul style={LIGHT_LIST}>
            {members.map((m, i) => (
              <LightListItem key={m.id} last={i === members.length - 1} avatar={<UserAvatar user={m} size={32} />} title={<Link to={`/user/${m.username}`}>{m.displayName}</Link>} description={`@${m.username}`} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Yaklaşan Etkinlikler" extra={<Link to="/events">Tümü</Link>}>
        {loadingEvents ? <ListSkeleton /> : events.length === 0 ? <Typography.Text type="secondary">Yaklaşan etkinlik yok</Typography.Text> : events.map((e) => (
          <div key={e.id} style={{ marginBottom: 8 }}><strong>{e.title}</strong><br /><Typography.Text type="secondary">{formatDateTime(e.date)} · {e.location}</Typography.Text></div>
        ))}
      </Card>
    </Space>
  );
}

/** `/` shows the latest three posts; `/home` (its 'Tümü' link) the whole feed, paged. */
export function HomePage({ full = false }: { full?: boolean }) {
  usePageMeta({ title: '', keywords: 'topluluk, etkinlik, blog, soru cevap, hobi grupları, Eskişehir' });
  const user = useSession((s) => s.user);
  const { data: blog = [], isLoading: loadingBlog } = useQuery({ queryKey: ['blog', 'latest', LIMITS.homeBlogPosts], queryFn: () => get<BlogPost[]>(`/api/blog/posts?limit=${LIMITS.homeBlogPosts}`) });
  const { data: questions } = useQuery({ queryKey: ['questions', 'home'], queryFn: () => get<{ items: Question[]; total: number }>(`/api/questions?pageSize=${LIMITS.homeQuestions}`) });
  const { data: stats } = useCommunityStats();
  const counters = [
    { title: 'Aktif üye', value: stats?.members },
    { title: 'Soru', value: stats?.questions },
    { title: 'Blog yazısı', value: stats?.blogPosts },
    { title: 'Bu hafta etkinlik', value: stats?.eventsThisWeek },
    { title: 'Kategori', value: stats?.categories },
  ];
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={16}>
        {user !== null && <h1 style={visuallyHidden}>Ana Sayfa</h1>}
        {user === null && (
          <Card style={{ marginBottom: 16, background: 'linear-gradient(135deg,#6d28d9,#be185d)', color: '#fff' }}>
            <Typography.Title style={{ color: '#fff' }}>Mahalle'ye hoş geldin!</Typography.Title>
            <Typography.Paragraph style={{ color: '#fff' }}>Şehrinin hobi gruplarını, etkinliklerini ve komşularını keşfet. Soru sor, blog oku, topluluğa katıl.</Typography.Paragraph>
            <Space><Link to="/login"><Button size="large">Giriş Yap</Button></Link><Link to="/qa"><Button size="large" ghost>Soru & Cevap</Button></Link></Space>
          </Card>
        )}
        {user && (
          <Suspense fallback={null}>
            <Composer />
            <div style={{ display: 'flex', justifyContent: 'space-between' }}>
              <Heading level={2} look={4}>{full ? 'Tüm Gönderiler' : 'Son Gönderiler'}</Heading>
              {!full && <Link to="/home">Tümü</Link>}
            </div>
            {full ? <PostList feed={{}} /> : <PostList feed={{}} pageSize={LIMITS.homePosts} more={false} />}
          </Suspense>
        )}
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} md={12}>
            <Card title="Son Blog Yazıları" extra={<Link to="/blog">Tümü</Link>}>
              {loadingBlog ? <ListSkeleton /> : blog.map((b) => (
                <div key={b.id} style={{ marginBottom: 8 }}><Link to={`/blog/${b.slug}`}><strong>{b.title}</strong></Link><br /><Typography.Text type="secondary">{truncate(stripHtml(b.content ?? b.excerpt), 80)}</Typography.Text></div>
              ))}
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card title="Son Sorular" extra={<Link to="/qa">Tümü</Link>}>
              {!questions ? <ListSkeleton /> : questions.items.map((q) => (
                <div key={q.id} style={{ marginBottom: 8 }}><Link to={`/qa/question/${q.id}`}>{q.title}</Link> <Typography.Text type="secondary">({q.answersCount} cevap)</Typography.Text></div>
              ))}
            </Card>
          </Col>
        </Row>
        {user === null && (
          <Card style={{ marginTop: 16, textAlign: 'center' }}>
            <Heading level={2} look={3}>Topluluğa katıl</Heading>
            <Typography.Paragraph>Paylaş, beğen, yorum yap; komşularınla aynı hobilerde buluş.</Typography.Paragraph>
            <Link to="/login?tab=register"><Button type="primary" size="large">Üye Ol</Button></Link>
          </Card>
        )}
      </Col>
      {/* Statistics and shortcuts are the side column's: the composer and the feed come first, on a phone above all. */}
      <Col xs={24} xl={8}>
        <Card title="Topluluk" style={{ marginBottom: 16 }} data-testid="home-stats">
          <Row gutter={[12, 12]}>
            {counters.map((c) => (
              <Col span={12} key={c.title}><Statistic title={c.title} value={c.value ?? 0} loading={!stats} valueStyle={{ fontSize: 20 }} /></Col>
            ))}
          </Row>
          <Space wrap size={[8, 8]} style={{ marginTop: 12 }}>
            {[['/qa', 'Soru & Cevap'], ['/blog', 'Blog'], ['/categories', 'Kategoriler'], ['/discover', 'Keşfet'], ['/events', 'Etkinlikler']].map(([to, label]) => (
              <Link key={to} to={to}>{label}</Link>
            ))}
          </Space>
        </Card>
        <SideLists />
      </Col>
    </Row>
  );
}
