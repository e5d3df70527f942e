import { useEffect } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import trTR from 'antd/locale/tr_TR';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, HashRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import type { CurrentUser } from '@mahalle/shared';
import { queryClient } from './api/query';
import { api, serverBase } from './api/client';
import { useRealtime } from './api/socket';
import { useSession, useTheme } from './stores/session';
import { platform } from './platform';
import { Layout } from './features/shell/Layout';
import { MembersOnly } from './features/shell/Gate';
import { HomePage } from './features/home/HomePage';
import './components/time';
import { installToastKeys } from './components/toastKeys';
import { lazyWithRetry as lazy } from './components/lazyRetry';
import { ErrorBoundary } from './components/ErrorBoundary';
import { themeConfig } from './theme';

// Route-level code splitting: a visitor's first page never downloads the admin panel or the editor.
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const PostPage = lazy(() => import('./features/feed/PostPage'));
const NotificationsPage = lazy(() => import('./features/notifications/NotificationsPage'));
const MessagesPage = lazy(() => import('./features/messages/MessagesPage'));
const BookmarksPage = lazy(() => import('./features/feed/BookmarksPage'));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage'));
const EventsPage = lazy(() => import('./features/events/EventsPage'));
const QaListPage = lazy(() => import('./features/qa/QaListPage'));
const QuestionPage = lazy(() => import('./features/qa/QuestionPage'));
const BlogListPage = lazy(() => import('./features/blog/BlogListPage'));
const BlogPostPage = lazy(() => import('./features/blog/BlogPostPage'));
const BlogCreatePage = lazy(() => import('./features/blog/BlogCreatePage'));
const GroupsPage = lazy(() => import('./features/hobby-groups/GroupsPage'));
const GroupPage = lazy(() => import('./features/hobby-groups/GroupPage'));
const DiscoverPage = lazy(() => import('./features/discover/DiscoverPage'));
const CategoryPage = lazy(() => import('./features/categories/CategoryPage'));
const AdminPage = lazy(() => import('./features/admin/AdminPage'));
const NotFoundPage = lazy(() => import('./features/shell/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const ServerSetup = lazy(() => import('./features/shell/ServerSetup').then((m) => ({ default: m.ServerSetup })));

function SessionLoader() {
  const setUser = useSession((s) => s.setUser);
  useEffect(() => {
    // /session answers visitors with 200 { user: null }, so a signed-out page logs no 401.
    api<{ user: CurrentUser | null }>('/api/auth/session')
      .then((s) => setUser(s.user))
      .catch(() => setUser(null));
  }, [setUser]);
  useRealtime();
  const navigate = useNavigate();
  useEffect(() => platform.onNavigate((route) => navigate(route)), [navigate]);
  return null;
}

function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage full />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="discover" element={<DiscoverPage />} />
        <Route path="qa" element={<QaListPage />} />
        <Route path="qa/question/:id" element={<QuestionPage />} />
        <Route path="blog" element={<BlogListPage />} />
        <Route path="blog/create" element={<MembersOnly><BlogCreatePage /></MembersOnly>} />
        <Route path="blog/edit/:id" element={<MembersOnly><BlogCreatePage /></MembersOnly>} />
        <Route path="blog/:slug" element={<BlogPostPage />} />
        <Route path="categories" element={<GroupsPage title="Kategoriler" />} />
        <Route path="category/:name" element={<CategoryPage />} />
        <Route path="hobby-groups" element={<GroupsPage />} />
        <Route path="hobby-groups/:slug" element={<GroupPage />} />
        <Route path="groups/:slug" element={<GroupPage />} />
        <Route path="posts/:id" element={<PostPage />} />
        <Route path="notifications" element={<MembersOnly><NotificationsPage /></MembersOnly>} />
        <Route path="messages" element={<MembersOnly><MessagesPage /></MembersOnly>} />
        <Route path="bookmarks" element={<MembersOnly><BookmarksPage /></MembersOnly>} />
        <Route path="profile" element={<MembersOnly><ProfilePage own /></MembersOnly>} />
        <Route path="profile/:username" element={<MembersOnly><ProfilePage /></MembersOnly>} />
        <Route path="user/:username" element={<MembersOnly><ProfilePage /></MembersOnly>} />
        <Route path="events" element={<MembersOnly><EventsPage /></MembersOnly>} />
        <Route path="admin" element={<MembersOnly><AdminPage /></MembersOnly>} />
        {platform.kind === 'desktop' && <Route path="server" element={<ServerSetup current={serverBase()} />} />}
        <Route path="404" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="index.html" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  const dark = useTheme((s) => s.theme) === 'dark';
  useEffect(() => installToastKeys(), []);
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  // The desktop app loads the UI from a file, where only hash routes work.
  const Router = platform.kind === 'desktop' ? HashRouter : BrowserRouter;
  return (
    <ConfigProvider locale={trTR} tooltip={{ mouseEnterDelay: 0.7, unique: true }} theme={themeConfig(dark ? 'dark' : 'light')}>
      {/* Toasts open below the 64 px header, never over its bell, messages and menu. */}
      <AntApp notification={{ maxCount: 1, duration: 5, top: 72 }} message={{ maxCount: 1, duration: 5, top: 72 }}>
        <ErrorBoundary root>
          {platform.kind === 'desktop' && !serverBase() ? (
            <ServerSetup />
          ) : (
            <QueryClientProvider client={queryClient}>
              <Router>
                <SessionLoader />
                <AppRoutes />
              </Router>
            </QueryClientProvider>
          )}
        </ErrorBoundary>
      </AntApp>
    </ConfigProvider>
  );
}
