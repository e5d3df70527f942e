import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDb, migrateLatest } from '../../db/knex';
import { schemaStatus } from '../../db/schema-version';
import { countRows, KNEX_TABLES, listTables } from '../../db/tables';
import { openSqliteFile, randomSuffix, vacuumInto } from '../backup/backup';
import { OpsError } from '../backup/errors';

/**
 * `npm run migrate-to-postgres -- URL`: everything in the SQLite database, copied into an empty
 * PostgreSQL database. The source is a VACUUM INTO snapshot (one moment, even if the server still
 * runs); the target gets the schema from the migrations, then every table's rows in id order in one
 * transaction (parents before children, the tables' own triggers off so counters are copied, not
 * recounted), its sequences set past the highest id, and the row counts compared table by table.
 * Full-text tables (search_fts…) are not copied: the index is rebuilt from the rows it indexes.
 */

/** Tables whose rows a fresh migration adds itself (seeds), and the PostgreSQL-only rate limit windows. */
const NOT_MEMBER_DATA = new Set([...KNEX_TABLES, 'rate_limits']);

export interface CopyResult {
  tables: { name: string; source: number; target: number }[];
}

export async function migrateSqliteToPostgres(opts: {
  sqliteFile: string;
  targetUrl: string;
  targetSchema: string | null;
  log?: (line: string) => void;
}): Promise<CopyResult> {
  const log = opts.log ?? (() => undefined);
  if (!fs.existsSync(opts.sqliteFile)) throw new OpsError({ tr: `SQLite veritabanı yok: ${opts.sqliteFile}`, en: `No SQLite database at ${opts.sqliteFile}` });
  const snapshotFile = path.join(path.dirname(opts.sqliteFile), `.to-postgres-${randomSuffix()}.sqlite`);
  await vacuumInto(opts.sqliteFile, snapshotFile);
  const source = openSqliteFile(snapshotFile);
  const target = createDb({
    dataDir: '',
    databaseUrl: opts.targetUrl,
    databaseSchema: opts.targetSchema,
    log: { warn() {}, error() {}, deprecate() {}, debug() {} },
  });
  try {
    const status = await schemaStatus(source);
    if (status.unknown.length > 0 || status.pending.length > 0) {
      throw new OpsError({
        tr: `SQLite veritabanı bu sürümle aynı şemada değil (${status.pending.length} bekleyen, ${status.unknown.length} bilinmeyen geçiş). Önce: npm run migrate`,
        en: `The SQLite database is not at this version's schema (${status.pending.length} pending, ${status.unknown.length} unknown migrations). First: npm run migrate`,
      });
    }
    await target.raw('select 1').catch((err: unknown) => {
      throw new OpsError({ tr: `PostgreSQL'e bağlanılamadı: ${String(err)}`, en: `Cannot connect to PostgreSQL: ${String(err)}` });
    });
    if (opts.targetSchema) await target.raw('create schema if not exists ??', [opts.targetSchema]);
    const tables = (await listTables(source)).filter((t) => !KNEX_TABLES.includes(t));
    await assertEmptyTarget(target, new Set(tables));

    log('Şema oluşturuluyor / Creating the schema…');
    await migrateLatest(target);
    const ordered = await parentsFirst(source, tables);
    await target.transaction(async (trx) => {
      // What the migrations seeded (categories, counters) is replaced by the source's rows.
      await trx.raw(`truncate table ${ordered.map(() => '??').join(', ')} restart identity cascade`, ordered);
      for (const table of ordered) await trx.raw('alter table ?? disable trigger user', [table]);
      for (const table of ordered) {
        const n = await copyTable(source, trx, table);
        log(`  ${table}: ${n}`);
      }
      for (const table of ordered) await trx.raw('alter table ?? enable trigger user', [table]);
      await resetSequences(trx, ordered);
    });

    const result: CopyResult = { tables: [] };
    for (const table of ordered) result.tables.push({ name: table, source: await countRows(source, table), target: await countRows(target, table) });
    const wrong = result.tables.filter((t) => t.source !== t.target);
    if (wrong.length > 0) {
      const list = wrong.map((t) => `${t.name}: ${t.target} ≠ ${t.source}`).join(', ');
      throw new OpsError({ tr: `Satır sayıları tutmuyor: ${list}`, en: `Row counts differ: ${list}` });
    }
    return result;
  } finally {
    await source.destroy();
    await target.destroy();
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(snapshotFile + suffix, { force: true });
  }
}

/**
 * Empty means: no member in users, and no rows in a table this copy would not write (somebody
 * else's data). Rows the migrations seed (categories, counters) do not count: they are replaced.
 */
async function assertEmptyTarget(target: Knex, copied: Set<string>): Promise<void> {
  const existing = await listTables(target);
  const full: string[] = [];
  for (const table of existing) {
    if (NOT_MEMBER_DATA.has(table) || (copied.has(table) && table !== 'users')) continue;
    if ((await countRows(target, table)) > 0) full.push(table);
  }
  if (full.length > 0) {
    throw new OpsError({
      tr: `Hedef PostgreSQL veritabanı boş değil (${full.join(', ')}). Boş bir veritabanı ya da şema verin.`,
      en: `The target PostgreSQL database is not empty (${full.join(', ')}). Give an empty database or schema.`,
    });
  }
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
async function parentsFirst(source: Knex, tables: string[]): Promise<string[]> {
  const deps = new Map<string, Set<string>>();
  for (const table of tables) {
    const fks = (await source.raw('select "table" as parent from pragma_foreign_key_list(?)', [table])) as { parent: string }[];
    deps.set(table, new Set(fks.map((f) => f.parent).filter((p) => p !== table && tables.includes(p))));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t) && [...(deps.get(t) ?? [])].every((d) => placed.has(d)));
    // A cycle (none today) would leave tables: place them as they come, the FK check says if it matters.
    const batch = next.length > 0 ? next : tables.filter((t) => !placed.has(t)).slice(0, 1);
    for (const t of batch) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

interface TargetColumn {
  name: string;
  type: string;
}

async function copyTable(source: Knex, trx: Knex.Transaction, table: string): Promise<number> {
  const sourceCols = ((await source.raw('select name from pragma_table_info(?)', [table])) as { name: string }[]).map((c) => c.name);
  const targetCols = (await trx('information_schema.columns')
    .where({ table_schema: trx.raw('current_schema()'), table_name: table, is_generated: 'NEVER' })
    .select('column_name as name', 'data_type as type')) as TargetColumn[];
  const types = new Map(targetCols.map((c) => [c.name, c.type]));
  const cols = sourceCols.filter((c) => types.has(c));
  if (cols.length === 0) return 0;
  const batch = Math.max(1, Math.floor(30_000 / cols.length));
  const order = sourceCols.includes('id') ? 'id' : 'rowid';
  let copied = 0;
  // Keyset pages in id (else rowid) order: rows keep their ids and arrive oldest first.
  for (let after: unknown = undefined; ;) {
    const q = source(table)
      .select(source.raw('?? as "__k"', [order]), ...cols)
      .orderBy(order)
      .limit(batch);
    if (after !== undefined) q.where(order, '>', after as number);
    const rows = (await q) as Record<string, unknown>[];
    if (rows.length === 0) break;
    await trx(table).insert(rows.map((r) => Object.fromEntries(cols.map((c) => [c, convert(r[c], types.get(c) ?? '')]))));
    copied += rows.length;
    after = rows.at(-1)?.__k;
    if (rows.length < batch) break;
  }
  return copied;
}

/** SQLite keeps booleans as 0/1 and may hold a time as epoch milliseconds; PostgreSQL wants their types. */
function convert(value: unknown, pgType: string): unknown {
  if (value === null || value === undefined) return null;
  if (pgType === 'boolean' && typeof value === 'number') return value !== 0;
  if (pgType.startsWith('timestamp') && typeof value === 'number') return new Date(value).toISOString();
  return value;
}

async function resetSequences(trx: Knex.Transaction, tables: string[]): Promise<void> {
  const serials = (await trx('information_schema.columns')
    .where({ table_schema: trx.raw('current_schema()') })
    .whereIn('table_name', tables)
    .where('column_default', 'like', 'nextval(%')
    .select('table_name', 'column_name')) as { table_name: string; column_name: string }[];
  for (const { table_name: table, column_name: column } of serials) {
    await trx.raw(`select setval(pg_get_serial_sequence(?, ?), coalesce((select max(??) from ??), 0) + 1, false)`, [
      `"${table.replace(/"/g, '""')}"`,
      column,
      column,
      table,
    ]);
  }
}
