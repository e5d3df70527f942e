import type { PlatformBridge } from '@mahalle/shared';

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
  onNavigate: () => () => undefined,
  openExternal: (url) => window.open(url, '_blank', 'noopener'),
};

export const platform: PlatformBridge = window.mahalle ?? webBridge;
