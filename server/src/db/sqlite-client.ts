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
  _query(connection: unknown, obj: QueryObject): Promise<QueryObject>;
  destroyRawConnection(connection: unknown): Promise<void>;
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

interface QueryObject {
  sql: string;
  bindings?: unknown[];
  method?: string;
  returning?: unknown;
  response?: unknown;
  context?: unknown;
}

/** node-sqlite3's Statement, as far as it is used here. */
interface Statement {
  all(params: unknown[], cb: (this: unknown, err: Error | null, rows: unknown) => void): void;
  run(params: unknown[], cb: (this: unknown, err: Error | null) => void): void;
  finalize(cb?: () => void): void;
}
interface Connection {
  prepare(sql: string, cb: (err: Error | null) => void): Statement;
  /** This connection's prepared statements by SQL, oldest use first (see cachedStatement). */
  __statements?: Map<string, Kept>;
}
/** A kept statement, and its prepare: node-sqlite3 never calls back a query on a statement that failed to prepare. */
interface Kept {
  stmt: Statement;
  ready: Promise<void>;
}

/**
 * Prepared statements kept per connection. node-sqlite3's db.all(sql) prepares, runs and
 * finalizes a statement each time: three trips through libuv's thread pool and back, and the
 * SQL compiled again. A kept statement is one trip. Lists of ids (whereIn) make many shapes of
 * SQL, so each connection keeps the last STATEMENTS_PER_CONNECTION used.
 */
const STATEMENTS_PER_CONNECTION = 64;

function cachedStatement(conn: Connection, sql: string): Kept {
  const cache = (conn.__statements ??= new Map());
  let kept = cache.get(sql);
  if (kept) {
    cache.delete(sql);
  } else {
    let settle!: (err: Error | null) => void;
    const ready = new Promise<void>((resolve, reject) => {
      settle = (err) => (err ? reject(err) : resolve());
    });
    kept = { stmt: conn.prepare(sql, (err) => settle(err)), ready };
    if (cache.size >= STATEMENTS_PER_CONNECTION) {
      const [oldestSql, oldest] = cache.entries().next().value as [string, Kept];
      cache.delete(oldestSql);
      oldest.stmt.finalize();
    }
  }
  cache.set(sql, kept);
  return kept;
}

function forgetStatement(conn: Connection, sql: string, kept: Kept): void {
  if (conn.__statements?.get(sql) !== kept) return;
  conn.__statements.delete(sql);
  kept.stmt.finalize();
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

    /** knex's own _query, on a kept prepared statement instead of a fresh one per query. */
    override _query(connection: unknown, obj: QueryObject): Promise<QueryObject> {
      if (!obj.sql) throw new Error('The query is empty');
      const conn = connection as Connection;
      const { method } = obj;
      const callMethod =
        method === 'insert' || method === 'update' ? (obj.returning ? 'all' : 'run') : method === 'counter' || method === 'del' ? 'run' : 'all';
      const kept = cachedStatement(conn, obj.sql);
      const run = () =>
        new Promise<QueryObject>((resolve, reject) => {
          const done = function (this: unknown, err: Error | null, response?: unknown) {
            if (err) {
              // A statement that failed (a constraint, a schema change it cannot follow) is not kept.
              forgetStatement(conn, obj.sql, kept);
              return reject(err);
            }
            obj.response = response;
            // knex reads lastID and changes from the statement.
            obj.context = this;
            resolve(obj);
          };
          if (callMethod === 'run') kept.stmt.run(obj.bindings ?? [], done);
          else kept.stmt.all(obj.bindings ?? [], done);
        });
      return kept.ready.then(run, (err: Error) => {
        forgetStatement(conn, obj.sql, kept);
        throw err;
      });
    }

    /** A connection closes only once its kept statements are finalized (SQLite refuses otherwise). */
    override async destroyRawConnection(connection: unknown): Promise<void> {
      const conn = connection as Connection;
      const kept = [...(conn.__statements?.values() ?? [])];
      conn.__statements?.clear();
      await Promise.all(kept.map(({ stmt }) => new Promise<void>((resolve) => stmt.finalize(() => resolve()))));
      return super.destroyRawConnection(connection);
    }

    override transaction(container: unknown, config: unknown, outerTx: unknown) {
      // Nested transactions are savepoints on their outer transaction's connection.
      if (this.transacting || outerTx) return super.transaction(container, config, outerTx);
      return new WriteLockedTransaction(this, container, config, outerTx);
    }
  };
}
