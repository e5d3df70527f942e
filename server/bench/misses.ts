/**
 * What the hot lists cost on a miss of their in-memory cache (the server caches them for 2 s and
 * every write empties it, so the first reader after a write pays this), measured on a copy of a
 * benchmark seed (run the benchmark first; this migrates the copy it is given):
 *   cp /tmp/mahalle-bench/seed_v3_100000.sqlite /tmp/x.sqlite && npx tsx bench/misses.ts /tmp/x.sqlite
 *   createdb -T mahalle_bench_seed_v3_100000 x && npx tsx bench/misses.ts postgres://postgres@127.0.0.1:5432/x
 * Prints the median of 7 calls of the categories counted from their posts against the post_count
 * column the server reads, community stats, and trending three ways: every hourly counter of two
 * weeks, daily counters plus edge hours (what the running totals must equal), and the running
 * totals the server reads, with the roll that moves them by an hour.
 */
import knexFactory, { type Knex } from 'knex';
import { migrateLatest } from '../src/db/knex';
import { listCategories } from '../src/services/categories';
import { communityStats } from '../src/services/stats';
import { rollTrending, trendingFromCounters, trendingHashtags } from '../src/services/trending';

const target = process.argv[2];
if (!target) throw new Error('usage: a SQLite file or a postgres:// URL as the first argument');
const pg = target.startsWith('postgres');
const db: Knex = pg
  ? knexFactory({ client: 'pg', connection: target, pool: { min: 0, max: 4 } })
  : knexFactory({ client: 'sqlite3', connection: { filename: target }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
const t = performance.now();
await migrateLatest(db);
console.log(`migrate latest (incl. backfills): ${(performance.now() - t).toFixed(0)} ms`);
async function time(label: string, run: () => Promise<unknown>, n = 7) {
  const pct = (s: number[], q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  const s: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = performance.now();
    await run();
    s.push(performance.now() - a);
  }
  s.sort((a, b) => a - b);
  const ms = (i: number) => (s[i] ?? NaN).toFixed(2);
  console.log(`${label}: median ${ms(Math.floor(n / 2))} ms, p95 ${pct(s, 0.95).toFixed(2)} (min ${ms(0)}, max ${ms(n - 1)})`);
}
const countedCategories = async () => {
  const counts = db('posts').where('is_hidden', false).select('category_id').count({ n: '*' }).groupBy('category_id').as('pc');
  return db('categories as c')
    .leftJoin(counts, 'pc.category_id', 'c.id')
    .select('c.id', 'c.name', 'c.slug', 'c.name_key', 'c.color', 'c.icon', 'pc.n')
    .orderBy('c.id');
};
const o = await countedCategories();
const nw = await listCategories(db);
console.log('same counts:', JSON.stringify(o.map((r: any) => Number(r.n ?? 0))) === JSON.stringify(nw.map((r) => r.postCount)));
await time('categories, counted from posts', countedCategories);
await time('categories, new (post_count column)', () => listCategories(db));
await time('community stats (all five)', () => communityStats(db));
// Trending as it was: every hourly counter of the two weeks.
const trendingHourly = async (now = Date.now()) => {
  const weekAgo = Math.floor((now - 7 * 86_400_000) / 3_600_000);
  const twoWeeksAgo = Math.floor((now - 14 * 86_400_000) / 3_600_000);
  return db('hashtag_counts')
    .where('bucket', '>=', twoWeeksAgo)
    .select('tag')
    .select(db.raw('sum(case when bucket >= ? then posts else 0 end) as recent', [weekAgo]))
    .select(db.raw('sum(case when bucket < ? then posts else 0 end) as previous', [weekAgo]))
    .groupBy('tag');
};
// The seed's last post is a minute old: trending's windows end now.
await time('trending, hourly counters only', () => trendingHourly(), 21);
await time('trending, daily counters + edge hours', () => trendingFromCounters(db), 21);
await time('trending, running totals (served)', () => trendingHashtags(db), 21);
console.log('same list from the totals as from the counters:', JSON.stringify(await trendingHashtags(db)) === JSON.stringify(await trendingFromCounters(db)));
// The job's work each hour: moving one hour's counters (the clock pushed an hour on each call).
let clock = Date.now();
await time('trending roll by one hour', () => rollTrending(db, (clock += 3_600_000)), 7);
const hourlyTop = (await trendingHourly())
  .map((r: any) => [r.tag, Number(r.recent)])
  .filter(([, n]) => n > 0)
  .sort((a: any, b: any) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .slice(0, 3);
console.log(
  'trending top 3 (hourly):',
  JSON.stringify(hourlyTop),
  ' (daily+edges):',
  JSON.stringify((await trendingFromCounters(db)).slice(0, 3).map((t) => [t.tag, t.posts])),
);
const c = async (q: Knex.QueryBuilder) => q.count({ n: '*' });
await time('  count(users)', () => c(db('users')));
await time('  count(questions)', () => c(db('questions')));
await time('  count(blog_posts published)', () => c(db('blog_posts').where('published', true)));
console.log('rows: users', (await c(db('users')))[0].n, 'questions', (await c(db('questions')))[0].n, 'posts', (await c(db('posts')))[0].n);
await db.destroy();
