import type { DehydratedState } from '@tanstack/react-query';
import type { RenderFrame } from './frame';

/** What a server-rendered page carries beside its markup (server/src/static.ts): its frame and the answers it was drawn from. */
export interface ServerRendered {
  frame: RenderFrame;
  state: DehydratedState;
}

/** The page's server render, when the server drew it (SERVER_RENDER=1): read once, then removed from the document. */
export function takeServerRender(): ServerRendered | null {
  const el = document.getElementById('ssr-state');
  if (!el) return null;
  el.remove();
  try {
    return JSON.parse(el.textContent ?? '') as ServerRendered;
  } catch {
    return null;
  }
}

/** Whether the page on screen is the server's drawing (main.tsx waits for the visitor before starting the app). */
export const isServerRendered = () => document.getElementById('ssr-state') !== null;
