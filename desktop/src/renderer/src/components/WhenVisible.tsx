import { useEffect, useRef, useState } from 'react';
import { renderFrame } from '../ssr/frame';

/**
 * Renders its children once their place comes near the window (within `rootMargin`), an empty box of `minHeight` until
 * then: what a phone shows below the fold (the home's side cards and the requests behind them) costs nothing on the
 * first load, and a wide window, where the place is in view, gets it on the next frame.
 */
export function WhenVisible({ children, minHeight, rootMargin = '300px' }: { children: React.ReactNode; minHeight: number; rootMargin?: string }) {
  const box = useRef<HTMLDivElement>(null);
  // A page the server drew (ssr/frame.ts) has it drawn already: hydrating keeps it.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined' || renderFrame() !== null);
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, rootMargin]);
  return near ? <>{children}</> : <div ref={box} style={{ minHeight }} />;
}
