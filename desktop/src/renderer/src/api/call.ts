import type { Contract, EndpointName, ParamsOf, QueryOf, BodyOf, ResponseOf, Page, ItemOf } from '@mahalle/shared/contract';
import { api, request } from './client';

/** The contract's endpoints by route ('GET /api/categories'), so a call is typed by its route alone. */
type ByRoute = { [N in EndpointName as Contract[N]['route']]: Contract[N] };
export type ApiRoute = keyof ByRoute;
export type Answer<R extends ApiRoute> = ResponseOf<ByRoute[R]>;

// An input with no required part may be left out: `call('GET /api/stats')`.
type NoInput<R extends ApiRoute> = Partial<CallInput<R>> extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>];

type Optional<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : undefined extends T ? { [P in K]?: T } : { [P in K]: T };
export type CallInput<R extends ApiRoute> = Optional<'params', ParamsOf<ByRoute[R]>> &
  Optional<'query', QueryOf<ByRoute[R]>> & { body?: BodyOf<ByRoute[R]>; form?: FormData; signal?: AbortSignal; headers?: Record<string, string> };

/** '/api/posts/:id' with { id: 7 } → '/api/posts/7'; query values that are undefined or '' are left out. */
export function urlOf(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

function split(route: string): [string, string] {
  const at = route.indexOf(' ');
  return [route.slice(0, at), route.slice(at + 1)];
}

/**
 * The one way the renderer calls the API: by the contract's route, typed end to end
 * (`call('GET /api/posts/:id', { params: { id } })` answers the contract's Post). A route the
 * contract does not have is a type error. Only the types come from shared/, no schema code.
 */
export function call<R extends ApiRoute>(route: R, ...[input]: NoInput<R>): Promise<Answer<R>> {
  const [method, path] = split(route);
  const i = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const json = i.form ? undefined : method === 'GET' || method === 'DELETE' ? i.body : (i.body ?? {});
  return api<Answer<R>>(urlOf(path, i.params, i.query), { method, json, form: i.form, signal: i.signal, headers: i.headers });
}

/** A specification-fixed bare list (Endpoint.cursorHeader) read as the one page shape, its cursor from `X-Next-Cursor`. */
export async function callPage<R extends ApiRoute>(route: R, ...[input]: NoInput<R>): Promise<Page<ItemOf<ByRoute[R]>>> {
  const [method, path] = split(route);
  const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; signal?: AbortSignal };
  const { data, headers } = await request<unknown>(urlOf(path, i.params, i.query), { method, signal: i.signal });
  if (Array.isArray(data)) return { items: data as ItemOf<ByRoute[R]>[], nextCursor: headers.get('X-Next-Cursor') };
  return data as Page<ItemOf<ByRoute[R]>>;
}
