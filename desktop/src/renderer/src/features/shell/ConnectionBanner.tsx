import { useEffect, useState } from 'react';
import { TEXTS } from '@mahalle/shared';
import { serverBase } from '../../api/client';
import { queryClient } from '../../api/query';
import { reportServerDown, reportServerUp, useConnection } from '../../stores/connection';

/** How often the banner asks the server whether it is back. */
const PROBE_MS = 3000;
/** A blip shorter than this shows nothing. */
const SHOW_AFTER_MS = 800;

/**
 * Says when the server or the live connection is unreachable and goes away when it is back. While the
 * server is down it probes /api/health; when it answers, the queries that failed meanwhile load again.
 */
export function ConnectionBanner() {
  const serverDown = useConnection((s) => s.serverDown);
  const socketDown = useConnection((s) => s.socketDown);
  const offline = useConnection((s) => s.offline);
  const down = offline || serverDown || socketDown;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!down) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(t);
  }, [down]);

  useEffect(() => {
    const offline = () => {
      useConnection.getState().set({ offline: true });
      reportServerDown();
    };
    const online = () => {
      useConnection.getState().set({ offline: false });
      void probe();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  useEffect(() => {
    if (!serverDown) return;
    const t = setInterval(() => void probe(), PROBE_MS);
    return () => clearInterval(t);
  }, [serverDown]);

  if (!visible) return null;
  return (
    <div role="status" aria-live="polite" data-testid="connection-banner" className="connection-banner">
      {offline ? TEXTS.pwa.offline : serverDown ? TEXTS.resilience.serverDown : TEXTS.resilience.socketDown}
    </div>
  );
}

async function probe(): Promise<void> {
  try {
    const res = await fetch(`${serverBase()}/api/health`, { cache: 'no-store' });
    if (!res.ok) return;
    reportServerUp();
    // Whatever failed while the server was away loads again.
    await queryClient.refetchQueries({ predicate: (q) => q.state.status === 'error' });
  } catch {
    reportServerDown();
  }
}
