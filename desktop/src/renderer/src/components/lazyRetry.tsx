import { lazy, useState, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

/** sessionStorage key: when the page last reloaded itself to pick up a new build (guards against a loop). */
export const RELOAD_KEY = 'mahalle-chunk-reload';
const RELOAD_GUARD_MS = 60_000;
const ATTEMPTS = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The chunk's address from the browser's error text (Chromium and Firefox name it; Safari does not). */
function chunkUrl(err: unknown): string | null {
  const m = /(https?:\/\/[^\s'"]+?\.m?js)\b/.exec(String((err as Error)?.message ?? err));
  return m?.[1] ?? null;
}

/**
 * After a new deploy the old build's chunks are gone (404): reload the page once to get the new
 * index.html. Returns true when a reload was started. A second failure within a minute does not
 * reload again, so a broken build shows the error boundary instead of looping.
 */
async function reloadIfNewBuild(url: string | null): Promise<boolean> {
  if (url) {
    try {
      const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
      if (res.status !== 404) return false; // still there (or the server is down): not a new build
    } catch {
      return false; // unreachable: the connection banner and the error boundary say so
    }
  }
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** Loads a chunk, retrying twice (the second time by a fresh URL, since a browser may remember the failure). */
export async function importWithRetry<T>(load: () => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < ATTEMPTS; i++) {
    try {
      if (i === 0) return await load();
      const url = chunkUrl(lastError);
      return url ? ((await import(/* @vite-ignore */ `${url}?retry=${Date.now()}`)) as T) : await load();
    } catch (err) {
      lastError = err;
      if (i < ATTEMPTS - 1) await sleep(300 * 2 ** i);
    }
  }
  // Never settles while the page reloads, so nothing flashes an error meanwhile.
  if (await reloadIfNewBuild(chunkUrl(lastError))) await new Promise(() => undefined);
  throw lastError;
}

const failed = new Set<() => void>();

/** Lets every chunk that failed be asked for again on the next render (the error boundary's 'Yeniden dene'). */
export function resetFailedChunks(): void {
  for (const reset of failed) reset();
  failed.clear();
}

/** Each lazy component's own loader, by the chunk function it was made from (preloadLazy). */
const loaders = new WeakMap<() => Promise<unknown>, () => Promise<void>>();

/**
 * React.lazy with retries, whose failure is not remembered for good: after an error boundary's
 * 'Yeniden dene' the chunk is asked for again (React.lazy alone would rethrow the first error forever).
 * Once its chunk is in (preloadLazy, or an earlier render), a new instance renders the component itself without
 * suspending: a server-drawn page hydrates its page at once instead of leaving it for later (src/start.tsx), where
 * an update meanwhile would replace the drawing with the loading spinner.
 */
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  let Current: LazyExoticComponent<T>;
  let loaded: T | null = null;
  const loadOnce = () =>
    importWithRetry(load).then((m) => {
      loaded = m.default;
      return m;
    });
  const fresh = () =>
    lazy(() =>
      loadOnce().catch((err: unknown) => {
        // The failed one stays until an error boundary's retry, or React would suspend on a fresh one forever.
        failed.add(() => {
          Current = fresh();
        });
        throw err;
      }),
    );
  Current = fresh();
  loaders.set(load, () => loadOnce().then(() => undefined));
  function Lazy(props: ComponentProps<T>) {
    // Decided once per instance: switching between the two would remount what it draws.
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Current {...props} />;
  }
  return Lazy;
}

/** Loads the chunk of the lazy component made from `load`, so that it renders without suspending. */
export function preloadLazy(load: () => Promise<unknown>): Promise<void> {
  return (loaders.get(load) ?? (() => load().then(() => undefined)))();
}
