import { Suspense } from 'react';
import { useConsents } from '../../api/privacy';
import { useSession } from '../../stores/session';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';

// The re-accept dialog is antd's Modal and Typography (with their dialog, tooltip and text-area code): it loads only
// when a member has a new text to accept, not with every first page.
const ConsentModal = lazy(() => import('./ConsentModal').then((m) => ({ default: m.ConsentModal })));

/** Asks for the pending consents of a signed-in member (admins publish the texts and are not asked). */
export function ConsentGate({ onLogout }: { onLogout(): void }) {
  const user = useSession((s) => s.user);
  const { data } = useConsents(Boolean(user) && user?.role !== 'admin');
  if (!user || !data?.pending.length) return null;
  return (
    <Suspense fallback={null}>
      <ConsentModal onLogout={onLogout} />
    </Suspense>
  );
}
