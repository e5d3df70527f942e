/**
 * Benchmark of the list endpoints on a big community (not a test: it prints numbers).
 *
 *   npm run bench -w server                                   # SQLite, 10k and 100k posts
 *   npm run bench -w server -- --sizes=10000,100000,300000 --db=sqlite,postgres
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -w server -- --db=postgres
 *
 * Flags: --sizes=N,N  --db=sqlite,postgres  --duration=3 (s per wrk run)  --runs=3 (alternating)
 *        --connections=8  --only=label,label  --port=3390  --no-build  --json=file
 *        --server=path/to/index.js (another build, e.g. a copy of dist before a change); a comma-separated
 *        list measures several builds side by side in the same run (each on its own copy of the
 *        seed and its own port, alternating per endpoint), e.g. --server=dist-before/index.js,dist/index.js
 *        --names=before,after (labels of those builds)
 *        --seed-only (write the cached seeds of these sizes and databases, measure nothing)
 *        --node-flags='|--max-semi-space-size=2' (node flags per build, '|'-separated, after BENCH_NODE_FLAGS)
 *        --no-start-flags (leave out the node flags of `npm start`, which every build gets by default)
 *        --build-env='|MALLOC_ARENA_MAX=2' (environment per build, '|'-separated, each a space-separated list of NAME=value)
 *        BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (flags for the server's node)
 *
 * Seed: N posts by N/10 members (one in ten private), with hashtags (a few hundred tags, some far
 * more used than others), likes, comments, follows, questions and answers, spread over 90 days;
 * written by bulk inserts in transactions through knex on the schema of the base migrations, and
 * cached by size (SQLite: a file in /tmp/mahalle-bench; PostgreSQL: a template database), so
 * reruns only copy it. The server under test is the built server (dist/index.js) in its own
 * process, on a copy of the seed (its own migrations run on the copy at a first boot; the measured
 * server is the restart after it).
 *
 * Per endpoint: wrk (1 thread, 127.0.0.1 only, bounded duration) for req/s and p50/p95/p99; the
 * server's CPU per request from /proc/<pid>/stat; its RSS from /proc/<pid>/status. A bare
 * Express 5 app (bench/bare.mjs) on another port serves the feed's identical bytes from memory,
 * measured in the same run, alternating with the feed. Each figure is the median of the runs.
 * 'trending miss member' sends every request to a URL of its own (?miss=N), so the in-memory
 * cache of hot lists never answers it: what trending's database read costs a member.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { foldKey, hashtagKey } from '@mahalle/shared';
import { migrationSource } from '../src/db/migrations';
import { SessionService } from '../src/services/sessions';
import { rng } from './rng';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k, v.length ? v.join('=') : 'true'];
  }),
);
const SIZES = String(args.sizes ?? '10000,100000')
  .split(',')
  .map(Number);
const DBS = String(args.db ?? (process.env.DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
const DURATION = Number(args.duration ?? 3);
const RUNS = Number(args.runs ?? 3);
const CONNECTIONS = Number(args.connections ?? 8);
const ONLY = args.only ? String(args.only).split(',') : null;
const PORT = Number(args.port ?? 3390);
const BARE_PORT = PORT + 1;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CACHE = path.join(os.tmpdir(), 'mahalle-bench');
/** The seed is written on the schema of these migrations (the base), so any later code can boot on it. */
const SEED_UPTO = '20261122050000_daily_stats_indexes';
const SEED_VERSION = 'v3';
const ADMIN = { username: 'benchadmin', password: 'Bench.Sifre1' };
const MEMBER = { username: 'benchuye', password: 'Bench.Sifre1' };
const CLK_TCK = 100;
const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret';
/** The built servers to measure (default dist/index.js); other builds can be measured beside it. */
const SERVER_JS = String(args.server ?? path.join(serverDir, 'dist/index.js'))
  .split(',')
  .map((p) => path.resolve(serverDir, p));
const NAMES = args.names ? String(args.names).split(',') : SERVER_JS.map((p) => path.basename(path.dirname(p)));
const NODE_FLAGS = String(args['node-flags'] ?? '').split('|');
/** The node flags `npm start` runs the server with (scripts/start.sh), so the server is measured as it runs. */
const START_FLAGS = args['no-start-flags']
  ? ''
  : (/^exec node\s+(.*?)\s*"\$root\/server\/dist\/index\.js"/m.exec(fs.readFileSync(path.join(serverDir, '../scripts/start.sh'), 'utf8'))?.[1] ?? '')
      // A setting's default, as the script's shell would expand "${NAME:-default}" with NAME unset.
      .replace(/"\$\{\w+:-([^}]*)\}"/g, '$1');
const BUILD_ENV = String(args['build-env'] ?? '')
  .split('|')
  .map((list) =>
    Object.fromEntries(
      list
        .split(' ')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    ),
  );
/** Build i listens on portOf(i): the first on PORT, the bare app on PORT + 1, the others after it. */
const portOf = (i: number) => (i === 0 ? PORT : PORT + 1 + i);

fs.mkdirSync(CACHE, { recursive: true });

// ---------------------------------------------------------------- seed

const WORDS = [
  'koşu',
  'kitap',
  'eskişehir',
  'doğa',
  'müzik',
  'satranç',
  'yemek',
  'fotoğraf',
  'bisiklet',
  'tiyatro',
  'sinema',
  'yoga',
  'örgü',
  'bahçe',
  'kamp',
  'dağcılık',
  'çocuk',
  'kedi',
  'köpek',
  'gönüllü',
  'pazar',
  'konser',
  'şiir',
  'resim',
  'dans',
  'yüzme',
  'futbol',
  'basketbol',
  'ıhlamur',
  'çay',
];
/** The list's item at i, wrapping around; the lists here are never empty. */
function cycle<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('cycle over an empty list');
  return item;
}
const TAGS = Array.from({ length: 300 }, (_, k) => (k < WORDS.length ? cycle(WORDS, k) : `${cycle(WORDS, k)}${Math.floor(k / WORDS.length)}`));
const SPAN_MS = 90 * 86_400_000;

function seedFor(n: number) {
  const users = Math.max(10, Math.floor(n / 10));
  return { posts: n, users };
}

async function insertBatches(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[], size = 400) {
  for (let i = 0; i < rows.length; i += size) await trx(table).insert(rows.slice(i, i + size));
}

async function seed(db: Knex, n: number) {
  const { users: U } = seedFor(n);
  const rand = rng(n);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const t0 = Date.now();
  // Only the base schema: later migrations (and their backfills) run when the server boots on a copy.
  await db.migrate.latest({
    migrationSource: { ...migrationSource, getMigrations: async () => (await migrationSource.getMigrations([])).filter((m) => m <= SEED_UPTO) },
  });
  const CHUNK = 5000;
  await db.transaction(async (trx) => {
    const rows: Record<string, unknown>[] = [];
    for (let i = 1; i <= U; i++) {
      const username = `uye_${i}`;
      const at = iso(now - SPAN_MS - (U - i) * 1000);
      rows.push({
        id: i,
        username,
        username_key: foldKey(username),
        display_name: `Üye ${i} Çelik`,
        email: `uye${i}@ornek.org`,
        email_key: `uye${i}@ornek.org`,
        is_private: i % 10 === 3,
        created_at: at,
        updated_at: at,
      });
    }
    await insertBatches(trx, 'users', rows);
    const follows: Record<string, unknown>[] = [];
    for (let i = 1; i <= U; i++) for (let k = 1; k <= 3; k++) follows.push({ follower_id: i, following_id: ((i + k * 97) % U) + 1 });
    await insertBatches(
      trx,
      'follows',
      follows.filter((f) => f.follower_id !== f.following_id),
    );
  });
  let commentId = 0;
  for (let start = 1; start <= n; start += CHUNK) {
    await db.transaction(async (trx) => {
      const posts: Record<string, unknown>[] = [];
      const tags: Record<string, unknown>[] = [];
      const likes: Record<string, unknown>[] = [];
      const comments: Record<string, unknown>[] = [];
      for (let id = start; id < Math.min(n + 1, start + CHUNK); id++) {
        const at = iso(now - SPAN_MS + Math.floor((id / n) * SPAN_MS) - 60_000);
        const author = 1 + Math.floor(rand() * U);
        const postTags = new Set<string>();
        const count = 1 + Math.floor(rand() * 2);
        for (let k = 0; k < count; k++) postTags.add(cycle(TAGS, Math.floor(TAGS.length * rand() ** 3)));
        const likeCount = Math.floor(rand() ** 3 * 12);
        const commentCount = Math.floor(rand() ** 3 * 4);
        posts.push({
          id,
          author_id: author,
          type: 'text',
          category_id: 1 + (id % 13),
          created_at: at,
          updated_at: at,
          content: `Gönderi ${id}: bugün mahallede güzel bir gün. ${[...postTags].map((t) => `#${t}`).join(' ')}`,
          likes_count: likeCount,
          comments_count: commentCount,
          is_hidden: id % 100 === 7,
        });
        for (const t of postTags) tags.push({ post_id: id, tag: hashtagKey(t), created_at: at });
        for (let k = 0; k < likeCount; k++) likes.push({ post_id: id, user_id: ((author + k * 7919) % U) + 1, created_at: at });
        for (let k = 0; k < commentCount; k++)
          comments.push({ id: ++commentId, post_id: id, author_id: ((author + k * 31) % U) + 1, content: `Yorum ${k}`, created_at: at, updated_at: at });
      }
      await insertBatches(trx, 'posts', posts, 300);
      await insertBatches(trx, 'post_hashtags', tags);
      await insertBatches(
        trx,
        'post_likes',
        likes.filter((l, i, a) => i === 0 || l.post_id !== a[i - 1]?.post_id || l.user_id !== a[i - 1]?.user_id),
      );
      await insertBatches(trx, 'comments', comments, 300);
    });
  }
  await db.transaction(async (trx) => {
    const questions: Record<string, unknown>[] = [];
    const answers: Record<string, unknown>[] = [];
    const Q = Math.floor(n / 10);
    for (let id = 1; id <= Q; id++) {
      const at = iso(now - SPAN_MS + Math.floor((id / Q) * SPAN_MS));
      const title = `Soru ${id}: mahallede ${WORDS[id % WORDS.length]} nerede?`;
      const content = `Merhaba, ${WORDS[(id * 7) % WORDS.length]} için öneri arıyorum.`;
      questions.push({
        id,
        author_id: 1 + (id % U),
        title,
        content,
        category: 'Genel',
        tags: '[]',
        search_text: foldKey(`${title} ${content}`),
        upvotes: id % 17,
        views: id % 101,
        answers_count: id % 2,
        created_at: at,
        updated_at: at,
      });
      if (id % 2) answers.push({ question_id: id, author_id: 1 + ((id * 3) % U), content: 'Şuraya bakabilirsiniz.', created_at: at, updated_at: at });
    }
    await insertBatches(trx, 'questions', questions, 300);
    await insertBatches(trx, 'answers', answers, 300);
  });
  if (db.client.config.client === 'pg') {
    for (const t of ['users', 'posts', 'comments', 'questions', 'answers', 'follows']) {
      await db.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
    }
    await db.raw('analyze');
  } else {
    await db.raw('analyze');
  }
  console.log(`  seeded ${n} posts by ${U} members in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const seedKey = (n: number) => `${SEED_VERSION}_${n}`;

/** A fresh copy of the cached seed for one server run; returns the server's env. */
async function prepareDb(kind: string, n: number): Promise<{ env: { DATA_DIR: string } & Record<string, string>; cleanup: () => Promise<void> }> {
  const runTag = crypto.randomBytes(4).toString('hex');
  if (kind === 'sqlite') {
    const file = path.join(CACHE, `seed_${seedKey(n)}.sqlite`);
    if (!fs.existsSync(file)) {
      console.log(`  seeding SQLite ${n}...`);
      // A name of its own: two benchmarks seeding the same size at once each finish theirs.
      const tmp = `${file}.${process.pid}.tmp`;
      const db = knexFactory({
        client: 'sqlite3',
        connection: { filename: tmp },
        useNullAsDefault: true,
        pool: {
          min: 1,
          max: 1,
          afterCreate: (c: any, done: any) =>
            c.exec('PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON;', (e: any) => done(e, c)),
        },
      });
      await seed(db, n);
      await db.destroy();
      if (fs.existsSync(file)) fs.rmSync(tmp, { force: true });
      else fs.renameSync(tmp, file);
    }
    const dataDir = path.join(CACHE, `run_${runTag}`);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.copyFileSync(file, path.join(dataDir, 'mahalle.sqlite'));
    return { env: { DATA_DIR: dataDir }, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
  const seedDb = `mahalle_bench_seed_${seedKey(n)}`;
  const exists = await admin.raw('select 1 from pg_database where datname = ?', [seedDb]);
  if (exists.rows.length === 0) {
    console.log(`  seeding PostgreSQL ${n}...`);
    // A name of its own: two benchmarks seeding the same size at once each finish theirs.
    const tmpDb = `${seedDb}_tmp_${runTag}`;
    await admin.raw(`create database ${tmpDb}`);
    const url = new URL(PG_URL);
    url.pathname = `/${tmpDb}`;
    const db = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 2 } });
    await seed(db, n);
    await db.destroy();
    const done = await admin.raw('select 1 from pg_database where datname = ?', [seedDb]);
    if (done.rows.length) await admin.raw(`drop database ${tmpDb}`);
    else await admin.raw(`alter database ${tmpDb} rename to ${seedDb}`);
  }
  const runDb = `mahalle_bench_run_${runTag}`;
  await admin.raw(`create database ${runDb} template ${seedDb}`);
  const url = new URL(PG_URL);
  url.pathname = `/${runDb}`;
  const dataDir = path.join(CACHE, `run_${runTag}`);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cleanup: async () => {
      await admin.raw(`drop database if exists ${runDb} with (force)`);
      await admin.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- processes

function procStat(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuTicks = Number(fields[11]) + Number(fields[12]); // utime + stime
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuMs: (cpuTicks * 1000) / CLK_TCK, rssMiB: rssKb / 1024 };
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

function startServerProcess(env: Record<string, string>, build = 0): ChildProcess {
  const child = spawn(
    process.execPath,
    [...`${START_FLAGS} ${process.env.BENCH_NODE_FLAGS ?? ''} ${NODE_FLAGS[build] ?? ''}`.split(' ').filter(Boolean), SERVER_JS[build] ?? ''],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(portOf(build)),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SESSION_SECRET,
        WEB_DIR: path.join(CACHE, 'no-web'),
        ...env,
        ...BUILD_ENV[build],
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

// ---------------------------------------------------------------- wrk

const LUA = path.join(CACHE, 'report.lua');
fs.writeFileSync(
  LUA,
  `done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99),
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.bytes))
end
`,
);
/** The same report, every request to a URL of its own (?miss=N): an in-memory cache keyed by URL never answers one. */
const LUA_MISS = path.join(CACHE, 'report-miss.lua');
fs.writeFileSync(
  LUA_MISS,
  `${fs.readFileSync(LUA, 'utf8')}
counter = 0
request = function()
  counter = counter + 1
  return wrk.format(nil, wrk.path .. (string.find(wrk.path, "?", 1, true) and "&" or "?") .. "miss=" .. counter)
end
`,
);

interface Sample {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  cpuUs: number;
  rss: number;
  errors: number;
  requests: number;
}

function wrk(url: string, headers: Record<string, string>, pid: number, seconds = DURATION, script = LUA): Sample {
  const before = procStat(pid);
  const hdr = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const out = execFileSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, ...hdr, url], { encoding: 'utf8' });
  const after = procStat(pid);
  const m = /RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(out);
  if (!m) throw new Error(`wrk output: ${out}`);
  // The pattern has six groups that always take part, so each is there.
  const [requests = 0, durationUs = 0, p50 = 0, p95 = 0, p99 = 0, errs = 0] = m.slice(1, 7).map(Number);
  return {
    requests,
    rps: requests / (durationUs / 1e6),
    p50: p50 / 1000,
    p95: p95 / 1000,
    p99: p99 / 1000,
    cpuUs: ((after.cpuMs - before.cpuMs) * 1000) / Math.max(1, requests),
    rss: after.rssMiB,
    errors: errs,
  };
}

/** After a run whose requests outlast wrk (a slow endpoint), wait until the server's backlog is gone. */
async function settle(base: string) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const t = Date.now();
    try {
      await (await fetch(`${base}/api/health`)).arrayBuffer();
    } catch {
      /* busy */
    }
    if (Date.now() - t < 200) return;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length / 2;
  return s.length % 2 ? (s[Math.floor(mid)] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

// ---------------------------------------------------------------- endpoints

interface Endpoint {
  label: string;
  path: string;
  /** mix: page 1 of the feed, each request as the next of MIX_MEMBERS seeded members (a cookie each, rotating). */
  as: 'visitor' | 'member' | 'admin' | 'mix';
  /** The bare app's route serving this endpoint's own bytes (page 1 of a list a visitor reads). */
  bare?: string;
  /** Sent with `Accept-Encoding: <this>` (the bare app then sends the server's compressed bytes); wrk asks for none by default. */
  encoding?: 'br' | 'gzip';
  /** Each request a cache miss (a URL of its own), for what the database read costs. */
  miss?: boolean;
}

async function json(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

async function signIn(base: string, who: { username: string; password: string }, register: boolean): Promise<string> {
  const post = (p: string, body: unknown) =>
    fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
  let res = await post('/api/auth/login', { username: who.username, password: who.password, remember: true });
  if (!res.ok && register) {
    res = await post('/api/auth/register', {
      displayName: 'Bench Üye',
      username: who.username,
      email: `${who.username}@ornek.org`,
      password: who.password,
      confirmPassword: who.password,
      acceptTerms: true,
      acceptPrivacy: true,
    });
  }
  if (!res.ok) throw new Error(`sign-in of ${who.username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Page 1 and a deep page (about 90% down) of each list; deep cursors come from the database. */
async function endpoints(db: Knex, n: number, base: string, cookies: Record<string, string>): Promise<Endpoint[]> {
  const deepPost = (
    await db('posts')
      .orderBy('id', 'asc')
      .offset(Math.floor(n * 0.1))
      .first('id')
  ).id as number;
  const kitaplar = (await db('categories').where({ slug: 'kitaplar' }).first('id')).id as number;
  const popDeep = await db('posts')
    .where({ category_id: kitaplar, is_hidden: false })
    .orderBy([
      { column: 'likes_count', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(Math.floor((n / 13) * 0.9))
    .first('likes_count', 'id');
  const author = (await db('posts').groupBy('author_id').orderByRaw('count(*) desc').first('author_id')).author_id as number;
  // A deep page that is still a full page: the 21st oldest post, so 20 older ones follow it (page 1 and a page
  // of three would not compare the same work).
  const authorPosts = Number((await db('posts').where({ author_id: author }).count({ c: '*' }))[0]?.c ?? 0);
  const authorDeep = (
    await db('posts')
      .where({ author_id: author })
      .orderBy('id', 'asc')
      .offset(Math.min(20, authorPosts - 1))
      .first('id')
  ).id as number;
  const tag = hashtagKey(cycle(TAGS, 0));
  const tagCount = Number((await db('post_hashtags').where({ tag }).count({ c: '*' }))[0]?.c ?? 0);
  const tagDeep = (
    await db('post_hashtags')
      .where({ tag })
      .orderBy('post_id', 'asc')
      .offset(Math.floor(tagCount * 0.1))
      .first('post_id')
  ).post_id as number;
  // Q&A: numbered pages before; the deep page is page 90% of the way, or the cursor to it.
  const qa = await json(`${base}/api/questions`, {});
  const qCount = Math.floor(n / 10);
  const qaDeepPage = Math.max(1, Math.floor((qCount / 10) * 0.9));
  let qaDeep = `/api/questions?page=${qaDeepPage}`;
  if ('nextCursor' in qa.body) {
    const qDeep = (
      await db('questions')
        .orderBy('id', 'asc')
        .offset(Math.floor(qCount * 0.1))
        .first('id')
    ).id as number;
    qaDeep = `/api/questions?cursor=${Buffer.from(JSON.stringify([qDeep + 1])).toString('base64url')}&page=${qaDeepPage}`;
  }
  // Deep pages name the last id seen both ways: `before` (servers before the one cursor) and `cursor`.
  const deepOf = (id: number) => `before=${id}&cursor=${Buffer.from(JSON.stringify([id])).toString('base64url')}`;
  // The post with the most comments, as someone arriving from a shared link reads it.
  const talked = (await db('posts').where({ is_hidden: false }).orderBy('comments_count', 'desc').first('id')).id as number;
  void cookies;
  const lists: Endpoint[] = [
    { label: 'health', path: '/api/health', as: 'visitor' },
    { label: 'feed p1 visitor', path: '/api/posts', as: 'visitor', bare: 'v' },
    { label: 'feed deep visitor', path: `/api/posts?${deepOf(deepPost)}`, as: 'visitor' },
    { label: 'feed p1 member', path: '/api/posts', as: 'member', bare: 'm' },
    { label: 'feed deep member', path: `/api/posts?${deepOf(deepPost)}`, as: 'member' },
    { label: 'feed p1 member mix', path: '/api/posts', as: 'mix', bare: 'm' },
    { label: 'category popular p1', path: '/api/posts?category=kitaplar&sort=popular', as: 'visitor', bare: 'cat' },
    {
      label: 'category popular deep',
      path: `/api/posts?category=kitaplar&sort=popular&cursor=${Buffer.from(`${popDeep.likes_count}:${popDeep.id}`).toString('base64url')}`,
      as: 'visitor',
    },
    { label: 'author posts p1', path: `/api/users/${author}/posts`, as: 'visitor', bare: 'author' },
    { label: 'author posts deep', path: `/api/users/${author}/posts?${deepOf(authorDeep)}`, as: 'visitor' },
    { label: 'hashtag p1', path: `/api/hashtags/${encodeURIComponent(cycle(TAGS, 0))}/posts`, as: 'visitor', bare: 'tag' },
    { label: 'hashtag deep', path: `/api/hashtags/${encodeURIComponent(cycle(TAGS, 0))}/posts?${deepOf(tagDeep)}`, as: 'visitor' },
    { label: 'trending', path: '/api/hashtags/trending', as: 'visitor' },
    { label: 'trending miss member', path: '/api/hashtags/trending', as: 'member', miss: true },
    { label: 'q&a p1', path: '/api/questions', as: 'visitor', bare: 'qa' },
    { label: 'q&a deep', path: qaDeep, as: 'visitor' },
    { label: 'q&a search, no match', path: `/api/questions?search=${encodeURIComponent('zzqxw')}`, as: 'visitor' },
    { label: 'post p1 visitor', path: `/api/posts/${talked}`, as: 'visitor', bare: 'post' },
    { label: 'post comments p1', path: `/api/posts/${talked}/comments`, as: 'visitor', bare: 'comments' },
    { label: 'blog p1', path: '/api/blog/posts', as: 'visitor', bare: 'blog' },
    { label: 'groups p1', path: '/api/hobby-groups', as: 'visitor', bare: 'groups' },
    { label: 'events p1', path: '/api/events', as: 'visitor', bare: 'events' },
    { label: 'admin member search', path: `/api/admin/users?search=${encodeURIComponent('uye_12')}`, as: 'admin' },
    { label: 'community stats', path: '/api/stats', as: 'visitor' },
    { label: 'categories', path: '/api/categories', as: 'visitor' },
  ];
  // What a browser gets: the same visitor pages asked with Accept-Encoding: br, against the bare app sending the same brotli bytes.
  const compressed = lists
    .filter((e) => e.bare && e.as === 'visitor')
    .map((e): Endpoint => ({ ...e, label: `${e.label} br`, bare: `${e.bare}-br`, encoding: 'br' }));
  return [...lists, ...compressed].filter((e) => !ONLY || ONLY.some((o) => e.label.includes(o)));
}

/**
 * The seed has posts, questions and members; the blog, groups and events a visitor also reads get
 * a page's worth each here, through the API as an admin writes them (once per seeded copy).
 */
async function publicContent(base: string, adminCookie: string) {
  const post = async (p: string, body: unknown) => {
    const res = await fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: adminCookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  if (((await json(`${base}/api/blog/posts`, {})).body as unknown as unknown[]).length) return;
  const paragraph = `<p>${'Mahallemizde bu hafta neler oldu, kısaca anlatıyoruz. '.repeat(8)}</p>`;
  for (let k = 0; k < 24; k++) {
    await post('/api/blog/posts', { title: `Mahalle günlüğü ${k + 1}`, content: paragraph.repeat(3), published: true });
    await post('/api/hobby-groups', { name: `Bench grubu ${k + 1}`, description: 'Haftada bir buluşan, herkese açık bir hobi grubu.' });
    await post('/api/events', {
      title: `Bench buluşması ${k + 1}`,
      description: 'Parkta kısa bir buluşma; herkes davetli.',
      date: new Date(Date.now() + (k + 1) * 3_600_000 * 6).toISOString(),
    });
  }
}

/** A GET's bytes as sent (fetch would decode them), with the encoding asked for. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 400) reject(new Error(`${url}: ${res.statusCode}`));
          else resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] });
        });
      })
      .on('error', reject);
  });
}

// ---------------------------------------------------------------- the member mix

/** Seeded members the mix rotates over: the first of them, so about one in ten is private and a quarter follow a private account. */
const MIX_MEMBERS = 100;

function openDb(kind: string, env: Record<string, string>): Knex {
  return kind === 'sqlite'
    ? knexFactory({
        client: 'sqlite3',
        connection: { filename: path.join(env.DATA_DIR ?? '', 'mahalle.sqlite') },
        useNullAsDefault: true,
        pool: { min: 1, max: 1 },
      })
    : knexFactory({ client: 'pg', connection: env.DATABASE_URL, pool: { min: 0, max: 1 } });
}

/** A session for each mix member, as the server keys them (an HMAC of the token with the bench's SESSION_SECRET). */
async function mixSessions(db: Knex): Promise<string[]> {
  const sessions = new SessionService(db, SESSION_SECRET);
  const tokens: string[] = [];
  for (let id = 1; id <= MIX_MEMBERS; id++) tokens.push((await sessions.create(id, { remember: true })).token);
  return tokens;
}

async function mixComposition(db: Knex): Promise<string> {
  const ids = Array.from({ length: MIX_MEMBERS }, (_, k) => k + 1);
  const priv = Number((await db('users').whereIn('id', ids).where({ is_private: true }).count({ c: '*' }))[0]?.c ?? 0);
  const reach = Number(
    (
      await db('follows as f')
        .join('users as u', 'u.id', 'f.following_id')
        .whereIn('f.follower_id', ids)
        .where('u.is_private', true)
        .countDistinct({ c: 'f.follower_id' })
    )[0]?.c ?? 0,
  );
  return `${MIX_MEMBERS} members, ${priv} private, ${reach} following a private account`;
}

/** wrk's script for the mix: the same report, each request with the next member's cookie. */
function mixScript(build: number, cookies: string[]): string {
  const file = path.join(CACHE, `report-mix-${build}.lua`);
  fs.writeFileSync(
    file,
    `${fs.readFileSync(LUA, 'utf8')}
cookies = { ${cookies.map((c) => `"${c}"`).join(', ')} }
counter = 0
request = function()
  counter = counter % #cookies + 1
  return wrk.format(nil, nil, { ["Cookie"] = cookies[counter] })
end
`,
  );
  return file;
}

// ---------------------------------------------------------------- main

interface Row {
  build: string;
  db: string;
  n: number;
  label: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  cpuUs: number;
  rss: number;
  errors: number;
  rpsMin: number;
  rpsMax: number;
  bareRps?: number;
  bareCpuUs?: number;
  /** The bare app's own tail under the same wrk load: what this machine allows any Node server. */
  bareP99p50?: number;
}

const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function benchOne(kind: string, n: number): Promise<Row[]> {
  const builds = SERVER_JS.map((_, i) => i);
  const dbs = [];
  for (const _ of builds) dbs.push(await prepareDb(kind, n));
  const baseOf = (i: number) => `http://127.0.0.1:${portOf(i)}`;
  const base = baseOf(0);
  const env = dbs[0]!.env;
  const servers: ChildProcess[] = [];
  let bare: ChildProcess | null = null;
  const rows: Row[] = [];
  try {
    for (const i of builds) {
      // A first boot runs the later migrations (and their backfills) on the copy; the measured server
      // is a restart, so its RSS is a running server's, not the high-water mark of a backfill.
      const migrating = startServerProcess(dbs[i]!.env, i);
      try {
        // The backfills of a big seed take minutes on a busy machine.
        await waitFor(`${baseOf(i)}/api/health`, migrating, 900_000);
      } finally {
        await stop(migrating);
      }
      const t0 = Date.now();
      const server = startServerProcess(dbs[i]!.env, i);
      servers.push(server);
      await waitFor(`${baseOf(i)}/api/health`, server);
      console.log(
        `  [${NAMES[i]} ${kind} ${n}] server healthy in ${((Date.now() - t0) / 1000).toFixed(1)} s, rss ${procStat(server.pid!).rssMiB.toFixed(0)} MiB; load ${load()}`,
      );
    }
    const cookiesOf = [];
    for (const i of builds) {
      cookiesOf.push({ visitor: '', member: await signIn(baseOf(i), MEMBER, true), admin: await signIn(baseOf(i), ADMIN, false) });
    }
    const cookies = cookiesOf[0]!;
    // The rotating member mix: a session per seeded member, written into each build's copy.
    const mixLua: string[] = [];
    const mixCookies: string[][] = [];
    for (const i of builds) {
      const copy = openDb(kind, dbs[i]!.env);
      try {
        const tokens = await mixSessions(copy);
        mixCookies.push(tokens.map((t) => `mahalle_sid=${t}`));
        mixLua.push(mixScript(i, mixCookies[i]!));
        if (i === 0) console.log(`  [${kind} ${n}] member mix: ${await mixComposition(copy)}`);
      } finally {
        await copy.destroy();
      }
    }
    for (const i of builds) await publicContent(baseOf(i), cookiesOf[i]!.admin);
    const db = openDb(kind, env);
    const list = await endpoints(db, n, base, cookies);
    await db.destroy();
    // The baseline serves each list's own bytes (as the server sent them, compressed where asked).
    const files: string[] = [];
    for (const e of list) {
      if (!e.bare) continue;
      const c = e.as === 'mix' ? cookies.member : cookies[e.as];
      const headers: Record<string, string> = { 'accept-encoding': e.encoding ?? 'identity', ...(c ? { cookie: c } : {}) };
      // Twice: the second is what a shared page answers from memory.
      await rawGet(base + e.path, headers);
      const res = await rawGet(base + e.path, headers);
      // A body under compression's threshold (a single post) goes out as it is, from the server and so from the bare app.
      const file = path.join(env.DATA_DIR, `bare-${e.bare}.json`);
      fs.writeFileSync(file, res.body);
      files.push(`${e.bare}=${file}${res.encoding ? `=${res.encoding}` : ''}`);
    }
    // A route the bare app always has, to know it is up.
    files.push(`ready=${path.join(here, 'bare.mjs')}`);
    bare = spawn(process.execPath, [path.join(here, 'bare.mjs')], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', BARE_PORT: String(BARE_PORT), BARE_FILES: files.join(',') },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`http://127.0.0.1:${BARE_PORT}/ready`, bare);
    // Warm-up: every endpoint a little, so the first measured run is not the JIT's.
    for (const i of builds) {
      for (const e of list) {
        const c = e.as === 'mix' ? '' : cookiesOf[i]![e.as];
        for (let k = 0; k < (e.as === 'mix' ? MIX_MEMBERS : 20); k++) {
          const cookie = e.as === 'mix' ? mixCookies[i]![k] : c;
          const headers: Record<string, string> = cookie ? { cookie } : {};
          const res = await fetch(baseOf(i) + e.path, { headers });
          if (!res.ok) throw new Error(`${e.path}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      }
    }
    wrk(`http://127.0.0.1:${BARE_PORT}/ready`, {}, bare.pid!, 1);
    const samples = new Map<string, { s: Sample[][]; bare: Sample[] }>();
    for (let run = 0; run < RUNS; run++) {
      for (const e of list) {
        const entry = samples.get(e.label) ?? { s: builds.map(() => []), bare: [] };
        samples.set(e.label, entry);
        // Alternate: baseline first on even runs, last on odd ones; the builds in turn, rotated each run.
        const enc: Record<string, string> = e.encoding ? { 'accept-encoding': e.encoding } : {};
        const measureBare = () => e.bare && entry.bare.push(wrk(`http://127.0.0.1:${BARE_PORT}/${e.bare}`, enc, bare!.pid!));
        if (run % 2 === 0) measureBare();
        for (let k = 0; k < builds.length; k++) {
          const i = (k + run) % builds.length;
          const c = e.as === 'mix' ? '' : cookiesOf[i]![e.as];
          const script = e.as === 'mix' ? mixLua[i]! : e.miss ? LUA_MISS : LUA;
          entry.s[i]!.push(wrk(baseOf(i) + e.path, { ...enc, ...(c ? { cookie: c } : {}) }, servers[i]!.pid!, DURATION, script));
          await settle(baseOf(i));
        }
        if (run % 2 === 1) measureBare();
      }
      console.log(`  [${kind} ${n}] run ${run + 1}/${RUNS} done; load ${load()}`);
    }
    for (const e of list) {
      const { s: perBuild, bare: b } = samples.get(e.label)!;
      for (const i of builds) {
        const s = perBuild[i]!;
        const pick = (xs: Sample[], k: keyof Sample) => median(xs.map((x) => x[k]));
        rows.push({
          build: NAMES[i] ?? String(i),
          db: kind,
          n,
          label: e.label,
          rps: pick(s, 'rps'),
          p50: pick(s, 'p50'),
          p95: pick(s, 'p95'),
          p99: pick(s, 'p99'),
          cpuUs: pick(s, 'cpuUs'),
          rss: Math.max(...s.map((x) => x.rss)),
          rpsMin: Math.min(...s.map((x) => x.rps)),
          rpsMax: Math.max(...s.map((x) => x.rps)),
          errors: s.reduce((a, x) => a + x.errors, 0),
          ...(b.length ? { bareRps: pick(b, 'rps'), bareCpuUs: pick(b, 'cpuUs'), bareP99p50: pick(b, 'p99') / pick(b, 'p50') } : {}),
        });
      }
    }
  } finally {
    if (bare) await stop(bare);
    for (const server of servers) await stop(server);
    for (const d of dbs) await d.cleanup();
  }
  return rows;
}

function printTable(rows: Row[]) {
  const head = [
    'build',
    'db',
    'posts',
    'endpoint',
    'req/s',
    'req/s range',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'p99/p50',
    'CPU µs/req',
    'RSS MiB',
    'bare req/s',
    '% of bare',
    'bare p99/p50',
    'err',
  ];
  const lines = rows.map((r) => [
    r.build,
    r.db,
    String(r.n),
    r.label,
    r.rps.toFixed(0),
    `${r.rpsMin.toFixed(0)}–${r.rpsMax.toFixed(0)}`,
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.p99.toFixed(2),
    (r.p99 / r.p50).toFixed(1),
    r.cpuUs.toFixed(0),
    r.rss.toFixed(0),
    r.bareRps ? r.bareRps.toFixed(0) : '',
    r.bareRps ? `${((100 * r.rps) / r.bareRps).toFixed(0)}%` : '',
    r.bareP99p50 ? r.bareP99p50.toFixed(1) : '',
    String(r.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const fmt = (l: string[]) => l.map((c, i) => (i < 4 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ');
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const l of lines) console.log(fmt(l));
}

if (!args['no-build']) {
  console.log('building the server (tsup)...');
  execFileSync('npx', ['tsup', '--silent'], { cwd: serverDir, stdio: 'inherit' });
}
console.log(
  `bench: sizes ${SIZES.join(', ')}; ${DBS.join(', ')}; wrk ${DURATION}s × ${RUNS} runs, ${CONNECTIONS} connections; ${os.cpus().length} cores; server node flags: ${START_FLAGS || 'none'}; load ${load()}`,
);
if (args['seed-only']) {
  for (const kind of DBS) for (const n of SIZES) await (await prepareDb(kind, n)).cleanup();
  process.exit(0);
}
const all: Row[] = [];
for (const kind of DBS) {
  for (const n of SIZES) {
    const rows = await benchOne(kind, n);
    all.push(...rows);
    // Each database and size as it ends, so a later failure loses nothing measured.
    printTable(rows);
    if (args.json) fs.writeFileSync(String(args.json), JSON.stringify(all, null, 2));
  }
}
console.log(`\nload average at the end: ${load()}\n`);
printTable(all);
if (args.json) fs.writeFileSync(String(args.json), JSON.stringify(all, null, 2));
