import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { theme as antTheme } from 'antd';
import {
  BellOutlined,
  CalendarOutlined,
  CompassOutlined,
  HomeOutlined,
  MenuOutlined,
  MessageOutlined,
  MoonOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SaveOutlined,
  SearchOutlined,
  SunOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS, TEXTS } from '@mahalle/shared';
import { logout as signOut } from '../../api/auth';
import { useHobbyGroups } from '../../api/hobby-groups';
import { useQuestions } from '../../api/questions';
import { useTrendingHashtags } from '../../api/hashtags';
import { useRecentPosts } from '../../api/posts';
import { useSession, useTheme, useUi } from '../../stores/session';
import { PageSpinner, UserAvatar } from '../../components/common';
import { Heading } from '../../components/Heading';
import { PALETTE, textColorFor } from '../../theme';
import { fromNow } from '../../components/time';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { ConnectionBanner } from './ConnectionBanner';
import { ConsentGate } from '../privacy/ConsentGate';
import { HeaderSearch } from './HeaderSearch';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { LeanCount } from '../../components/lean/LeanCount';
import { Secondary } from '../../components/lean/Secondary';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';
import { renderFrame } from '../../ssr/frame';

// The phone's side menu (antd's `Drawer`) loads the first time it is opened, not with every first page.
const Drawer = lazy(() => import('antd/es/drawer'));
// A member's header icons (notifications dropdown, messages, user menu) load once someone is signed in.
const SignedInHeaderActions = lazy(() => import('./SignedInHeaderActions'));

/** antd's `lg` breakpoint: from here the side column and the header links show, below it the drawer and bottom bar. */
const WIDE = '(min-width: 992px)';
const subscribeWide = (onChange: () => void) => {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
/** Whether the window is wide, known on the first render (antd's `Grid.useBreakpoint` says 'wide' first and then corrects, which shifts a phone's layout). */
const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    // A server render (and its hydration) draws the layout the server guessed from the browser (ssr/frame.ts).
    () => renderFrame()?.wide ?? true,
  );

/**
 * A page, faded in as it opens; not the page the server drew (ssr/frame.ts), which is on screen from the first paint:
 * faded in from transparent, its heading would count as painted only once the fade was under way. Decided once per
 * page, as it is first drawn: a change later would start the fade on a page already there.
 */
function PageEnter({ children }: { children: React.ReactNode }) {
  const [drawn] = useState(() => renderFrame() !== null);
  return <div className={drawn ? undefined : 'page-enter'}>{children}</div>;
}

/** A bottom-bar tab: icon over label, a touch target of at least 48 × 56 px. */
const BOTTOM_TAB: React.CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 56,
  minHeight: 48,
  lineHeight: 1.2,
};

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSession((s) => s.user);
  const mode = useTheme((s) => s.theme);
  const location = useLocation();
  const { data: questions } = useQuestions({ pageSize: 1 });
  const { data: groups = [] } = useHobbyGroups(LIMITS.sidebarGroups);
  const { data: trending = [] } = useTrendingHashtags();
  const { data: activity = [] } = useRecentPosts(4);
  const links = [
    { key: '/', icon: <HomeOutlined />, label: 'Ana Sayfa' },
    { key: '/discover', icon: <CompassOutlined />, label: 'Keşfet' },
    {
      key: '/qa',
      icon: <QuestionCircleOutlined />,
      label: (
        <span>
          Soru & Cevap <LeanCount count={questions?.total ?? 0} overflow={999} style={{ marginInlineStart: 6 }} />
        </span>
      ),
    },
    { key: '/blog', icon: <ReadOutlined />, label: 'Blog' },
    { key: '/hobby-groups', icon: <TeamOutlined />, label: 'Hobi Grupları' },
    { key: '/categories', icon: <TagsOutlined />, label: 'Kategoriler' },
    ...(user
      ? [
          { key: '/events', icon: <CalendarOutlined />, label: 'Etkinlikler' },
          { key: '/notifications', icon: <BellOutlined />, label: 'Bildirimler' },
          { key: '/messages', icon: <MessageOutlined />, label: 'Mesajlar' },
          { key: '/bookmarks', icon: <SaveOutlined />, label: 'Kaydedilenler' },
          { key: '/profile', icon: <UserOutlined />, label: 'Profil' },
        ]
      : [{ key: '/login', icon: <UserOutlined />, label: 'Giriş Yap' }]),
    ...(user?.role === 'admin' || user?.role === 'moderator'
      ? [
          {
            key: '/admin',
            icon: <SafetyCertificateOutlined />,
            label: (
              <span>
                Yönetici Paneli <LeanCount count={user.role === 'admin' ? 'Admin' : 'Mod'} color={PALETTE.light.badge} />
              </span>
            ),
          },
        ]
      : []),
  ];
  const { token } = antTheme.useToken();
  // The side menu drawn as antd's inline `Menu` is, as a list of links (its selected item in the link colour).
  const navLook = {
    '--nav-color': token.colorText,
    '--nav-hover': token.colorBgTextHover,
    '--nav-selected-bg': token.controlItemBgActive,
    '--nav-selected': PALETTE[mode].link,
    '--nav-radius': `${token.borderRadiusLG}px`,
    '--nav-focus': token.colorPrimaryBorder,
  } as React.CSSProperties;
  return (
    <div style={{ padding: '12px 0' }}>
      {user ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '0 16px 12px' }}>
          <UserAvatar user={user} />
          <div>
            <div style={{ fontWeight: 600 }}>{user.displayName || user.username}</div>
            <Secondary style={{ fontSize: 12 }}>Eskişehir, Türkiye</Secondary>
          </div>
        </div>
      ) : (
        <div style={{ padding: '0 16px 12px' }}>
          <Secondary block style={{ marginBottom: 8 }}>
            Topluluğa katılmak için giriş yapın.
          </Secondary>
          <Link to="/login">
            <Button type="primary" block>
              Giriş Yap
            </Button>
          </Link>
        </div>
      )}
      <nav aria-label="Kenar menüsü" className="side-nav" style={navLook}>
        <ul>
          {links.map((l) => (
            <li key={l.key}>
              <Link to={l.key} onClick={onNavigate} aria-current={location.pathname === l.key ? 'page' : undefined}>
                {l.icon}
                <span>{l.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div style={{ padding: '12px 16px' }}>
        <Heading level={2} look={5}>
          <TeamOutlined /> Hobi Grupları
        </Heading>
        {groups.map((g) => (
          <div key={g.id}>
            <Link to={`/groups/${g.slug}`} onClick={onNavigate} style={{ color: textColorFor(g.color, mode) }}>
              {g.name}
            </Link>{' '}
            <Secondary>({g.memberCount})</Secondary>
          </div>
        ))}
        <Link to="/hobby-groups" onClick={onNavigate}>
          Tümünü gör
        </Link>
        <Heading level={2} look={5} style={{ marginTop: 16 }}>
          Gündem
        </Heading>
        {trending.length === 0 && <Secondary>Henüz gündem yok</Secondary>}
        {trending.slice(0, 5).map((t) => (
          <div key={t.tag}>
            #{t.tag} <Secondary>{t.posts} gönderi</Secondary>
          </div>
        ))}
        <Heading level={2} look={5} style={{ marginTop: 16 }}>
          Son Aktiviteler
        </Heading>
        {activity.map((a) => (
          <div key={a.id} style={{ fontSize: 12, marginBottom: 4 }}>
            <strong>{a.author.displayName}</strong> paylaştı · <Secondary>{fromNow(a.createdAt)}</Secondary>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A route with a fragment (a search hit's /qa/question/5#answer-9, /hobby-groups/x#post-12, /posts/7#yorum-3) scrolls to
 * that element once its page has drawn it: the router does not, and the element arrives with the page's data.
 */
function useScrollToHash(pathname: string, hash: string) {
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id || id === 'main') return;
    let tries = 0;
    const timer = setInterval(() => {
      const el = document.getElementById(id);
      if (el) {
        clearInterval(timer);
        el.scrollIntoView({ block: 'start' });
        el.classList.add('anchor-flash');
      } else if (++tries > 100) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [pathname, hash]);
}

/** The skip link moves the focus itself: under the desktop app's hash router `#main` would be read as a route. */
function skipToMain(e: React.MouseEvent) {
  e.preventDefault();
  const main = document.getElementById('main');
  main?.focus();
  main?.scrollIntoView();
}

export function Layout() {
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const { theme, toggle } = useTheme();
  const { mobileMenuOpen, setMobileMenu, focusComposer } = useUi();
  const desktop = useWide();
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = antTheme.useToken();
  const qc = useQueryClient();
  // Once opened, the drawer stays mounted so that it closes with its animation.
  const [drawerWanted, setDrawerWanted] = useState(mobileMenuOpen);
  if (mobileMenuOpen && !drawerWanted) setDrawerWanted(true);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  useScrollToHash(location.pathname, location.hash);

  const logout = async () => {
    await signOut().catch((err) => console.warn('logout', err));
    setUser(null);
    qc.clear();
    navigate('/');
  };

  const nav = [
    { to: '/', label: 'Ana Sayfa' },
    { to: '/discover', label: 'Keşfet' },
    { to: '/qa', label: 'Soru & Cevap' },
    { to: '/hobby-groups', label: 'Hobi Grupları' },
    { to: '/events', label: 'Etkinlikler' },
  ];
  return (
    // antd's Layout, Header, Sider, Content and Footer as the plain elements they render, drawn from the theme's tokens.
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', background: token.colorBgLayout }}>
      <a href="#main" className="skip-link" onClick={skipToMain}>
        {TEXTS.app.skipToContent}
      </a>
      <header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          flex: '0 0 auto',
          boxSizing: 'border-box',
          height: 64,
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          paddingInline: 16,
          color: token.colorText,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {!desktop && <Button type="text" icon={<MenuOutlined />} aria-label="Menü" onClick={() => setMobileMenu(true)} />}
        <Link to="/" style={{ fontWeight: 800, fontSize: 20 }}>
          Mahalle
        </Link>
        {desktop && (
          <nav style={{ display: 'flex', gap: 16 }} aria-label="Ana gezinme">
            {nav.map((n) => (
              <Link key={n.to} to={n.to} style={{ fontWeight: location.pathname === n.to ? 700 : 400 }}>
                {n.label}
              </Link>
            ))}
          </nav>
        )}
        <div style={{ flex: 1 }} />
        {desktop ? (
          <HeaderSearch />
        ) : (
          <Button type="text" icon={<SearchOutlined />} aria-label={TEXTS.searchUi.label} data-testid="search-link" onClick={() => navigate('/search')} />
        )}
        <Button type="text" aria-label="Tema" icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />} onClick={toggle} data-testid="theme-toggle" />
        {user ? (
          <Suspense fallback={<div style={{ width: 116 }} />}>
            <SignedInHeaderActions user={user} onLogout={() => void logout()} />
          </Suspense>
        ) : (
          user === null && (
            <div style={{ display: 'flex', gap: 8 }}>
              <Link to="/login?tab=register">
                <Button>Üye Ol</Button>
              </Link>
              <Link to="/login">
                <Button type="primary">Giriş Yap</Button>
              </Link>
            </div>
          )
        )}
      </header>
      <ConnectionBanner />
      <ConsentGate onLogout={() => void logout()} />
      <div style={{ display: 'flex', flex: 'auto', minHeight: 0 }}>
        {desktop && (
          <aside
            style={{
              flex: '0 0 260px',
              width: 260,
              maxWidth: 260,
              background: token.colorBgContainer,
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <SidebarContent />
          </aside>
        )}
        {drawerWanted && (
          <Suspense fallback={null}>
            <Drawer open={mobileMenuOpen} onClose={() => setMobileMenu(false)} placement="left" width={280} title="Mahalle" styles={{ body: { padding: 0 } }}>
              <SidebarContent onNavigate={() => setMobileMenu(false)} />
            </Drawer>
          </Suspense>
        )}
        <div style={{ display: 'flex', flexDirection: 'column', flex: 'auto', minWidth: 0 }}>
          <main
            id="main"
            tabIndex={-1}
            style={{
              flex: 'auto',
              boxSizing: 'border-box',
              // On desktop the page fills the window below the header, so the footer starts below the fold
              // and content arriving later pushes nothing visible down (no layout shift).
              minHeight: desktop ? 'calc(100vh - 64px)' : undefined,
              outline: 'none',
              padding: desktop ? 24 : 12,
              paddingBottom: desktop ? 24 : 80,
              maxWidth: 1100,
              width: '100%',
              margin: '0 auto',
            }}
          >
            <ErrorBoundary resetKey={location.pathname}>
              <Suspense fallback={<PageSpinner fullScreen />}>
                <PageEnter key={location.pathname}>
                  <Outlet />
                </PageEnter>
              </Suspense>
            </ErrorBoundary>
          </main>
          {desktop && (
            <footer style={{ textAlign: 'center', padding: '24px 50px', color: token.colorText, fontSize: token.fontSize }}>
              <strong>Mahalle</strong> · Eskişehir'de sevgiyle kodlandı ❤️ ·{' '}
              <Link to="/kullanim-kosullari" style={{ textDecoration: 'underline' }}>
                {TEXTS.privacy.footerTerms}
              </Link>{' '}
              ·{' '}
              <Link to="/gizlilik" style={{ textDecoration: 'underline' }}>
                {TEXTS.privacy.footerPrivacy}
              </Link>
            </footer>
          )}
        </div>
      </div>
      {!desktop && (
        <nav
          aria-label="Alt gezinme"
          data-testid="bottom-bar"
          style={{
            position: 'fixed',
            bottom: 0,
            left: 0,
            right: 0,
            height: 60,
            display: 'flex',
            justifyContent: 'space-around',
            alignItems: 'center',
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            zIndex: 20,
          }}
        >
          <Link to="/" aria-label="Ana Sayfa" style={BOTTOM_TAB}>
            <HomeOutlined /> <small>Ana Sayfa</small>
          </Link>
          <Link to="/discover" aria-label="Keşfet" style={BOTTOM_TAB}>
            <CompassOutlined /> <small>Keşfet</small>
          </Link>
          <Button
            type="primary"
            shape="circle"
            size="large"
            icon={<PlusOutlined />}
            aria-label="Yeni gönderi"
            data-testid="add-button"
            style={{ width: 48, height: 48 }}
            onClick={() => {
              if (location.pathname !== '/') navigate('/');
              window.scrollTo({ top: 0, behavior: 'smooth' });
              focusComposer();
            }}
          />
          <Link to="/qa" aria-label="Q&A" style={BOTTOM_TAB}>
            <QuestionCircleOutlined /> <small>Q&A</small>
          </Link>
          <Link to="/hobby-groups" aria-label="Hobi Grupları" style={BOTTOM_TAB}>
            <TeamOutlined /> <small>Gruplar</small>
          </Link>
          <Link to="/events" aria-label="Etkinlik" style={BOTTOM_TAB}>
            <CalendarOutlined /> <small>Etkinlik</small>
          </Link>
        </nav>
      )}
    </div>
  );
}
