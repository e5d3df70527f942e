import type { PlatformBridge } from '@mahalle/shared';
import { MSG } from '../../../sw/rules';

declare global {
  interface Window {
    /** Set by the desktop app's preload; absent in the browser. */
    mahalle?: PlatformBridge;
  }
}

/** The browser's side of the bridge: same origin, cookie sessions, web notifications. */
const webBridge: PlatformBridge = {
  kind: 'web',
  getServerUrl: async () => '',
  setServerUrl: async () => ({ ok: true }),
  getSessionToken: async () => null,
  setSessionToken: async () => undefined,
  setUnreadCounts: () => undefined,
  notify: ({ title, body }) => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') new Notification(title, { body });
  },
  // A clicked push notification: the service worker asks the tab's router to open its page.
  onNavigate: (handler) => {
    if (!('serviceWorker' in navigator)) return () => undefined;
    const onMessage = (e: MessageEvent<{ type?: string; url?: unknown }>) => {
      if (e.data?.type === MSG.navigate && typeof e.data.url === 'string' && e.data.url.startsWith('/') && !e.data.url.startsWith('//')) handler(e.data.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  },
  openExternal: (url) => window.open(url, '_blank', 'noopener'),
};

// A server render (ssr/entry-server.tsx) has no window: it draws the browser's pages.
export const platform: PlatformBridge = (typeof window !== 'undefined' && window.mahalle) || webBridge;
