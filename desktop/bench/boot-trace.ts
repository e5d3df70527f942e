/**
 * Main-thread work of a visitor's first load, from Chromium's trace (not a test: it prints numbers). Steadier on a busy
 * machine than Lighthouse's simulation: it sums the CPU time of the renderer's main-thread tasks, not wall time.
 *   TRACE_ROOT=/work/wt/old72,. npx tsx desktop/bench/boot-trace.ts
 *   TRACE_RUNS=5 ...                       # loads per page and checkout (alternating checkouts run by run)
 *   TRACE_PAGES=home,question ...          # home, question, blog, group, discover
 *   TRACE_CPU=4 ...                        # CPU slowdown (4×, as Lighthouse's mobile run assumes)
 *   TRACE_DOCUMENT=1 ...                   # also what server-rendered pages could save: after each load, the page's
 *                                          # rendered DOM is served as the document (Playwright answers the request),
 *                                          # once without the app's scripts (React booting only on a visitor's intent)
 *                                          # and once with them (booting at once, as hydration would: React renders the
 *                                          # whole tree again), each measured like the load itself
 * Each checkout is any folder with `server/dist/index.js` and `desktop/dist-web`, started on a temporary DATA_DIR with
 * the demo seed. Per load: main-thread CPU time of all tasks until the network is idle and one more second has passed,
 * and the blocking time (each task's time over 50 ms, as TBT counts it, in throttled time). Prints medians, spreads and
 * each checkout's ratio to the first (the median of per-run ratios).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const roots = (process.env.TRACE_ROOT ?? '.')
  .split(',')
  .filter(Boolean)
  .map((r) => path.resolve(r));
const runs = Number(process.env.TRACE_RUNS ?? 5);
const slowdown = Number(process.env.TRACE_CPU ?? 4);
const PAGES = ['home', 'question', 'blog', 'group', 'discover'] as const;
type PageName = (typeof PAGES)[number];
const wanted = (process.env.TRACE_PAGES ?? PAGES.join(',')).split(',');
const pages = PAGES.filter((p) => wanted.includes(p));
const documentVariants = Boolean(process.env.TRACE_DOCUMENT);
const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Target {
  root: string;
  base: string;
  dataDir: string;
  server: ReturnType<typeof spawn>;
  routes: Record<PageName, string>;
}

const firstItem = (body: unknown): Record<string, unknown> => {
  const b = body as { items?: Record<string, unknown>[] } | Record<string, unknown>[];
  const item = Array.isArray(b) ? b[0] : b.items?.[0];
  if (!item) throw new Error('the demo seed has no item here');
  return item;
};

async function startTarget(root: string): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-trace-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'server/dist/index.js')], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(root, 'desktop/dist-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 300) throw new Error(`${root}: server did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const get = async (p: string) => (await fetch(base + p)).json();
  const question = firstItem(await get('/api/questions'));
  const blog = firstItem(await get('/api/blog/posts'));
  const group = firstItem(await get('/api/hobby-groups'));
  const routes = {
    home: '/',
    question: `/qa/question/${String(question.id)}`,
    blog: `/blog/${String(blog.slug)}`,
    group: `/hobby-groups/${String(group.slug)}`,
    discover: '/discover',
  };
  return { root, base, dataDir, server, routes };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frame?: string } };
}

/** Main-thread CPU ms and blocking ms (throttled) of one load, and the page's DOM at the end; `html` answers the document. */
async function measure(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  html?: string,
): Promise<{ cpu: number; blocking: number; dom: string }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'tr-TR' });
  const page = await context.newPage();
  if (html !== undefined) await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,__metadata', transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await cdp.send('Tracing.end');
  await done;
  const dom = await page.content();
  await context.close();
  // The renderer's main thread: the thread named CrRendererMain of the process that ran the page's scripts.
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  // (ParseHTML too: a document served without scripts runs none.)
  const scriptThreads = new Set(
    events.filter((e) => e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'ParseHTML').map((e) => `${e.pid}:${e.tid}`),
  );
  const main = [...mains].filter((m) => scriptThreads.has(m));
  let cpu = 0;
  let blocking = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || !main.includes(`${e.pid}:${e.tid}`)) continue;
    cpu += (e.tdur ?? e.dur ?? 0) / 1000;
    const wall = (e.dur ?? 0) / 1000;
    if (wall > 50) blocking += wall - 50;
  }
  return { cpu, blocking, dom };
}

/** The rendered DOM without the app: no scripts, no module preloads (what a visitor's phone would run before any intent). */
const withoutScripts = (dom: string) => dom.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const targets: Target[] = [];
try {
  for (const root of roots) targets.push(await startTarget(root));
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromeFlags });
  const results = new Map<string, { cpu: number; blocking: number }[]>();
  const add = (key: string, m: { cpu: number; blocking: number }) => results.set(key, [...(results.get(key) ?? []), m]);
  const load: number[] = [];
  try {
    for (let r = 0; r < runs; r++)
      for (const name of pages)
        for (const t of r % 2 ? [...targets].reverse() : targets) {
          const key = `${name}\t${t.root}`;
          const url = t.base + t.routes[name];
          const m = await measure(browser, url);
          add(key, m);
          if (documentVariants) {
            add(`${key}\tdocument`, await measure(browser, url, withoutScripts(m.dom)));
            add(`${key}\tdocument+app`, await measure(browser, url, m.dom));
          }
          load.push(os.loadavg()[0]!);
        }
  } finally {
    await browser.close();
  }
  console.log(`${runs} runs per page and checkout at ${slowdown}× CPU; load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`);
  for (const name of pages) {
    const first = results.get(`${name}\t${targets[0]!.root}`)!;
    for (const t of targets) {
      const ms = results.get(`${name}\t${t.root}`)!;
      const fmt = (xs: number[]) => `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
      const spread = (rs: number[]) => `${median(rs).toFixed(2)} (${Math.min(...rs).toFixed(2)}–${Math.max(...rs).toFixed(2)})`;
      const ratio = (f: (x: { cpu: number; blocking: number }) => number) => spread(ms.map((m, i) => f(m) / Math.max(1, f(first[i]!))));
      console.log(
        `${name.padEnd(9)} ${path.basename(t.root).padEnd(8)} cpu ${fmt(ms.map((m) => m.cpu))} ms, blocking ${fmt(ms.map((m) => m.blocking))} ms` +
          (t === targets[0] ? '' : `; new/first: cpu ${ratio((m) => m.cpu)}, blocking ${ratio((m) => m.blocking)}`),
      );
      if (!documentVariants) continue;
      for (const variant of ['document', 'document+app'] as const) {
        const vs = results.get(`${name}\t${t.root}\t${variant}`)!;
        console.log(
          `  ${variant === 'document' ? 'rendered DOM, no scripts' : 'rendered DOM + the app'}: cpu ${fmt(vs.map((v) => v.cpu))} ms, ` +
            `blocking ${fmt(vs.map((v) => v.blocking))} ms; of the load: cpu ${spread(vs.map((v, i) => v.cpu / Math.max(1, ms[i]!.cpu)))}`,
        );
      }
    }
  }
} finally {
  for (const t of targets) {
    t.server.kill('SIGTERM');
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  }
}
