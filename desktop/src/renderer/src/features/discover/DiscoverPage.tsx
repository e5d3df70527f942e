import { useState } from 'react';
import { Button, Card, Col, Input, List, Row, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { FireOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatNumber, formatPercent, formatSignedNumber, formatSignedPercent, TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import type { PopularPerson } from '@mahalle/shared';
import { useUpcomingEvents } from '../../api/events';
import { useFollow, usePopularUsers } from '../../api/users';
import { useSession } from '../../stores/session';
import { PageSpinner, UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { EmptyState } from '../../components/EmptyState';
import { PostCard } from '../posts/PostCard';
import { ListSkeleton } from '../../components/ListSkeleton';
import { EventCard } from '../events/EventsPage';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { useDailyStats } from '../../api/meta';
import { usePopularPosts } from '../../api/posts';
import { useHashtagPosts, useTrendingHashtags } from '../../api/hashtags';

/**
 * A topic card counts the tag's posts of the last seven days (that is what makes it trending),
 * while /api/hashtags/{tag}/posts lists every post ever tagged: '1 gönderi' opened on 3. The
 * card says which week it counts, and the panel shows that week's posts, older ones on request.
 */
const TREND_WINDOW = 'Son 7 günde';
const TREND_DAYS = 7;

/** A short label for a member's card: their role, or how much they take part. */
function badgeLabel(p: PopularPerson): string {
  if (p.role === 'admin') return 'Yönetici';
  if (p.postsCount >= 20) return 'Çok Aktif';
  if (p.postsCount >= 5) return 'Aktif Üye';
  return 'Yeni Üye';
}

function People({ filter }: { filter: string }) {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const { notification } = useApp();
  const { data = [], isLoading } = usePopularUsers(30);
  const followUser = useFollow();
  const people = data.filter(
    (p) => p.id !== user?.id && (!filter || `${p.displayName} ${p.username}`.toLocaleLowerCase('tr').includes(filter.toLocaleLowerCase('tr'))),
  );
  if (isLoading) return <PageSpinner />;
  const follow = async (p: PopularPerson) => {
    if (!user) return navigate('/login');
    try {
      const r = await followUser.mutateAsync(p.id);
      notification.success({ message: r.status === 'pending' ? 'Takip isteği gönderildi' : `${p.displayName} takip ediliyor` });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Takip isteği gönderilirken bir hata oluştu.') });
    }
  };
  return (
    <Row gutter={[16, 16]}>
      {people.map((p, i) => (
        <Col key={p.id} xs={24} md={12}>
          <Card size="small">
            <Space align="start">
              <UserAvatar user={p} size={48} />
              <div>
                <UserName user={p} /> {i < 3 && !filter && <Tag color="gold">#{i + 1}</Tag>} <Tag>{badgeLabel(p)}</Tag>
                <div>
                  <Typography.Text type="secondary">@{p.username}</Typography.Text>
                </div>
                <Typography.Paragraph ellipsis={{ rows: 2 }}>{p.bio}</Typography.Paragraph>
                <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
                  {p.followersCount} takipçi · {p.postsCount} gönderi
                </Typography.Text>
                <Space>
                  <Button size="small" onClick={() => navigate(user ? `/messages?user=${p.id}` : '/login')}>
                    Mesaj
                  </Button>
                  <Button size="small" type="primary" onClick={() => void follow(p)}>
                    Takip Et
                  </Button>
                </Space>
              </div>
            </Space>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export default function DiscoverPage() {
  usePageMeta({ title: 'Keşfet', description: 'Şehrindeki gündem konuları ve popüler içerikler.' });
  const [params] = useSearchParams();
  const [filter, setFilter] = useState(params.get('q') ?? '');
  // /discover?tag={tag} (where a hashtag search hit or /hashtag/{tag} leads) opens that tag's posts on the topics tab.
  const urlTag = params.get('tag');
  const [tag, setTag] = useState<string | null>(urlTag);
  const [tab, setTab] = useState(urlTag ? 'topics' : 'trending');
  const [showOlder, setShowOlder] = useState(false);
  const [shownTag, setShownTag] = useState(urlTag);
  if (urlTag !== shownTag) {
    setShownTag(urlTag);
    if (urlTag) {
      setTag(urlTag);
      setTab('topics');
      setShowOlder(false);
    }
  }
  const { data: trending = [], isLoading: loadingTags } = useTrendingHashtags();
  const { data: popular = [], isLoading } = usePopularPosts(20);
  const tagQuery = useHashtagPosts(tag);
  const tagPosts = tagQuery.data?.pages.flatMap((p) => p.items) ?? [];
  const loadingTagPosts = tagQuery.isLoading;
  const { data: events = [], isLoading: loadingEvents } = useUpcomingEvents(12);
  const { data: daily } = useDailyStats();
  const f = filter.toLocaleLowerCase('tr');
  const since = Date.now() - TREND_DAYS * 86_400_000;
  const recentTagPosts = tagPosts.filter((p) => new Date(p.createdAt).getTime() >= since);
  const olderTagPosts = tagPosts.filter((p) => new Date(p.createdAt).getTime() < since);
  const shownPosts = popular.filter((p) => !f || p.content.toLocaleLowerCase('tr').includes(f));
  return (
    <Row gutter={24}>
      <Col xs={24} xl={17}>
        <Heading level={1} look={2}>
          Keşfet
        </Heading>
        <Typography.Paragraph type="secondary">Şehrindeki gündem konularını ve popüler içerikleri keşfet.</Typography.Paragraph>
        <Input.Search
          placeholder="Keşfet..."
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          allowClear
          style={{ marginBottom: 12 }}
          aria-label="Keşfet"
        />
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'trending',
              label: 'Trendler',
              children: isLoading ? (
                <PageSpinner />
              ) : shownPosts.length === 0 ? (
                <EmptyState title="Henüz gönderi yok" />
              ) : (
                shownPosts.map((p, i) => (
                  <div key={p.id}>
                    <Tag color="volcano">#{i + 1} Trend</Tag>
                    <PostCard post={p} />
                  </div>
                ))
              ),
            },
            { key: 'people', label: 'İnsanlar', children: <People filter={filter} /> },
            {
              key: 'topics',
              label: 'Konular',
              children: loadingTags ? (
                <PageSpinner />
              ) : (
                <>
                  {trending.length === 0 ? (
                    <EmptyState title="Henüz gündem konusu yok" />
                  ) : (
                    <Row gutter={[12, 12]}>
                      {trending
                        .filter((t) => !f || t.tag.includes(f))
                        .map((t, i) => (
                          <Col key={t.tag} xs={12} md={8}>
                            <Card
                              hoverable
                              size="small"
                              onClick={() => {
                                setTag(t.tag);
                                setShowOlder(false);
                              }}
                              data-testid="topic-card"
                              role="button"
                              tabIndex={0}
                              aria-pressed={tag === t.tag}
                              onKeyDown={(e) => {
                                if (e.key === 'Enter' || e.key === ' ') {
                                  e.preventDefault();
                                  setTag(t.tag);
                                  setShowOlder(false);
                                }
                              }}
                            >
                              <Space>
                                <Typography.Text type="secondary">#{i + 1}</Typography.Text>
                                {t.hot && (
                                  <Tag color="red" icon={<FireOutlined />}>
                                    Hot
                                  </Tag>
                                )}
                              </Space>
                              <Heading level={2} look={5} style={{ margin: '4px 0' }}>
                                #{t.tag}
                              </Heading>
                              <Typography.Text type="secondary">
                                {TREND_WINDOW} {t.posts} gönderi · {formatSignedPercent(t.growth)}
                              </Typography.Text>
                            </Card>
                          </Col>
                        ))}
                    </Row>
                  )}
                  {tag && (
                    <Card title={`#${tag} Gönderileri`} extra={<Button onClick={() => setTag(null)}>Kapat</Button>} style={{ marginTop: 16 }}>
                      {loadingTagPosts ? (
                        <PageSpinner />
                      ) : tagPosts.length === 0 ? (
                        <Typography.Text>Bu hashtag için henüz gönderi bulunamadı</Typography.Text>
                      ) : (
                        <>
                          <Typography.Paragraph type="secondary">
                            {TREND_WINDOW} {recentTagPosts.length} gönderi
                          </Typography.Paragraph>
                          {recentTagPosts.map((p) => (
                            <PostCard key={p.id} post={p} />
                          ))}
                          {olderTagPosts.length > 0 &&
                            (showOlder ? (
                              olderTagPosts.map((p) => <PostCard key={p.id} post={p} />)
                            ) : (
                              <Button block onClick={() => setShowOlder(true)}>
                                Daha eski gönderiler ({olderTagPosts.length})
                              </Button>
                            ))}
                          {(showOlder || olderTagPosts.length === 0) && tagQuery.hasNextPage && (
                            <Button
                              block
                              onClick={() => {
                                setShowOlder(true);
                                void tagQuery.fetchNextPage();
                              }}
                              loading={tagQuery.isFetchingNextPage}
                            >
                              Daha fazla
                            </Button>
                          )}
                        </>
                      )}
                    </Card>
                  )}
                </>
              ),
            },
            {
              key: 'events',
              label: 'Etkinlikler',
              children: loadingEvents ? (
                <PageSpinner />
              ) : events.length === 0 ? (
                <EmptyState title="Yaklaşan etkinlik yok" />
              ) : (
                <Row gutter={[16, 16]}>
                  {events.map((e) => (
                    <Col key={e.id} xs={24} md={12}>
                      <EventCard event={e} />
                    </Col>
                  ))}
                </Row>
              ),
            },
          ]}
        />
      </Col>
      <Col xs={0} xl={7}>
        <Card title="Günlük İstatistikler" size="small">
          {/* Turkish writes '+89' and '%34': one shared formatter, no detached prefix or suffix. */}
          <Statistic title="Yeni içerik (24 saat)" value={formatSignedNumber(daily?.newContent ?? 0)} loading={!daily} />
          <Statistic title="Aktif kullanıcı (24 saat)" value={formatNumber(daily?.activeUsers ?? 0)} loading={!daily} />
          <Statistic title="Etkileşim (beğeni veya yorum alan gönderiler)" value={formatPercent(daily?.engagement ?? 0)} loading={!daily} />
        </Card>
        <Card title="Şu An Trend" size="small" style={{ marginTop: 12 }}>
          {loadingTags ? (
            <ListSkeleton rows={5} />
          ) : (
            <List
              dataSource={trending.slice(0, 5)}
              locale={{ emptyText: 'Henüz gündem yok' }}
              renderItem={(t) => (
                <List.Item>
                  #{t.tag} <Typography.Text type="secondary">{t.posts} gönderi</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </Card>
        <Card title="Öne Çıkan İçerik" size="small" style={{ marginTop: 12 }}>
          {isLoading ? (
            <ListSkeleton rows={2} />
          ) : (
            popular.slice(0, 2).map((p) => (
              <div key={p.id} style={{ marginBottom: 8 }}>
                <Link to={`/posts/${p.id}`}>{p.content.slice(0, 60)}</Link>
              </div>
            ))
          )}
        </Card>
      </Col>
    </Row>
  );
}
