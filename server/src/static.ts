import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Express, Request, Response } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import { LIMITS, TEXTS } from '@mahalle/shared';
import type { AppContext } from './context';
import { errors } from './errors';
import { SESSION_COOKIE } from './middlewares/auth';
import { serveUploads } from './serve-uploads';
import { SERVER_RENDERED, countPageView, looksNarrow, renderTarget, visitorPages, type RenderedPage } from './ssr/pages';
import {
  SITEMAP_KINDS,
  SITEMAP_MAX_URLS,
  SITEMAP_STATIC_PATHS,
  eachSitemapEntry,
  escapeXml,
  discoverPaintHtml,
  firstPaintHtml,
  openGraphFor,
  openGraphTags,
  sitemapPlan,
  type SitemapKind,
} from './services/seo';

const NOT_BUILT = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Mahalle</title></head>
<body><h1>Mahalle</h1><p>Arayüz henüz derlenmedi. Depo kökünde <code>npm run build</code> çalıştırın.</p></body></html>`;

/** Paths that never fall back to the single-page app. */
const NOT_SPA = /^\/(api|uploads|ws)(\/|$)/;
/** Looks like a file (a top-level name with an extension, a dotfile, or under /assets): a 404 when missing, never the app. */
const LOOKS_LIKE_FILE = /^\/(assets\/|[^/]*\.[^/]*$)|\/\./;

/** Client routes a search engine has no business with (members only, admin, forms). */
const ROBOTS_DISALLOW = [
  '/api/',
  '/admin',
  '/login',
  '/messages',
  '/notifications',
  '/bookmarks',
  '/profile',
  '/user/',
  '/events',
  '/blog/create',
  '/blog/edit/',
  '/server',
];

const FALLBACK_OG_IMAGE = '/icons/icon-512.png';

/** index.html's boot area (between these markers) is where the server puts a page's first paint. */
const BOOT_AREA = /<!--boot-->[\s\S]*?<!--\/boot-->/;
const BACK_LINKS = {
  question: { href: '/qa', label: '← Sorular' },
  blog: { href: '/blog', label: '← Blog' },
  group: { href: '/categories', label: '← Gruplar' },
  event: { href: '/events', label: '← Etkinlikler' },
} as const;
/** A session cookie says a member is probably signed in: their `/` is the feed, not the visitors' welcome. */
const SESSION_COOKIE_RE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * What a member's page asks the API first, as the renderer asks it (same URL, same credentials), for
 * `<link rel="preload" as="fetch">`: the browser fetches them while the page's scripts load, and
 * the renderer's calls take the answers instead of asking again once React has rendered and the
 * page's chunk arrived (on a phone, the session check and the page's data were two round trips
 * after all the JavaScript). Only with a session cookie: a visitor's pages ask for other things.
 * The URLs must stay what desktop/src/renderer/src/api builds (a journey in first-load.spec.ts
 * checks that each is used and fetched once).
 */
export function memberFirstFetches(pathname: string): string[] {
  const fetches = ['/api/auth/session'];
  // `/` and `/home`: the feed's whole-city first page and the member's neighbourhood (its filter).
  if (pathname === '/') fetches.push('/api/users/me/neighbourhood', `/api/posts?limit=${LIMITS.homePosts}`);
  else if (pathname === '/home') fetches.push('/api/users/me/neighbourhood', `/api/posts?limit=${LIMITS.feedPage}`);
  else if (/^\/messages\/?$/.test(pathname)) fetches.push(`/api/messages?limit=${LIMITS.conversationsPage}`);
  return fetches;
}

function preloadTags(urls: string[]): string {
  return urls.map((u) => `<link rel="preload" href="${u}" as="fetch" crossorigin="use-credentials">`).join('\n    ');
}

function origin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** index.html's #root (the boot shell) and the visitors' welcome template, which a server-rendered page replaces. */
const ROOT_AREA = /<div id="root">[\s\S]*?<!--\/boot-->\s*<\/div>/;
const HOME_TEMPLATE = /\s*<!--[^>]*-->\s*<template id="boot-home">[\s\S]*?<\/template>/;

/**
 * The head's rules for a drawn page, in place of index.html's boot shell's (its header, spinner and first paints, which
 * a drawing has no use for: some 6 KiB a phone would wait for): the page's ground, and the dark theme's. The drawing is
 * the light theme's: hidden for a dark one, whose app starts at once and draws its own (main.tsx).
 */
const SSR_SHELL_CSS = [
  'html,body{margin:0}html{scrollbar-gutter:stable}',
  "body{background:#f5f5f5;color:#1f1f1f;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif}",
  ':root[data-theme="dark"] body{background:#000;color:#e8e8e8}html[data-theme="dark"] #root[data-ssr]{visibility:hidden}',
  '@media (prefers-color-scheme: dark){:root:not([data-theme="light"]) body{background:#000;color:#e8e8e8}html:not([data-theme="light"]) #root[data-ssr]{visibility:hidden}}',
].join('');
const SHELL_STYLE = /<style>[\s\S]*?<\/style>/;
/** index.html's own title and description, which a page's own replace. */
const TITLE_TAG = /<title>[^<]*<\/title>/;
const DESCRIPTION_TAG = /<meta name="description"[^>]*>/;

/**
 * A visitor's page drawn on the server (ssr/pages.ts): its markup in #root, the style rules it uses in the head, and
 * the answers it was drawn from beside it, as data (`type="application/json"` runs nothing: the policy allows no
 * inline script), for the app to hydrate from once the visitor reaches for it (desktop/src/renderer/src/main.tsx).
 */
function serverRenderedDocument(html: string, page: RenderedPage): string {
  return html
    .replace(SHELL_STYLE, () => `<style>${SSR_SHELL_CSS}</style>`)
    .replace('</head>', () => `  <style data-ssr>${page.css.replace(/<\/style/gi, '<\\/style')}</style>\n  </head>`)
    .replace(HOME_TEMPLATE, '')
    .replace(ROOT_AREA, () => `<div id="root" data-ssr>${page.html}</div>\n    <script type="application/json" id="ssr-state">${page.stateJson}</script>`);
}

/** index.html's own title and description replaced by the drawn page's (a page with link-preview tags has them already). */
function withHead(html: string, page: RenderedPage): string {
  if (!page.head) return html;
  const { title, description } = page.head;
  return html
    .replace(TITLE_TAG, () => `<title>${escapeXml(title)}</title>`)
    .replace(DESCRIPTION_TAG, () => `<meta name="description" content="${escapeXml(description)}" />`);
}

/**
 * Each drawn page's document compressed once, at brotli's best (the answer's own compression is quicker and some 10%
 * larger): made off the event loop after the page is first sent, used while the page is kept (ssr/pages.ts).
 */
const compressedDocs = new WeakMap<RenderedPage, { doc: string; br: Buffer | null }>();

function sendDrawn(req: Request, res: Response, page: RenderedPage, doc: string): void {
  const kept = compressedDocs.get(page);
  res.type('html');
  if (kept?.doc === doc && kept.br && req.acceptsEncodings('br')) {
    // Already encoded: the compression middleware leaves it as it is.
    res.setHeader('Content-Encoding', 'br');
    res.append('Vary', 'Accept-Encoding');
    res.end(kept.br);
    return;
  }
  if (kept?.doc !== doc) {
    const entry: { doc: string; br: Buffer | null } = { doc, br: null };
    compressedDocs.set(page, entry);
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(doc),
    };
    zlib.brotliCompress(doc, { params }, (err, br) => {
      if (!err) entry.br = br;
    });
  }
  res.send(doc);
}

/** index.html read once per build (re-read when the file changes). */
function indexHtmlReader(file: string): () => string | null {
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/** Streams the URLs of public questions, published blog posts and public groups, cut into id ranges beyond 50 000. */
async function sendSitemap(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const base = origin(req);
  const plan = await sitemapPlan(ctx.db);
  const single = SITEMAP_KINDS.reduce((n, k) => n + plan[k], SITEMAP_STATIC_PATHS.length) <= SITEMAP_MAX_URLS;
  res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
  res.write('<?xml version="1.0" encoding="UTF-8"?>\n');
  if (!single) {
    res.write('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
    res.write(`<sitemap><loc>${escapeXml(`${base}/sitemaps/pages-1.xml`)}</loc></sitemap>\n`);
    for (const kind of SITEMAP_KINDS) {
      for (let n = 1; (n - 1) * SITEMAP_MAX_URLS < plan[kind]; n++)
        res.write(`<sitemap><loc>${escapeXml(`${base}/sitemaps/${kind}-${n}.xml`)}</loc></sitemap>\n`);
    }
    res.end('</sitemapindex>\n');
    return;
  }
  res.write('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
  for (const p of SITEMAP_STATIC_PATHS) res.write(`<url><loc>${escapeXml(base + p)}</loc></url>\n`);
  for (const kind of SITEMAP_KINDS) await writeEntries(ctx, res, base, kind, 0, plan[kind]);
  res.end('</urlset>\n');
}

async function writeEntries(ctx: AppContext, res: Response, base: string, kind: SitemapKind, fromId: number, toId: number): Promise<void> {
  await eachSitemapEntry(ctx.db, kind, fromId, toId, async (p, lastmod) => {
    if (!res.write(`<url><loc>${escapeXml(base + p)}</loc><lastmod>${lastmod}</lastmod></url>\n`)) await new Promise((r) => res.once('drain', r));
  });
}

/** SEO and install files: robots.txt, the sitemap (or its index and parts). */
function mountSeo(app: Express, ctx: AppContext): void {
  // A sitemap of many thousand URLs goes out gzip/brotli-compressed as it streams.
  const compress = compression({ threshold: 1024 });
  app.get('/robots.txt', (req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin(req)}/sitemap.xml`, ''].join('\n'));
  });
  app.get('/sitemap.xml', compress, (req, res) => sendSitemap(ctx, req, res));
  app.get('/sitemaps/:file', compress, async (req, res) => {
    const m = /^(pages|questions|blog|groups)-(\d{1,6})\.xml$/.exec(String(req.params.file));
    if (!m || Number(m[2]) < 1) throw errors.notFound(TEXTS.errors.notFound);
    const base = origin(req);
    const n = Number(m[2]);
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
    if (m[1] === 'pages') {
      if (n === 1) for (const p of SITEMAP_STATIC_PATHS) res.write(`<url><loc>${escapeXml(base + p)}</loc></url>\n`);
    } else {
      await writeEntries(ctx, res, base, m[1] as SitemapKind, (n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS);
    }
    res.end('</urlset>\n');
  });
}

/** Uploaded files and the browser build of the renderer, with client routes falling back to index.html. */
export function mountStatic(app: Express, ctx: AppContext): void {
  app.get('/uploads/:key', serveUploads(ctx));

  mountSeo(app, ctx);

  const webDir = ctx.config.webDir;
  const readIndex = indexHtmlReader(path.join(webDir, 'index.html'));
  const swFile = path.join(webDir, 'sw.js');
  // The build writes .br and .gz next to each asset (vite-plugin-compression2): send the best the browser takes.
  app.use(
    expressStaticGzip(webDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        setHeaders: (res, filePath) => {
          // Hashed assets never change; everything else (index.html, favicon, manifest) is revalidated.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else res.setHeader('Cache-Control', 'no-cache');
          // The service worker (desktop/src/sw/) controls the whole site; revalidated, so a new build is seen at once.
          if (filePath === swFile) res.setHeader('Service-Worker-Allowed', '/');
        },
      },
    }),
  );
  app.use((req, _res, next) => {
    if (LOOKS_LIKE_FILE.test(req.path)) return next(errors.notFound(TEXTS.errors.notFound));
    next();
  });
  const compressHtml = compression({ threshold: 1024 });
  const pages = ctx.config.serverRender.enabled ? visitorPages(ctx) : null;
  if (pages && ctx.live) (ctx.live.onClose ??= []).push(() => pages.close());
  app.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    compressHtml(req, res, () => {
      void (async () => {
        res.setHeader('Cache-Control', 'no-cache');
        const html = readIndex();
        if (html === null) return res.type('html').send(NOT_BUILT);
        // Link previews (Open Graph, Twitter) of public blog posts, questions, groups and events, rendered here since crawlers run no script.
        const og = await openGraphFor(ctx.db, req.path, ctx.config.timeZone);
        const visitor = !SESSION_COOKIE_RE.test(req.headers.cookie ?? '');
        // A visitor's public page drawn whole on the server (SERVER_RENDER=1), in the layout the browser's User-Agent suggests.
        const page =
          pages && visitor && SERVER_RENDERED.some((re) => re.test(req.path))
            ? await pages.render(renderTarget(req.path, req.query as Record<string, unknown>), !looksNarrow(req.get('user-agent')))
            : null;
        if (page) res.setHeader('Vary', 'User-Agent, Cookie');
        if (page && req.method === 'GET')
          void countPageView(ctx, req.path).catch((err: unknown) => ctx.logger.warn({ err }, 'server render: view not counted'));
        if (!og) {
          if (page) return sendDrawn(req, res, page, serverRenderedDocument(withHead(html, page), page));
          // A visitor's `/` paints the welcome card kept in index.html (template `boot-home`) before any script runs.
          const home = visitor && req.path === '/' ? /<template id="boot-home">([\s\S]*?)<\/template>/.exec(html)?.[1] : undefined;
          if (home !== undefined) return res.type('html').send(html.replace(BOOT_AREA, () => home));
          // A visitor's Discover paints its heading and first trending posts the same way.
          if (visitor && /^\/discover\/?$/.test(req.path)) {
            const paint = await discoverPaintHtml(ctx.db);
            return res.type('html').send(html.replace(BOOT_AREA, () => paint));
          }
          if (!visitor) return res.type('html').send(html.replace('</head>', () => `  ${preloadTags(memberFirstFetches(req.path))}\n  </head>`));
          return res.type('html').send(html);
        }
        const url = origin(req) + req.path;
        const tags = openGraphTags(og, origin(req), url, TEXTS.app.name, FALLBACK_OG_IMAGE);
        const withTags = html
          .replace(TITLE_TAG, '')
          .replace(DESCRIPTION_TAG, '')
          .replace('</head>', () => `    ${tags}\n  </head>`);
        if (page) return sendDrawn(req, res, page, serverRenderedDocument(withTags, page));
        // The page's heading and first lines are painted from index.html itself; the scripts then take over.
        res.type('html').send(withTags.replace(BOOT_AREA, () => firstPaintHtml(og.page, BACK_LINKS[og.page.kind])));
      })().catch(next);
    });
  });
}
