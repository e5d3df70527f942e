/**
 * The entry: lets the browser paint what index.html (and the server's first paint of the page) shows before the app's
 * code is evaluated, then starts it (start.tsx). Without this a phone evaluates React, antd and the first route
 * before its first frame, and the page stays blank meanwhile although its heading was already in the HTML. The
 * app's files are fetched meanwhile all the same (index.html preloads them, see vite.web.config.ts).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A tab opened in the background paints nothing until shown: start at once there. Otherwise after the next
    // frame's paint (a busy phone may take a while to draw it), with a timer in case frames never come.
    if (document.visibilityState === 'hidden') return resolve();
    const timer = setTimeout(resolve, 3000);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

void afterFirstPaint().then(() => import('./start'));
