/**
 * What a server-rendered page was rendered with: its moment, the community's time zone and whether the window was taken
 * to be wide (the server guesses it from the browser's User-Agent). The server sets it around each render
 * (ssr/entry-server.tsx); the browser takes it from the page (ssr/document.ts) before hydrating, so the first render
 * draws exactly what the server drew ("9 dakika önce", a date near midnight, the phone or the wide layout), and clears
 * it once hydrated: from then on the page follows the clock, the visitor's zone and the window.
 */
export interface RenderFrame {
  /** Milliseconds since the epoch, the page's "now". */
  now: number;
  /** The community's IANA zone, in which dates are written while the frame holds. */
  zone: string;
  /** Whether the layout is the wide one (antd's `lg` and up). */
  wide: boolean;
}

let frame: RenderFrame | null = null;

export function setRenderFrame(next: RenderFrame | null): void {
  frame = next;
}

export const renderFrame = (): RenderFrame | null => frame;

/** The page's "now": the render's while a server render or its hydration is under way, else the clock's. */
export const renderNow = (): number => frame?.now ?? Date.now();

/** The head a page asks for (usePageMeta): effects do not run in a server render, so the page writes it here while rendering. */
export interface PageHead {
  title: string;
  description: string;
}

let head: PageHead | null = null;

/** Kept only outside a browser: there the effect writes the document's own head. */
export function noteServerHead(next: PageHead): void {
  if (typeof document === 'undefined') head = next;
}

/** The head the last render asked for, and a fresh start for the next one. */
export function takeServerHead(): PageHead | null {
  const got = head;
  head = null;
  return got;
}
