/**
 * Benchmark of the weekly neighbourhood digest (not a test: it prints numbers).
 *
 *   npm run bench:digest -w server
 *   npm run bench:digest -w server -- --members=10000 --probe=5 --connections=4
 *   npm run bench:digest -w server -- --db=postgres --explain-only   (DATABASE_URL, default the test server)
 *   --drain=false: the job only, not the queue's sending after it; --explain=false: no plans
 *
 * On a copy of the feed benchmark's cached 100k-post SQLite seed (bench/feed.ts writes it; this
 * script asks it to when it is missing): the server runs in this process on the copy (its
 * migrations bring the seed up to date), the seed gets places (12 districts, 240 neighbourhoods,
 * every member and post in one), 400 events in the coming week, 150 hobby groups with members
 * (a fifth joined this week) and 6,000 group posts of the week, questions across the categories,
 * and --members members with the digest on and due now. Then the digest job's work
 * (sendDueDigests: build and queue) runs once for all of them, in the server's own process as
 * the job does, and after it the delivery queue's drain (mails to an SMTP sink in a child
 * process). Printed for each: the per-member cost, the p95 of the feed (GET /api/posts as a
 * signed-in member, from a child process) while it runs against idle before and after, the
 * event loop's delay meanwhile, and the load average.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { QUESTION_CATEGORIES } from '@mahalle/shared';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';
import knexFactory, { type Knex } from 'knex';
import { sendDueDigests } from '../src/services/digest/send';
import { buildDigests, DigestCache } from '../src/services/digest/content';
import { isPostgres } from '../src/db/engine';
import { drainDeliveries } from '../src/services/delivery/drain';
import { weekOf } from '../src/services/digest/schedule';
import { rng } from './rng';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k, v.length ? v.join('=') : 'true'];
  }),
);
const MEMBERS = Number(args.members ?? 10_000);
const PROBE_SEC = Number(args.probe ?? 5);
const CONNECTIONS = Number(args.connections ?? 4);
const CACHE = path.join(os.tmpdir(), 'mahalle-bench');
const SEED = path.join(CACHE, 'seed_v3_100000.sqlite');
const DAY = 86_400_000;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

const PG = args.db === 'postgres';
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The feed benchmark's cached PostgreSQL seed (a database), copied as a template for this run. */
const PG_SEED = 'mahalle_bench_seed_v3_100000';
const pgAdmin = PG ? knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } }) : null;
const pgRun = `mahalle_bench_digest_${process.pid}`;

const seeded = PG ? (await pgAdmin!.raw('select 1 from pg_database where datname = ?', [PG_SEED])).rows.length > 0 : fs.existsSync(SEED);
if (!seeded) {
  console.log(`seeding the 100k-post ${PG ? 'PostgreSQL' : 'SQLite'} seed (bench/feed.ts --seed-only)...`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'feed.ts'), '--seed-only', '--sizes=100000', `--db=${PG ? 'postgres' : 'sqlite'}`, '--no-build'],
    {
      cwd: serverDir,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: PG_URL },
    },
  );
}
const dataDir = fs.mkdtempSync(path.join(CACHE, 'digest_'));
let databaseUrl: string | null = null;
if (PG) {
  await pgAdmin!.raw(`create database ${pgRun} template ${PG_SEED}`);
  const url = new URL(PG_URL);
  url.pathname = `/${pgRun}`;
  databaseUrl = url.toString();
} else fs.copyFileSync(SEED, path.join(dataDir, 'mahalle.sqlite'));

/** A child process: an SMTP server that takes every message and counts it (so sending costs this process only its own side). */
function smtpSink(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const { SMTPServer } = require('smtp-server');
       const s = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
         onData(stream, _s, cb) { stream.on('data', () => {}); stream.on('end', () => cb()); } });
       s.listen(0, '127.0.0.1', () => console.log('PORT ' + s.server.address().port));`,
    ],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve) => child.stdout!.on('data', (d: Buffer) => resolve({ child, url: `smtp://127.0.0.1:${/PORT (\d+)/.exec(String(d))![1]}` })));
}

/** A child process that requests `url` over CONNECTIONS keep-alive loops for `seconds` and answers the latencies' p50/p95/p99. */
function probe(url: string, cookie: string, seconds: number): Promise<{ n: number; p50: number; p95: number; p99: number; errors: number }> {
  const script = `
    const until = Date.now() + ${seconds * 1000}; const times = []; let errors = 0;
    async function loop() { while (Date.now() < until) { const s = performance.now();
      try { const r = await fetch(${JSON.stringify(url)}, { headers: { cookie: ${JSON.stringify(cookie)} } }); await r.arrayBuffer(); if (r.status !== 200) errors++; } catch { errors++; }
      times.push(performance.now() - s); } }
    Promise.all(Array.from({ length: ${CONNECTIONS} }, loop)).then(() => { times.sort((a, b) => a - b);
      const q = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))];
      console.log(JSON.stringify({ n: times.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), errors })); });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`probe exited ${code}`))));
  });
}

const fmt = (r: { n: number; p50: number; p95: number; p99: number }) =>
  `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${r.n} requests)`;

/**
 * The plan of every statement one page of digests runs (the page's five member queries and the
 * per-key reads its members need first), captured from knex as they run and explained by the engine.
 */
async function explainPage(db: Knex, now: Date) {
  const ids: number[] = (await db('digest_settings').orderBy('user_id').limit(100).pluck('user_id')).map(Number);
  const seen = new Map<string, unknown[]>();
  const capture = (q: { sql: string; bindings?: unknown[] }) => {
    if (!seen.has(q.sql)) seen.set(q.sql, q.bindings ?? []);
  };
  db.on('query', capture);
  try {
    await buildDigests(db, ids, now, new DigestCache(now));
  } finally {
    db.off('query', capture);
  }
  const pg = isPostgres(db);
  console.log(`plans of one page (${ids.length} members, ${seen.size} distinct statements, ${pg ? 'PostgreSQL' : 'SQLite'}):`);
  for (const [sql, bindings] of seen) {
    // PostgreSQL's statements come with $1, $2…: back to knex's placeholders, in order.
    const raw = db.raw(sql.replace(/\$\d+/g, '?'), bindings as Knex.RawBinding[]).toQuery();
    const plan = (await db.raw(pg ? `explain ${raw}` : `explain query plan ${raw}`)) as unknown;
    const lines = pg ? (plan as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']) : (plan as { detail: string }[]).map((r) => r.detail);
    console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 160)}${sql.length > 160 ? '…' : ''}\n    ${lines.join('\n    ')}`);
  }
}

/** Runs `work` while the feed is probed window after window; answers its value, its seconds and a line on the feed's p95 and the event loop's delay meanwhile. */
async function whileProbing<T>(url: string, cookie: string, work: () => Promise<T>, loop: IntervalHistogram) {
  const started = performance.now();
  let running = true;
  loop.enable();
  const task = work().finally(() => {
    running = false;
  });
  const windows: Awaited<ReturnType<typeof probe>>[] = [];
  while (running) {
    const r = await probe(url, cookie, PROBE_SEC);
    if (running || windows.length === 0) windows.push(r);
  }
  const value = await task;
  loop.disable();
  const seconds = (performance.now() - started) / 1000;
  const p95s = windows.map((r) => r.p95).sort((a, b) => a - b);
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const report =
    `feed meanwhile: p95 per ${PROBE_SEC}s window median ${q(p95s, 0.5).toFixed(1)} ms, worst ${p95s.at(-1)?.toFixed(1)} ms over ${windows.length} windows;` +
    ` event-loop delay p50 ${ms(loop.percentile(50))} ms p99 ${ms(loop.percentile(99))} ms max ${ms(loop.max)} ms   load ${load()}`;
  return { value, seconds, report };
}

async function main() {
  const sink = await smtpSink();
  const env = {
    NODE_ENV: 'production',
    EVENT_REMINDER_INTERVAL_SECONDS: '0',
    PRIVACY_JOB_INTERVAL_SECONDS: '0',
    TRENDING_INTERVAL_SECONDS: '0',
    DIGEST_INTERVAL_SECONDS: '0',
    // The bench drains the queue itself, after the job, to time each apart.
    NOTIFICATION_DELIVERY_INTERVAL_SECONDS: '0',
  };
  const config = loadConfig(env, {
    dataDir,
    databaseUrl,
    uploadsDir: path.join(dataDir, 'uploads'),
    port: 0,
    host: '127.0.0.1',
    seedDemo: false,
    logLevel: 'warn',
    adminUsername: 'benchadmin',
    adminPassword: 'Bench.Sifre1',
    publicUrl: 'http://mahalle.bench',
    mail: { smtpUrl: sink.url, from: 'Mahalle <mahalle@ornek.org>' },
  });
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const t0 = Date.now();
  const server = await startServer(config);
  console.log(`server up on the seed copy in ${((Date.now() - t0) / 1000).toFixed(1)} s (migrations included)`);
  // The queue is drained by the bench after the job (its wake-up on queued mail would mix the two).
  await server.jobs.deliveries.stop();
  const db = server.ctx.db;
  const now = new Date();
  const iso = (ms: number) => new Date(ms).toISOString();
  const random = rng(28);
  const pick = (n: number) => 1 + Math.floor(random() * n);

  // ---------------------------------------------------------------- the digest's data
  const t1 = Date.now();
  const users = Number((await db('users').max({ m: 'id' }))[0]!.m);
  await db.transaction(async (trx) => {
    for (let d = 1; d <= 12; d++) await trx('districts').insert({ name: `İlçe ${d}`, name_key: `ilce ${d}` });
    const districts: number[] = await trx('districts').orderBy('id').pluck('id');
    for (let k = 0; k < 240; k++) await trx('neighbourhoods').insert({ district_id: districts[k % 12], name: `Mahalle ${k}`, name_key: `mahalle ${k}` });
    await trx.raw('update users set neighbourhood_id = (select min(id) from neighbourhoods) + (id % 240)');
    await trx.raw('update posts set neighbourhood_id = (select u.neighbourhood_id from users u where u.id = posts.author_id)');
    await trx.raw('update posts set district_id = (select n.district_id from neighbourhoods n where n.id = posts.neighbourhood_id)');
    const hoods: { id: number; district_id: number }[] = await trx('neighbourhoods').select('id', 'district_id');
    const events = Array.from({ length: 400 }, (_, i) => {
      const h = hoods[i % hoods.length]!;
      return {
        creator_id: pick(users),
        title: `Etkinlik ${i}`,
        description: 'Mahallede buluşuyoruz',
        date: iso(now.getTime() + random() * 7 * DAY),
        location: 'Park',
        neighbourhood_id: h.id,
        district_id: h.district_id,
        created_at: iso(now.getTime() - DAY),
        updated_at: iso(now.getTime() - DAY),
      };
    });
    for (let i = 0; i < events.length; i += 100) await trx('events').insert(events.slice(i, i + 100));
    for (let g = 1; g <= 150; g++)
      await trx('hobby_groups').insert({
        name: `Grup ${g}`,
        slug: `grup-${g}`,
        description: 'Hobi grubu',
        creator_id: pick(users),
        district_id: hoods[g % 240]!.district_id,
      });
    const groups: number[] = await trx('hobby_groups').orderBy('id').pluck('id');
    const members: Record<string, unknown>[] = [];
    for (let u = 1; u <= users; u++)
      for (let k = 0; k < u % 4; k++)
        members.push({
          group_id: groups[(u * 7 + k * 31) % groups.length],
          user_id: u,
          created_at: iso(now.getTime() - (u % 5 === 0 ? random() * 6 : 10 + random() * 60) * DAY),
        });
    const seen = new Set<string>();
    const unique = members.filter((m) => !seen.has(`${m.group_id}:${m.user_id}`) && seen.add(`${m.group_id}:${m.user_id}`));
    for (let i = 0; i < unique.length; i += 400) await trx('group_members').insert(unique.slice(i, i + 400));
    const groupPosts = Array.from({ length: 6000 }, (_, i) => ({
      group_id: groups[i % groups.length],
      author_id: pick(users),
      content: `Grup gönderisi ${i}`,
      likes_count: Math.floor(random() ** 2 * 15),
      created_at: iso(now.getTime() - random() * 7 * DAY),
      updated_at: iso(now.getTime() - random() * 7 * DAY),
    }));
    for (let i = 0; i < groupPosts.length; i += 300) await trx('group_posts').insert(groupPosts.slice(i, i + 300));
    for (const [i, c] of QUESTION_CATEGORIES.entries()) await trx('questions').whereRaw('id % ? = ?', [QUESTION_CATEGORIES.length, i]).update({ category: c });
    const settings = Array.from({ length: Math.min(MEMBERS, users) }, (_, i) => ({
      user_id: i + 1,
      enabled: true,
      weekday: 1,
      hour: 9,
      time_zone: 'Europe/Istanbul',
      due_at: iso(now.getTime() - 60_000),
      due_week: weekOf(now, 'Europe/Istanbul'),
      updated_at: iso(now.getTime()),
    }));
    for (let i = 0; i < settings.length; i += 400) await trx('digest_settings').insert(settings.slice(i, i + 400));
  });
  await db.raw('analyze');
  console.log(`digest data added in ${((Date.now() - t1) / 1000).toFixed(1)} s: ${users} members, ${Math.min(MEMBERS, users)} with the digest on`);

  if (args.explain !== 'false') await explainPage(db, now);
  if (args['explain-only']) {
    await server.close();
    sink.child.kill();
    return cleanUp();
  }

  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ username: 'benchadmin', password: 'Bench.Sifre1' }),
  });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  if (login.status !== 200 || !cookie) throw new Error(`login: ${login.status}`);
  const feed = `${server.url}/api/posts?limit=20`;

  // ---------------------------------------------------------------- measure
  await probe(feed, cookie, 2); // warm up
  const idleBefore = await probe(feed, cookie, PROBE_SEC);
  console.log(`feed idle (before)      ${fmt(idleBefore)}   load ${load()}`);

  // The job's work (build and queue), then the queue's (sending), each with the feed probed meanwhile.
  const pages: { members: number; buildMs: number; writeMs: number }[] = [];
  const outcomes = { queued: 0, skipped: 0, paused: 0 };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const jobRun = await whileProbing(
    feed,
    cookie,
    () =>
      sendDueDigests(server.ctx, now, (p) => {
        pages.push(p);
        for (const k of Object.keys(outcomes) as (keyof typeof outcomes)[]) outcomes[k] += p.outcomes[k];
      }),
    loop,
  );
  const drainRun =
    args.drain === 'false'
      ? null
      : await whileProbing(feed, cookie, () => drainDeliveries(server.ctx, new Date(now.getTime() + 60_000)), monitorEventLoopDelay({ resolution: 10 }));
  const idleAfter = await probe(feed, cookie, PROBE_SEC);

  const members = pages.reduce((a, p) => a + p.members, 0);
  const perMember = pages.map((p) => (p.buildMs + p.writeMs) / Math.max(1, p.members)).sort((a, b) => a - b);
  const buildMs = pages.reduce((a, p) => a + p.buildMs, 0);
  const writeMs = pages.reduce((a, p) => a + p.writeMs, 0);
  console.log(
    `digest job: ${members} members (${outcomes.queued} queued, ${outcomes.skipped} skipped, ${outcomes.paused} paused) in ${jobRun.seconds.toFixed(1)} s` +
      ` = ${((jobRun.seconds * 1000) / Math.max(1, members)).toFixed(2)} ms per member wall (rests between pages included)`,
  );
  console.log(
    `  working time per member: ${((buildMs + writeMs) / Math.max(1, members)).toFixed(2)} ms (build ${(buildMs / Math.max(1, members)).toFixed(2)}, claim+queue ${(writeMs / Math.max(1, members)).toFixed(2)});` +
      ` per page of ${pages[0]?.members ?? 0}: p50 ${q(perMember, 0.5).toFixed(2)} ms/member, p95 ${q(perMember, 0.95).toFixed(2)}, max ${perMember.at(-1)?.toFixed(2)}`,
  );
  console.log(`  ${jobRun.report}`);
  if (drainRun) {
    const perMail = (drainRun.seconds * 1000) / Math.max(1, drainRun.value.sent);
    console.log(`queue drain: ${JSON.stringify(drainRun.value)} in ${drainRun.seconds.toFixed(1)} s = ${perMail.toFixed(2)} ms per mail`);
    console.log(`  ${drainRun.report}`);
  }
  console.log(`feed idle (after)       ${fmt(idleAfter)}   load ${load()}`);
  await server.close();
  sink.child.kill();
  await cleanUp();
}

async function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgAdmin) {
    await pgAdmin.raw(`drop database if exists ${pgRun} with (force)`);
    await pgAdmin.destroy();
  }
}

main().catch(async (err) => {
  console.error(err);
  await cleanUp().catch(() => undefined);
  process.exit(1);
});
