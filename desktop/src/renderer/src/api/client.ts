import { TEXTS, isErrorCode, type ApiErrorBody, type ClientErrorCode } from '@mahalle/shared';
import { platform } from '../platform';
import { reportServerDown, reportServerUp } from '../stores/connection';

/** A failed call: `message` is the server's Turkish text; branch on `code` (shared/src/errors.ts), never on the text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly details?: ApiErrorBody['details'],
  ) {
    super(message);
  }
}

let base = '';
let token: string | null = null;
export async function initApi() {
  base = await platform.getServerUrl();
  token = await platform.getSessionToken();
}
export function setToken(t: string | null) {
  token = t;
  void platform.setSessionToken(t);
}
export const serverBase = () => base;

/**
 * The one HTTP client: credentials always, JSON or multipart, and the shared error rule
 * (a non-2xx answer becomes an ApiError with the server's message, or "status: text").
 */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, opts)).data;
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** `api` with the answer's headers (a specification-fixed list carries its next cursor in one). */
export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  let res: Response;
  try {
    res = await fetch(base + path, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: token ? 'omit' : 'include',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    reportServerDown();
    throw new ApiError(0, 'network', TEXTS.auth.networkError);
  }
  // A proxy's "bad gateway" means the server behind it is gone; any other answer means it is there.
  if (res.status === 502 || res.status === 503 || res.status === 504) reportServerDown();
  else reportServerUp();
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  const data = isJson && text ? JSON.parse(text) : text;
  if (!res.ok) {
    if (isJson && data && typeof data.error === 'string')
      throw new ApiError(res.status, isErrorCode(data.code) ? data.code : 'http_error', data.error, data.details);
    throw new ApiError(res.status, 'http_error', `${res.status}: ${text || res.statusText}`);
  }
  return { data: data as T, headers: res.headers };
}

/**
 * A failure toast's text: the specification's own text for the action, and when the server
 * refused for a reason the user can act on (a 4xx with its Turkish message), that reason after
 * it. Network failures and server errors show the action's text alone.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError) || err.code === 'network' || err.status >= 500 || !err.message || err.message === fallback) return fallback;
  return `${fallback}${/[.!?]$/.test(fallback) ? '' : '.'} ${err.message}`;
}

/**
 * Downloads a file the session may fetch (a data export) and hands it to the browser as a download:
 * fetched with the cookie or the desktop app's token, never by a public address.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(base + path, { headers, credentials: token ? 'omit' : 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(res.status, body && isErrorCode(body.code) ? body.code : 'http_error', body?.error ?? `${res.status}`);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
