/**
 * Where a page's boot spends the main thread: a Chromium CPU profile (V8 sampling, 4× CPU slowdown as Lighthouse's
 * mobile run assumes) of one page load, summed by source package through the build's source maps. Not a test: it
 * prints a table. Build with source maps first, into a folder of its own:
 *   npx vite build --config desktop/vite.web.config.ts --sourcemap --outDir /tmp/prof-web
 *   PROFILE_WEB=/tmp/prof-web PROFILE_PATH=/ npx tsx desktop/bench/boot-profile.ts
 *   PROFILE_MEMBER=1 ...      # signed in as a freshly registered member (session cookie)
 *   PROFILE_RUNS=3 ...        # runs to sum (the table shows per-run means)
 *   PROFILE_SAVE=/tmp/p.cpuprofile ...   # keep the last run's profile (opens in Chromium's DevTools, Performance)
 *   PROFILE_TASKS=1 ...       # also list each stretch of JavaScript over 50 ms (a long task's script) with what it ran
 * Uses `server/dist/index.js` of this checkout with the given WEB_DIR on a temporary DATA_DIR with the demo seed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const root = fileURLToPath(new URL('../..', import.meta.url));
const webDir = path.resolve(process.env.PROFILE_WEB ?? path.join(root, 'desktop/dist-web'));
const pagePath = process.env.PROFILE_PATH ?? '/';
const member = Boolean(process.env.PROFILE_MEMBER);
const runs = Number(process.env.PROFILE_RUNS ?? 3);
const slowdown = Number(process.env.PROFILE_CPU ?? 4);
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

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const maps = new Map<string, TraceMap | null>();
function mapFor(url: string): TraceMap | null {
  if (maps.has(url)) return maps.get(url) ?? null;
  let map: TraceMap | null = null;
  try {
    const file = path.join(webDir, new URL(url).pathname + '.map');
    if (fs.existsSync(file)) map = new TraceMap(fs.readFileSync(file, 'utf8'));
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** A source file as a package name (`antd/button`, `@ant-design/cssinjs`, `react-dom`) or the app's own path. */
function bucketOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '?');
    if (pkg === 'antd') return `antd/${parts[2] ?? '?'}`;
    return pkg;
  }
  const at = source.indexOf('src/renderer/src/');
  return at >= 0 ? `app:${source.slice(at + 'src/renderer/src/'.length)}` : source;
}

const serverEntry = path.join(root, 'server/dist/index.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-profile-'));
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
    WEB_DIR: webDir,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
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
  let cookie = '';
  if (member) {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        displayName: 'Profil Üyesi',
        username: 'profiluye',
        email: 'profiluye@ornek.com',
        password: 'Guclu.Sifre1',
        confirmPassword: 'Guclu.Sifre1',
        acceptTerms: true,
        acceptPrivacy: true,
      }),
    });
    if (res.status !== 201) throw new Error(`register: ${res.status}`);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  const self = new Map<string, number>();
  const fns = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let longest = 0;
  const stretches: string[] = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromeFlags });
  try {
    for (let r = 0; r < runs; r++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'tr-TR' });
      if (cookie) await context.setExtraHTTPHeaders({ cookie });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(base + pagePath, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      // The longest task the page ran (Long Tasks API, throttled time).
      longest = Math.max(
        longest,
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let max = 0;
              new PerformanceObserver((list) => {
                for (const e of list.getEntries()) max = Math.max(max, e.duration);
              }).observe({ type: 'longtask', buffered: true });
              setTimeout(() => resolve(max), 50);
            }),
        ),
      );
      if (process.env.PROFILE_SAVE && r === runs - 1) fs.writeFileSync(process.env.PROFILE_SAVE, JSON.stringify(profile));
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const labels = new Map<number, string>();
      const labelOf = (n: Node): string => {
        const hit = labels.get(n.id);
        if (hit !== undefined) return hit;
        const { url, functionName, lineNumber, columnNumber } = n.callFrame;
        let label = functionName || '(anonymous)';
        const map = url ? mapFor(url) : null;
        const pos = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
        if (pos?.source) label = `${pos.name ?? label} (${bucketOf(pos.source)})`;
        labels.set(n.id, label);
        return label;
      };
      // A stretch: consecutive samples without an idle one between, as one task's script runs.
      let stretch: { start: number; ms: number; labels: Map<string, number>; own: Map<string, number> } | null = null;
      let clock = 0;
      const closeStretch = () => {
        if (stretch && stretch.ms > 50) {
          const what = [...stretch.labels]
            .filter(([, v]) => v < stretch!.ms * 0.95)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 8)
            .map(([k, v]) => `${k} ${v.toFixed(0)}`)
            .join(', ');
          const own = [...stretch.own]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([k, v]) => `${k} ${v.toFixed(0)}`)
            .join(', ');
          stretches.push(`run ${r + 1} @${stretch.start.toFixed(0)} ms: ${stretch.ms.toFixed(0)} ms: ${what}\n    itself: ${own}`);
        }
        stretch = null;
      };
      for (const [i, id] of profile.samples.entries()) {
        const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        clock += (profile.timeDeltas[i] ?? 0) / 1000;
        const node = byId.get(id);
        if (!node) continue;
        if (node.callFrame.functionName === '(idle)') {
          closeStretch();
          continue;
        }
        if (process.env.PROFILE_TASKS) {
          stretch ??= { start: clock, ms: 0, labels: new Map(), own: new Map() };
          stretch.ms += dt;
          const seenHere = new Set<string>();
          for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
            const n = byId.get(at);
            if (n) seenHere.add(labelOf(n));
          }
          for (const l of seenHere) stretch.labels.set(l, (stretch.labels.get(l) ?? 0) + dt);
        }
        const { url, functionName, lineNumber, columnNumber } = node.callFrame;
        let bucket: string;
        let fn = functionName || '(anonymous)';
        if (!url) bucket = functionName.startsWith('(') ? functionName : '(native)';
        else {
          const map = mapFor(url);
          const pos = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
          bucket = pos?.source ? bucketOf(pos.source) : new URL(url).pathname;
          if (pos?.source) fn = `${pos.name ?? fn} (${bucketOf(pos.source)}:${pos.line})`;
        }
        if (stretch) stretch.own.set(bucket, (stretch.own.get(bucket) ?? 0) + dt);
        if (bucket === '(idle)' || bucket === '(program)') continue;
        const seen = new Set<string>();
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
          const n = byId.get(at);
          if (n) seen.add(labelOf(n));
        }
        for (const l of seen) inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
        total += dt;
        self.set(bucket, (self.get(bucket) ?? 0) + dt);
        fns.set(fn, (fns.get(fn) ?? 0) + dt);
      }
      closeStretch();
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / runs).toFixed(0).padStart(6)} ms  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(
    `${pagePath}${member ? ' as a member' : ''}: ${(total / runs).toFixed(0)} ms of JavaScript and GC per load at ${slowdown}× CPU (mean of ${runs}); longest task ${longest.toFixed(0)} ms; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (stretches.length) console.log('\nStretches of JavaScript over 50 ms (what ran, ms itself and below):\n' + stretches.join('\n'));
  console.log('\nSelf time by package / file:\n' + top(self, 30));
  console.log('\nSelf time by function:\n' + top(fns, 30));
  console.log('\nTotal time by function (itself and what it calls):\n' + top(inclusive, Number(process.env.PROFILE_TOP ?? 60)));
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
