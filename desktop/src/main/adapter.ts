/**
 * Everything the main process uses of Electron, as an interface. The real implementation
 * (electron-adapter.ts) is the only file that imports 'electron'; tests pass a fake, so the
 * logic runs under vitest on machines where the Electron binary cannot be installed.
 */
export interface Bounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export interface WindowHandle {
  isFocused(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  getBounds(): Bounds;
  send(channel: string, payload: unknown): void;
  onClose(handler: () => void): void;
  setOverlayIcon?(text: string | null): void;
}

export interface MenuItem {
  label: string;
  enabled?: boolean;
  click?: () => void;
  type?: 'separator';
}

export interface ElectronAdapter {
  platform: NodeJS.Platform;
  userDataPath(): string;
  requestSingleInstanceLock(): boolean;
  onSecondInstance(handler: () => void): void;
  whenReady(): Promise<void>;
  quit(): void;
  createMainWindow(opts: { bounds: Bounds; preloadPath: string; loadFile: string }): WindowHandle;
  setBadgeCount(count: number): void;
  createTray(iconPath: string): { setToolTip(text: string): void; setMenu(items: MenuItem[]): void; onClick(handler: () => void): void };
  showNotification(n: { title: string; body: string; onClick: () => void }): void;
  encryptString(plain: string): Buffer | null;
  decryptString(data: Buffer): string | null;
  openExternal(url: string): void;
  handleIpc(channel: string, handler: (payload: unknown) => unknown): void;
  onIpc(channel: string, handler: (payload: unknown) => void): void;
  primaryWorkArea(): { x: number; y: number; width: number; height: number }[];
}
