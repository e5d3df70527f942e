import { replayHeld, whenVisitorReaches } from './ssr/intent';

/**
 * The entry: lets the browser paint what index.html (and the server's first paint of the page) shows, then fetches and
 * starts the app (start.tsx, its files all at once). Nothing of the app is fetched before that paint: on a slow link
 * its scripts would compete with the document for the first frame, and a phone that evaluated React, antd and the
 * first route first would stay blank meanwhile although the page's heading was already in the HTML.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A tab opened in the background paints nothing until shown: start at once there.
    if (document.visibilityState === 'hidden') return resolve();
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    // In case the paint is never reported (a browser without paint timing, a frame that never comes).
    const timer = setTimeout(done, 3000);
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // The browser reports the first contentful paint once it is on screen (the shell's header always has some).
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(done, 0));
    }
  });
}

// A page the server drew whole (SERVER_RENDER=1, ssr/intent.ts) waits for the visitor instead: a phone that only reads it
// runs none of the app. A dark theme starts at once: the drawing is the light one, hidden until the app draws its own.
function dark(): boolean {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem('mahalle-theme'); // stores/session.ts's THEME_KEY, read here without importing the app
  } catch {
    /* storage unavailable: follow the system */
  }
  return chosen === 'dark' || (chosen !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
}
// (The entry imports nothing the app imports too: a module of both would become a chunk of its own, one more request
// before the first paint.)
const drawn = document.getElementById('ssr-state') !== null;
void (drawn && !dark() ? whenVisitorReaches() : afterFirstPaint())
  .then(() => import('./start'))
  .then((app) => app.hydrated)
  .then(replayHeld);
