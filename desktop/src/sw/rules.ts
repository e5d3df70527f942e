/**
 * What the service worker decides, as pure functions (tested in Node without a browser): which strategy a request
 * gets, which API answers are kept for offline reading, what a push shows and where its click leads.
 */

/** How the worker answers a request. */
export type Route =
  /** A page load: the network (the server paints each page), the cached shell when offline. */
  | 'navigate'
  /** A file of the build: from the cache of this version, fetched and kept on a miss. */
  | 'asset'
  /** Page 1 of the feed or the session it belongs to: the network, the last answer kept for offline reading. */
  | 'offline-data'
  /** Signing in or out: the network, and the kept feed and session are deleted (they were another session's). */
  | 'session-change'
  /** Everything else (other API calls, uploads, the socket): the network only, the worker stays out of the way. */
  | 'network';

/** Files of the build outside /assets/ that are the shell (index.html is cached as the raw shell, no page painted in). */
export const SHELL_FILES = ['/index.html', '/manifest.webmanifest', '/theme.js', '/favicon.ico', '/icons/icon-256.png', '/icons/icon-512.png'];

/** The cache names of one build; anything else starting with CACHE_PREFIX is an older build's and goes on activate. */
export const CACHE_PREFIX = 'mahalle-';
export function cacheNames(version: string) {
  return { shell: `${CACHE_PREFIX}shell-${version}`, data: `${CACHE_PREFIX}data-${version}` };
}

/** The answer kept for the signed-in member (or visitor) whose feed is kept beside it. */
export const SESSION_PATH = '/api/auth/session';
/** How many first pages of the feed are kept (the home's three posts, `/home`'s page, a category's, a sort...). */
export const MAX_FEED_PAGES = 8;

export function routeOf(method: string, url: URL, origin: string, mode: string): Route {
  if (url.origin !== origin) return 'network';
  if (method === 'POST' && (url.pathname === '/api/auth/logout' || url.pathname === '/api/auth/login')) return 'session-change';
  if (method !== 'GET') return 'network';
  if (mode === 'navigate') return 'navigate';
  if (url.pathname.startsWith('/assets/') || SHELL_FILES.includes(url.pathname)) return 'asset';
  if (isFeedFirstPage(url) || url.pathname === SESSION_PATH) return 'offline-data';
  return 'network';
}

/** `GET /api/posts` without a cursor: the first page of the feed (any sort, category or area). */
export function isFeedFirstPage(url: URL): boolean {
  return url.pathname === '/api/posts' && !url.searchParams.has('cursor');
}

/** The push payload agreed with the server (server/src/services/push). */
export interface PushPayload {
  title: string;
  body: string;
  /** A same-origin path the click opens. */
  url: string;
  /** Pushes with one tag replace each other ("12 kişi gönderinizi beğendi" is one notification, updated). */
  tag: string;
  count?: number;
}

/** A path on this origin, or `/` for anything else: a push never sends a member off the site. */
export function safePath(raw: unknown, origin: string): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return '/';
  try {
    const u = new URL(raw, origin);
    return u.origin === origin ? u.pathname + u.search + u.hash : '/';
  } catch {
    return '/';
  }
}

/** The notification a push shows; a payload that is not the agreed JSON still shows the app's name. */
export function notificationOf(
  data: unknown,
  origin: string,
  icon: string,
): { title: string; options: { body: string; tag?: string; renotify: boolean; icon: string; badge: string; data: { url: string } } } {
  const p = (typeof data === 'object' && data !== null ? data : {}) as Partial<PushPayload>;
  const title = typeof p.title === 'string' && p.title ? p.title : 'Mahalle';
  const tag = typeof p.tag === 'string' && p.tag ? p.tag : undefined;
  return {
    title,
    // renotify only has a meaning with a tag: an updated group ("12 kişi...") alerts again.
    options: { body: typeof p.body === 'string' ? p.body : '', tag, renotify: tag !== undefined, icon, badge: icon, data: { url: safePath(p.url, origin) } },
  };
}

/** The part of a window client the click needs. */
export interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: string;
}

/** The tab a clicked notification takes over: the focused one, else a visible one, else any of this site; none means a new window. */
export function pickWindow<T extends WindowLike>(windows: readonly T[], origin: string): T | undefined {
  const ours = windows.filter((w) => w.url.startsWith(origin + '/') || w.url === origin);
  return ours.find((w) => w.focused) ?? ours.find((w) => w.visibilityState === 'visible') ?? ours[0];
}

/** Whose session an `/api/auth/session` answer is: the member's id, null for a visitor, undefined if unreadable. */
export function sessionUserId(body: unknown): number | null | undefined {
  if (typeof body !== 'object' || body === null || !('user' in body)) return undefined;
  const user = (body as { user: unknown }).user;
  if (user === null) return null;
  const id = typeof user === 'object' && user !== null ? (user as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/** Messages between the page and the worker. */
export const MSG = {
  /** page → waiting worker: the member clicked "Yenile", take over now. */
  skipWaiting: 'skip-waiting',
  /** page → active worker: what the page fetched before the worker controlled it, to keep for offline use. */
  warm: 'warm',
  /** worker → page: a clicked notification's path, opened by the app's router. */
  navigate: 'navigate',
} as const;
