/// <reference lib="webworker" />
/**
 * The browser build's service worker (built into dist-web/sw.js by vite.web.config.ts, which fills in the version and
 * the shell's files). See README.md beside this file for the strategies.
 */
import {
  CACHE_PREFIX,
  MAX_FEED_PAGES,
  MSG,
  SESSION_PATH,
  SHELL_FILES,
  cacheNames,
  notificationOf,
  pickWindow,
  routeOf,
  safePath,
  sessionUserId,
} from './rules';

declare const self: ServiceWorkerGlobalScope;
/** This build's version (a hash of its files): the name of its caches. */
declare const __SW_VERSION__: string;
/** This build's hashed files a first page needs (the entry, the app's start and their imports, the CSS). */
declare const __SW_PRECACHE__: string[];

const ORIGIN = self.location.origin;
const CACHES = cacheNames(__SW_VERSION__);
const ICON = '/icons/icon-256.png';

self.addEventListener('install', (event) => {
  // No skipWaiting here: a new version waits until the member clicks "Yenile" or the next navigation of a lone tab.
  event.waitUntil(caches.open(CACHES.shell).then((cache) => cache.addAll([...SHELL_FILES, ...__SW_PRECACHE__])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(CACHE_PREFIX) && key !== CACHES.shell && key !== CACHES.data) await caches.delete(key);
      // The first install takes the open tab at once, so that what it loads next is kept for offline use.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const msg = event.data as { type?: string; urls?: unknown } | null;
  if (msg?.type === MSG.skipWaiting) void self.skipWaiting();
  else if (msg?.type === MSG.warm && Array.isArray(msg.urls)) event.waitUntil(warm(msg.urls.filter((u): u is string => typeof u === 'string')));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const route = routeOf(req.method, new URL(req.url), ORIGIN, req.mode);
  if (route === 'navigate') event.respondWith(navigate(req, event.resultingClientId));
  else if (route === 'asset') event.respondWith(asset(req));
  else if (route === 'offline-data') event.respondWith(offlineData(req, (p) => event.waitUntil(p)));
  else if (route === 'session-change') event.respondWith(sessionChange(req));
});

/** The network (the server paints each page and always names the current build's files); offline, the cached shell. */
async function navigate(req: Request, resultingClientId: string): Promise<Response> {
  // A new version is waiting and this is the only tab: it takes over with this navigation, which loads the new build.
  // The document this navigation creates may already be listed (a reserved client): it is the same tab, not another.
  const waiting = self.registration.waiting;
  if (waiting && (await self.clients.matchAll({ type: 'window' })).filter((c) => c.id !== resultingClientId).length <= 1)
    waiting.postMessage({ type: MSG.skipWaiting });
  try {
    return await fetch(req);
  } catch (err) {
    const shell = await caches.match('/index.html', { cacheName: CACHES.shell });
    if (shell) return shell;
    throw err;
  }
}

/** Hashed files from this version's cache (kept on first fetch); the unhashed shell files from the network first. */
async function asset(req: Request): Promise<Response> {
  const cache = await caches.open(CACHES.shell);
  const hashed = new URL(req.url).pathname.startsWith('/assets/');
  if (hashed) {
    const hit = await cache.match(req);
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok && res.type === 'basic') await cache.put(req, res.clone());
    return res;
  }
  try {
    return await fetch(req);
  } catch (err) {
    const hit = await cache.match(req);
    if (hit) return hit;
    throw err;
  }
}

/** The network; when it fails (or the server is unreachable behind a proxy), the last answer kept. */
async function offlineData(req: Request, later: (p: Promise<unknown>) => void): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(req);
  } catch (err) {
    const kept = await caches.match(req, { cacheName: CACHES.data });
    if (kept) return kept;
    throw err;
  }
  if (res.status >= 502 && res.status <= 504) return (await caches.match(req, { cacheName: CACHES.data })) ?? res;
  if (res.ok) later(keep(req, res.clone()));
  return res;
}

async function keep(req: Request, res: Response): Promise<void> {
  const cache = await caches.open(CACHES.data);
  if (new URL(req.url).pathname === SESSION_PATH) {
    // Another member (or a visitor) now: what was kept was the previous session's and goes.
    const previous = await cache.match(SESSION_PATH);
    const before = previous ? sessionUserId(await previous.json().catch(() => null)) : undefined;
    const now = sessionUserId(
      await res
        .clone()
        .json()
        .catch(() => null),
    );
    if (previous && before !== now) for (const key of await cache.keys()) await cache.delete(key);
    await cache.put(SESSION_PATH, res);
    return;
  }
  await cache.put(req, res);
  const pages = (await cache.keys()).filter((k) => new URL(k.url).pathname !== SESSION_PATH);
  for (const old of pages.slice(0, Math.max(0, pages.length - MAX_FEED_PAGES))) await cache.delete(old);
}

/** Signing in or out: the kept feed and session were the previous session's; they go whatever the answer. */
async function sessionChange(req: Request): Promise<Response> {
  await caches.delete(CACHES.data);
  try {
    return await fetch(req);
  } finally {
    await caches.delete(CACHES.data);
  }
}

/** What the page loaded before this worker controlled it: its files and its feed go into the caches as if fetched now. */
async function warm(urls: string[]): Promise<void> {
  for (const raw of urls) {
    const url = new URL(raw, ORIGIN);
    const route = routeOf('GET', url, ORIGIN, 'cors');
    const req = new Request(url, { credentials: 'same-origin' });
    if (route === 'asset' && url.pathname.startsWith('/assets/')) await asset(req).catch(() => undefined);
    else if (route === 'offline-data') {
      const kept: Promise<unknown>[] = [];
      await offlineData(req, (p) => kept.push(p)).catch(() => undefined);
      await Promise.all(kept);
    }
  }
}

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const n = notificationOf(data, ORIGIN, ICON);
  event.waitUntil(self.registration.showNotification(n.title, n.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = safePath((event.notification.data as { url?: unknown } | null)?.url, ORIGIN);
  event.waitUntil(openPage(path));
});

/** Brings a tab of the site forward and has its router open the page; a new window when none is open. */
async function openPage(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = pickWindow(windows, ORIGIN);
  if (!tab) {
    await self.clients.openWindow(path);
    return;
  }
  // A click allows focusing; without one (a notification clicked long after) the tab still moves to the page.
  await tab.focus().catch(() => undefined);
  tab.postMessage({ type: MSG.navigate, url: path });
}
