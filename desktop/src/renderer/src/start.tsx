import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstRoute } from './App';
import { preloadMemberHome } from './features/home/HomePage';
import { platform } from './platform';
import { initApi } from './api/client';
import { useSession } from './stores/session';
import { whenLoadedAndIdle } from './components/whenIdle';
import './antd-css/core.css';
import './styles.css';

/** The app proper, started by main.tsx once the server's first paint is on screen. */
// The server painted the visitors' welcome on `/` (no session cookie came with the request, so the session check will
// say 'visitor'): the first render knows it already, and the welcome card does not arrive a moment later and push the
// page down (a layout shift Lighthouse counted on a phone).
const firstPath = platform.kind === 'desktop' ? window.location.hash.slice(1) || '/' : window.location.pathname;
if (document.querySelector('#root .boot-home')) useSession.getState().setUser(null);
// Without it on `/` a session cookie came with the request: the member's feed and composer are what the page needs.
else if (firstPath === '/' || firstPath === '/home') preloadMemberHome();
preloadFirstRoute(firstPath);
void initApi().finally(() => {
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders it in slices and lets the phone's main thread breathe between
  // them (a slow phone otherwise freezes for one long task while the whole shell and page render at once). The
  // server's first paint stays on screen meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
// The service worker's registration is its own file, fetched once the page has loaded and the browser is idle.
if (__PWA__ && import.meta.env.PROD && platform.kind === 'web')
  whenLoadedAndIdle(() => void import('./pwa/register').then((m) => m.registerServiceWorker()).catch((err) => console.warn('service worker', err)));
