import { Suspense } from 'react';
import { useSession } from '../../stores/session';
import { PageSpinner } from '../../components/common';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';

// The membership-required page (antd's `Result` and its illustration) loads only when a visitor meets it.
const MembersOnlyNotice = lazy(() => import('./MembersOnlyNotice').then((m) => ({ default: m.MembersOnlyNotice })));

/** Signed-in-only routes: visitors see the membership-required page. */
export function MembersOnly({ children }: { children: React.ReactNode }) {
  const user = useSession((s) => s.user);
  if (user === undefined) return <PageSpinner />;
  if (!user) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <MembersOnlyNotice />
      </Suspense>
    );
  }
  return <>{children}</>;
}
