/**
 * The one type between the desktop shell and the UI. The preload exposes an object that
 * `satisfies PlatformBridge`; the browser build fills the same type with web fallbacks.
 * Data never crosses it: it goes over HTTP and the socket on both platforms.
 */
export interface PlatformBridge {
  kind: 'web' | 'desktop';
  /** Server origin the UI talks to ('' means the page's own origin). */
  getServerUrl(): Promise<string>;
  setServerUrl(url: string): Promise<{ ok: true } | { ok: false; error: string }>;
  /** Session token storage (desktop keeps it encrypted with safeStorage; web uses the cookie and returns null). */
  getSessionToken(): Promise<string | null>;
  setSessionToken(token: string | null): Promise<void>;
  /** Unread counts for the tray and badge. */
  /** `reports`: open content reports, for admins. */
  setUnreadCounts(counts: { notifications: number; messages: number; reports?: number }): void;
  /** Native notification; `route` opens when clicked. */
  notify(n: { title: string; body: string; route?: string }): void;
  /** Subscribe to navigation requests from the shell (e.g. a clicked notification). */
  onNavigate(handler: (route: string) => void): () => void;
  openExternal(url: string): void;
}
