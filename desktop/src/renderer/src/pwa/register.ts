/**
 * The browser build's service worker (desktop/src/sw/): start.tsx fetches this file once the page has loaded and the
 * browser is idle, so none of it is in a first load; this file is all of the worker that the app carries. A new version
 * waiting shows the "Yeni sürüm hazır" prompt (its own small file, fetched only then).
 */
import { MSG } from '../../../sw/rules';

const HOUR = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js').then(watch, (err) => console.warn('service worker', err));
}

function watch(reg: ServiceWorkerRegistration | undefined): void {
  // Where service workers are blocked (a policy, Playwright's `serviceWorkers: 'block'`), register resolves to nothing.
  if (!reg) return;
  // This page loaded before a worker controlled it (the first visit): once one does, what the page fetched until then
  // (its files, its feed) is handed over to be kept for offline use too.
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => navigator.serviceWorker.controller?.postMessage({ type: MSG.warm, urls: performance.getEntriesByType('resource').map((e) => e.name) }),
      { once: true },
    );
  const offer = () => {
    if (reg.waiting && navigator.serviceWorker.controller) void import('./updatePrompt').then((m) => m.showUpdatePrompt(reg));
  };
  offer();
  reg.addEventListener('updatefound', () => reg.installing?.addEventListener('statechange', offer));
  // A tab left open for days still learns of a new version.
  setInterval(() => void reg.update().catch(() => undefined), HOUR);
}
