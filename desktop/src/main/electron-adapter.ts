import { app, BrowserWindow, ipcMain, Menu, nativeImage, Notification, safeStorage, screen, session, shell, Tray } from 'electron';
import type { ElectronAdapter, WindowHandle } from './adapter';
import { allowPermission, contentSecurityPolicy, navigationDecision } from './security/navigation';
import { SettingsStore } from './settings/store';

/** A 16×16 red dot (PNG): Windows draws it over the taskbar button; the count goes in its description. */
const OVERLAY_DOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAZ0lEQVR42mO4o6bGQAnGJigLxB1AfBmIf0HxZaiYLCEDUqAa/uPAv6BqsBqQgkcjOk5BN0CWgM3YXCKLbEAHCZphuAPZgMtkGHAZ2YBfZBjwi6oGUOwFigOR4mikOCFRJSlTJTORjAG0uMIUmg9qmwAAAABJRU5ErkJggg==';

/** The only file that touches Electron: a thin mapping of the adapter interface onto its API. */
export function createElectronAdapter(): ElectronAdapter {
  const serverOrigin = () => new SettingsStore(app.getPath('userData')).get('serverUrl');
  let tray: Tray | null = null;
  return {
    platform: process.platform,
    userDataPath: () => app.getPath('userData'),
    requestSingleInstanceLock: () => app.requestSingleInstanceLock(),
    onSecondInstance: (handler) => void app.on('second-instance', handler),
    whenReady: async () => {
      await app.whenReady();
      session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(allowPermission(permission)));
      session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
        const headers = { ...details.responseHeaders };
        if (details.url.startsWith('file:')) headers['Content-Security-Policy'] = [contentSecurityPolicy(serverOrigin())];
        callback({ responseHeaders: headers });
      });
    },
    quit: () => app.quit(),
    createMainWindow: ({ bounds, preloadPath, loadFile }): WindowHandle => {
      const win = new BrowserWindow({
        ...bounds,
        minWidth: 400,
        minHeight: 300,
        show: true,
        title: 'Mahalle',
        webPreferences: { preload: preloadPath, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true },
      });
      win.webContents.setWindowOpenHandler(({ url }) => {
        if (navigationDecision(url, { serverOrigin: serverOrigin() }) === 'external') void shell.openExternal(url);
        return { action: 'deny' };
      });
      win.webContents.on('will-navigate', (event, url) => {
        const decision = navigationDecision(url, { serverOrigin: serverOrigin() });
        if (decision !== 'allow') {
          event.preventDefault();
          if (decision === 'external') void shell.openExternal(url);
        }
      });
      void win.loadFile(loadFile);
      return {
        isFocused: () => win.isFocused(),
        isMinimized: () => win.isMinimized(),
        restore: () => win.restore(),
        show: () => win.show(),
        focus: () => win.focus(),
        getBounds: () => win.getBounds(),
        send: (channel, payload) => win.webContents.send(channel, payload),
        onClose: (handler) => void win.on('close', handler),
        setOverlayIcon:
          process.platform === 'win32'
            ? (text) => win.setOverlayIcon(text ? nativeImage.createFromDataURL(OVERLAY_DOT) : null, text ? `${text} okunmamış` : '')
            : undefined,
      };
    },
    setBadgeCount: (count) => void app.setBadgeCount(count),
    createTray: (iconPath) => {
      tray = new Tray(nativeImage.createFromPath(iconPath));
      return {
        setToolTip: (text) => tray!.setToolTip(text),
        setMenu: (items) => tray!.setContextMenu(Menu.buildFromTemplate(items)),
        onClick: (handler) => void tray!.on('click', handler),
      };
    },
    showNotification: ({ title, body, onClick }) => {
      if (!Notification.isSupported()) return;
      const n = new Notification({ title, body });
      n.on('click', onClick);
      n.show();
    },
    encryptString: (plain) => (safeStorage.isEncryptionAvailable() ? safeStorage.encryptString(plain) : null),
    decryptString: (data) => {
      try {
        return safeStorage.decryptString(data);
      } catch {
        return null;
      }
    },
    openExternal: (url) => void shell.openExternal(url),
    handleIpc: (channel, handler) => ipcMain.handle(channel, (_event, payload) => handler(payload)),
    onIpc: (channel, handler) => void ipcMain.on(channel, (_event, payload) => handler(payload)),
    primaryWorkArea: () => screen.getAllDisplays().map((d) => d.workArea),
  };
}
