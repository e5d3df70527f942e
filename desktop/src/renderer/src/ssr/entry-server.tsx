/**
 * The server's renderer of visitors' pages (built by `vite build --ssr`, run by the server in a worker thread,
 * server/src/ssr/): draws a page with the app's own components at its address, as a visitor sees it, with the answers
 * its queries ask for. It renders, fetches what the render asked for (each query's own function, through the API
 * client, from the server itself), and renders again until nothing new is asked; lazy pages and parts are awaited.
 * The browser hydrates the same tree from the answers sent with the page (ssr/document.ts, start.tsx).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { StaticRouter } from 'react-router-dom';
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { App, type RouterFrame } from '../App';
import { queryClient } from '../api/query';
import { ApiError } from '../api/client';
import { setRenderFrame, takeServerHead, type PageHead, type RenderFrame } from './frame';
import { styleSheetsFor, usedVarsOnly } from './css';
import appCss from '../styles.css?inline';
import blogContentCss from '../features/blog/blogContent.css?inline';

export interface RenderRequest extends RenderFrame {
  /** The page's path and query (`/qa/question/12`). */
  url: string;
}

export type RenderResult =
  /** `css`: the rules the page's markup needs, for a <style> in its head (the app's files load only when it boots). */
  | { ok: true; html: string; css: string; state: DehydratedState; head: PageHead | null }
  /** Why the page is left to the browser: a query failed (a missing question is the app's 404), or it kept asking. */
  | { ok: false; reason: string; status?: number };

// The rules the browser build loads with the app and its pages, as text: antd's per component (src/antd-css/, each
// file is one component's, named by its root class) and the app's own.
const ANTD_CSS = import.meta.glob<string>('../antd-css/*.css', { query: '?inline', import: 'default', eager: true });
const APP_CSS: [root: string | null, css: string][] = [
  [null, appCss],
  ['blog-content', blogContentCss],
];
const cssFor = styleSheetsFor(ANTD_CSS, APP_CSS);

/** Renders after which a page that still asks for more is left to the browser (a list's page 1, then its owner: two). */
const MAX_PASSES = 6;

const enabled = (q: Query) => {
  const e = (q.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof e === 'function' ? e(q) : e !== false;
};

async function renderOnce(url: string): Promise<{ html: string; antdCss: string }> {
  const router: RouterFrame = ({ children }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const styles = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StyleProvider cache={styles}>
      <App router={router} />
    </StyleProvider>,
    {
      // A long part is otherwise sent apart, with an inline script to move it in place (for streaming): one piece here.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (err) => {
        // A component that throws while rendering is the page's error boundary's business, as in the browser.
        console.error('ssr render', err);
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  // What antd writes at run time even with its static rules (the theme's CSS variables, a few tokens' rules).
  return { html: Buffer.concat(chunks).toString('utf8'), antdCss: extractStyle(styles, { plain: true }) };
}

/** One page, drawn for a visitor. Renders run one at a time (the worker queues them): the query cache and the frame are the process's. */
export async function render(req: RenderRequest): Promise<RenderResult> {
  queryClient.clear();
  takeServerHead();
  setRenderFrame({ now: req.now, zone: req.zone, wide: req.wide });
  try {
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      const { html, antdCss } = await renderOnce(req.url);
      // The head of this pass's page (the last usePageMeta rendered), not of a spinner an earlier pass drew.
      const head = takeServerHead();
      const queries = queryClient.getQueryCache().getAll();
      const failed = queries.find((q) => q.state.status === 'error');
      if (failed) {
        const err = failed.state.error;
        return { ok: false, reason: `query ${JSON.stringify(failed.queryKey)} failed`, status: err instanceof ApiError ? err.status : undefined };
      }
      const asked = queries.filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q));
      // A part that was still loading when the render began (a lazy component met for the first time) comes out as a
      // hidden segment and an inline script that moves it in: the page's policy runs no inline script, and it is
      // loaded now, so the next render draws it in place. React escapes all text: no answer can write `<script`.
      const settled = !html.includes('<script');
      if (!asked.length && settled) {
        const sheets = cssFor(html);
        return { ok: true, html, css: `${usedVarsOnly(antdCss, sheets + html)}\n${sheets}`, state: dehydrate(queryClient), head };
      }
      await Promise.all(asked.map((q) => q.fetch().catch(() => undefined)));
    }
    return { ok: false, reason: `still asking after ${MAX_PASSES} renders` };
  } finally {
    setRenderFrame(null);
    takeServerHead();
    queryClient.clear();
  }
}
