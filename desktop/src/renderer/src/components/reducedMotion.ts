import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia === 'undefined') return () => undefined;
  const list = matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const current = () => typeof matchMedia !== 'undefined' && matchMedia(QUERY).matches;

/** Whether the system asks for less motion (`prefers-reduced-motion: reduce`), following a change while the app is open. */
export function useReducedMotion(): boolean {
  // Hydrating a server-drawn page (ssr/) takes the browser's own answer too: it changes no markup, and a correction
  // right after would re-render the whole tree while parts of it still wait to hydrate.
  return useSyncExternalStore(subscribe, current, current);
}
