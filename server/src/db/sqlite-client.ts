import { createRequire } from 'node:module';
import type { Knex } from 'knex';

/**
 * knex's sqlite3 client with several connections: reads run side by side (WAL lets any number of
 * readers beside the one writer), and every write waits its turn for one in-process write lock.
 *
 * - A write transaction (every `db.transaction`, at the top level) takes the lock before it takes
 *   a connection, then starts with BEGIN IMMEDIATE, so it holds SQLite's write lock from its first
 *   statement: a transaction never reads a snapshot and then fails to upgrade it (SQLITE_BUSY).
 * - A write outside a transaction (an insert, update, delete, DDL or non-SELECT raw statement)
 *   takes the lock before its connection, too, so writers never hold connections the readers wait
 *   for, and the lock is always taken before a connection (no lock-order deadlock).
 * - Statements inside a transaction, and transactions on a connection the caller already holds
 *   (knex's own table rebuilds), run as they are: the lock is already theirs.
 *
 * As with one connection, code inside a transaction must write through the trx: a write through
 * the db waits for the lock its own transaction holds, and fails after the acquire timeout.
 * busy_timeout still covers another program that writes to the file.
 */
const require = createRequire(import.meta.url);
// knex's own classes (CommonJS, not in its type exports).
const { KnexTimeoutError } = require('knex/lib/util/timeout.js') as { KnexTimeoutError: new (message: string) => Error };
const ClientSqlite3 = require('knex/lib/dialects/sqlite3/index.js') as new (config: Knex.Config) => KnexClient;
const TransactionSqlite = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js') as new (
  client: KnexClient,
  container: unknown,
  config: unknown,
  outerTx: unknown,
) => KnexTransaction;

interface KnexClient {
  transacting?: boolean;
  config: Knex.Config;
  runner(builder: unknown): { run(): Promise<unknown> };
  transaction(container: unknown, config: unknown, outerTx: unknown): unknown;
  query(conn: unknown, sql: string): Promise<unknown>;
}
interface KnexTransaction {
  client: KnexClient;
  acquireConnection(config: { connection?: unknown } | undefined, cb: (conn: unknown) => Promise<unknown>): Promise<unknown>;
  query(conn: unknown, sql: string): Promise<unknown>;
}

/** A FIFO lock with a bounded wait (a wait past it fails like a pool timeout: 503). */
export class WriteLock {
  private held = false;
  private readonly waiting: { grant: () => void }[] = [];

  constructor(private readonly timeoutMs: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new KnexTimeoutError('Timed out waiting for the SQLite write lock (a write through the db inside a transaction?)'));
      }, this.timeoutMs);
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.held = false;
  }
}

const READ_METHODS = new Set(['select', 'first', 'pluck', 'columnInfo']);
/** Raw SQL that only reads: SELECT, EXPLAIN, a WITH that writes nothing, or a PRAGMA that reads. */
function rawReads(sql: string): boolean {
  const s = sql.trimStart().slice(0, 8).toLowerCase();
  if (s.startsWith('select') || s.startsWith('explain')) return true;
  if (s.startsWith('with')) return !/\b(insert|update|delete|replace)\b/i.test(sql);
  if (s.startsWith('pragma')) return !sql.includes('=');
  return false;
}

function isWrite(builder: { _method?: string; sql?: unknown; _sequence?: unknown }): boolean {
  // A schema builder (DDL) has a _sequence; a raw statement has its sql; a query builder its _method.
  if (Array.isArray(builder._sequence)) return true;
  if (typeof builder.sql === 'string' && builder._method === undefined) return !rawReads(builder.sql);
  return !READ_METHODS.has(builder._method ?? 'select');
}

export function sqliteClientWithWriteLock(timeoutMs: number) {
  const lock = new WriteLock(timeoutMs);

  class WriteLockedTransaction extends TransactionSqlite {
    override async acquireConnection(config: { connection?: unknown } | undefined, cb: (conn: unknown) => Promise<unknown>): Promise<unknown> {
      // On a connection the caller holds (knex's table rebuild inside a DDL statement), the lock is theirs.
      if (config?.connection) return super.acquireConnection(config, cb);
      return lock.run(() => super.acquireConnection(config, cb));
    }

    begin(conn: unknown): Promise<unknown> {
      return this.query(conn, 'BEGIN IMMEDIATE;');
    }
  }

  return class SqliteWriteLockedClient extends ClientSqlite3 {
    override runner(builder: { _method?: string; sql?: unknown; _sequence?: unknown }) {
      const runner = super.runner(builder);
      if (this.transacting || !isWrite(builder)) return runner;
      const run = runner.run.bind(runner);
      runner.run = () => lock.run(run);
      return runner;
    }

    override transaction(container: unknown, config: unknown, outerTx: unknown) {
      // Nested transactions are savepoints on their outer transaction's connection.
      if (this.transacting || outerTx) return super.transaction(container, config, outerTx);
      return new WriteLockedTransaction(this, container, config, outerTx);
    }
  };
}
