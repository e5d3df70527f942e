import { useEffect } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import trTR from 'antd/es/locale/tr_TR';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, HashRouter, Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { queryClient } from './api/query';
import { serverBase } from './api/client';
import { fetchSession } from './api/auth';
import { useRealtime } from './api/socket';
import { useSession, useTheme } from './stores/session';
import { platform } from './platform';
import { Layout } from './features/shell/Layout';
import { MembersOnly } from './features/shell/Gate';
import { HomePage } from './features/home/HomePage';
import { nativeNotification } from './features/notifications/text';
import './components/time';
import { installToastKeys } from './components/toastKeys';
import { lazyWithRetry as lazy, preloadLazy } from './components/lazyRetry';
import { ErrorBoundary } from './components/ErrorBoundary';
import { LazyFeedback } from './components/LazyFeedback';
import { useReducedMotion } from './components/reducedMotion';
import { THEME_VARS, themeConfig } from './theme';

// Route-level code splitting: a visitor's first page never downloads the admin panel or the editor.
const chunks = {
  LoginPage: () => import('./features/auth/LoginPage'),
  PostPage: () => import('./features/posts/PostPage'),
  NotificationsPage: () => import('./features/notifications/NotificationsPage'),
  MessagesPage: () => import('./features/messages/MessagesPage'),
  BookmarksPage: () => import('./features/posts/BookmarksPage'),
  ProfilePage: () => import('./features/profile/ProfilePage'),
  EventsPage: () => import('./features/events/EventsPage'),
  QaListPage: () => import('./features/questions/QaListPage'),
  QuestionPage: () => import('./features/questions/QuestionPage'),
  BlogListPage: () => import('./features/blog/BlogListPage'),
  BlogPostPage: () => import('./features/blog/BlogPostPage'),
  BlogCreatePage: () => import('./features/blog/BlogCreatePage'),
  GroupsPage: () => import('./features/hobby-groups/GroupsPage'),
  GroupPage: () => import('./features/hobby-groups/GroupPage'),
  DiscoverPage: () => import('./features/discover/DiscoverPage'),
  CategoryPage: () => import('./features/categories/CategoryPage'),
  AdminPage: () => import('./features/admin/AdminPage'),
  AccountHelp: () => import('./features/auth/AccountHelpPages'),
  SearchPage: () => import('./features/search/SearchPage'),
  LegalPage: () => import('./features/privacy/LegalPage'),
};
const LoginPage = lazy(chunks.LoginPage);
const PostPage = lazy(chunks.PostPage);
const NotificationsPage = lazy(chunks.NotificationsPage);
const MessagesPage = lazy(chunks.MessagesPage);
const BookmarksPage = lazy(chunks.BookmarksPage);
const ProfilePage = lazy(chunks.ProfilePage);
const EventsPage = lazy(chunks.EventsPage);
const QaListPage = lazy(chunks.QaListPage);
const QuestionPage = lazy(chunks.QuestionPage);
const BlogListPage = lazy(chunks.BlogListPage);
const BlogPostPage = lazy(chunks.BlogPostPage);
const BlogCreatePage = lazy(chunks.BlogCreatePage);
const GroupsPage = lazy(chunks.GroupsPage);
const GroupPage = lazy(chunks.GroupPage);
const DiscoverPage = lazy(chunks.DiscoverPage);
const CategoryPage = lazy(chunks.CategoryPage);
const AdminPage = lazy(chunks.AdminPage);
const ForgotPasswordPage = lazy(() => chunks.AccountHelp().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => chunks.AccountHelp().then((m) => ({ default: m.ResetPasswordPage })));
const VerifyEmailPage = lazy(() => chunks.AccountHelp().then((m) => ({ default: m.VerifyEmailPage })));
const SearchPage = lazy(chunks.SearchPage);
const LegalPage = lazy(chunks.LegalPage);

/** The first path segment of each route whose page is its own chunk (see AppRoutes). */
const FIRST_ROUTE: [RegExp, keyof typeof chunks][] = [
  [/^\/login/, 'LoginPage'],
  [/^\/posts\//, 'PostPage'],
  [/^\/discover/, 'DiscoverPage'],
  [/^\/qa\/question\//, 'QuestionPage'],
  [/^\/qa/, 'QaListPage'],
  [/^\/blog\/(create|edit)/, 'BlogCreatePage'],
  [/^\/blog\/./, 'BlogPostPage'],
  [/^\/blog/, 'BlogListPage'],
  [/^\/categories/, 'GroupsPage'],
  [/^\/category\//, 'CategoryPage'],
  [/^\/hobby-groups\/./, 'GroupPage'],
  [/^\/groups\//, 'GroupPage'],
  [/^\/hobby-groups/, 'GroupsPage'],
  [/^\/(profile|user)/, 'ProfilePage'],
  [/^\/events/, 'EventsPage'],
  [/^\/notifications/, 'NotificationsPage'],
  [/^\/messages/, 'MessagesPage'],
  [/^\/bookmarks/, 'BookmarksPage'],
  [/^\/admin/, 'AdminPage'],
  [/^\/(forgot-password|reset-password|verify-email)/, 'AccountHelp'],
  [/^\/search/, 'SearchPage'],
  [/^\/(kullanim-kosullari|gizlilik)/, 'LegalPage'],
  [/^\/hashtag\//, 'DiscoverPage'],
];

/**
 * Starts loading the first page's chunk at once, alongside the session check, instead of after React has rendered
 * the shell and met the lazy route (on a slow phone that wait is most of the time to the first content).
 */
export function preloadFirstRoute(path: string): Promise<void> {
  const hit = FIRST_ROUTE.find(([re]) => re.test(path));
  return hit ? preloadLazy(chunks[hit[1]]).catch(() => undefined) : Promise.resolve();
}

const NotFoundPage = lazy(() => import('./features/shell/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const ServerSetup = lazy(() => import('./features/shell/ServerSetup').then((m) => ({ default: m.ServerSetup })));

/** /hashtag/{tag} (a tag's address, as search hits and shared links give it) opens the tag's posts on Discover. */
function HashtagRedirect() {
  const { tag = '' } = useParams();
  return <Navigate to={`/discover?tag=${encodeURIComponent(tag.replace(/^#/, ''))}`} replace />;
}

function SessionLoader() {
  const setUser = useSession((s) => s.setUser);
  useEffect(() => {
    // /session answers visitors with 200 { user: null }, so a signed-out page logs no 401.
    fetchSession()
      .then((s) => setUser(s.user))
      .catch(() => setUser(null));
  }, [setUser]);
  useRealtime({ describeNotification: nativeNotification });
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
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="discover" element={<DiscoverPage />} />
        <Route path="hashtag/:tag" element={<HashtagRedirect />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="kullanim-kosullari" element={<LegalPage kind="terms" />} />
        <Route path="gizlilik" element={<LegalPage kind="privacy" />} />
        <Route path="qa" element={<QaListPage />} />
        <Route path="qa/question/:id" element={<QuestionPage />} />
        <Route path="blog" element={<BlogListPage />} />
        <Route
          path="blog/create"
          element={
            <MembersOnly>
              <BlogCreatePage />
            </MembersOnly>
          }
        />
        <Route
          path="blog/edit/:id"
          element={
            <MembersOnly>
              <BlogCreatePage />
            </MembersOnly>
          }
        />
        <Route path="blog/:slug" element={<BlogPostPage />} />
        <Route path="categories" element={<GroupsPage title="Kategoriler" />} />
        <Route path="category/:name" element={<CategoryPage />} />
        <Route path="hobby-groups" element={<GroupsPage />} />
        <Route path="hobby-groups/:slug" element={<GroupPage />} />
        <Route path="groups/:slug" element={<GroupPage />} />
        <Route path="posts/:id" element={<PostPage />} />
        <Route
          path="notifications"
          element={
            <MembersOnly>
              <NotificationsPage />
            </MembersOnly>
          }
        />
        <Route
          path="messages"
          element={
            <MembersOnly>
              <MessagesPage />
            </MembersOnly>
          }
        />
        <Route
          path="bookmarks"
          element={
            <MembersOnly>
              <BookmarksPage />
            </MembersOnly>
          }
        />
        <Route
          path="profile"
          element={
            <MembersOnly>
              <ProfilePage own />
            </MembersOnly>
          }
        />
        <Route
          path="profile/:username"
          element={
            <MembersOnly>
              <ProfilePage />
            </MembersOnly>
          }
        />
        <Route
          path="user/:username"
          element={
            <MembersOnly>
              <ProfilePage />
            </MembersOnly>
          }
        />
        <Route
          path="events"
          element={
            <MembersOnly>
              <EventsPage />
            </MembersOnly>
          }
        />
        {/* An event's own page is shared by link: a visitor reads it (and signs in to attend); the list is members'. */}
        <Route path="events/:id" element={<EventsPage />} />
        <Route
          path="admin"
          element={
            <MembersOnly>
              <AdminPage />
            </MembersOnly>
          }
        />
        {platform.kind === 'desktop' && <Route path="server" element={<ServerSetup current={serverBase()} />} />}
        <Route path="404" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="index.html" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/**
 * Does antd's `<App>`'s work: the theme's text style and CSS variables for everything below, and message,
 * notification and modal for `App.useApp()` (their holders load when first used, see LazyFeedback, for members too:
 * a member's `/` would otherwise fetch antd's message, notification and modal before anyone has acted).
 */
function Root({ children }: { children: React.ReactNode }) {
  const { token } = antTheme.useToken();
  return (
    <div className={THEME_VARS} style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      <LazyFeedback>{children}</LazyFeedback>
    </div>
  );
}

/** The router the server renders with (react-router's StaticRouter at the page's address, ssr/entry-server.tsx). */
export type RouterFrame = (props: { children: React.ReactNode }) => React.ReactNode;

export function App({ router }: { router?: RouterFrame } = {}) {
  const dark = useTheme((s) => s.theme) === 'dark';
  const reduceMotion = useReducedMotion();
  useEffect(() => installToastKeys(), []);
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  // The desktop app loads the UI from a file, where only hash routes work.
  const Router = router ?? (platform.kind === 'desktop' ? HashRouter : BrowserRouter);
  return (
    <ConfigProvider locale={trTR} tooltip={{ mouseEnterDelay: 0.7, unique: true }} theme={themeConfig(dark ? 'dark' : 'light', reduceMotion)}>
      <Root>
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
      </Root>
    </ConfigProvider>
  );
}
