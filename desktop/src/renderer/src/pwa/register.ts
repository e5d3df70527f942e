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

/** How long requests still in flight at the take-over are waited for (each is handed over when it completes). */
const IN_FLIGHT_WAIT = 60_000;

/**
 * Hands the worker what the page fetched before it was controlled: what has completed now, and the requests still in
 * flight at the take-over (they bypass the worker, which would never keep them) as each completes.
 */
function handOver(): void {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return;
  const takenOver = performance.now();
  const send = (entries: PerformanceEntryList) => {
    const urls = entries.filter((e) => e.startTime < takenOver).map((e) => e.name);
    if (urls.length) worker.postMessage({ type: MSG.warm, urls });
  };
  send(performance.getEntriesByType('resource'));
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => send(list.getEntries()));
  observer.observe({ type: 'resource' });
  setTimeout(() => observer.disconnect(), IN_FLIGHT_WAIT);
}

function watch(reg: ServiceWorkerRegistration | undefined): void {
  // Where service workers are blocked (a policy, Playwright's `serviceWorkers: 'block'`), register resolves to nothing.
  if (!reg) return;
  // This page loaded before a worker controlled it (the first visit): once one does, what the page fetched until then
  // (its files, its feed) is handed over to be kept for offline use too.
  if (!navigator.serviceWorker.controller) navigator.serviceWorker.addEventListener('controllerchange', handOver, { once: true });
  const offer = () => {
    if (reg.waiting && navigator.serviceWorker.controller) void import('./updatePrompt').then((m) => m.showUpdatePrompt(reg));
  };
  offer();
  reg.addEventListener('updatefound', () => reg.installing?.addEventListener('statechange', offer));
  // A tab left open for days still learns of a new version.
  setInterval(() => void reg.update().catch(() => undefined), HOUR);
}
