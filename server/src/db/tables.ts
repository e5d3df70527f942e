import type { Knex } from 'knex';
import { engineOf } from './engine';

/**
 * The tables a backup counts, a restore verifies and migrate-to-postgres copies, read from the
 * database itself (so a table added by any migration is included without a list to keep).
 * Skipped: SQLite's own tables, virtual tables and their shadow tables (FTS5), and every table
 * named `search_fts…`: the full-text index is rebuilt from the tables it indexes, never copied.
 */
export const SKIPPED_TABLE_PREFIXES = ['sqlite_', 'search_fts'];

function skipped(name: string): boolean {
  return SKIPPED_TABLE_PREFIXES.some((p) => name.startsWith(p));
}

/**
 * The PostgreSQL schema this connection works in: its search_path's first entry, even before
 * that schema exists (current_schema() would skip to the next one, e.g. public).
 */
export async function currentSchema(db: Knex | Knex.Transaction): Promise<string> {
  const rows = (await db.raw(`select current_setting('search_path') as p, current_user as u`)) as { rows: { p: string; u: string }[] };
  const row = rows.rows.at(0);
  for (const entry of (row?.p ?? '').split(',')) {
    const name = entry.trim().replace(/^"(.*)"$/, '$1');
    if (name === '$user') {
      const own = (await db.raw('select 1 from pg_namespace where nspname = current_user')) as { rows: unknown[] };
      if (own.rows.length > 0 && row) return row.u;
      continue;
    }
    if (name) return name;
  }
  return 'public';
}

export async function listTables(db: Knex | Knex.Transaction): Promise<string[]> {
  if (engineOf(db) === 'postgres') {
    const schema = await currentSchema(db);
    const rows = (await db('information_schema.tables')
      .where({ table_schema: schema, table_type: 'BASE TABLE' })
      .orderBy('table_name')
      .pluck('table_name')) as string[];
    return rows.filter((n) => !skipped(n));
  }
  // pragma_table_list names virtual tables 'virtual' and FTS5's own tables 'shadow'.
  const rows = (await db.raw(`select name from pragma_table_list where schema = 'main' and type = 'table' order by name`)) as { name: string }[];
  return rows.map((r) => r.name).filter((n) => !skipped(n));
}

export async function countRows(db: Knex | Knex.Transaction, table: string): Promise<number> {
  const row = (await db(table).count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** Rows per table, by name. */
export async function tableCounts(db: Knex | Knex.Transaction): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) counts[table] = await countRows(db, table);
  return counts;
}

/** knex's bookkeeping: present in every migrated database, never member data. */
export const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];
