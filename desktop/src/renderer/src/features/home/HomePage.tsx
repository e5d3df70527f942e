import { theme } from 'antd';
import { Link } from 'react-router-dom';
import { formatNumber, formatSignedPercent, LIMITS, stripHtml, truncate } from '@mahalle/shared';
import { useRecentUsers } from '../../api/users';
import { useUpcomingEvents } from '../../api/events';
import { useSession } from '../../stores/session';
import { UserAvatar } from '../../components/common';
import { ListSkeleton, ONE_LINE } from '../../components/ListSkeleton';
import { formatDateTime } from '../../components/time';
import { Suspense, useCallback, useState } from 'react';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';
import { usePageMeta } from '../shell/meta';
import { Heading, visuallyHidden } from '../../components/Heading';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { LeanCard as Card } from '../../components/lean/LeanCard';
import { LEAN_LIST, LeanListItem } from '../../components/lean/LeanList';
import { Secondary } from '../../components/lean/Secondary';
import { useCommunityStats } from '../../api/meta';
import { useBlogPosts } from '../../api/blog';
import { useQuestions } from '../../api/questions';
import { useTrendingHashtags } from '../../api/hashtags';
import { WhenVisible } from '../../components/WhenVisible';

// Members' parts (composer, feed with its cards and dialogs) load only for members: a visitor's `/` stays small.
const composerChunk = () => import('../posts/Composer');
const postListChunk = () => import('../posts/PostList');
const Composer = lazy(() => composerChunk().then((m) => ({ default: m.Composer })));
const AreaPostList = lazy(() => postListChunk().then((m) => ({ default: m.AreaPostList })));

/**
 * Starts fetching the members' parts of `/` at once (start.tsx, when the server saw a session cookie), alongside the
 * session check, instead of once the session is known and React has met the lazy components.
 */
export function preloadMemberHome() {
  void composerChunk().catch(() => undefined);
  void postListChunk().catch(() => undefined);
}

function SideLists() {
  const { data: members = [], isLoading: loadingMembers } = useRecentUsers(LIMITS.homeMembers);
  const { data: events = [], isLoading: loadingEvents } = useUpcomingEvents(LIMITS.homeEvents);
  const { data: trending = [], isLoading: loadingTrending } = useTrendingHashtags();
  // Until a list has arrived it shows a skeleton; only an answer that is empty says so.
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Card title="Gündemdeki Etiketler">
        {loadingTrending ? (
          <ListSkeleton />
        ) : trending.length === 0 ? (
          <Secondary>Henüz gündem yok</Secondary>
        ) : (
          trending.slice(0, 5).map((t) => (
            <div key={t.tag} style={{ display: 'flex', justifyContent: 'space-between' }}>
              <span>#{t.tag}</span>
              <Secondary>
                {t.posts} gönderi · {formatSignedPercent(t.growth)}
              </Secondary>
            </div>
          ))
        )}
      </Card>
      <Card title="Yeni Üyeler">
        {loadingMembers ? (
          <ListSkeleton avatar />
        ) : members.length === 0 ? (
          <Secondary>Henüz üye yok</Secondary>
        ) : (
          <ul style={LEAN_LIST}>
            {members.map((m, i) => (
              <LeanListItem
                key={m.id}
                last={i === members.length - 1}
                avatar={<UserAvatar user={m} size={32} />}
                title={<Link to={`/user/${m.username}`}>{m.displayName}</Link>}
                description={`@${m.username}`}
              />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Yaklaşan Etkinlikler" extra={<Link to="/events">Tümü</Link>}>
        {loadingEvents ? (
          <ListSkeleton />
        ) : events.length === 0 ? (
          <Secondary>Yaklaşan etkinlik yok</Secondary>
        ) : (
          events.map((e) => (
            <div key={e.id} style={{ marginBottom: 8 }}>
              <strong>{e.title}</strong>
              <br />
              <Secondary>
                {formatDateTime(e.date)} · {e.location}
              </Secondary>
            </div>
          ))
        )}
      </Card>
    </div>
  );
}

/** antd's `Statistic` (title above, the number below at 20 px), or a grey bar while the numbers load. */
function Counter({ title, value }: { title: string; value: number | undefined }) {
  const { token } = theme.useToken();
  return (
    <div>
      <div style={{ marginBottom: 4, color: token.colorTextDescription, fontSize: token.fontSize }}>{title}</div>
      {value === undefined ? (
        <span
          className="lean-skeleton"
          style={{ display: 'block', width: '60%', height: 28, borderRadius: 4, background: token.colorFillContent }}
          aria-busy="true"
        />
      ) : (
        <div style={{ color: token.colorTextHeading, fontSize: 20, lineHeight: '28px' }}>{formatNumber(value)}</div>
      )}
    </div>
  );
}

/**
 * The blog and question cards under a member's feed (beside each other on a wide screen). Their answers arrive while the
 * feed is drawn: asked here, in a component of their own, each answer re-renders these cards, not the feed's.
 */
function HomePair({ shown }: { shown: boolean }) {
  const { data: blog = [], isLoading: loadingBlog } = useBlogPosts({ limit: LIMITS.homeBlogPosts });
  const { data: questions } = useQuestions({ pageSize: LIMITS.homeQuestions });
  if (!shown) return null;
  return (
    <div className="home-pair">
      <div>
        <Card title="Son Blog Yazıları" extra={<Link to="/blog">Tümü</Link>}>
          {/* Entries of one line each (title, excerpt) and a skeleton of as many: the card keeps its height as they arrive. */}
          {loadingBlog ? (
            <ListSkeleton rows={LIMITS.homeBlogPosts} lines={2} />
          ) : (
            blog.map((b) => (
              <div key={b.id} style={{ marginBottom: 8 }}>
                <Link to={`/blog/${b.slug}`} style={ONE_LINE}>
                  <strong>{b.title}</strong>
                </Link>
                <Secondary style={ONE_LINE}>{truncate(stripHtml(b.excerpt), 80)}</Secondary>
              </div>
            ))
          )}
        </Card>
      </div>
      <div>
        <Card title="Son Sorular" extra={<Link to="/qa">Tümü</Link>}>
          {!questions ? (
            <ListSkeleton rows={LIMITS.homeQuestions} lines={1} />
          ) : (
            questions.items.map((q) => (
              <div key={q.id} style={{ display: 'flex', gap: 4, marginBottom: 8 }}>
                <Link to={`/qa/question/${q.id}`} style={{ ...ONE_LINE, minWidth: 0 }}>
                  {q.title}
                </Link>
                <Secondary style={{ flex: 'none' }}>({q.answersCount} cevap)</Secondary>
              </div>
            ))
          )}
        </Card>
      </div>
    </div>
  );
}

/** The side column: the community's numbers and shortcuts, then the lists drawn when scrolled near (asked here, as HomePair's). */
function HomeSide({ shown }: { shown: boolean }) {
  const { data: stats } = useCommunityStats();
  if (!shown) return null;
  const counters = [
    { title: 'Aktif üye', value: stats?.members },
    { title: 'Soru', value: stats?.questions },
    { title: 'Blog yazısı', value: stats?.blogPosts },
    { title: 'Bu hafta etkinlik', value: stats?.eventsThisWeek },
    { title: 'Kategori', value: stats?.categories },
  ];
  return (
    <div>
      <Card title="Topluluk" style={{ marginBottom: 16 }} data-testid="home-stats">
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          {counters.map((c) => (
            <Counter key={c.title} title={c.title} value={stats ? (c.value ?? 0) : undefined} />
          ))}
        </div>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12 }}>
          {(
            [
              ['/qa', 'Soru & Cevap'],
              ['/blog', 'Blog'],
              ['/categories', 'Kategoriler'],
              ['/discover', 'Keşfet'],
              ['/events', 'Etkinlikler'],
            ] as const
          ).map(([to, label]) => (
            <Link key={to} to={to}>
              {label}
            </Link>
          ))}
        </div>
      </Card>
      {/* Below the fold on a phone: drawn (and its three lists fetched) when scrolled near. */}
      <WhenVisible minHeight={640}>
        <SideLists />
      </WhenVisible>
    </div>
  );
}

/** `/` shows the latest three posts; `/home` (its 'Tümü' link) the whole feed, paged. */
export function HomePage({ full = false }: { full?: boolean }) {
  usePageMeta({ title: '', keywords: 'topluluk, etkinlik, blog, soru cevap, hobi grupları, Eskişehir' });
  const user = useSession((s) => s.user);
  // For a member the composer and the feed come first, and what follows them waits until the feed's first page is
  // drawn: cards drawn earlier were pushed down by the feed as it arrived (a layout shift of 0.6 on a phone). Before the
  // session is known (undefined) nothing that the feed would push is drawn either.
  const [feedSettled, setFeedSettled] = useState(false);
  const onFeedSettled = useCallback(() => setFeedSettled(true), []);
  const belowFeed = user === null || (user !== undefined && feedSettled);
  return (
    <div className="home-grid">
      <div>
        {user !== null && <h1 style={visuallyHidden}>Ana Sayfa</h1>}
        {user === null && (
          <Card style={{ marginBottom: 16, background: 'linear-gradient(135deg,#6d28d9,#be185d)', color: '#fff' }}>
            <Heading level={1} style={{ color: '#fff' }}>
              Mahalle'ye hoş geldin!
            </Heading>
            <p style={{ color: '#fff', marginTop: 0, marginBottom: '1em' }}>
              Şehrinin hobi gruplarını, etkinliklerini ve komşularını keşfet. Soru sor, blog oku, topluluğa katıl.
            </p>
            <div style={{ display: 'flex', gap: 8 }}>
              <Link to="/login">
                <Button size="large">Giriş Yap</Button>
              </Link>
              <Link to="/qa">
                <Button size="large" ghost>
                  Soru & Cevap
                </Button>
              </Link>
            </div>
          </Card>
        )}
        {user && (
          <Suspense fallback={null}>
            <Composer />
            <div style={{ display: 'flex', justifyContent: 'space-between' }}>
              <Heading level={2} look={4}>
                {full ? 'Tüm Gönderiler' : 'Son Gönderiler'}
              </Heading>
              {!full && <Link to="/home">Tümü</Link>}
            </div>
            {full ? <AreaPostList onSettled={onFeedSettled} /> : <AreaPostList pageSize={LIMITS.homePosts} more={false} onSettled={onFeedSettled} />}
          </Suspense>
        )}
        <HomePair shown={belowFeed} />
        {user === null && (
          <Card style={{ marginTop: 16, textAlign: 'center' }}>
            <Heading level={2} look={3}>
              Topluluğa katıl
            </Heading>
            <p style={{ marginTop: 0, marginBottom: '1em' }}>Paylaş, beğen, yorum yap; komşularınla aynı hobilerde buluş.</p>
            <Link to="/login?tab=register">
              <Button type="primary" size="large">
                Üye Ol
              </Button>
            </Link>
          </Card>
        )}
      </div>
      {/* Statistics and shortcuts are the side column's: the composer and the feed come first, on a phone above all. */}
      <HomeSide shown={belowFeed} />
    </div>
  );
}
