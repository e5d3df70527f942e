/**
 * Lighthouse benchmark of the browser build (not a test: it prints numbers). Run from the repository root:
 *   npm run bench:web                 # builds nothing: run `npm run build` first
 *   BENCH_ROOT=/other/checkout npm run bench:web    # measure another checkout's build (before/after)
 *   BENCH_RUNS=1 npm run bench:web    # fewer runs while trying things
 *   BENCH_FORMS=mobile npm run bench:web   # only one form factor
 *   BENCH_PAGES=question,discover npm run bench:web   # only these pages (home, question, blog, group, discover,
 *                                                       member-home, member-group, member-messages)
 *   BENCH_ROOT=dist-before,. npm run bench:web   # several checkouts, run after run in turn: comparable on a busy machine
 *   BENCH_ROOT=.,.@SERVER_RENDER=1 npm run bench:web   # a checkout with a setting of its server's (here: visitors' pages
 *                                                         drawn on the server), beside the same build without it
 *   BENCH_SAVE=/tmp/lh npm run bench:web   # keep every Lighthouse report (JSON) there, to read its diagnostics
 *   BENCH_THROTTLING=devtools npm run bench:web   # Lighthouse's throttling method (simulate by default): `devtools`
 *                                                   really slows Chromium's CPU and network, so a change to what is asked
 *                                                   when (a preload, one round trip fewer) shows in LCP, which the
 *                                                   simulation's model of the main thread hides
 * A checkout is any folder with `server/dist/index.js` and `desktop/dist-web`: to compare with today's build, copy
 * both into `dist-before/` (git ignores it) with `server/package.json` and a `server/node_modules` link, build, and
 * run with BENCH_ROOT=dist-before,.
 * Starts the built server (`server/dist/index.js` of BENCH_ROOT) on a temporary DATA_DIR with the demo seed,
 * runs Lighthouse in Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default) on `/`, a question, a
 * blog post, a group page and Discover as a visitor, and on `/`, a group page and `/messages` as a member (the session
 * cookie of a member registered for the run), mobile and desktop, BENCH_RUNS (3) runs each in a fresh browser,
 * and prints the medians and spreads (min–max) of performance, LCP, TBT, CLS, main-thread work and accessibility,
 * with Lighthouse's CPU benchmark index of the runs. With several checkouts it also prints each one's ratio to the
 * first (the median of the per-run ratios, the runs of one round being side by side in time). Then it loads `/` as a
 * visitor and as the member in Playwright and sums the JavaScript fetched until the page is idle: gzip size (level 9,
 * as a CDN would send it) and bytes as actually sent by the server.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';

const here = fileURLToPath(new URL('../..', import.meta.url));
// A checkout with `@NAME=value` after it runs its server with that setting too (`.,.@SERVER_RENDER=1`: one build, off and on).
const specs = (process.env.BENCH_ROOT ?? here)
  .split(',')
  .filter(Boolean)
  .map((spec) => {
    const [root = '', ...settings] = spec.split('@');
    return {
      root: path.resolve(root),
      env: Object.fromEntries(settings.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)])) as Record<string, string>,
    };
  });
const roots = specs.map((s) => s.root);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const forms = (process.env.BENCH_FORMS ?? 'mobile,desktop').split(',').filter((f): f is 'mobile' | 'desktop' => f === 'mobile' || f === 'desktop');
const PAGE_NAMES = ['home', 'question', 'blog', 'group', 'discover', 'member-home', 'member-group', 'member-messages'] as const;
type PageName = (typeof PAGE_NAMES)[number];
const wanted = (process.env.BENCH_PAGES ?? PAGE_NAMES.join(',')).split(',').map((p) => p.trim());
const pageNames = PAGE_NAMES.filter((p) => wanted.includes(p));
const saveDir = process.env.BENCH_SAVE ? path.resolve(process.env.BENCH_SAVE) : null;
if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
const THROTTLING_METHODS = ['simulate', 'devtools', 'provided'] as const;
const throttling = THROTTLING_METHODS.find((m) => m === (process.env.BENCH_THROTTLING ?? 'simulate'));
if (!throttling) throw new Error(`BENCH_THROTTLING: ${THROTTLING_METHODS.join(', ')}, not ${process.env.BENCH_THROTTLING}`);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

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

type Item = Record<string, unknown>;
function firstItem(body: unknown): Item {
  const b = body as Item;
  const list = (Array.isArray(b) ? b : (b.items ?? b.questions ?? b.posts ?? b.groups ?? b.data)) as Item[] | undefined;
  const first = list?.at(0);
  if (!first) throw new Error(`empty list: ${JSON.stringify(body).slice(0, 200)}`);
  return first;
}

/** Median of the runs that produced the value (a run Lighthouse could not measure gives NaN and is left out). */
function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

/** One checkout's built server, on a temporary DATA_DIR with the demo seed. */
interface Target {
  root: string;
  label: string;
  base: string;
  dataDir: string;
  server: ReturnType<typeof spawn>;
  routes: Record<PageName, string>;
  /** The session cookie of the member the member pages are loaded as. */
  cookie: string;
}

async function startTarget(root: string, label: string, settings: Record<string, string> = {}): Promise<Target> {
  const serverEntry = path.join(root, 'server/dist/index.js');
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` in ${root} first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-webbench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The member pages sign the bench's member in again if its session ends.
      RATE_LIMIT_LOGIN_BURST: '1000/10',
      WEB_DIR: path.join(root, 'desktop/dist-web'),
      ...settings,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const target = { root, label, base, dataDir, server, routes: {} as Record<PageName, string>, cookie: '' };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 300) throw new Error(`${root}: server did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const get = async (p: string): Promise<unknown> => {
    const res = await fetch(base + p);
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return res.json();
  };
  const question = firstItem(await get('/api/questions'));
  const blog = firstItem(await get('/api/blog/posts'));
  const group = firstItem(await get('/api/hobby-groups'));
  target.routes = {
    home: '/',
    question: `/qa/question/${String(question.id)}`,
    blog: `/blog/${String(blog.slug)}`,
    group: `/hobby-groups/${String(group.slug)}`,
    discover: '/discover',
    'member-home': '/',
    'member-group': `/hobby-groups/${String(group.slug)}`,
    'member-messages': '/messages',
  };
  // A member who has just signed up (the demo accounts have no password): the member pages are loaded with its cookie.
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      displayName: 'Ölçüm Üyesi',
      username: 'olcumuye',
      email: 'olcumuye@ornek.com',
      password: 'Guclu.Sifre1',
      confirmPassword: 'Guclu.Sifre1',
      acceptTerms: true,
      acceptPrivacy: true,
    }),
  });
  if (res.status !== 201) throw new Error(`${root}: registering the bench's member answered ${res.status}`);
  target.cookie = cookieOf(res);
  return target;
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The member's cookie, signed in again if the session is gone (a member page must never be measured as a visitor's). */
async function memberCookie(t: Target): Promise<string> {
  const me = await fetch(`${t.base}/api/auth/me`, { headers: { cookie: t.cookie } });
  if (me.ok) return t.cookie;
  const res = await fetch(`${t.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'olcumuye', password: 'Guclu.Sifre1' }),
  });
  if (!res.ok) throw new Error(`${t.root}: signing the bench's member in again answered ${res.status}`);
  console.log(`${t.label || t.root}: the member's session was gone (${me.status}); signed in again`);
  t.cookie = cookieOf(res);
  return t.cookie;
}

function stopTarget(t: Target) {
  t.server.kill('SIGTERM');
  fs.rmSync(t.dataDir, { recursive: true, force: true });
}

const targets: Target[] = [];
try {
  const labels = specs.map((s, i) =>
    specs.length > 1
      ? `${i + 1}:${path.basename(s.root)}${Object.entries(s.env)
          .map(([k, v]) => `@${k}=${v}`)
          .join('')}`
      : '',
  );
  for (const [i, spec] of specs.entries()) targets.push(await startTarget(spec.root, labels[i] ?? '', spec.env));
  console.log(
    `Lighthouse on ${roots.join(', ')} (${runs} run(s) each, throttling ${throttling}${roots.length > 1 ? ', checkouts in turn' : ''}); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const width = Math.max(0, ...labels.map((l) => l.length));
  const METRICS = ['perf', 'lcp', 'tbt', 'cls', 'mtw', 'a11y', 'cpu'] as const;
  type Metric = (typeof METRICS)[number];
  const spread = (values: number[], digits: number, scale = 1) => {
    const s = values.filter((v) => Number.isFinite(v)).map((v) => v / scale);
    if (!s.length) return 'n/a';
    return `${median(s).toFixed(digits)} (${Math.min(...s).toFixed(digits)}–${Math.max(...s).toFixed(digits)})`;
  };
  for (const form of forms) {
    for (const name of pageNames) {
      const m = targets.map(() => Object.fromEntries(METRICS.map((k) => [k, [] as number[]])) as Record<Metric, number[]>);
      for (let r = 0; r < runs; r++) {
        for (const [ti, t] of targets.entries()) {
          const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
          try {
            const result = await lighthouse(
              t.base + t.routes[name],
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility'],
                throttlingMethod: throttling,
                extraHeaders: name.startsWith('member-') ? { Cookie: await memberCookie(t) } : undefined,
              },
              form === 'desktop' ? desktopConfig : undefined,
            );
            if (!result) throw new Error(`${t.routes[name]}: Lighthouse gave no result`);
            const lhr = result.lhr;
            const v = m[ti];
            if (!v) continue;
            v.perf.push((lhr.categories.performance?.score ?? NaN) * 100);
            v.a11y.push((lhr.categories.accessibility?.score ?? NaN) * 100);
            v.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
            v.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
            v.cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
            v.mtw.push(lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN);
            v.cpu.push(lhr.environment.benchmarkIndex);
            if (saveDir) {
              const file = `${[(t.label || path.basename(t.root)).replace(/\W/g, '-'), form, name.replace(/\W/g, '-'), r + 1].join('_')}.json`;
              fs.writeFileSync(path.join(saveDir, file), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
            }
          } finally {
            chrome.kill();
          }
        }
      }
      for (const [ti, t] of targets.entries()) {
        const v = m[ti];
        if (!v) continue;
        console.log(
          `${t.label.padEnd(width)}${width ? ' ' : ''}${form.padEnd(8)} ${name.padEnd(15)} perf ${spread(v.perf, 0)}  LCP ${spread(v.lcp, 2, 1000)} s  TBT ${spread(v.tbt, 0)} ms  CLS ${spread(v.cls, 3)}  main thread ${spread(v.mtw, 0)} ms  a11y ${spread(v.a11y, 0)}  CPU benchmark ${spread(v.cpu, 0)}`,
        );
        const first = m[0];
        if (ti === 0 || !first) continue;
        // The ratio of each run to the first checkout's run of the same round (side by side in time), median and spread.
        const ratios = (k: Metric) => v[k].map((x, i) => x / (first[k][i] ?? NaN));
        console.log(
          `${''.padEnd(width)} ${form.padEnd(8)} ${name.padEnd(15)} ratio to ${targets[0]?.label}: TBT ${spread(ratios('tbt'), 2)}  main thread ${spread(ratios('mtw'), 2)}  LCP ${spread(ratios('lcp'), 2)}  CLS ${spread(
            v.cls.map((x, i) => x - (first.cls[i] ?? NaN)),
            3,
          )} (difference)`,
        );
      }
    }
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // JavaScript a visitor's and a member's `/` need before they are interactive: everything fetched until the network is idle.
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((f) => f !== '--headless') });
  try {
    for (const t of targets) {
      for (const who of ['visitor', 'member'] as const) {
        const context = await browser.newContext();
        if (who === 'member') await context.setExtraHTTPHeaders({ cookie: await memberCookie(t) });
        const page = await context.newPage();
        const scripts = new Map<string, number>();
        page.on('response', async (res) => {
          if (res.request().resourceType() !== 'script') return;
          const sizes = await res
            .request()
            .sizes()
            .catch(() => null);
          scripts.set(new URL(res.url()).pathname, sizes?.responseBodySize ?? 0);
        });
        await page.goto(t.base + '/', { waitUntil: 'networkidle' });
        await context.close();
        let gzip = 0;
        let raw = 0;
        let sent = 0;
        for (const [p, bodySize] of scripts) {
          const file = path.join(t.root, 'desktop/dist-web', p);
          if (!fs.existsSync(file)) continue;
          const buf = fs.readFileSync(file);
          raw += buf.length;
          gzip += zlib.gzipSync(buf, { level: 9 }).length;
          sent += bodySize;
        }
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        console.log(
          `${t.label}${t.label ? ' ' : ''}/ for a ${who}: ${scripts.size} JS files, ${kib(raw)} raw, ${kib(gzip)} gzip, ${kib(sent)} as sent by the server`,
        );
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  for (const t of targets) stopTarget(t);
}
