import { Suspense, useDeferredValue, useState } from 'react';
import { theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { formatNumber, formatPercent, formatSignedNumber, TEXTS } from '@mahalle/shared';
import { useArea } from '../places/area';
import { PageSpinner } from '../../components/common';
import { PostCard } from '../posts/PostCard';
import { ListSkeleton } from '../../components/ListSkeleton';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { useDailyStats } from '../../api/meta';
import { usePopularPosts } from '../../api/posts';
import { useTrendingHashtags } from '../../api/hashtags';
import { LeanButton } from '../../components/lean/LeanButton';
import { LeanCard as Card } from '../../components/lean/LeanCard';
import { LEAN_LIST } from '../../components/lean/LeanList';
import { LeanTabs } from '../../components/lean/LeanTabs';
import { LeanTag as Tag } from '../../components/lean/LeanTag';
import { Secondary } from '../../components/lean/Secondary';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';

// The trends paint from the lean components; the other tabs (antd's cards and grid, the events page's card) load
// when first opened.
const People = lazy(() => import('./DiscoverTabs').then((m) => ({ default: m.People })));
const Topics = lazy(() => import('./DiscoverTabs').then((m) => ({ default: m.Topics })));
const EventsTab = lazy(() => import('./DiscoverTabs').then((m) => ({ default: m.EventsTab })));
const NearbyTab = lazy(() => import('./DiscoverTabs').then((m) => ({ default: m.NearbyTab })));
// The near-me filter and its prompt are antd's (members only): loaded with them.
const AreaFilter = lazy(() => import('../places/PlaceFields').then((m) => ({ default: m.AreaFilter })));
const ChooseNeighbourhoodPrompt = lazy(() => import('../places/PlaceFields').then((m) => ({ default: m.ChooseNeighbourhoodPrompt })));
const EmptyState = lazy(() => import('../../components/EmptyState').then((m) => ({ default: m.EmptyState })));

/** antd's `Statistic` (title above, the number below at 24 px), or a grey bar while the numbers load. */
function Counter({ title, value }: { title: string; value: string | undefined }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: 8 }}>
      <div style={{ marginBottom: 4, color: token.colorTextDescription, fontSize: token.fontSize }}>{title}</div>
      {value === undefined ? (
        <span
          className="lean-skeleton"
          style={{ display: 'block', width: '60%', height: 32, borderRadius: 4, background: token.colorFillContent }}
          aria-busy="true"
        />
      ) : (
        <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: '32px' }} data-testid="daily-stat">
          {value}
        </div>
      )}
    </div>
  );
}

export default function DiscoverPage() {
  usePageMeta({ title: 'Keşfet', description: 'Şehrindeki gündem konuları ve popüler içerikler.' });
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const [filter, setFilter] = useState(params.get('q') ?? '');
  // /discover?tag={tag} (where a hashtag search hit or /hashtag/{tag} leads) opens that tag's posts on the topics tab.
  const urlTag = params.get('tag');
  const [tab, setTab] = useState(urlTag ? 'topics' : 'trending');
  const [shownTag, setShownTag] = useState(urlTag);
  if (urlTag !== shownTag) {
    setShownTag(urlTag);
    if (urlTag) setTab('topics');
  }
  const { data: trending = [], isLoading: loadingTags } = useTrendingHashtags();
  const area = useArea();
  const popularQuery = usePopularPosts(20, area.effective);
  // The trending posts render in the background (a transition React can pause for input), not in one long task when they arrive.
  const popularData = useDeferredValue(popularQuery.data);
  const popular = popularData ?? [];
  const isLoading = popularQuery.isLoading || (!popularData && !!popularQuery.data);
  const { data: daily } = useDailyStats();
  const f = filter.toLocaleLowerCase('tr');
  const shownPosts = popular.filter((p) => !f || p.content.toLocaleLowerCase('tr').includes(f));
  return (
    <div className="discover-grid">
      <div>
        <Heading level={1} look={2}>
          Keşfet
        </Heading>
        <p style={{ marginTop: 0, marginBottom: '1em', color: token.colorTextDescription }}>Şehrindeki gündem konularını ve popüler içerikleri keşfet.</p>
        <form role="search" aria-label="Keşfette ara" style={{ display: 'flex', marginBottom: 12 }} onSubmit={(e) => e.preventDefault()}>
          <input
            className="lean-input"
            type="search"
            placeholder="Keşfet..."
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            aria-label="Keşfet"
            style={{ borderStartEndRadius: 0, borderEndEndRadius: 0 }}
          />
          <LeanButton
            type="default"
            icon={<SearchOutlined />}
            aria-label="Ara"
            style={{ flex: 'none', marginInlineStart: -1, borderStartStartRadius: 0, borderEndStartRadius: 0, boxShadow: 'none' }}
          />
        </form>
        {area.signedIn && (
          <Suspense fallback={<div style={{ height: 44 }} />}>
            <AreaFilter state={area} />
          </Suspense>
        )}
        <LeanTabs
          id="discover"
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'trending',
              label: 'Trendler',
              children: area.needsPlace ? (
                <Suspense fallback={null}>
                  <ChooseNeighbourhoodPrompt />
                </Suspense>
              ) : isLoading ? (
                <ListSkeleton rows={6} avatar />
              ) : shownPosts.length === 0 ? (
                <Suspense fallback={null}>
                  <EmptyState title="Henüz gönderi yok" />
                </Suspense>
              ) : (
                shownPosts.map((p, i) => (
                  <div key={p.id}>
                    <Tag color="volcano" style={{ marginBottom: 4 }}>
                      #{i + 1} Trend
                    </Tag>
                    <PostCard post={p} />
                  </div>
                ))
              ),
            },
            {
              key: 'people',
              label: 'İnsanlar',
              children: (
                <Suspense fallback={<PageSpinner />}>
                  <People filter={filter} />
                </Suspense>
              ),
            },
            {
              key: 'topics',
              label: 'Konular',
              children: (
                <Suspense fallback={<PageSpinner />}>
                  <Topics filter={filter} urlTag={urlTag} />
                </Suspense>
              ),
            },
            {
              key: 'events',
              label: 'Etkinlikler',
              children: <Suspense fallback={<PageSpinner />}>{area.needsPlace ? <ChooseNeighbourhoodPrompt /> : <EventsTab area={area.effective} />}</Suspense>,
            },
            ...(area.signedIn
              ? [
                  {
                    key: 'nearby',
                    label: TEXTS.places.nearbyTitle,
                    children: (
                      <Suspense fallback={<PageSpinner />}>
                        <NearbyTab hasPlace={area.mine !== null} />
                      </Suspense>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <div className="discover-side">
        <Card title="Günlük İstatistikler" size="small">
          {/* Turkish writes '+89' and '%34': one shared formatter, no detached prefix or suffix. */}
          <Counter title="Yeni içerik (24 saat)" value={daily && formatSignedNumber(daily.newContent)} />
          <Counter title="Aktif kullanıcı (24 saat)" value={daily && formatNumber(daily.activeUsers)} />
          <Counter title="Etkileşim (beğeni veya yorum alan gönderiler)" value={daily && formatPercent(daily.engagement)} />
        </Card>
        <Card title="Şu An Trend" size="small" style={{ marginTop: 12 }}>
          {loadingTags ? (
            <ListSkeleton rows={5} />
          ) : trending.length === 0 ? (
            <div style={{ padding: 16, textAlign: 'center', color: token.colorTextTertiary }}>Henüz gündem yok</div>
          ) : (
            <ul style={LEAN_LIST}>
              {trending.slice(0, 5).map((t, i, shown) => (
                <li key={t.tag} style={{ padding: '12px 0', borderBottom: i === shown.length - 1 ? undefined : `1px solid ${token.colorSplit}` }}>
                  #{t.tag} <Secondary>{t.posts} gönderi</Secondary>
                </li>
              ))}
            </ul>
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
      </div>
    </div>
  );
}
