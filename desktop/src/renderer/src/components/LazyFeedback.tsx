import { Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { lazyWithRetry as lazy } from './lazyRetry';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

type Kind = keyof useAppProps;
type Call = { kind: Kind; method: string; args: unknown[]; handle: Handle };
type Real = Record<string, (...args: unknown[]) => unknown>;

/** What a call made before the holders arrived returns: `destroy`/`update` reach the real toast or dialog once it is open. */
class Handle {
  real?: { destroy?: () => void; update?: (c: unknown) => void };
  pending: ((r: NonNullable<Handle['real']>) => void)[] = [];
  destroy = () => (this.real?.destroy ? this.real.destroy() : this.pending.push((r) => r.destroy?.()));
  update = (c: unknown) => (this.real?.update ? this.real.update(c) : this.pending.push((r) => r.update?.(c)));
  then = (resolve?: (v: unknown) => unknown, reject?: (e: unknown) => unknown) =>
    new Promise<NonNullable<Handle['real']>>((r) => (this.real ? r(this.real) : this.pending.push(r))).then((real) => {
      const thenable = real as { then?: (a?: typeof resolve, b?: typeof reject) => unknown };
      return typeof thenable.then === 'function' ? thenable.then(resolve, reject) : resolve?.(true);
    });
  settle(real: unknown) {
    this.real = (real ?? {}) as NonNullable<Handle['real']>;
    for (const p of this.pending.splice(0)) p(this.real);
  }
}

/**
 * Stands in for antd's `<App>`: screens keep calling `useApp()` (below; antd's `App.useApp()` works too) for message, notification and modal, but the
 * holders (and the styles of toasts and dialogs) load on the first call, or at once when `eager`, instead of with
 * every first page. Calls made meanwhile run once they have loaded.
 */
export function LazyFeedback({ eager = false, children }: { eager?: boolean; children: React.ReactNode }) {
  const [wanted, setWanted] = useState(eager);
  if (eager && !wanted) setWanted(true);
  const real = useRef<useAppProps | null>(null);
  const queue = useRef<Call[]>([]);
  const value = useMemo(() => {
    const proxy = (kind: Kind) =>
      new Proxy({} as Real, {
        get:
          (_, method: string) =>
          (...args: unknown[]) => {
            const api = real.current?.[kind] as unknown as Real | undefined;
            if (api) return api[method]?.(...args);
            const handle = new Handle();
            queue.current.push({ kind, method, args, handle });
            setWanted(true);
            return handle;
          },
      });
    return { message: proxy('message'), notification: proxy('notification'), modal: proxy('modal') } as unknown as useAppProps;
  }, []);
  const onReady = useCallback((api: useAppProps) => {
    real.current = api;
  }, []);
  // The queued calls run after the holders have mounted (their effects have run), so that their toasts show.
  const [ready, setReady] = useState(false);
  const ready0 = useCallback(
    (api: useAppProps) => {
      onReady(api);
      setReady(true);
    },
    [onReady],
  );
  useEffect(() => {
    if (!ready || !real.current) return;
    for (const c of queue.current.splice(0)) c.handle.settle((real.current[c.kind] as unknown as Real)[c.method]?.(...c.args));
  });
  return (
    <AppContext.Provider value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackHost onReady={ready0} />
        </Suspense>
      )}
    </AppContext.Provider>
  );
}

/**
 * message, notification and modal, as antd's `App.useApp()` gives them. Screens use this rather than importing
 * antd's `App`: that module brings the holders and styles of all three into the screen's chunk.
 */
export const useApp = () => useContext(AppContext);
