import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App, preloadFirstRoute } from './App';
import { preloadMemberHome } from './features/home/HomePage';
import { platform } from './platform';
import { initApi } from './api/client';
import { useSession, useTheme } from './stores/session';
import { whenLoadedAndIdle } from './components/whenIdle';
import { queryClient } from './api/query';
import { takeServerRender } from './ssr/document';
import { setRenderFrame } from './ssr/frame';
import './antd-css/core.css';
import './styles.css';

/** The app proper, started by main.tsx once the server's first paint is on screen. */
// The server painted the visitors' welcome on `/` (no session cookie came with the request, so the session check will
// say 'visitor'): the first render knows it already, and the welcome card does not arrive a moment later and push the
// page down (a layout shift Lighthouse counted on a phone).
const firstPath = platform.kind === 'desktop' ? window.location.hash.slice(1) || '/' : window.location.pathname;
// A page the server drew for a visitor (SERVER_RENDER=1): the app takes it over with the answers it was drawn from, in
// its frame (its "now", the community's zone, the layout), so the first render is the drawing and hydrates it.
const drawn = takeServerRender();
if (drawn) {
  useSession.getState().setUser(null);
  hydrate(queryClient, drawn.state);
  setRenderFrame(drawn.frame);
} else if (document.querySelector('#root .boot-home')) useSession.getState().setUser(null);
// Without it on `/` a session cookie came with the request: the member's feed and composer are what the page needs.
else if (firstPath === '/' || firstPath === '/home') preloadMemberHome();
void preloadFirstRoute(firstPath);
/** Settles once the app has begun drawing (a server-drawn page: taken over; main.tsx then gives it the tap held meanwhile). */
export const hydrated: Promise<void> = initApi().finally(async () => {
  const container = document.getElementById('root')!;
  if (drawn && useTheme.getState().theme === 'light') {
    // The page's own chunk first: hydrating meets it at once instead of leaving its part drawn but inert a moment longer.
    await preloadFirstRoute(firstPath);
    // As a transition, as the first render below: in slices, with the phone's main thread free between them.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        // A part that differs from the drawing is drawn anew by React (the page stays right); said, so a journey sees it.
        { onRecoverableError: (err) => console.warn('hydration', err) },
      );
    });
    // The app's own from here: a dark theme chosen later must not hide it (static.ts hides a drawing under a dark one).
    container.removeAttribute('data-ssr');
    // The frame is let go a little later, once the page's lazy parts are in.
    setTimeout(() => setRenderFrame(null), 3000);
    return;
  }
  if (drawn) {
    // The dark theme: the light drawing (hidden meanwhile, see static.ts) gives way to the app's own.
    setRenderFrame(null);
    container.removeAttribute('data-ssr');
    container.replaceChildren();
  }
  const root = createRoot(container);
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
