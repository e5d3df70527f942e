/**
 * What a small machine needs, measured on the built server (not a test: it prints numbers).
 *
 *   npm run build && npx tsx server/bench/resources.ts [--posts=1000] [--duration=20] [--connections=16] [--port=3480]
 *
 * 1. Idle memory: RSS of the server process (/proc/<pid>/status) on a fresh SQLite data folder
 *    with the demo community, after it has been idle for 10 s.
 * 2. Busy memory: RSS sampled every 250 ms while wrk loads the feed (GET /api/posts, the visitors'
 *    first page) for --duration seconds; the peak and the value at the end, with wrk's req/s.
 * 3. Disk per 1000 posts with images: the data folder (SQLite file, WAL, uploads) before and
 *    after one member posts --posts posts, each with its own 2048×1536 JPEG photo-like image
 *    (the server stores a re-encoded copy and a 400 px WebP thumbnail), after a WAL checkpoint
 *    (a restart). The load average is printed with each figure: the machine may be shared.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.resolve(here, '../dist/index.js');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const POSTS = Number(args.posts ?? 1000);
const DURATION = Number(args.duration ?? 20);
const CONNECTIONS = Number(args.connections ?? 16);
const PORT = Number(args.port ?? 3480);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: 'kaynakyonetici', password: 'Kaynak.Sifre1' };

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
}

function listing(dir: string): string {
  return fs
    .readdirSync(dir)
    .filter((n) => n !== 'uploads')
    .map((n) => `${n}=${fs.statSync(path.join(dir, n)).size}`)
    .join(' ');
}

function folderBytes(dir: string): { total: number; database: number; uploads: number; files: number } {
  let database = 0;
  let uploads = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const size = fs.statSync(p).blocks * 512; // what the disk holds, not the apparent size
        if (p.includes(`${path.sep}uploads${path.sep}`)) {
          uploads += size;
          files += 1;
        } else database += size;
      }
    }
  };
  walk(dir);
  return { total: database + uploads, database, uploads, files };
}

function start(dataDir: string): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_POSTS: '100000/60',
      RATE_LIMIT_UPLOADS: '100000/60',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      const ok = await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
    throw new Error('the server did not start');
  })();
  return { child, ready };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A photo-like image: smooth colour fields with fine grain (pure noise would not compress like a photo). */
async function photo(seed: number): Promise<Buffer> {
  const width = 2048;
  const height = 1536;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let c = 0; c < width; c++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      const grain = (x >> 16) % 24;
      const i = (y * width + c) * 3;
      raw[i] = (((c + seed * 37) % 512) / 2 + grain) & 255;
      raw[i + 1] = (((y + seed * 11) % 384) / 1.5 + grain) & 255;
      raw[i + 2] = ((128 + Math.sin((c + y + seed) / 90) * 90 + grain) | 0) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function main() {
  if (!fs.existsSync(entry)) throw new Error(`build the server first (npm run build): ${entry} is missing`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-resources-'));
  const report: Record<string, unknown> = { node: process.version, cpus: os.cpus().length, memoryMiB: mib(os.totalmem()) };
  let server = start(dataDir);
  try {
    await server.ready;
    const pid = server.child.pid ?? 0;

    await sleep(10_000);
    report.idle = { rssMiB: mib(rssBytes(pid)), loadAverage: load() };
    console.log('idle', report.idle);

    // The feed under wrk, RSS sampled meanwhile.
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 250);
    const loadBefore = load();
    // wrk in its own process, awaited, so the sampler keeps running meanwhile.
    const wrk = await new Promise<string>((resolve, reject) => {
      const run = spawn('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', `${BASE}/api/posts`]);
      let out = '';
      run.stdout.on('data', (d: Buffer) => (out += d.toString()));
      run.on('error', reject);
      run.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}`))));
    });
    clearInterval(sampler);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(wrk)?.[1] ?? 0);
    const p99 = /99%\s+(\S+)/.exec(wrk)?.[1] ?? '?';
    report.busy = {
      endpoint: 'GET /api/posts',
      connections: CONNECTIONS,
      seconds: DURATION,
      requestsPerSec: rps,
      p99,
      peakRssMiB: mib(peak),
      rssAfterMiB: mib(rssBytes(pid)),
      loadAverageBefore: loadBefore,
      loadAverageAfter: load(),
    };
    console.log('busy', report.busy);

    // Disk per POSTS posts with images.
    await stop(server.child);
    const before = folderBytes(dataDir);
    console.log('before', listing(dataDir));
    server = start(dataDir);
    await server.ready;
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mahalle-client': 'desktop' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const images = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((s) => photo(s)));
    const imageBytes = images.reduce((a, b) => a + b.length, 0) / images.length;
    const startedAt = Date.now();
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < POSTS; i = next++) {
        const fd = new FormData();
        fd.append('content', `Kaynak ölçümü gönderisi ${i}: mahallede bugün #ölçüm`);
        fd.append('type', 'image');
        const image = images[i % images.length] ?? images[0] ?? Buffer.alloc(0);
        fd.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `foto-${i}.jpg`);
        const res = await fetch(`${BASE}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
        if (res.status !== 201) throw new Error(`post ${i}: ${res.status} ${await res.text()}`);
      }
    };
    await Promise.all([worker(), worker()]);
    const postSeconds = (Date.now() - startedAt) / 1000;
    await stop(server.child); // checkpoints the WAL into the database file
    const after = folderBytes(dataDir);
    console.log('after', listing(dataDir));
    const per1000 = 1000 / POSTS;
    report.disk = {
      posts: POSTS,
      uploadedJpegKiB: Math.round(imageBytes / 1024),
      perThousandPostsMiB: mib((after.total - before.total) * per1000),
      databasePerThousandMiB: mib((after.database - before.database) * per1000),
      uploadsPerThousandMiB: mib((after.uploads - before.uploads) * per1000),
      filesPerPost: (after.files - before.files) / POSTS,
      secondsToPost: Math.round(postSeconds),
      loadAverageAfter: load(),
    };
    console.log('disk', report.disk);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
