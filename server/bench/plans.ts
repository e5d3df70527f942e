/**
 * Query plans of the list queries on a seeded benchmark database (run the benchmark first).
 *   npx tsx bench/plans.ts /tmp/mahalle-bench/seed_v3_100000.sqlite
 *   npx tsx bench/plans.ts postgres://postgres@127.0.0.1:5432/mahalle_bench_seed_v3_100000
 * Prints EXPLAIN QUERY PLAN (SQLite) or EXPLAIN ANALYZE (PostgreSQL) of the SQL each service builds.
 */
import knexFactory, { type Knex } from 'knex';
import { migrateLatest } from '../src/db/knex';
import { postsWithTag } from '../src/services/posts/tagged';
import { trendingFromCounters, trendingHashtags } from '../src/services/trending';
import { listPosts } from '../src/services/posts';
import { encodeIdCursor } from '../src/db/keyset';
import { listUsers } from '../src/services/admin';
import { listQuestions } from '../src/services/questions';

const target = process.argv[2];
if (!target) throw new Error('usage: a SQLite file or a postgres:// URL as the first argument');
const pg = target.startsWith('postgres');
const db: Knex = pg
  ? knexFactory({ client: 'pg', connection: target, pool: { min: 0, max: 1 } })
  : knexFactory({ client: 'sqlite3', connection: { filename: target }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
if (process.argv[3] === '--migrate') await migrateLatest(db);

/** Captures the SQL of a service call instead of running it only. */
async function sqlOf(run: () => Promise<unknown>): Promise<{ sql: string; bindings: readonly unknown[] }[]> {
  const seen: { sql: string; bindings: readonly unknown[] }[] = [];
  const listener = (q: { sql: string; bindings: readonly unknown[] }) => seen.push({ sql: q.sql, bindings: q.bindings });
  db.on('query', listener);
  await run();
  db.off('query', listener);
  return seen;
}

async function explain(label: string, run: () => Promise<unknown>) {
  for (const { sql, bindings } of await sqlOf(run)) {
    const res = await db.raw(
      `${pg ? 'explain (analyze, buffers off, costs off)' : 'explain query plan'} ${pg ? sql.replace(/\$\d+/g, '?') : sql}`,
      bindings as Knex.RawBinding[],
    );
    const lines = pg ? res.rows.map((r: Record<string, string>) => r['QUERY PLAN']) : res.map((r: { detail: string }) => r.detail);
    console.log(`\n== ${label}\n${sql}\n${lines.join('\n')}`);
  }
}

const deep = (await db('post_hashtags').where({ tag: 'koşu' }).orderBy('post_id', 'asc').offset(500).first('post_id')).post_id;
const pop = await db('posts')
  .where({ category_id: 2 })
  .orderBy([
    { column: 'likes_count', order: 'desc' },
    { column: 'id', order: 'desc' },
  ])
  .offset(5000)
  .first('likes_count', 'id');
await explain('trending (running totals)', () => trendingHashtags(db));
await explain('trending summed from the counters', () => trendingFromCounters(db));
await explain('hashtag page 1', () => postsWithTag(db, 'koşu', null, { limit: 20 }));
await explain('hashtag deep page', () => postsWithTag(db, 'koşu', null, { limit: 20, cursor: encodeIdCursor(deep) }));
const qDeep = (await db('questions').orderBy('id', 'asc').offset(1000).first('id')).id;
await explain('admin member search', () => listUsers(db, { limit: 50, sort: 'createdAt', direction: 'desc', search: 'uye_12' }));
await explain('q&a deep page', () =>
  listQuestions(
    db,
    { page: 900, pageSize: 10, sort: 'latest', cursor: Buffer.from(JSON.stringify([qDeep])).toString('base64url'), dir: 'next' } as never,
    null,
  ),
);
await explain('category most liked, deep', () =>
  listPosts(
    db,
    { limit: 20, categoryId: 2, sort: 'popular', feed: 'all', cursor: Buffer.from(`${pop.likes_count}:${pop.id}`).toString('base64url') } as never,
    null,
  ),
);
await db.destroy();
