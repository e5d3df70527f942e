/** Where the app's window may go: its own pages and its server. Everything else opens outside. */
export function navigationDecision(target: string, allowed: { serverOrigin: string | null }): 'allow' | 'external' | 'deny' {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'deny';
  }
  if (url.protocol === 'file:') return 'allow';
  if (allowed.serverOrigin && url.origin === allowed.serverOrigin) return 'allow';
  if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return 'external';
  return 'deny';
}

/** Content-Security-Policy for the app's own pages: scripts only from the app, data only from the server. */
export function contentSecurityPolicy(serverOrigin: string | null): string {
  const server = serverOrigin ?? '';
  const ws = serverOrigin ? serverOrigin.replace(/^http/, 'ws') : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${server}`.trim(),
    `media-src 'self' blob: ${server}`.trim(),
    `connect-src 'self' ${server} ${ws}`.trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Permission requests from pages: notifications only. */
export function allowPermission(permission: string): boolean {
  return permission === 'notifications';
}
