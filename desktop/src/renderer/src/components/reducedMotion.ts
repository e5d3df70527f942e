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
  return useSyncExternalStore(subscribe, current, () => false);
}
