import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../context';
import { ReadCache } from '../read-cache';
import { countQuestionView } from '../services/questions';
import { countBlogPostView } from '../services/blog/posts';

/**
 * Visitors' public pages drawn on the server (SERVER_RENDER=1): the browser build's own components render the page at
 * its address, as a visitor sees it (desktop/src/renderer/src/ssr/entry-server.tsx, built into dist-ssr/), and the
 * document carries that HTML and the answers it was drawn from. The phone paints the whole page from the document and
 * runs no script of the app until the visitor reaches for it (a tap, a key, a focus: src/main.tsx); the app then
 * hydrates what is on screen (src/start.tsx).
 *
 * The renderer runs in one worker thread: a render is 10–90 ms of CPU the event loop keeps for requests meanwhile, and
 * the browser code it runs (React, antd, the app) stays out of the server's globals. It asks the API as the browser
 * would, over HTTP from this node itself (LiveState.selfUrl), so it reads exactly what a visitor may read, through the
 * same caches. Documents are kept like the visitors' hot lists: emptied by every write, on this node or another.
 */

/** Marks the renderer's own calls to the API: a question or blog post then counts no view (countPageView does, per page sent). */
export const RENDER_HEADER = 'x-mahalle-render';

/** The visitors' pages drawn on the server: `/`, Discover, a question, a blog post, a group. */
export const SERVER_RENDERED = [
  /^\/$/,
  /^\/discover$/,
  /^\/qa\/question\/\d{1,12}$/,
  /^\/blog\/(?!create$|edit(?:\/|$))[^/]{1,200}$/,
  /^\/hobby-groups\/[^/]{1,200}$/,
];

export interface RenderedPage {
  /** The page's markup, for `<div id="root">`. */
  html: string;
  /** The style rules the markup needs (the app's own files arrive only with its scripts). */
  css: string;
  /** The answers it was drawn from (TanStack Query's dehydrated state) and the frame, as JSON for the document. */
  stateJson: string;
  /** The title and description the page asked for (usePageMeta), for a document that has no link-preview tags of its own. */
  head: PageHead | null;
}

interface PageHead {
  title: string;
  description: string;
}

type WorkerResult = { ok: true; html: string; css: string; state: unknown; head?: PageHead | null } | { ok: false; reason: string; status?: number };

/** A render that takes longer is given up (the visitor gets the app's own page); the worker is replaced. */
const RENDER_TIMEOUT_MS = 5_000;
/** A worker with nothing to draw for this long ends (it holds React, antd and the app: 60–100 MiB of the process). */
const IDLE_WORKER_MS = 5 * 60_000;
/** The worker's heap, in MiB (see start). */
const WORKER_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };
/** How long a drawn page is kept when nothing is written (its "9 dakika önce" ages meanwhile). */
const PAGE_CACHE_MS = 120_000;

/** Runs in the worker: the renderer's build, a `fetch` that asks this node, and one render at a time. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const nodeFetch = globalThis.fetch;
// The renderer's API client asks relative addresses, as on the site: here they are this node's.
globalThis.fetch = (input, init = {}) =>
  nodeFetch(new URL(String(input), workerData.origin), { ...init, headers: { ...init.headers, '${RENDER_HEADER}': '1' } });
const renderer = import(pathToFileURL(workerData.entry).href);
let queue = Promise.resolve();
parentPort.on('message', ({ id, req }) => {
  queue = queue.then(async () => {
    try {
      const result = await (await renderer).render(req);
      parentPort.postMessage({ id, result });
    } catch (err) {
      parentPort.postMessage({ id, error: String((err && err.stack) || err) });
    }
  });
});
`;

/**
 * The address a page is drawn at: its path, and of its query only what the page reads (Discover's `q` and `tag`), so
 * that made-up queries all meet one drawing in the cache instead of each costing a render.
 */
export function renderTarget(pathname: string, query: Record<string, unknown>): string {
  if (pathname !== '/discover') return pathname;
  const kept = new URLSearchParams();
  for (const name of ['q', 'tag']) if (typeof query[name] === 'string' && query[name]) kept.set(name, query[name].slice(0, 200));
  const qs = kept.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** Renders waiting beyond this many are not queued: the visitor gets the app's own page (the worker is behind). */
const MAX_WAITING = 16;

/** A phone's browser (the layout below antd's `lg`, with the bottom bar), as far as its User-Agent says. */
export const looksNarrow = (userAgent: string | undefined) => /Mobi|Android|iPhone|iPod|Opera Mini|IEMobile/i.test(userAgent ?? '');

/** A question's or blog post's page drawn by the server was sent: the view the visitor's own fetch would have counted. */
export async function countPageView(ctx: AppContext, pathname: string): Promise<void> {
  const question = /^\/qa\/question\/(\d{1,12})$/.exec(pathname);
  if (question) return countQuestionView(ctx.db, Number(question[1]));
  const blog = /^\/blog\/([^/]{1,200})$/.exec(pathname);
  if (blog) return countBlogPostView(ctx.db, decodeURIComponent(blog[1]!));
}

export interface VisitorPages {
  /** The page drawn for a visitor, or null when it is left to the browser (not drawn here, not built, failed, too slow). */
  render(url: string, wide: boolean): Promise<RenderedPage | null>;
  close(): Promise<void>;
}

export function visitorPages(ctx: AppContext): VisitorPages {
  const { entry } = ctx.config.serverRender;
  const cache = new ReadCache<RenderedPage | null>(PAGE_CACHE_MS, 50);
  const drawing = new Map<string, Promise<RenderedPage | null>>();
  ctx.bus.on('data:changed', () => cache.clear());
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve(r: WorkerResult): void; reject(e: Error): void }>();
  let missingLogged = false;

  const stop = (w: Worker | null) => {
    if (!w) return;
    if (worker === w) worker = null;
    for (const [, p] of waiting) p.reject(new Error('renderer stopped'));
    waiting.clear();
    void w.terminate();
  };
  const start = (origin: string): Worker => {
    // A bounded heap: V8 left alone lets a worker's heap grow far past what its renders keep (some 150 MiB after ten
    // pages); a worker that runs out is replaced on the next page, which meanwhile is left to the browser.
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry, origin }, resourceLimits: WORKER_HEAP });
    w.unref();
    w.on('message', (msg: { id: number; result?: WorkerResult; error?: string }) => {
      const p = waiting.get(msg.id);
      if (!p) return;
      waiting.delete(msg.id);
      if (msg.result) p.resolve(msg.result);
      else p.reject(new Error(msg.error ?? 'render failed'));
    });
    w.on('error', (err) => {
      ctx.logger.error({ err }, 'server render: the renderer failed');
      stop(w);
    });
    w.on('exit', () => stop(w));
    return w;
  };
  const ask = (req: object, origin: string): Promise<WorkerResult> => {
    worker ??= start(origin);
    const w = worker;
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => stop(w), IDLE_WORKER_MS);
    idle.unref();
    const id = nextId++;
    return new Promise<WorkerResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`render took over ${RENDER_TIMEOUT_MS} ms`));
        stop(w);
      }, RENDER_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      w.postMessage({ id, req });
    });
  };

  /** The page, null when it is the browser's (kept so), undefined when the renderer failed this time (not kept). */
  const draw = async (url: string, wide: boolean): Promise<RenderedPage | null | undefined> => {
    const origin = ctx.live?.selfUrl;
    if (!origin) return null;
    if (!fs.existsSync(entry)) {
      if (!missingLogged) ctx.logger.warn({ entry }, 'SERVER_RENDER is on but the renderer is not built (npm run build): pages are left to the browser');
      missingLogged = true;
      return null;
    }
    const frame = { now: Date.now(), zone: ctx.config.timeZone, wide };
    try {
      const result = await ask({ url, ...frame }, origin);
      if (!result.ok) {
        if (result.status !== 404) ctx.logger.warn({ url, reason: result.reason }, 'server render: page left to the browser');
        return null;
      }
      // `<` escaped: the JSON sits in a <script type="application/json">, which a `</script>` in a post would end.
      const stateJson = JSON.stringify({ frame, state: result.state }).replace(/</g, '\\u003c');
      return { html: result.html, css: result.css, stateJson, head: result.head ?? null };
    } catch (err) {
      ctx.logger.warn({ url, err: (err as Error).message }, 'server render failed: page left to the browser');
      return undefined;
    }
  };

  return {
    async render(url, wide) {
      const key = `${wide ? 'w' : 'n'}${url}`;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const pending = drawing.get(key);
      if (pending) return pending;
      // Not remembered: the next visitor's page is drawn once the worker has caught up.
      if (waiting.size >= MAX_WAITING) return null;
      const generation = cache.generation;
      const p = draw(url, wide).then((page) => {
        // A render that timed out or lost its worker is tried again by the next visitor.
        if (page !== undefined) cache.set(key, page, generation);
        return page ?? null;
      });
      drawing.set(key, p);
      try {
        return await p;
      } finally {
        drawing.delete(key);
      }
    },
    async close() {
      if (idle) clearTimeout(idle);
      const w = worker;
      stop(w);
      await w?.terminate();
    },
  };
}
