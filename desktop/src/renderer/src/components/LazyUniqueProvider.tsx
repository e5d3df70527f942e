import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { UniqueContext, type UniqueContextProps, type UniqueShowOptions } from '@rc-component/trigger/es/context';

type Provider = ComponentType<{ children?: ReactNode }>;

/** Hands the real provider's show/hide to LazyUniqueProvider once it has mounted. */
function Capture({ onReady }: { onReady: (real: UniqueContextProps) => void }) {
  const real = useContext(UniqueContext);
  useEffect(() => {
    if (real) onReady(real);
  }, [real, onReady]);
  return null;
}

/**
 * Stands in for antd's tooltip `UniqueProvider` inside `ConfigProvider` (the web build swaps it in, see
 * vite.web.config.ts): tooltips open one at a time and move between neighbours (`tooltip={{ unique: true }}`, the
 * specification's skip delay), but the provider's popup and alignment code loads with the first tooltip shown, not
 * with every first page. Until then this provides the same context; the first `show` is replayed once it is there.
 * The real provider renders beside the app, never around it, so its arrival remounts nothing.
 */
export default function LazyUniqueProvider({ children }: { children?: ReactNode }) {
  const [Real, setReal] = useState<Provider | null>(null);
  const real = useRef<UniqueContextProps | null>(null);
  const pending = useRef<[UniqueShowOptions, () => boolean] | null>(null);
  const value = useMemo<UniqueContextProps>(
    () => ({
      show(options, isOpen) {
        if (real.current) return real.current.show(options, isOpen);
        pending.current = [options, isOpen];
        void import('antd/es/tooltip/UniqueProvider').then((m) => setReal(() => m.default as Provider));
      },
      hide(delay) {
        if (real.current) return real.current.hide(delay);
        pending.current = null;
      },
    }),
    [],
  );
  const onReady = useCallback((provider: UniqueContextProps) => {
    real.current = provider;
    const first = pending.current;
    pending.current = null;
    if (first) provider.show(...first);
  }, []);
  return (
    <UniqueContext.Provider value={value}>
      {children}
      {Real && (
        <Real>
          <Capture onReady={onReady} />
        </Real>
      )}
    </UniqueContext.Provider>
  );
}
