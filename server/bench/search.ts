/**
 * Benchmark of the search on a big community (not a test: it prints numbers).
 *
 *   npm run bench:search -w server                                 # SQLite, 10k and 100k posts
 *   npm run bench:search -w server -- --db=sqlite,postgres --sizes=10000,100000 --runs=60
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/h_search npm run bench:search -w server -- --db=postgres
 *   … -- --before=../.before/server/src   # also an older copy of server/src (e.g. `git archive <commit> server/src`),
 *                                          # measured on the same data, alternating run by run with this one
 *
 * Seed per size N: N posts by N/10 members (one in ten private, each followed by a few others),
 * 2% of them hidden, words drawn from a 5,000-word Turkish-looking vocabulary by Zipf's law (the
 * commonest word is in most posts), plus 2,000 questions, 3,000 answers, 300 blog posts (one in
 * ten a draft), 200 hobby groups (one in five private), 2,000 group posts and 500 events, all
 * spread over a year, then indexed oldest first as the migration does. SQLite: a fresh file in
 * /tmp; PostgreSQL: a fresh schema, dropped afterwards.
 *
 * Measured in process through the search service (the SQL plus building the hits; no HTTP), for a
 * common word, a rare word, two words and a prefix of the last word, as a signed-in member (the
 * privacy checks run): the first page of the posts tab alone (20 hits, what a tab switch costs),
 * the eight capped counts alone (GET /api/search/counts, once per query), both side by side (what
 * opening a query costs: the page asks them together), and the second page; then suggest. An
 * older copy (--before) whose first page still carried the counts is measured as 'page 1 + counts'.
 * p50/p95 over --runs runs after warming up, every measure taking turns run by run. Then per case
 * the execution time of each query of the first page and of the counts, and the plan of the
 * slowest of each (EXPLAIN ANALYZE / EXPLAIN QUERY PLAN).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { foldKey } from '@mahalle/shared';
import { migrationSource } from '../src/db/migrations';
import { createDb } from '../src/db/knex';
import { indexEverything } from '../src/db/search/sources';
import { search, searchCounts, suggest } from '../src/services/search';
import type { UserRow } from '../src/presenters/users';
import { rng } from './rng';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'];
  }),
);
const SIZES = String(args.sizes ?? '10000,100000')
  .split(',')
  .map(Number);
const DBS = String(args.db ?? (process.env.DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
const RUNS = Number(args.runs ?? 60);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/h_search';
/** --keep: leave the seeded PostgreSQL schema / SQLite file in place (printed) for EXPLAIN by hand. */
const KEEP = args.keep === 'true';
/** --before=dir: an older server/src measured side by side (its own search service and its own connections). */
const BEFORE = args.before ? path.resolve(String(args.before)) : null;
/** An implementation measured: this one, or the --before copy (whose search may still carry the counts on its first page). */
type SearchFns = { search: typeof search; suggest: typeof suggest; createDb: typeof createDb; searchCounts?: typeof searchCounts };

const SYLLABLES = [
  'ka',
  'le',
  'mi',
  'şe',
  'ğa',
  'çı',
  'ro',
  'tü',
  'bö',
  'na',
  'si',
  'ya',
  'de',
  'gü',
  'lar',
  'ler',
  'ma',
  'ku',
  'zi',
  'pe',
  'ha',
  'iş',
  'öz',
  'ay',
];
function vocabulary(n: number, rand: () => number): string[] {
  const out = new Set<string>(['merhaba', 'istanbul', 'çay', 'kitap', 'deniz']);
  while (out.size < n) {
    const k = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < k; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)] ?? 'a';
    out.add(w);
  }
  return [...out];
}

/** Zipf sampler over the vocabulary: rank r has weight 1/r. */
function zipf(words: string[], rand: () => number): () => string {
  const cum: number[] = [];
  let total = 0;
  for (let r = 1; r <= words.length; r++) cum.push((total += 1 / r));
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cum[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo] ?? 'merhaba';
  };
}

const RARE = 'zümrütbilgin';
const YEAR_MS = 365 * 86_400_000;

async function seed(db: Knex, n: number): Promise<UserRow> {
  const rand = rng(n);
  const words = vocabulary(5000, rand);
  const pick = zipf(words, rand);
  const sentence = (min: number, max: number) => Array.from({ length: min + Math.floor(rand() * (max - min)) }, pick).join(' ');
  const start = Date.now() - YEAR_MS;
  const times = (count: number) =>
    Array.from({ length: count }, () => start + Math.floor(rand() * YEAR_MS))
      .sort((a, b) => a - b)
      .map((t) => new Date(t).toISOString());
  const bulk = async (table: string, rows: Record<string, unknown>[]) => {
    for (let i = 0; i < rows.length; i += 500) await db(table).insert(rows.slice(i, i + 500));
  };

  const members = Math.max(50, Math.floor(n / 10));
  const userTimes = times(members);
  await bulk(
    'users',
    userTimes.map((at, i) => ({
      username: `uye${i}`,
      username_key: `uye${i}`,
      display_name: `${pick()} ${pick()}`,
      display_name_key: foldKey(`uye ${i}`),
      email: `uye${i}@ornek.com`,
      email_key: `uye${i}@ornek.com`,
      role: 'user',
      is_private: i % 10 === 9,
      bio: sentence(3, 10),
      created_at: at,
      updated_at: at,
    })),
  );
  const userIds: number[] = (await db('users').orderBy('id').pluck('id')).map(Number);
  const user = () => userIds[Math.floor(rand() * userIds.length)] ?? 1;
  const follows = new Set<string>();
  for (let i = 0; i < members * 5; i++) follows.add(`${user()}:${user()}`);
  await bulk(
    'follows',
    [...follows].flatMap((k) => {
      const [a, b] = k.split(':').map(Number);
      return a === b ? [] : [{ follower_id: a, following_id: b, created_at: new Date().toISOString() }];
    }),
  );
  const postTimes = times(n);
  const rareAt = new Set(Array.from({ length: 8 }, () => Math.floor(rand() * n)));
  await bulk(
    'posts',
    postTimes.map((at, i) => ({
      author_id: user(),
      content: `${sentence(8, 22)}${rareAt.has(i) ? ` ${RARE}` : ''}`,
      is_hidden: i % 50 === 0,
      created_at: at,
      updated_at: at,
    })),
  );
  await bulk(
    'questions',
    times(2000).map((at) => ({ author_id: user(), title: sentence(3, 8), content: sentence(10, 40), created_at: at, updated_at: at })),
  );
  const questionIds: number[] = (await db('questions').pluck('id')).map(Number);
  await bulk(
    'answers',
    times(3000).map((at) => ({
      question_id: questionIds[Math.floor(rand() * questionIds.length)],
      author_id: user(),
      content: sentence(10, 40),
      created_at: at,
      updated_at: at,
    })),
  );
  await bulk(
    'blog_posts',
    times(300).map((at, i) => ({
      author_id: userIds[0],
      title: sentence(3, 8),
      slug: `yazi-${i}`,
      content: `<p>${sentence(100, 400)}</p>`,
      excerpt: sentence(10, 20),
      published: i % 10 !== 0,
      created_at: at,
      updated_at: at,
    })),
  );
  await bulk(
    'hobby_groups',
    times(200).map((at, i) => ({
      name: sentence(2, 4),
      slug: `grup-${i}`,
      description: sentence(10, 30),
      is_private: i % 5 === 0,
      creator_id: user(),
      created_at: at,
      updated_at: at,
    })),
  );
  const groupIds: number[] = (await db('hobby_groups').pluck('id')).map(Number);
  await bulk(
    'group_posts',
    times(2000).map((at) => ({
      group_id: groupIds[Math.floor(rand() * groupIds.length)],
      author_id: user(),
      content: sentence(8, 22),
      created_at: at,
      updated_at: at,
    })),
  );
  await bulk(
    'events',
    times(500).map((at, i) => ({
      creator_id: user(),
      title: sentence(2, 6),
      description: sentence(10, 30),
      date: at,
      location: pick(),
      is_private: i % 10 === 0,
      created_at: at,
      updated_at: at,
    })),
  );
  await db.transaction((trx) => indexEverything(trx));
  if (db.client.config.client === 'pg') await db.raw('analyze');
  else await db.raw('analyze');
  const viewer = (await db('users').where({ id: userIds[1] }).first()) as UserRow;
  return viewer;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

type Timing = { p50: number; p95: number };
/** p50/p95 of each function over RUNS runs, the functions taking turns run by run (their order rotating). */
async function times(fns: (() => Promise<unknown>)[]): Promise<Timing[]> {
  for (let i = 0; i < 5; i++) for (const fn of fns) await fn();
  const xs: number[][] = fns.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (let k = 0; k < fns.length; k++) {
      const j = (k + i) % fns.length;
      const t = process.hrtime.bigint();
      await fns[j]!();
      xs[j]!.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
  return xs.map((x) => ({ p50: pct(x, 50), p95: pct(x, 95) }));
}
const fmt = (t: Timing) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;
const vs = (after: Timing, before: Timing | undefined) =>
  before ? ` [before ${fmt(before)}; after/before p50 ${(after.p50 / before.p50).toFixed(2)}, p95 ${(after.p95 / before.p95).toFixed(2)}]` : '';

/**
 * The search queries one call makes, each with its execution time as EXPLAIN ANALYZE measures it
 * (SQLite: none), and the plan of the slowest.
 */
async function plans(db: Knex, engine: string, label: string, run: () => Promise<unknown>): Promise<void> {
  const seen: { sql: string; bindings: readonly unknown[] }[] = [];
  const listen = (q: { sql: string; bindings?: readonly unknown[] }) => {
    if (/search_(fts|docs)|hashtag_labels/.test(q.sql)) seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  db.on('query', listen);
  await run();
  db.removeListener('query', listen);
  console.log(`\n  ${label}: ${seen.length} queries`);
  const explained: { head: string; ms: number; plan: string[] }[] = [];
  for (const q of seen) {
    const head = q.sql.replace(/\s+/g, ' ').slice(0, 150);
    if (engine === 'postgres') {
      const res = await db.raw(`explain (analyze, buffers off) ${q.sql.replace(/\$\d+/g, '?')}`, q.bindings as Knex.RawBinding[]);
      const plan = (res.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
      const ms = (s: string) => Number(/(\d+\.\d+) ms/.exec(plan.find((l) => l.startsWith(s)) ?? '')?.[1] ?? 0);
      explained.push({ head, ms: ms('Planning Time') + ms('Execution Time'), plan });
      console.log(`    ${(ms('Planning Time') + ms('Execution Time')).toFixed(2).padStart(6)} ms (planning ${ms('Planning Time').toFixed(2)})  ${head}`);
    } else {
      const rows: { detail: string }[] = await db.raw(`explain query plan ${q.sql}`, q.bindings as Knex.RawBinding[]);
      explained.push({ head, ms: 0, plan: rows.map((r) => r.detail) });
      console.log(`    ${head}`);
    }
  }
  const slowest = engine === 'postgres' ? [...explained].sort((a, b) => b.ms - a.ms)[0] : explained[0];
  if (slowest) {
    console.log(`    plan of ${engine === 'postgres' ? 'the slowest' : 'the first'}:`);
    for (const l of slowest.plan) console.log(`      ${l}`);
  }
}

async function main() {
  console.log(
    `search benchmark: ${os.cpus().length} cpus, load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}, runs ${RUNS}`,
  );
  for (const engine of DBS) {
    for (const n of SIZES) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-bench-search-'));
      const schema = engine === 'postgres' ? `bench_${crypto.randomBytes(4).toString('hex')}` : null;
      if (schema) {
        const admin = knexFactory({ client: 'pg', connection: PG_URL });
        await admin.raw(`create schema "${schema}"`);
        await admin.destroy();
      }
      const db = createDb({ dataDir, databaseUrl: engine === 'postgres' ? PG_URL : null, databaseSchema: schema });
      try {
        await db.migrate.latest({ migrationSource });
        const t0 = Date.now();
        const viewer = await seed(db, n);
        const docs = await db('search_docs').count({ n: '*' }).first();
        console.log(`\n== ${engine}, ${n} posts (${Number(docs?.n ?? 0)} documents, seeded and indexed in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        const cases: [string, string][] = [
          ['common word', 'merhaba'],
          ['rare word', RARE],
          ['two words', 'istanbul çay'],
          ['prefix', 'kit'],
        ];
        const impls: { name: string; fns: SearchFns; db: Knex }[] = [{ name: 'after', fns: { search, searchCounts, suggest, createDb }, db }];
        if (BEFORE) {
          const old = {
            ...((await import(path.join(BEFORE, 'services/search/index.ts'))) as Pick<SearchFns, 'search' | 'suggest' | 'searchCounts'>),
            ...((await import(path.join(BEFORE, 'db/knex.ts'))) as Pick<SearchFns, 'createDb'>),
          };
          impls.push({
            name: 'before',
            fns: old,
            db: old.createDb({ dataDir, databaseUrl: engine === 'postgres' ? PG_URL : null, databaseSchema: schema }),
          });
        }
        for (const [label, q] of cases) {
          const first = await search(db, viewer, { q, type: 'posts', limit: 20 });
          const counted = await searchCounts(db, viewer, q);
          const cursor = first.nextCursor ?? undefined;
          // Every measure of every implementation, taking turns.
          const measures: { impl: string; what: string; fn: () => Promise<unknown> }[] = [];
          for (const m of impls) {
            const page1 = () => m.fns.search(m.db, viewer, { q, type: 'posts', limit: 20 });
            const counts = m.fns.searchCounts;
            if (counts) {
              measures.push({ impl: m.name, what: 'page 1', fn: page1 });
              measures.push({ impl: m.name, what: 'counts', fn: () => counts(m.db, viewer, q) });
              measures.push({ impl: m.name, what: 'page 1 + counts', fn: () => Promise.all([page1(), counts(m.db, viewer, q)]) });
            } else measures.push({ impl: m.name, what: 'page 1 + counts', fn: page1 });
            if (cursor) measures.push({ impl: m.name, what: 'page 2', fn: () => m.fns.search(m.db, viewer, { q, type: 'posts', limit: 20, cursor }) });
          }
          // The same hits, in the same order, on both pages, as the older copy finds (the ranking did not change).
          const same = async (m: (typeof impls)[number]) => {
            const key = (r: { items: { kind: string; id: number }[] }) => r.items.map((h) => `${h.kind}:${h.id}`).join(',');
            const a1 = await m.fns.search(m.db, viewer, { q, type: 'posts', limit: 20 });
            const a2 = cursor ? await m.fns.search(m.db, viewer, { q, type: 'posts', limit: 20, cursor }) : a1;
            const b2 = cursor ? await search(db, viewer, { q, type: 'posts', limit: 20, cursor }) : first;
            return key(a1) === key(first) && key(a2) === key(b2);
          };
          const agree = BEFORE ? ` (hits ${(await same(impls[1]!)) ? 'the same as' : 'DIFFERENT from'} before's)` : '';
          const t = await times(measures.map((x) => x.fn));
          console.log(`  ${label} '${q}' (posts ${counted.counts.posts}${counted.countsCapped ? '+' : ''}${cursor ? '' : ', one page'})${agree}:`);
          for (const m of impls) {
            const mine = measures.flatMap((x, i) => (x.impl === m.name ? [`${x.what} ${fmt(t[i]!)}`] : []));
            console.log(`    ${m.name.padEnd(6)} ${mine.join('; ')}`);
          }
        }
        const s = await times(impls.map((m) => () => m.fns.suggest(m.db, viewer, 'ist')));
        console.log(`  suggest      'ist': ${fmt(s[0]!)}${vs(s[0]!, s[1])}`);
        for (const m of impls.slice(1)) await m.db.destroy();
        console.log(`\n  queries and plans (${engine}, ${n}):`);
        for (const [label, q] of cases) {
          await plans(db, engine, `${label}, page 1`, () => search(db, viewer, { q, type: 'posts', limit: 20 }));
          await plans(db, engine, `${label}, counts`, () => searchCounts(db, viewer, q));
        }
      } finally {
        await db.destroy();
        if (KEEP) console.log(`  kept: ${schema ? `schema ${schema}` : dataDir}`);
        else if (schema) {
          const admin = knexFactory({ client: 'pg', connection: PG_URL });
          await admin.raw(`drop schema "${schema}" cascade`);
          await admin.destroy();
        }
        if (!KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  console.log(
    `\nload after: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
