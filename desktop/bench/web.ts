/**
 * Lighthouse benchmark of the browser build (not a test: it prints numbers). Run from the repository root:
 *   npm run bench:web                 # builds nothing: run `npm run build` first
 *   BENCH_ROOT=/other/checkout npm run bench:web    # measure another checkout's build (before/after)
 *   BENCH_RUNS=1 npm run bench:web    # fewer runs while trying things
 *   BENCH_FORMS=mobile npm run bench:web   # only one form factor
 * Starts the built server (`server/dist/index.js` of BENCH_ROOT) on a temporary DATA_DIR with the demo seed,
 * runs Lighthouse in Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default) on `/`, a question, a
 * blog post, a group page and Discover, mobile and desktop, BENCH_RUNS (3) runs each in a fresh browser,
 * and prints the medians of performance, LCP, TBT, CLS and accessibility. Then it loads `/` as a visitor in
 * Playwright and sums the JavaScript fetched until the page is idle: gzip size (level 9, as a CDN would
 * send it) and bytes as actually sent by the server.
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

const root = path.resolve(process.env.BENCH_ROOT ?? fileURLToPath(new URL('../..', import.meta.url)));
const runs = Number(process.env.BENCH_RUNS ?? 3);
const forms = (process.env.BENCH_FORMS ?? 'mobile,desktop').split(',').filter((f): f is 'mobile' | 'desktop' => f === 'mobile' || f === 'desktop');
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
    WEB_DIR: path.join(root, 'desktop/dist-web'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function get<T>(p: string): Promise<T> {
  const res = await fetch(base + p);
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return (await res.json()) as T;
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
  const mid = Math.floor(s.length / 2);
  const upper = s.at(mid);
  if (upper === undefined) return NaN;
  return s.length % 2 ? upper : ((s.at(mid - 1) ?? upper) + upper) / 2;
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const question = firstItem(await get('/api/questions'));
  const blog = firstItem(await get('/api/blog/posts'));
  const group = firstItem(await get('/api/hobby-groups'));
  const pages: [string, string][] = [
    ['home', '/'],
    ['question', `/qa/question/${String(question.id)}`],
    ['blog post', `/blog/${String(blog.slug)}`],
    ['group', `/hobby-groups/${String(group.slug)}`],
    ['discover', '/discover'],
  ];
  console.log(`Lighthouse on ${root} (${runs} run(s) each)`);
  const rows: string[] = [];
  for (const form of forms) {
    for (const [name, route] of pages) {
      const perf: number[] = [];
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      const a11y: number[] = [];
      for (let r = 0; r < runs; r++) {
        const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
        try {
          const result = await lighthouse(
            base + route,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
            form === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result!.lhr;
          // A missing category scores like a null score (0); a missing audit is not measured (NaN), which median() leaves out.
          perf.push((lhr.categories.performance?.score ?? 0) * 100);
          a11y.push((lhr.categories.accessibility?.score ?? 0) * 100);
          lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
          tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
          cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
        } finally {
          chrome.kill();
        }
      }
      const row = `${form.padEnd(8)} ${name.padEnd(10)} perf ${median(perf).toFixed(0).padStart(3)}  LCP ${(median(lcp) / 1000).toFixed(2).padStart(5)} s  TBT ${median(tbt).toFixed(0).padStart(5)} ms  CLS ${median(cls).toFixed(3)}  a11y ${median(a11y).toFixed(0).padStart(3)}`;
      console.log(row);
      rows.push(row);
    }
  }

  // JavaScript a visitor's `/` needs before it is interactive: everything fetched until the network is idle.
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((f) => f !== '--headless') });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const sizes = await res
        .request()
        .sizes()
        .catch(() => null);
      scripts.set(new URL(res.url()).pathname, sizes?.responseBodySize ?? 0);
    });
    await page.goto(base + '/', { waitUntil: 'networkidle' });
    let gzip = 0;
    let raw = 0;
    let sent = 0;
    for (const [p, bodySize] of scripts) {
      const file = path.join(root, 'desktop/dist-web', p);
      if (!fs.existsSync(file)) continue;
      const buf = fs.readFileSync(file);
      raw += buf.length;
      gzip += zlib.gzipSync(buf, { level: 9 }).length;
      sent += bodySize;
    }
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(`/ for a visitor: ${scripts.size} JS files, ${kib(raw)} raw, ${kib(gzip)} gzip, ${kib(sent)} as sent by the server`);
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
