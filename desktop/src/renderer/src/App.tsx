import { useEffect, useState } from 'react';
import { TEXTS, type CurrentUser } from '@mahalle/shared';

/** Minimal start page until the full interface lands: who is signed in, and the server's health. */
export function App() {
  const [user, setUser] = useState<CurrentUser | null | undefined>(undefined);
  const [healthy, setHealthy] = useState<boolean | null>(null);
  useEffect(() => {
    fetch('/api/auth/me', { credentials: 'include' })
      .then((r) => (r.ok ? r.json() : null))
      .then(setUser)
      .catch(() => setUser(null));
    fetch('/api/health')
      .then((r) => setHealthy(r.ok))
      .catch(() => setHealthy(false));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{TEXTS.app.name}</h1>
      <p>{TEXTS.app.description}</p>
      {user === undefined ? <p>{TEXTS.app.pageLoading}</p> : user ? <p>Hoş geldin, {user.displayName}!</p> : <p>Giriş yapmadınız.</p>}
      <p>Sunucu: {healthy === null ? '...' : healthy ? 'çalışıyor' : 'ulaşılamıyor'}</p>
    </main>
  );
}
