/**
 * Login-storm benchmark (not a test: it prints numbers).
 *   npm run bench:login -w server
 *   BENCH_SERVER_ROOT=/tmp/other-checkout npm run bench:login -w server   (another tree, e.g. the base commit)
 *   RATE_LIMIT_LOGIN_BURST=1000/10 npm run bench:login -w server        (every attempt hashed: the worker pool alone)
 *
 * Starts the server (tsx, production settings: scrypt cost 15) as a child process on a fresh
 * SQLite database with the demo community, registers two members, then times a visitor's
 * `GET /api/posts?limit=5`: first alone, then during 90 wrong sign-ins from three addresses
 * (X-Forwarded-For with TRUST_PROXY=1, 30 per address spread over five names so the per-address
 * and per-account limits of the base commit allow them all), at most 10 in flight.
 * STORM_SECONDS=4 spreads each storm over 4 s instead of sending it as fast as it is answered.
 * Every request goes to 127.0.0.1. Extra environment variables are passed on to the server.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.env.BENCH_SERVER_ROOT ?? path.join(here, '../..'));
const port = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3232);
const base = `http://127.0.0.1:${port}`;
const ADMIN = { username: 'bench_admin', password: 'Bench.Admin.Sifre1' };
const STORM = 90;
const IN_FLIGHT = 10;
const PACE_SECONDS = Number(process.env.STORM_SECONDS ?? 0);
const ADDRESSES = ['10.9.0.1', '10.9.0.2', '10.9.0.3'];
/** The list's item at i, wrapping around; the lists here are never empty. */
function cycle<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('cycle over an empty list');
  return item;
}
const tsx = path.join(here, '../../node_modules/.bin/tsx');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-login-storm-'));
const child = spawn(tsx, [path.join(root, 'server/src/index.ts')], {
  cwd: path.join(root, 'server'),
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stop);

async function waitForHealth() {
  const start = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('the server exited');
    if (Date.now() - start > 60_000) throw new Error('the server did not start in 60 s');
    await sleep(200);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timedRead(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}/api/posts?limit=5`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET /api/posts: ${res.status}`);
  return performance.now() - t;
}

function quantile(samples: number[], q: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

async function register(username: string, address: string) {
  const password = 'Bench.Uye.Sifre1';
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({
      displayName: username,
      username,
      email: `${username}@bench.local`,
      password,
      confirmPassword: password,
      acceptTerms: true,
      acceptPrivacy: true,
    }),
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
}

await waitForHealth();
await register('bench_uye_1', '10.9.1.1');
await register('bench_uye_2', '10.9.1.2');
for (let i = 0; i < 5; i++) await timedRead(); // warm up

// Unloaded: sequential reads with a short pause, as a visitor scrolling.
const unloaded: number[] = [];
for (let i = 0; i < 100; i++) {
  unloaded.push(await timedRead());
  await sleep(50);
}

// Loaded: the same reads while the storm runs.
const names = [ADMIN.username, 'bench_uye_1', 'bench_uye_2', 'yok_boyle_biri', 'kimse_yok'];
const attempts = Array.from({ length: STORM }, (_, i) => ({
  address: cycle(ADDRESSES, i),
  username: cycle(names, Math.floor(i / ADDRESSES.length)),
}));
/**
 * Runs `STORM` requests with `IN_FLIGHT` at a time while a visitor reads every 50 ms; returns the
 * visitor's read times and how the storm's requests were answered.
 */
async function stormWith(request: (i: number) => Promise<Response>) {
  const statuses = new Map<number, number>();
  let done = false;
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < STORM) {
      const i = next++;
      // STORM_SECONDS spreads the storm over that long (the base commit's own 90 took about 4 s).
      const due = start + (i * PACE_SECONDS * 1000) / STORM - performance.now();
      if (due > 0) await sleep(due);
      const res = await request(i);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const storm = Promise.all(Array.from({ length: IN_FLIGHT }, worker)).then(() => {
    done = true;
  });
  const reads: number[] = [];
  let peak = 0;
  while (!done || reads.length < 20) {
    reads.push(await timedRead());
    peak = Math.max(peak, os.loadavg()[0] ?? 0);
    await sleep(50);
  }
  await storm;
  return { reads, statuses, seconds: (performance.now() - start) / 1000, peak };
}

// Control: a storm of the same shape whose requests cost nothing (GET /api/health). What the
// visitor sees during it is the floor this benchmark can show on this machine for any storm.
const control = await stormWith((i) => fetch(`${base}/api/health`, { headers: { 'x-forwarded-for': cycle(ADDRESSES, i) } }));
await sleep(2_000);

const login = await stormWith((i) => {
  const { address, username } = cycle(attempts, i);
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username, password: `yanlis-${i}` }),
  });
});
const loaded = login.reads;
const statuses = login.statuses;
const stormSeconds = login.seconds;
const peakLoad = login.peak;

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const p95u = quantile(unloaded, 0.95);
const p95l = quantile(loaded, 0.95);
console.log(`server tree: ${root}`);
console.log(`unloaded  GET /api/posts?limit=5  p50 ${fmt(quantile(unloaded, 0.5))}  p95 ${fmt(p95u)}  (n=${unloaded.length})`);
console.log(`storm     GET /api/posts?limit=5  p50 ${fmt(quantile(loaded, 0.5))}  p95 ${fmt(p95l)}  max ${fmt(Math.max(...loaded))}  (n=${loaded.length})`);
console.log(`storm: ${STORM} wrong sign-ins in ${stormSeconds.toFixed(1)} s, answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`);
const p95c = quantile(control.reads, 0.95);
console.log(
  `control   GET /api/posts?limit=5  p50 ${fmt(quantile(control.reads, 0.5))}  p95 ${fmt(p95c)}  during ${STORM} GET /api/health in ${control.seconds.toFixed(1)} s (the benchmark's floor)`,
);
console.log(`p95 loaded/unloaded ratio: ${(p95l / p95u).toFixed(2)} (control storm: ${(p95c / p95u).toFixed(2)})`);
console.log(`load average (1 min): ${(os.loadavg()[0] ?? 0).toFixed(2)} at the end, ${peakLoad.toFixed(2)} peak during the storm; ${os.cpus().length} cores`);
console.log(
  `RESULT ratio=${(p95l / p95u).toFixed(2)} control=${(p95c / p95u).toFixed(2)} p95u=${p95u.toFixed(1)} p95l=${p95l.toFixed(1)} p95c=${p95c.toFixed(1)} p50u=${quantile(unloaded, 0.5).toFixed(1)} p50l=${quantile(loaded, 0.5).toFixed(1)}`,
);

stop();
await new Promise((r) => child.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
