/**
 * Upload memory: how far a server's RSS rises over idle under
 *   A. 8 concurrent 45 MB image uploads (refused: images are capped at 5 MB), then
 *   B. 8 concurrent 4 MB JPEG photos (accepted, decoded, stored),
 * each on a freshly started server, sampled from /proc/<pid>/status every 5 ms, and how many
 * temporary files are left afterwards.
 *
 *   npm run bench:uploads -w server                       # this tree
 *   npm run bench:uploads -w server -- --baseline /work/main/server   # and another tree, side by side
 *   npm run bench:uploads -w server -- --baseline ../../main/server --only-after   # this tree only, same table
 *
 * Each server is started from source (`node --import tsx src/index.ts`, the same V8 flags and
 * allocator as that tree's `npm start`: jemalloc when its scripts/start.sh preloads it and the system has it, else
 * glibc with its settings; BENCH_JEMALLOC=0 for glibc) on a fresh DATA_DIR and SQLite, on its own port; "idle" is taken after sign-in and
 * one small image upload (sharp loaded, caches warm), so the figures are what uploads add.
 * Goal: peak − idle ≤ 40 MiB. Not a test: it prints a table and exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;
const CONCURRENCY = 8;
const ADMIN = { username: 'bench_yonetici', password: 'Bench.Sifre.2026!' };

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

interface Running {
  child: ChildProcess;
  url: string;
  dataDir: string;
}

const JEMALLOC = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib']
  .map((dir) => path.join(dir, 'libjemalloc.so.2'))
  .find((lib) => fs.existsSync(lib));

/**
 * The allocator the tree's `npm start` runs with, to start it the same way: older trees set glibc's MALLOC_*=n in the
 * script itself; newer ones start through scripts/start.sh, which exports glibc's settings and preloads jemalloc (with
 * its MALLOC_CONF) when the system has it.
 */
function mallocEnvOf(serverDir: string): Record<string, string> {
  const start = (JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts?.start;
  const env = Object.fromEntries([...(start ?? '').matchAll(/\b(MALLOC_[A-Z_]+)=(\d+)/g)].map((m) => [m[1]!, m[2]!]));
  const script = path.join(serverDir, '..', 'scripts', 'start.sh');
  const text = fs.existsSync(script) ? fs.readFileSync(script, 'utf8') : '';
  for (const m of text.matchAll(/export (MALLOC_[A-Z_]+)="\$\{\1:-([^}]+)\}"/g)) env[m[1]!] = m[2]!;
  const jemalloc = /libjemalloc/.test(text) && JEMALLOC && process.env.BENCH_JEMALLOC !== '0';
  if (jemalloc) env.LD_PRELOAD = JEMALLOC;
  else delete env.MALLOC_CONF;
  // Another jemalloc setting to compare (BENCH_MALLOC_CONF=narenas:2,...).
  if (jemalloc && process.env.BENCH_MALLOC_CONF) env.MALLOC_CONF = process.env.BENCH_MALLOC_CONF;
  return env;
}

/** V8's flags as the tree's scripts/start.sh gives them to node (its defaults for MAHALLE_HEAP_GROWTH and the like). */
function nodeFlagsOf(serverDir: string): string[] {
  const script = path.join(serverDir, '..', 'scripts', 'start.sh');
  const line = fs.existsSync(script) ? /^exec node (.*?) "\$root/m.exec(fs.readFileSync(script, 'utf8'))?.[1] : undefined;
  if (!line) return ['--max-semi-space-size=4', '--heap-growing-percent=100'];
  return line
    .replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => process.env[name] ?? fallback)
    .replace(/"/g, '')
    .split(/\s+/)
    .filter(Boolean);
}

async function start(serverDir: string, port: number): Promise<Running> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-upload-bench-'));
  const child = spawn(process.execPath, [...nodeFlagsOf(serverDir), '--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_UPLOADS: '10000/60',
      RATE_LIMIT_POSTS: '10000/60',
      RATE_LIMIT_LOGIN: '10000/60',
      RATE_LIMIT_LOGIN_BURST: '10000/60',
      BACKUP_BEFORE_MIGRATE: 'false',
      ...mallocEnvOf(serverDir),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server in ${serverDir} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url, dataDir };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server in ${serverDir} did not start`);
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // A fresh community's members (this admin too) may share no image in their first hours: lifted, so the photos are accepted.
  const trust = await fetch(`${url}/api/admin/trust-settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ newMemberImageHours: 0 }),
  });
  if (!trust.ok) throw new Error(`trust settings: ${trust.status} ${await trust.text()}`);
  return cookie;
}

const boundary = '----mahalleBench';

/** POST /api/posts with one image part, written in 64 KiB chunks as a browser would; resolves with the status (0: connection cut). */
function upload(url: string, cookie: string, image: Buffer): Promise<number> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nbench\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const u = new URL(url);
  return new Promise((resolve) => {
    let status = 0;
    const req = http.request({
      host: u.hostname,
      port: u.port,
      method: 'POST',
      path: '/api/posts',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + image.length + tail.length, cookie },
    });
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => resolve(status));
    });
    req.on('error', () => resolve(status));
    req.write(head);
    let pos = 0;
    const pump = () => {
      while (pos < image.length) {
        const chunk = image.subarray(pos, pos + 64 * 1024);
        pos += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

/** A JPEG of about `bytes` (noise compresses badly, so a camera-sized file at a modest pixel count). */
async function photo(bytes: number): Promise<Buffer> {
  let side = 1400;
  for (;;) {
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    if (jpeg.length >= bytes * 0.95) return jpeg;
    side = Math.ceil(side * Math.sqrt((bytes * 1.02) / jpeg.length));
  }
}

interface Phase {
  idle: number;
  peak: number;
  answers: Record<string, number>;
  tempLeft: number;
  storedFiles: number;
  load: string;
}

function tally(statuses: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of statuses) out[String(s)] = (out[String(s)] ?? 0) + 1;
  return out;
}

/** One phase on a freshly started server: idle RSS after warm-up, then the peak while 8 uploads of `body` run at once. */
async function measure(serverDir: string, port: number, body: Buffer): Promise<Phase> {
  const server = await start(serverDir, port);
  const pid = server.child.pid!;
  try {
    const cookie = await signIn(server.url);
    // Warm-up: sharp loaded, the routes' code compiled, one small refusal taken.
    await upload(
      server.url,
      cookie,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(),
    );
    await upload(server.url, cookie, Buffer.alloc(64 * 1024, 1));
    await new Promise((r) => setTimeout(r, 1500));
    let idle = 0;
    for (let i = 0; i < 10; i++) {
      idle += rssOf(pid) / 10;
      await new Promise((r) => setTimeout(r, 50));
    }
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 5);
    const answers = await Promise.all(Array.from({ length: CONCURRENCY }, () => upload(server.url, cookie, body)));
    peak = Math.max(peak, rssOf(pid));
    clearInterval(timer);
    await new Promise((r) => setTimeout(r, 300));
    const tmp = path.join(server.dataDir, 'tmp');
    return {
      idle,
      peak,
      answers: tally(answers),
      tempLeft: fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0,
      storedFiles: fs.readdirSync(path.join(server.dataDir, 'uploads')).filter((f) => !f.startsWith('.')).length,
      load: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;

async function main() {
  const baseline = arg('baseline');
  const port = Number(arg('port') ?? 3950);
  // A 45 MB "image": a JPEG's first bytes, then noise.
  const big = Buffer.alloc(45 * 1000 * 1000);
  for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
  const photos = await photo(4 * 1000 * 1000);
  process.stdout.write(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; photo ${(photos.length / 1e6).toFixed(2)} MB\n`,
  );

  const trees = [...(baseline ? [['before', path.resolve(baseline)]] : []), ['after', path.resolve(here, '..')]] as const;
  const goal = 40 * MiB;
  const rows: string[] = [];
  for (const [label, dir] of trees.filter(([l]) => !process.argv.includes('--only-after') || l === 'after')) {
    for (const [phase, body] of [
      ['8 × 45 MB refused', big],
      ['8 × 4 MB accepted', photos],
    ] as const) {
      const r = await measure(dir, port, body);
      const delta = r.peak - r.idle;
      rows.push(
        [
          label.padEnd(7),
          phase.padEnd(18),
          mib(r.idle).padStart(10),
          mib(r.peak).padStart(10),
          `+${mib(delta)}`.padStart(11),
          (delta <= goal ? 'met' : 'NOT met').padEnd(8),
          String(r.tempLeft).padStart(4),
          JSON.stringify(r.answers).padEnd(12),
          r.load,
        ].join('  '),
      );
      process.stdout.write(`${rows.at(-1)}\n`);
    }
  }
  process.stdout.write(
    [
      '',
      `${'tree'.padEnd(7)}  ${'uploads'.padEnd(18)}  ${'idle RSS'.padStart(10)}  ${'peak RSS'.padStart(10)}  ${'peak−idle'.padStart(11)}  ${'≤ 40 MiB'.padEnd(8)}  ${'tmp'.padStart(4)}  ${'answers'.padEnd(12)}  load average after`,
      ...rows,
      ...trees.map(
        ([label, dir]) =>
          `${label}: ${dir} (${mallocEnvOf(dir).LD_PRELOAD ? `jemalloc ${mallocEnvOf(dir).MALLOC_CONF ?? ''}` : 'glibc'}, ${nodeFlagsOf(dir).join(' ')})`,
      ),
      '',
    ].join('\n'),
  );
}

await main();
