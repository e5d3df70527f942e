/**
 * What a database error means, on either engine: the database cannot be reached or used right
 * now (a fault of the moment, answered 503) as opposed to a query it refused (a bug, answered
 * 500); a unique constraint refused a row (the caller answers 409 or tries again).
 */

/** Unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number; message?: string };
  return e?.code === '23505' || (e?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? ''));
}

/** Socket errors: nothing listens, the peer went away, no route, name not found. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shutdown, crash, not yet
 * accepting connections: a restart or failover), 53300 (too many connections).
 */
function isPgUnavailable(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/**
 * SQLite: locked by another process past busy_timeout, the file cannot be opened, or the disk
 * fails or is full.
 */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL']);

/**
 * node-postgres fails a query whose connection died with these, and no code; knex puts the SQL
 * and " - " in front.
 */
const PG_LOST = /(^| - )(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || SQLITE_CODES.has(e.code)) return true;
    if (/^[0-9A-Z]{5}$/.test(e.code) && isPgUnavailable(e.code)) return true;
  }
  // knex: no pool connection became free (or could be made) within acquireConnectionTimeout.
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.message === 'string' && PG_LOST.test(e.message)) return true;
  // Node reports "connect to every address of localhost failed" as an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** The server could not use its database at start: `message` is the one line to print. */
export class DatabaseStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseStartError';
  }
}

/** Which database, without its password: "PostgreSQL at user@host:port/db" or "SQLite at <file>". */
export function describeDatabase(opts: { databaseUrl: string | null; sqliteFile: string }): string {
  if (!opts.databaseUrl) return `SQLite at ${opts.sqliteFile}`;
  try {
    const url = new URL(opts.databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    return `PostgreSQL at ${user}${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a URL)';
  }
}

function whatFailed(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  const first = Array.isArray(e?.errors) ? (e.errors[0] as { message?: unknown } | undefined) : undefined;
  const [firstLine = ''] = String((typeof e?.message === 'string' && e.message) || first?.message || err).split('\n');
  const message = firstLine.slice(0, 200);
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

function whatToCheck(err: unknown, sqlite: boolean): string {
  const code = String((err as { code?: unknown })?.code ?? '');
  if (sqlite) return 'check that DATA_DIR exists and is writable by this user and that no other program locks the file';
  if (code === '28P01' || code === '28000') return 'check the user name and password in DATABASE_URL';
  if (code === '3D000') return 'create the database or correct its name in DATABASE_URL';
  if (isDatabaseUnavailable(err)) return 'check that PostgreSQL is running and reachable at that host and port';
  return "check DATABASE_URL and the database's own log";
}

/**
 * Waits until the database answers, for at most `waitSec`: a service manager may start the
 * server before the database. Only "cannot reach it" is waited for; a wrong password or a
 * missing database fails at once. Fails with a DatabaseStartError whose message is one line.
 */
export async function waitForDatabase(
  ping: () => Promise<unknown>,
  opts: { label: string; sqlite: boolean; waitSec: number; onRetry?: (err: unknown, delayMs: number) => void },
): Promise<void> {
  const deadline = Date.now() + opts.waitSec * 1000;
  for (let attempt = 0; ; attempt++) {
    try {
      await ping();
      return;
    } catch (err) {
      const delayMs = Math.min(500 * 2 ** attempt, 8000);
      if (!isDatabaseUnavailable(err) || Date.now() + delayMs > deadline) throw startError(err, opts);
      opts.onRetry?.(err, delayMs);
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
}

export function startError(err: unknown, opts: { label: string; sqlite: boolean; waitSec?: number }): DatabaseStartError {
  if (err instanceof DatabaseStartError) return err;
  const waited = opts.waitSec && isDatabaseUnavailable(err) ? ` (waited ${opts.waitSec} s)` : '';
  return new DatabaseStartError(`Mahalle cannot start: ${opts.label} failed${waited}: ${whatFailed(err)}; ${whatToCheck(err, opts.sqlite)}.`, { cause: err });
}
