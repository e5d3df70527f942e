import path from 'node:path';
import { z } from 'zod';
import type { ElectronAdapter, WindowHandle } from './adapter';
import { IPC } from '@mahalle/shared/ipc';
import { badgeCount, badgeLabel, trayMenu, trayTooltip, type Counts } from './system/badge';
import { notifyRequestSchema, shouldNotify } from './notifications/decide';
import { validateServer } from './settings/server-url';
import { SettingsStore } from './settings/store';
import { TokenVault } from './session/token';
import { restoreBounds } from './windows/bounds';
import { navigationDecision } from './security/navigation';

const countsSchema = z.object({
  notifications: z.number().int().min(0).max(1e9),
  messages: z.number().int().min(0).max(1e9),
  reports: z.number().int().min(0).max(1e9).optional(),
});

export interface DesktopApp {
  counts: Counts;
  window: WindowHandle | null;
  settings: SettingsStore;
  openRoute(route: string): void;
}

/**
 * The main process, wired through the adapter: single instance, one window with remembered
 * bounds, validated IPC handlers, tray and badge from the unread counts, native notifications.
 */
export async function startDesktopApp(
  adapter: ElectronAdapter,
  opts: { rendererDir: string; preloadPath: string; iconDir: string; fetcher?: Parameters<typeof validateServer>[1] },
): Promise<DesktopApp | null> {
  if (!adapter.requestSingleInstanceLock()) {
    adapter.quit();
    return null;
  }
  const settings = new SettingsStore(adapter.userDataPath());
  const vault = new TokenVault(adapter, settings);
  const state: DesktopApp = {
    counts: { notifications: 0, messages: 0 },
    window: null,
    settings,
    openRoute(route) {
      const w = state.window;
      if (!w) return;
      if (w.isMinimized()) w.restore();
      w.show();
      w.focus();
      w.send(IPC.navigate, route);
    },
  };

  adapter.onSecondInstance(() => state.openRoute('/'));
  await adapter.whenReady();

  // IPC: every payload from the renderer is validated before it is used.
  adapter.handleIpc(IPC.getServerUrl, () => settings.get('serverUrl') ?? '');
  adapter.handleIpc(IPC.setServerUrl, async (payload) => {
    const input = z.string().max(500).safeParse(payload);
    if (!input.success) return { ok: false, error: 'Geçerli bir sunucu adresi girin' };
    const result = await validateServer(input.data, opts.fetcher);
    if (result.ok) {
      if (settings.get('serverUrl') !== result.url) vault.set(null);
      settings.set('serverUrl', result.url);
      return { ok: true };
    }
    return result;
  });
  adapter.handleIpc(IPC.getSessionToken, () => vault.get());
  adapter.handleIpc(IPC.setSessionToken, (payload) => {
    const token = z.string().max(200).nullable().safeParse(payload);
    if (token.success) vault.set(token.data);
  });
  adapter.onIpc(IPC.openExternal, (payload) => {
    const url = z.string().max(2000).safeParse(payload);
    if (url.success && navigationDecision(url.data, { serverOrigin: null }) === 'external') adapter.openExternal(url.data);
  });

  const tray = adapter.createTray(path.join(opts.iconDir, 'tray.png'));
  const refreshTray = () => {
    tray.setToolTip(trayTooltip(state.counts));
    tray.setMenu(trayMenu(state.counts, { open: (r) => state.openRoute(r), quit: () => adapter.quit() }));
    adapter.setBadgeCount(badgeCount(state.counts));
    state.window?.setOverlayIcon?.(badgeLabel(state.counts) || null);
  };
  tray.onClick(() => state.openRoute('/'));
  adapter.onIpc(IPC.setUnreadCounts, (payload) => {
    const counts = countsSchema.safeParse(payload);
    if (!counts.success) return;
    state.counts = counts.data;
    refreshTray();
  });
  adapter.onIpc(IPC.notify, (payload) => {
    const n = notifyRequestSchema.safeParse(payload);
    if (!n.success || !shouldNotify(state.window)) return;
    adapter.showNotification({ title: n.data.title, body: n.data.body, onClick: () => state.openRoute(n.data.route ?? '/') });
  });

  const bounds = restoreBounds(settings.get('bounds'), adapter.primaryWorkArea());
  state.window = adapter.createMainWindow({ bounds, preloadPath: opts.preloadPath, loadFile: path.join(opts.rendererDir, 'index.html') });
  state.window.onClose(() => {
    if (state.window) settings.set('bounds', state.window.getBounds());
  });
  refreshTray();
  return state;
}
