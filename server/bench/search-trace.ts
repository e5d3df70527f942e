/**
 * Where a search's time goes, query by query (not a test): against a schema kept by
 * `npm run bench:search -- --db=postgres --keep` (or a SQLite file kept likewise).
 *
 *   DATABASE_URL=postgres://…/h_x npx tsx bench/search-trace.ts --schema=bench_ab12cd34 --q=merhaba
 *   npx tsx bench/search-trace.ts --sqlite=/tmp/mahalle-bench-search-XXXX --q=merhaba
 */
import { createDb } from '../src/db/knex';
import { search, suggest } from '../src/services/search';
import type { UserRow } from '../src/presenters/users';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'];
  }),
);

async function main() {
  const db = args.sqlite
    ? createDb({ dataDir: String(args.sqlite), databaseUrl: null, databaseSchema: null })
    : createDb({ dataDir: '/tmp', databaseUrl: process.env.DATABASE_URL ?? null, databaseSchema: String(args.schema) });
  const viewer = (await db('users').where({ id: 2 }).first()) as UserRow;
  const started = new Map<string, { sql: string; t: bigint }>();
  const log: { sql: string; ms: number }[] = [];
  db.on('query', (q: { __knexQueryUid: string; sql: string }) => started.set(q.__knexQueryUid, { sql: q.sql, t: process.hrtime.bigint() }));
  db.on('query-response', (_r: unknown, q: { __knexQueryUid: string }) => {
    const s = started.get(q.__knexQueryUid);
    if (s) log.push({ sql: s.sql.replace(/\s+/g, ' ').slice(0, 140), ms: Number(process.hrtime.bigint() - s.t) / 1e6 });
  });
  const q = String(args.q ?? 'merhaba');
  for (let i = 0; i < 3; i++) await (args.suggest ? suggest(db, viewer, q) : search(db, viewer, { q, type: 'posts', limit: 20 }));
  const totals: number[] = [];
  for (let i = 0; i < 15; i++) {
    log.length = 0;
    const t = process.hrtime.bigint();
    await (args.suggest ? suggest(db, viewer, q) : search(db, viewer, { q, type: 'posts', limit: 20 }));
    totals.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  totals.sort((a, b) => a - b);
  console.log(
    `'${q}': median of 15 ${totals[7]?.toFixed(1)} ms (min ${totals[0]?.toFixed(1)}, max ${totals[14]?.toFixed(1)}), ${log.length} queries; the last run:`,
  );
  for (const l of log) console.log(`${l.ms.toFixed(2).padStart(7)} ms  ${l.sql}`);
  await db.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
