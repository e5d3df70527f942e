import path from 'node:path';
import { createRequire } from 'node:module';
import knexFactory, { type Knex } from 'knex';
import type pg from 'pg';
import { migrationSource } from './migrations';
import { sqliteClientWithWriteLock } from './sqlite-client';
import { engineOf } from './engine';

/**
 * SQLite connections: node-sqlite3 runs each query on libuv's thread pool (4 threads), which
 * image decoding shares (at most 2 at once), so more connections than threads would only queue.
 */
const SQLITE_CONNECTIONS = 4;

/**
 * pg, the module knex's PostgreSQL client requires (the same instance), loaded by the first PostgreSQL
 * database only: a SQLite node never holds it (about 3 MiB of heap). Its type parsers are set then.
 */
let pgModule: typeof pg | undefined;
function loadPg(): typeof pg {
  if (pgModule) return pgModule;
  const loaded = createRequire(import.meta.url)('pg') as typeof pg;
  // COUNT(*) and BIGINT come back as strings from pg; our counts always fit in a JS number.
  loaded.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  loaded.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  // timestamptz comes back as the ISO string we send out (what SQLite stores), not as a Date that
  // every presenter turns back into a string. UTC text is rewritten in place; any other offset
  // goes through pg's own parser.
  parseTimestamptz = loaded.types.getTypeParser(1184);
  loaded.types.setTypeParser(1184, timestamptzToIso);
  return (pgModule = loaded);
}
let parseTimestamptz: ((text: string) => unknown) | undefined;
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/;
export function timestamptzToIso(text: string): string {
  const m = UTC_TEXT.exec(text);
  if (m) return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
  if (!parseTimestamptz) loadPg();
  const parsed = parseTimestamptz!(text);
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : text;
}

export interface DbOptions {
  dataDir: string;
  databaseUrl: string | null;
  databaseSchema?: string | null;
  /** SQLite's synchronous pragma (config.sqliteSynchronous); 'full' unless given. */
  sqliteSynchronous?: 'normal' | 'full';
  /** Where knex's own warnings go (default: console.log, stack traces and all). */
  log?: Knex.Config['log'];
}

export function createDb(options: DbOptions): Knex {
  if (options.databaseUrl) {
    loadPg();
    return knexFactory({
      client: 'pg',
      log: options.log,
      connection: options.databaseUrl,
      searchPath: options.databaseSchema ? [options.databaseSchema] : undefined,
      pool: {
        min: 0,
        max: 10,
        // No JIT: every query here is a short indexed lookup, but a plan whose estimate crosses
        // jit_above_cost (a LIMIT over subplans, say) spent 12–25 ms compiling to run 5 ms.
        afterCreate(conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) {
          conn.query('set jit = off', (err) => done(err, conn));
        },
      },
      acquireConnectionTimeout: 10_000,
    });
  }
  const synchronous = options.sqliteSynchronous === 'normal' ? 'NORMAL' : 'FULL';
  return knexFactory({
    // sqlite3 with several connections: reads side by side in WAL, writes one at a time under an
    // in-process lock, write transactions with BEGIN IMMEDIATE (see sqlite-client.ts).
    // Inside a transaction always use the trx, never the db, for writes: a write through the db
    // waits for the lock its own transaction holds.
    client: sqliteClientWithWriteLock(30_000) as unknown as typeof knexFactory.Client,
    log: options.log,
    connection: { filename: path.join(options.dataDir, 'mahalle.sqlite') },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: SQLITE_CONNECTIONS,
      afterCreate(conn: { exec: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) {
        // busy_timeout first: another connection may be switching the file to WAL right now.
        // WAL + synchronous FULL (the default): an acknowledged write survives a crash or a power
        // loss; NORMAL survives the process's crash only, without a disk flush per commit (see
        // config.sqliteSynchronous and the README).
        conn.exec(`PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous}; PRAGMA foreign_keys = ON;`, (err) =>
          done(err, conn),
        );
      },
    },
    acquireConnectionTimeout: 30_000,
  });
}

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

/**
 * Runs the boot steps (migrations, table setup, demo seed, admin) one node at a time: on
 * PostgreSQL under a transaction-scoped advisory lock named after the schema, so nodes starting
 * together on an empty database never race to create the same tables or rows. The steps use
 * other pool connections; the lock's transaction only holds the lock. SQLite has one node.
 */
export async function withBootLock<T>(db: Knex, schema: string | null | undefined, steps: () => Promise<T>): Promise<T> {
  if (dbKind(db) !== 'postgres') return steps();
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`mahalle-boot:${schema ?? 'public'}`]);
    return steps();
  });
}

/** The engine's name as /api/health reports it; the one detector is db/engine.ts. */
export function dbKind(db: Knex): 'postgres' | 'sqlite' {
  return engineOf(db);
}

/**
 * CREATE TABLE IF NOT EXISTS is not safe against itself: when nodes boot together, the ones that
 * lose the race fail with 23505 (pg_type's unique index), 42P07 (relation exists) or 42710
 * (type exists). All mean the table is there.
 */
export function createdConcurrently(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === '42P07' || code === '42710';
}
