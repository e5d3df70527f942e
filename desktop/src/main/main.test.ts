import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ElectronAdapter, MenuItem, WindowHandle } from './adapter';
import { startDesktopApp } from './app';
import { IPC } from '@mahalle/shared/ipc';
import { badgeCount, badgeLabel, trayTooltip } from './system/badge';
import { shouldNotify } from './notifications/decide';
import { normalizeServerUrl, validateServer } from './settings/server-url';
import { allowPermission, contentSecurityPolicy, navigationDecision } from './security/navigation';
import { restoreBounds, DEFAULT_BOUNDS } from './windows/bounds';

/** A fake of Electron's surface that records what the main process did. */
function fakeAdapter(opts: { lock?: boolean; focused?: boolean } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-desktop-'));
  const handlers = new Map<string, (p: unknown) => unknown>();
  const listeners = new Map<string, (p: unknown) => void>();
  const record = {
    badge: [] as number[],
    tooltip: [] as string[],
    menus: [] as MenuItem[][],
    notifications: [] as { title: string; body: string; onClick(): void }[],
    sent: [] as [string, unknown][],
    external: [] as string[],
    quit: 0,
    overlay: [] as (string | null)[],
  };
  let focused = opts.focused ?? false;
  const window: WindowHandle = {
    isFocused: () => focused,
    isMinimized: () => false,
    restore: () => undefined,
    show: () => undefined,
    focus: () => {
      focused = true;
    },
    getBounds: () => ({ x: 10, y: 20, width: 1000, height: 700 }),
    send: (channel, payload) => void record.sent.push([channel, payload]),
    onClose: () => undefined,
    setOverlayIcon: (t) => void record.overlay.push(t),
  };
  const adapter: ElectronAdapter = {
    platform: 'linux',
    userDataPath: () => dir,
    requestSingleInstanceLock: () => opts.lock ?? true,
    onSecondInstance: () => undefined,
    whenReady: async () => undefined,
    quit: () => void record.quit++,
    createMainWindow: () => window,
    setBadgeCount: (n) => void record.badge.push(n),
    createTray: () => ({ setToolTip: (t) => void record.tooltip.push(t), setMenu: (m) => void record.menus.push(m), onClick: () => undefined }),
    showNotification: (n) => void record.notifications.push(n),
    encryptString: (s) => Buffer.from(`enc:${s}`),
    decryptString: (b) => b.toString().replace(/^enc:/, ''),
    openExternal: (u) => void record.external.push(u),
    handleIpc: (c, h) => void handlers.set(c, h),
    onIpc: (c, h) => void listeners.set(c, h),
    primaryWorkArea: () => [{ x: 0, y: 0, width: 1920, height: 1080 }],
  };
  return {
    adapter,
    dir,
    record,
    invoke: (c: string, p?: unknown) => handlers.get(c)!(p),
    emit: (c: string, p: unknown) => listeners.get(c)!(p),
    setFocused: (f: boolean) => {
      focused = f;
    },
  };
}

const healthy = async () => ({ ok: true, json: async () => ({ status: 'ok' }) });

describe('badge and tray text', () => {
  it('derives from the counts, 99+ above 99', () => {
    expect(badgeCount({ notifications: 3, messages: 4 })).toBe(7);
    expect(badgeLabel({ notifications: 0, messages: 0 })).toBe('');
    expect(badgeLabel({ notifications: 120, messages: 1 })).toBe('99+');
    expect(trayTooltip({ notifications: 0, messages: 0 })).toBe('Mahalle — okunmamış bir şey yok');
    expect(trayTooltip({ notifications: 2, messages: 150 })).toBe('Mahalle — 2 bildirim, 99+ mesaj');
  });
});

describe('server address', () => {
  it('normalises to an http(s) origin and refuses the rest in Turkish', () => {
    expect(normalizeServerUrl('mahalle.ornek.org/api')).toEqual({ ok: true, url: 'https://mahalle.ornek.org' });
    expect(normalizeServerUrl('http://192.168.1.5:3000')).toEqual({ ok: true, url: 'http://192.168.1.5:3000' });
    expect(normalizeServerUrl('')).toEqual({ ok: false, error: 'Lütfen sunucu adresini girin' });
    expect(normalizeServerUrl('ftp://x.org')).toMatchObject({ ok: false });
    expect(normalizeServerUrl('https://a:b@x.org')).toMatchObject({ ok: false });
  });
  it('is accepted only when /api/health answers ok', async () => {
    expect(await validateServer('x.org', healthy)).toEqual({ ok: true, url: 'https://x.org' });
    expect(await validateServer('x.org', async () => ({ ok: true, json: async () => ({}) }))).toEqual({
      ok: false,
      error: 'Bu adreste çalışan bir Mahalle sunucusu bulunamadı',
    });
    expect(
      await validateServer('x.org', async () => {
        throw new Error('ECONNREFUSED');
      }),
    ).toEqual({ ok: false, error: 'Sunucuya bağlanılamadı' });
  });
});

describe('security policy', () => {
  it('keeps navigation to the app and its server, sends the rest to the system browser', () => {
    const server = { serverOrigin: 'https://mahalle.ornek.org' };
    expect(navigationDecision('file:///app/index.html#/qa', server)).toBe('allow');
    expect(navigationDecision('https://mahalle.ornek.org/blog/x', server)).toBe('allow');
    expect(navigationDecision('https://kotu.example/', server)).toBe('external');
    expect(navigationDecision('javascript:alert(1)', server)).toBe('deny');
    expect(navigationDecision('not a url', server)).toBe('deny');
    expect(allowPermission('notifications')).toBe(true);
    expect(allowPermission('camera')).toBe(false);
    const csp = contentSecurityPolicy('https://mahalle.ornek.org');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://mahalle.ornek.org wss://mahalle.ornek.org");
  });
  it('restores window bounds only onto a visible display', () => {
    const displays = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(restoreBounds(null, displays)).toEqual(DEFAULT_BOUNDS);
    expect(restoreBounds({ x: 100, y: 100, width: 1000, height: 700 }, displays)).toEqual({ x: 100, y: 100, width: 1000, height: 700 });
    expect(restoreBounds({ x: 5000, y: 100, width: 1000, height: 700 }, displays)).toEqual({ width: 1000, height: 700 });
  });
  it('notifies natively only when the window is not in front', () => {
    expect(shouldNotify({ isFocused: () => true, isMinimized: () => false })).toBe(false);
    expect(shouldNotify({ isFocused: () => false, isMinimized: () => false })).toBe(true);
    expect(shouldNotify({ isFocused: () => true, isMinimized: () => true })).toBe(true);
  });
});

describe('the main process through the adapter', () => {
  it('quits when another instance already runs', async () => {
    const f = fakeAdapter({ lock: false });
    expect(await startDesktopApp(f.adapter, { rendererDir: '/r', preloadPath: '/p', iconDir: '/i' })).toBeNull();
    expect(f.record.quit).toBe(1);
  });

  it('stores a validated server address and an encrypted token, and forgets the token when the server changes', async () => {
    const f = fakeAdapter();
    await startDesktopApp(f.adapter, { rendererDir: '/r', preloadPath: '/p', iconDir: '/i', fetcher: healthy });
    expect(await f.invoke(IPC.getServerUrl)).toBe('');
    expect(await f.invoke(IPC.setServerUrl, 'mahalle.ornek.org')).toEqual({ ok: true });
    expect(await f.invoke(IPC.getServerUrl)).toBe('https://mahalle.ornek.org');
    await f.invoke(IPC.setSessionToken, 'gizli-token');
    expect(await f.invoke(IPC.getSessionToken)).toBe('gizli-token');
    expect(fs.readFileSync(path.join(f.dir, 'settings.json'), 'utf8')).not.toContain('gizli-token');
    expect(await f.invoke(IPC.setServerUrl, 42)).toMatchObject({ ok: false });
    await f.invoke(IPC.setServerUrl, 'baska.ornek.org');
    expect(await f.invoke(IPC.getSessionToken)).toBeNull();
  });

  it('updates tray, badge and overlay from the counts the renderer sends, ignoring bad payloads', async () => {
    const f = fakeAdapter();
    await startDesktopApp(f.adapter, { rendererDir: '/r', preloadPath: '/p', iconDir: '/i' });
    f.emit(IPC.setUnreadCounts, { notifications: 2, messages: 120 });
    expect(f.record.badge.at(-1)).toBe(122);
    expect(f.record.tooltip.at(-1)).toBe('Mahalle — 2 bildirim, 99+ mesaj');
    expect(f.record.overlay.at(-1)).toBe('99+');
    expect(f.record.menus.at(-1)?.at(0)?.label).toBe('Bildirimler (2)');
    f.emit(IPC.setUnreadCounts, { notifications: -1, messages: 'x' });
    expect(f.record.badge.at(-1)).toBe(122);
  });

  it('shows a native notification only while unfocused, and a click opens its page', async () => {
    const f = fakeAdapter({ focused: true });
    await startDesktopApp(f.adapter, { rendererDir: '/r', preloadPath: '/p', iconDir: '/i' });
    f.emit(IPC.notify, { title: 'Mahalle', body: 'Ayşe gönderinizi beğendi', route: '/notifications' });
    expect(f.record.notifications).toHaveLength(0);
    f.setFocused(false);
    f.emit(IPC.notify, { title: 'Mahalle', body: 'Ayşe gönderinizi beğendi', route: '/notifications' });
    f.emit(IPC.notify, { title: '', body: 'geçersiz' });
    f.emit(IPC.notify, { title: 'x', body: 'y', route: 'javascript:alert(1)' });
    expect(f.record.notifications).toHaveLength(1);
    f.record.notifications.at(0)?.onClick();
    expect(f.record.sent.at(-1)).toEqual([IPC.navigate, '/notifications']);
  });

  it('opens only http(s) links in the system browser', async () => {
    const f = fakeAdapter();
    await startDesktopApp(f.adapter, { rendererDir: '/r', preloadPath: '/p', iconDir: '/i' });
    f.emit(IPC.openExternal, 'https://ornek.com');
    f.emit(IPC.openExternal, 'file:///etc/passwd');
    f.emit(IPC.openExternal, 'javascript:alert(1)');
    expect(f.record.external).toEqual(['https://ornek.com']);
  });
});

describe('open reports for admins', () => {
  it('count on the badge and in the tray with a menu entry to the queue', async () => {
    expect(badgeCount({ notifications: 1, messages: 1, reports: 3 })).toBe(5);
    expect(trayTooltip({ notifications: 1, messages: 0, reports: 3 })).toBe('Mahalle — 1 bildirim, 0 mesaj, 3 açık şikayet');
    const f = fakeAdapter();
    await startDesktopApp(f.adapter, { rendererDir: '/r', preloadPath: '/p', iconDir: '/i' });
    f.emit(IPC.setUnreadCounts, { notifications: 0, messages: 0, reports: 2 });
    expect(f.record.badge.at(-1)).toBe(2);
    const entry = f.record.menus.at(-1)?.find((m) => m.label === 'Şikayetler (2)');
    expect(entry).toBeTruthy();
    entry!.click!();
    expect(f.record.sent.at(-1)).toEqual([IPC.navigate, '/admin']);
  });
});
