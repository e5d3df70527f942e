/**
 * Spam-wave benchmark (not a test: it prints numbers).
 *   npm run bench:spam -w server
 *   BENCH_PORT=3240 npm run bench:spam -w server
 *
 * Starts the server (tsx, production settings) as a child process on a fresh SQLite database
 * without the demo community, with TRUST_PROXY=1 so X-Forwarded-For names the sender's address.
 * The admin lists two watched words: `kumar` (onaya gönder) and `bahis` (işaretle), and makes one
 * site moderator. Then 50 fresh accounts (trust level 0), registered from 10 addresses, each post
 * 10 link-spam items carrying a dodged spelling of one of the two words (k.u.m.a.r, kuuumar, b4his,
 * B A H İ S...), all 500 at once, at most 20 in flight. It prints how many were published, held
 * for approval or refused (by code), how many of the spammers' posts a visitor's feed shows, how
 * many entries the review queue holds, and how long the moderator's 50 actions take through the
 * API, one after another as a moderator works: claim the queue's first entry and decide it (hide
 * with a reason), total and p50/p95 per action. Extra environment variables reach the server.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const port = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3236);
const base = `http://127.0.0.1:${port}`;
const ADMIN = { username: 'bench_admin', password: 'Bench.Admin.Sifre1' };
const PASSWORD = 'Spam.Dalga.Sifre1';
const ACCOUNTS = 50;
const ITEMS = 10;
const IN_FLIGHT = 20;
const ACTIONS = 50;
const ADDRESSES = Array.from({ length: 10 }, (_, i) => `10.66.0.${i + 1}`);
const HELD_DODGES = ['k.u.m.a.r', 'kuuumar', 'KUM4R', 'k u m a r', 'kumaaar'];
const FLAG_DODGES = ['b4his', 'B A H İ S', 'bahhhis', 'b-a-h-i-s', 'BAH1S'];

const tsx = path.join(here, '../../node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-spam-wave-'));
const child = spawn(tsx, [path.join(root, 'server/src/index.ts')], {
  cwd: path.join(root, 'server'),
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    SEED_DEMO: 'false',
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForHealth() {
  const start = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('the server exited');
    if (Date.now() - start > 90_000) throw new Error('the server did not start in 90 s');
    await sleep(200);
  }
}

/** One browser: its cookie and its address. */
class Client {
  cookie = '';
  constructor(readonly address: string) {}
  async call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(base + url, {
        method,
        headers: {
          'x-forwarded-for': this.address,
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
      if (set.length) this.cookie = set.join('; ');
      const text = await res.text();
      const parsed = text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
      // Sign-up bursts from one address meet the auth limit: wait as told, like a patient bot.
      if (res.status === 429 && url.startsWith('/api/auth/') && attempt < 20) {
        retries += 1;
        await sleep(1000 * Number(res.headers.get('retry-after') ?? 1));
        continue;
      }
      return { status: res.status, body: parsed, headers: res.headers };
    }
  }
}
let retries = 0;

function ok<T>(res: { status: number; body: T }, what: string): T {
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function register(username: string, address: string): Promise<Client> {
  const c = new Client(address);
  ok(
    await c.call('POST', '/api/auth/register', {
      displayName: `Fırsat ${username}`,
      username,
      email: `${username}@spam.example`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      acceptPrivacy: true,
    }),
    `register ${username}`,
  );
  return c;
}

async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

try {
  await waitForHealth();
  const admin = new Client('10.66.1.1');
  ok(await admin.call('POST', '/api/auth/login', ADMIN), 'admin login');
  ok(await admin.call('POST', '/api/admin/watched-words', { word: 'kumar', action: 'require_approval' }), 'watched word kumar');
  ok(await admin.call('POST', '/api/admin/watched-words', { word: 'bahis', action: 'flag' }), 'watched word bahis');
  const mod = await register('bench_moderator', '10.66.1.2');
  const modId = ok(await mod.call('GET', '/api/auth/me'), 'moderator me').id as number;
  ok(await admin.call('PATCH', `/api/admin/users/${modId}`, { role: 'moderator' }), 'make moderator');

  const t0 = performance.now();
  const spammers = await pool(
    Array.from({ length: ACCOUNTS }, (_, i) => () => register(`firsat_${i}`, ADDRESSES[i % ADDRESSES.length]!)),
    10,
  );
  const registerMs = performance.now() - t0;
  const ids = new Set<number>();
  for (const s of spammers) ids.add(ok(await s.call('GET', '/api/auth/me'), 'me').id as number);

  const outcomes = new Map<string, number>();
  const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
  const t1 = performance.now();
  await pool(
    spammers.flatMap((s, a) =>
      Array.from({ length: ITEMS }, (_, n) => async () => {
        const held = n % 2 === 0;
        const word = held ? HELD_DODGES[(a + n) % HELD_DODGES.length] : FLAG_DODGES[(a + n) % FLAG_DODGES.length];
        const content = `Kazanmak çok kolay! ${word} için hemen tıkla https://firsat-${a}.example/k${n} ve https://kazan.example/${a}-${n}`;
        const res = await s.call('POST', '/api/posts', { content });
        if (res.status === 201) count(res.body?.pendingApproval ? 'held' : 'published');
        else count(`refused ${res.status} ${res.body?.code ?? ''}`);
      }),
    ),
    IN_FLIGHT,
  );
  const postMs = performance.now() - t1;

  // What a visitor's feed shows of the wave, paged through to the end.
  const visitor = new Client('10.66.2.1');
  let inFeed = 0;
  let cursor: string | null = null;
  do {
    const res = await visitor.call('GET', `/api/posts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const items = ok(res, 'feed') as { author: { id: number } | null }[];
    inFeed += items.filter((p) => p.author && ids.has(p.author.id)).length;
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);

  const queue = ok(await mod.call('GET', '/api/admin/queue?limit=1'), 'queue') as { total: number };

  // The moderator's 50 actions: claim the first entry, then decide it, one after another.
  const times: number[] = [];
  const t2 = performance.now();
  for (let i = 0; i < ACTIONS; i++) {
    const page = ok(await mod.call('GET', '/api/admin/queue?limit=1'), 'queue page') as { items: { id: number; kind: string }[] };
    const entry = page.items[0];
    if (!entry) break;
    const a = performance.now();
    ok(await mod.call('POST', `/api/admin/queue/${entry.id}/claim`), 'claim');
    ok(await mod.call('POST', `/api/admin/queue/${entry.id}/decide`, { action: 'hide', reason: 'Spam' }), 'decide');
    times.push(performance.now() - a);
  }
  const actionsMs = performance.now() - t2;
  const after = ok(await mod.call('GET', '/api/admin/queue?limit=1'), 'queue after') as { total: number };
  const sorted = [...times].sort((x, y) => x - y);

  const load = fs.readFileSync('/proc/loadavg', 'utf8').trim();
  console.log(`spam wave: ${ACCOUNTS} new accounts (trust level 0) from ${ADDRESSES.length} addresses, ${ACCOUNTS * ITEMS} link-spam posts`);
  console.log(`  registered in ${(registerMs / 1000).toFixed(1)} s (${retries} sign-ups waited for the per-address limit)`);
  console.log(`  posted in ${(postMs / 1000).toFixed(1)} s, ${IN_FLIGHT} in flight`);
  for (const [k, v] of [...outcomes].sort()) console.log(`  ${k}: ${v}`);
  console.log(`  spammers' posts in a visitor's feed: ${inFeed}`);
  console.log(`  review queue entries: ${queue.total}`);
  console.log(
    `  moderator: ${times.length} actions (claim + hide through the API) take ${(times.reduce((x, y) => x + y, 0) / 1000).toFixed(2)} s, p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms per action; ${(actionsMs / 1000).toFixed(2)} s with reading the queue's next entry before each`,
  );
  console.log(`  queue entries left: ${after.total}`);
  console.log(`  load average: ${load}`);
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
