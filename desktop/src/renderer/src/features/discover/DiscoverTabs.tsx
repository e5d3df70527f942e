import { useState } from 'react';
import { Button, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { FireOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { formatSignedPercent, TEXTS, type Area } from '@mahalle/shared';
import { useNearby } from '../../api/places';
import { ChooseNeighbourhoodPrompt, PlaceTag } from '../places/PlaceFields';
import { errorMessage } from '../../api/client';
import type { PopularPerson } from '@mahalle/shared';
import { useUpcomingEvents } from '../../api/events';
import { useFollow, usePopularUsers } from '../../api/users';
import { useSession } from '../../stores/session';
import { PageSpinner, UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { EmptyState } from '../../components/EmptyState';
import { PostCard } from '../posts/PostCard';
import { EventCard } from '../events/EventsPage';
import { Heading } from '../../components/Heading';
import { useHashtagPosts, useTrendingHashtags } from '../../api/hashtags';
import { renderNow } from '../../ssr/frame';

/**
 * Discover's tabs after the first ('İnsanlar', 'Konular', 'Etkinlikler'), with antd's cards, grid and tags and the
 * events page's card: loaded when a tab is first opened, so that the trends paint from the lean components.
 */

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

export function People({ filter }: { filter: string }) {
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

export function Topics({ filter, urlTag }: { filter: string; urlTag: string | null }) {
  const [tag, setTag] = useState<string | null>(urlTag);
  const [showOlder, setShowOlder] = useState(false);
  // A new ?tag= in the address opens that tag's posts.
  const [shownTag, setShownTag] = useState(urlTag);
  if (urlTag !== shownTag) {
    setShownTag(urlTag);
    if (urlTag) {
      setTag(urlTag);
      setShowOlder(false);
    }
  }
  const { data: trending = [], isLoading: loadingTags } = useTrendingHashtags();
  const tagQuery = useHashtagPosts(tag);
  const tagPosts = tagQuery.data?.pages.flatMap((p) => p.items) ?? [];
  const loadingTagPosts = tagQuery.isLoading;
  const f = filter.toLocaleLowerCase('tr');
  const since = renderNow() - TREND_DAYS * 86_400_000;
  const recentTagPosts = tagPosts.filter((p) => new Date(p.createdAt).getTime() >= since);
  const olderTagPosts = tagPosts.filter((p) => new Date(p.createdAt).getTime() < since);
  return loadingTags ? (
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
  );
}

export function EventsTab({ area = 'sehir' }: { area?: Area }) {
  const { data: events = [], isLoading: loadingEvents } = useUpcomingEvents(12, area);
  return loadingEvents ? (
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
  );
}

const P = TEXTS.places;

/** A distance under an item of Yakınımda, when both sides have coordinates. */
const Distance = ({ km }: { km: number | null }) =>
  km === null ? null : (
    <Typography.Text type="secondary" data-testid="nearby-distance">
      {P.km(km)}
    </Typography.Text>
  );

/**
 * Yakınımda: upcoming events, active groups and recent posts in the member's district, nearest
 * first (by distance when the neighbourhoods have centre points, else their own neighbourhood
 * first). A plain list: no map tiles, so it works everywhere.
 */
export function NearbyTab({ hasPlace }: { hasPlace: boolean }) {
  const nearby = useNearby(hasPlace);
  if (!hasPlace) return <ChooseNeighbourhoodPrompt />;
  if (nearby.isLoading || !nearby.data) return <PageSpinner />;
  const n = nearby.data;
  const empty = n.events.length + n.groups.length + n.posts.length === 0;
  return (
    <div data-testid="nearby">
      <Typography.Paragraph type="secondary">
        <PlaceTag place={n.neighbourhood} /> {n.byDistance ? P.nearbyByDistance : null}
      </Typography.Paragraph>
      {empty && <EmptyState title={P.nearbyEmpty} />}
      {n.events.length > 0 && (
        <>
          <Heading level={2} look={5}>
            {P.nearbyEvents}
          </Heading>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {n.events.map(({ item, distanceKm }) => (
              <Col key={item.id} xs={24} md={12}>
                <EventCard event={item} />
                <Distance km={distanceKm} />
              </Col>
            ))}
          </Row>
        </>
      )}
      {n.groups.length > 0 && (
        <>
          <Heading level={2} look={5}>
            {P.nearbyGroups}
          </Heading>
          <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
            {n.groups.map(({ item, distanceKm }) => (
              <Card key={item.id} size="small" data-testid="nearby-group">
                <Space wrap>
                  <Link to={`/hobby-groups/${item.slug}`}>{item.name}</Link>
                  <PlaceTag place={item.neighbourhood} />
                  <Typography.Text type="secondary">{item.memberCount} üye</Typography.Text>
                  <Distance km={distanceKm} />
                </Space>
              </Card>
            ))}
          </Space>
        </>
      )}
      {n.posts.length > 0 && (
        <>
          <Heading level={2} look={5}>
            {P.nearbyPosts}
          </Heading>
          {n.posts.map(({ item, distanceKm }) => (
            <div key={item.id}>
              <PostCard post={item} />
              <Distance km={distanceKm} />
            </div>
          ))}
        </>
      )}
    </div>
  );
}
