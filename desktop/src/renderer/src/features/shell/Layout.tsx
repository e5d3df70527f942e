import { Suspense, useEffect, useState } from 'react';
import { Badge, Button, Dropdown, Grid, Layout as AntLayout, Menu, Space, Typography, theme as antTheme } from 'antd';
import {
  BellOutlined, CalendarOutlined, CompassOutlined, HomeOutlined, MenuOutlined, MessageOutlined, MoonOutlined,
  PlusOutlined, QuestionCircleOutlined, ReadOutlined, SafetyCertificateOutlined, SaveOutlined, SearchOutlined, SunOutlined, TagsOutlined, TeamOutlined, UserOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { badgeText, LIMITS, TEXTS } from '@mahalle/shared';
import { get, post, patch } from '../../api/client';
import type { Hashtag, Notification } from '../../api/types';
import { useHobbyGroups } from '../../api/hobby-groups';
import { useCounts, useSession, useTheme, useUi } from '../../stores/session';
import { PageSpinner, UserAvatar } from '../../components/common';
import { platform } from '../../platform';
import { notificationTarget } from '../notifications/text';
import { NotificationTitle } from '../notifications/NotificationTitle';
import { Heading } from '../../components/Heading';
import { PALETTE, textColorFor } from '../../theme';
import { fromNow } from '../../components/time';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { ConnectionBanner } from './ConnectionBanner';
import { LIGHT_LIST, LightListItem } from '../../components/Light';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';

// The phone's side menu (antd's `Drawer`) loads the first time it is opened, not with every first page.
const Drawer = lazy(() => import('antd/es/drawer'));

const { Header, Sider, Content, Footer } = AntLayout;

/** A bottom-bar tab: icon over label, a touch target of at least 48 × 56 px. */
const BOTTOM_TAB: React.CSSProperties = { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', minWidth: 56, minHeight: 48, lineHeight: 1.2 };

function NotificationsDropdown() {
  const count = useCounts((s) => s.notifications);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data = [] } = useQuery({ queryKey: ['notifications'], queryFn: () => get<Notification[]>(`/api/notifications?limit=${LIMITS.notificationDropdown}`) });
  const items = data.slice(0, LIMITS.notificationDropdown);
  const markRead = async (n: Notification) => {
    if (!n.isRead) {
      await patch(`/api/notifications/${n.id}/read`).catch(() => undefined);
      void qc.invalidateQueries({ queryKey: ['notifications'] });
    }
  };
  const open = async (n: Notification) => {
    await markRead(n);
    const to = notificationTarget(n);
    if (to) navigate(to);
  };
  return (
    <Dropdown
      trigger={['click']}
      popupRender={() => (
        <div style={{ width: 320, background: 'var(--ant-color-bg-elevated, #fff)', borderRadius: 8, boxShadow: '0 6px 16px rgba(0,0,0,.12)', padding: 8 }}>
          {items.length === 0 ? (
            <Typography.Text type="secondary" style={{ display: 'block', padding: 12 }}>Henüz bildirim yok</Typography.Text>
          ) : (
            <ul style={LIGHT_LIST}>
              {items.map((n, i) => (
                <LightListItem
                  key={n.id}
                  last={i === items.length - 1}
                  onClick={() => void open(n)}
                  style={{ cursor: 'pointer', background: n.isRead ? undefined : 'rgba(109,40,217,.08)', paddingInline: 8 }}
                  avatar={<Badge dot={!n.isRead} offset={[-2, 2]}><UserAvatar user={n.relatedUser} size={32} /></Badge>}
                  title={<NotificationTitle n={n} onRead={() => void markRead(n)} />}
                  description={fromNow(n.createdAt)}
                />
              ))}
            </ul>
          )}
          <div style={{ textAlign: 'center', paddingTop: 4 }}>
            <Link to="/notifications">Tümünü Gör</Link>
          </div>
        </div>
      )}
    >
      <Button type="text" aria-label="Bildirimler" icon={<Badge count={badgeText(count)} size="small"><BellOutlined style={{ fontSize: 18 }} /></Badge>} />
    </Dropdown>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSession((s) => s.user);
  const mode = useTheme((s) => s.theme);
  const location = useLocation();
  const { data: questions } = useQuery({ queryKey: ['questions', 'count'], queryFn: () => get<{ total: number }>('/api/questions?pageSize=1') });
  const { data: groups = [] } = useHobbyGroups(LIMITS.sidebarGroups);
  const { data: trending = [] } = useQuery({ queryKey: ['hashtags', 'trending'], queryFn: () => get<Hashtag[]>('/api/hashtags/trending') });
  const { data: activity = [] } = useQuery({ queryKey: ['posts', 'activity'], queryFn: () => get<{ id: number; content: string; author: { displayName: string }; createdAt: string }[]>('/api/posts?limit=4') });
  const links = [
    { key: '/', icon: <HomeOutlined />, label: 'Ana Sayfa' },
    { key: '/discover', icon: <CompassOutlined />, label: 'Keşfet' },
    { key: '/qa', icon: <QuestionCircleOutlined />, label: <span>Soru & Cevap <Badge count={questions?.total ?? 0} size="small" overflowCount={999} style={{ marginInlineStart: 6 }} /></span> },
    { key: '/blog', icon: <ReadOutlined />, label: 'Blog' },
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
    ...(user?.role === 'admin' ? [{ key: '/admin', icon: <SafetyCertificateOutlined />, label: <span>Yönetici Paneli <Badge count="Admin" style={{ backgroundColor: PALETTE.light.badge }} /></span> }] : []),
  ];
  return (
    <div style={{ padding: '12px 0' }}>
      {user ? (
        <Space style={{ padding: '0 16px 12px' }}>
          <UserAvatar user={user} />
          <div>
            <div style={{ fontWeight: 600 }}>{user.displayName || user.username}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>Eskişehir, Türkiye</Typography.Text>
          </div>
        </Space>
      ) : (
        <div style={{ padding: '0 16px 12px' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>Topluluğa katılmak için giriş yapın.</Typography.Paragraph>
          <Link to="/login"><Button type="primary" block>Giriş Yap</Button></Link>
        </div>
      )}
      <Menu mode="inline" selectedKeys={[location.pathname]} items={links.map((l) => ({ key: l.key, icon: l.icon, label: <Link to={l.key} onClick={onNavigate}>{l.label}</Link> }))} style={{ borderInlineEnd: 0 }} />
      <div style={{ padding: '12px 16px' }}>
        <Heading level={2} look={5}><TeamOutlined /> Hobi Grupları</Heading>
        {groups.map((g) => (
          <div key={g.id}><Link to={`/groups/${g.slug}`} onClick={onNavigate} style={{ color: textColorFor(g.color, mode) }}>{g.name}</Link> <Typography.Text type="secondary">({g.memberCount})</Typography.Text></div>
        ))}
        <Link to="/categories" onClick={onNavigate}>Tümünü gör</Link>
        <Heading level={2} look={5} style={{ marginTop: 16 }}>Gündem</Heading>
        {trending.length === 0 && <Typography.Text type="secondary">Henüz gündem yok</Typography.Text>}
        {trending.slice(0, 5).map((t) => (
          <div key={t.tag}>#{t.tag} <Typography.Text type="secondary">{t.posts} gönderi</Typography.Text></div>
        ))}
        <Heading level={2} look={5} style={{ marginTop: 16 }}>Son Aktiviteler</Heading>
        {activity.map((a) => (
          <div key={a.id} style={{ fontSize: 12, marginBottom: 4 }}>
            <strong>{a.author.displayName}</strong> paylaştı · <Typography.Text type="secondary">{fromNow(a.createdAt)}</Typography.Text>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The header search: a plain input and button drawn like antd's `Input.Search` from the theme's tokens; antd's own
 * brings its whole form library into every page's first load.
 */
function HeaderSearch({ onSearch }: { onSearch: (value: string) => void }) {
  const { token } = antTheme.useToken();
  const border = `1px solid ${token.colorBorder}`;
  return (
    <form
      className="header-search"
      style={{ display: 'flex', width: 220, height: token.controlHeight }}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(String(new FormData(e.currentTarget).get('q') ?? ''));
      }}
    >
      <input
        name="q"
        type="text"
        placeholder="Ara..."
        aria-label="Ara"
        style={{ flex: 1, minWidth: 0, padding: '4px 11px', font: 'inherit', fontSize: token.fontSize, color: token.colorText, background: token.colorBgContainer, border, borderInlineEnd: 0, borderStartStartRadius: token.borderRadius, borderEndStartRadius: token.borderRadius }}
      />
      <button
        type="submit"
        aria-label="search"
        style={{ width: token.controlHeight, padding: 0, cursor: 'pointer', color: token.colorTextSecondary, background: token.colorBgContainer, border, borderStartEndRadius: token.borderRadius, borderEndEndRadius: token.borderRadius }}
      >
        <SearchOutlined aria-hidden />
      </button>
    </form>
  );
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
  const messages = useCounts((s) => s.messages);
  const { theme, toggle } = useTheme();
  const { mobileMenuOpen, setMobileMenu, focusComposer } = useUi();
  const screens = Grid.useBreakpoint();
  const desktop = screens.lg ?? true;
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

  const logout = async () => {
    await post('/api/auth/logout').catch((err) => console.warn('logout', err));
    setUser(null);
    qc.clear();
    navigate('/');
  };

  const nav = [
    { to: '/', label: 'Ana Sayfa' },
    { to: '/discover', label: 'Keşfet' },
    { to: '/qa', label: 'Soru & Cevap' },
    { to: '/events', label: 'Etkinlikler' },
  ];
  return (
    <AntLayout style={{ minHeight: '100vh' }}>
      <a href="#main" className="skip-link" onClick={skipToMain}>{TEXTS.app.skipToContent}</a>
      <Header style={{ position: 'sticky', top: 0, zIndex: 10, display: 'flex', alignItems: 'center', gap: 16, paddingInline: 16, background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        {!desktop && <Button type="text" icon={<MenuOutlined />} aria-label="Menü" onClick={() => setMobileMenu(true)} />}
        <Link to="/" style={{ fontWeight: 800, fontSize: 20 }}>Mahalle</Link>
        {desktop && (
          <nav style={{ display: 'flex', gap: 16 }} aria-label="Ana gezinme">
            {nav.map((n) => <Link key={n.to} to={n.to} style={{ fontWeight: location.pathname === n.to ? 700 : 400 }}>{n.label}</Link>)}
          </nav>
        )}
        <div style={{ flex: 1 }} />
        {desktop && <HeaderSearch onSearch={(v) => v.trim() && navigate(`/discover?q=${encodeURIComponent(v.trim())}`)} />}
        <Button type="text" aria-label="Tema" icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />} onClick={toggle} data-testid="theme-toggle" />
        {user ? (
          <Space>
            <NotificationsDropdown />
            <Link to="/messages" aria-label="Mesajlar">
              <Badge count={badgeText(messages)} size="small" data-testid="message-badge"><MessageOutlined style={{ fontSize: 18 }} /></Badge>
            </Link>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'p', label: <Link to="/profile">Profil</Link> },
                  { key: 'e', label: <Link to="/profile?edit=1">Profili Düzenle</Link> },
                  ...(user.role === 'admin' ? [{ key: 'a', label: <Link to="/admin">Admin Paneli</Link> }] : []),
                  ...(platform.kind === 'desktop' ? [{ key: 's', label: <Link to="/server">Sunucuyu Değiştir</Link> }] : []),
                  { key: 'o', label: 'Çıkış Yap', onClick: () => void logout() },
                ],
              }}
            >
              <Button type="text" aria-label="Kullanıcı menüsü" style={{ padding: 0 }}><UserAvatar user={user} size={32} /></Button>
            </Dropdown>
          </Space>
        ) : (
          user === null && (
            <Space>
              <Link to="/login?tab=register"><Button>Üye Ol</Button></Link>
              <Link to="/login"><Button type="primary">Giriş Yap</Button></Link>
            </Space>
          )
        )}
      </Header>
      <ConnectionBanner />
      <AntLayout>
        {desktop && (
          <Sider width={260} style={{ background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}>
            <SidebarContent />
          </Sider>
        )}
        {drawerWanted && (
          <Suspense fallback={null}>
            <Drawer open={mobileMenuOpen} onClose={() => setMobileMenu(false)} placement="left" width={280} title="Mahalle" styles={{ body: { padding: 0 } }}>
              <SidebarContent onNavigate={() => setMobileMenu(false)} />
            </Drawer>
          </Suspense>
        )}
        <AntLayout>
          <Content id="main" tabIndex={-1} style={{ outline: 'none', padding: desktop ? 24 : 12, paddingBottom: desktop ? 24 : 80, maxWidth: 1100, width: '100%', margin: '0 auto' }}>
            <ErrorBoundary resetKey={location.pathname}>
              <Suspense fallback={<PageSpinner fullScreen />}>
                <div key={location.pathname} className="page-enter">
                  <Outlet />
                </div>
              </Suspense>
            </ErrorBoundary>
          </Content>
          {desktop && <Footer style={{ textAlign: 'center' }}><strong>Mahalle</strong> · Eskişehir'de sevgiyle kodlandı ❤️</Footer>}
        </AntLayout>
      </AntLayout>
      {!desktop && (
        <nav aria-label="Alt gezinme" data-testid="bottom-bar" style={{ position: 'fixed', bottom: 0, left: 0, right: 0, height: 60, display: 'flex', justifyContent: 'space-around', alignItems: 'center', background: token.colorBgContainer, borderTop: `1px solid ${token.colorBorderSecondary}`, zIndex: 20 }}>
          <Link to="/" aria-label="Ana Sayfa" style={BOTTOM_TAB}><HomeOutlined /> <small>Ana Sayfa</small></Link>
          <Link to="/discover" aria-label="Keşfet" style={BOTTOM_TAB}><CompassOutlined /> <small>Keşfet</small></Link>
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
          <Link to="/qa" aria-label="Q&A" style={BOTTOM_TAB}><QuestionCircleOutlined /> <small>Q&A</small></Link>
          <Link to="/events" aria-label="Etkinlik" style={BOTTOM_TAB}><CalendarOutlined /> <small>Etkinlik</small></Link>
        </nav>
      )}
    </AntLayout>
  );
}

