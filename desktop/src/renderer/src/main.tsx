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

void afterFirstPaint().then(() => import('./start'));
