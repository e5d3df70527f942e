import { contextBridge, ipcRenderer } from 'electron';
import type { PlatformBridge } from '@mahalle/shared';
import { IPC } from '@mahalle/shared/ipc';

/** One narrow, typed object for the UI: no raw ipcRenderer ever reaches the page. */
const bridge = {
  kind: 'desktop',
  getServerUrl: () => ipcRenderer.invoke(IPC.getServerUrl),
  setServerUrl: (url: string) => ipcRenderer.invoke(IPC.setServerUrl, url),
  getSessionToken: () => ipcRenderer.invoke(IPC.getSessionToken),
  setSessionToken: async (token: string | null) => {
    await ipcRenderer.invoke(IPC.setSessionToken, token);
  },
  setUnreadCounts: (counts: { notifications: number; messages: number; reports?: number }) => ipcRenderer.send(IPC.setUnreadCounts, counts),
  notify: (n: { title: string; body: string; route?: string }) => ipcRenderer.send(IPC.notify, n),
  onNavigate: (handler: (route: string) => void) => {
    const listener = (_event: unknown, route: unknown) => {
      if (typeof route === 'string' && route.startsWith('/')) handler(route);
    };
    ipcRenderer.on(IPC.navigate, listener);
    return () => void ipcRenderer.removeListener(IPC.navigate, listener);
  },
  openExternal: (url: string) => ipcRenderer.send(IPC.openExternal, url),
} satisfies PlatformBridge;

contextBridge.exposeInMainWorld('mahalle', bridge);
