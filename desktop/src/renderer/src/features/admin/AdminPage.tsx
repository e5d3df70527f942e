import { lazy, Suspense } from 'react';
import { TEXTS } from '@mahalle/shared';
import { Result } from 'antd';
import { useSession } from '../../stores/session';
import { PageSpinner } from '../../components/common';
import { usePageMeta } from '../shell/meta';
import { Heading, PlainH1 } from '../../components/Heading';
import { WrapTabs } from '../../components/WrapTabBar';

// One file per tab under tabs/, each loaded when its tab is first opened (only the open tab is mounted). A site
// moderator sees only the tabs marked `moderator` (the server's moderation side: members without e-mail,
// reports, the audit log); an admin sees them all.
const TABS = [
  { key: 'stats', label: 'İstatistikler', Tab: lazy(() => import('./tabs/StatsTab')) },
  // The review queue leads a moderator's tabs: it is what they open the panel for.
  { key: 'queue', label: TEXTS.triage.tab, moderator: true, Tab: lazy(() => import('./tabs/QueueTab')) },
  { key: 'categories', label: 'Kategoriler', Tab: lazy(() => import('./tabs/CategoriesTab')) },
  { key: 'blog', label: 'Blog Yazıları', Tab: lazy(() => import('./tabs/BlogTab')) },
  { key: 'qa', label: 'Soru & Cevap', Tab: lazy(() => import('./tabs/QuestionsTab')) },
  { key: 'users', label: 'Kullanıcılar', moderator: true, Tab: lazy(() => import('./tabs/UsersTab')) },
  { key: 'comments', label: 'Yorumlar', Tab: lazy(() => import('./tabs/CommentsTab')) },
  { key: 'events', label: 'Etkinlikler', Tab: lazy(() => import('./tabs/EventsTab')) },
  { key: 'content', label: 'İçerik Yönetimi', Tab: lazy(() => import('./tabs/ContentTab')) },
  { key: 'groups', label: 'Hobi Grupları', Tab: lazy(() => import('./tabs/GroupsTab')) },
  { key: 'places', label: TEXTS.places.adminTab, Tab: lazy(() => import('./tabs/PlacesTab')) },
  { key: 'reports', label: 'Şikayetler', moderator: true, Tab: lazy(() => import('./tabs/ReportsTab')) },
  { key: 'trust', label: 'Güven Seviyeleri', Tab: lazy(() => import('./tabs/TrustTab')) },
  { key: 'watched-words', label: TEXTS.watchedWords.tab, Tab: lazy(() => import('./tabs/WatchedWordsTab')) },
  { key: 'audit', label: 'Denetim Kaydı', moderator: true, Tab: lazy(() => import('./tabs/AuditTab')) },
  { key: 'legal', label: TEXTS.legalAdmin.tab, Tab: lazy(() => import('./tabs/LegalTab')) },
];

/** The admin panel: its tab bar (roles and arrow keys from WrapTabs) over the open tab. */
export default function AdminPage() {
  usePageMeta({ title: 'Yönetici Paneli' });
  const user = useSession((s) => s.user);
  if (user?.role !== 'admin' && user?.role !== 'moderator') return <Result status="403" title={<PlainH1>Bu sayfaya erişim yetkiniz yok</PlainH1>} />;
  const tabs = user.role === 'admin' ? TABS : TABS.filter((t) => 'moderator' in t && t.moderator);
  return (
    <div>
      <Heading level={1} look={2}>
        Yönetici Paneli
      </Heading>
      <WrapTabs
        id="admin-tabs"
        destroyOnHidden
        items={tabs.map(({ key, label, Tab }) => ({
          key,
          label,
          children: (
            <Suspense fallback={<PageSpinner />}>
              <Tab />
            </Suspense>
          ),
        }))}
      />
    </div>
  );
}
