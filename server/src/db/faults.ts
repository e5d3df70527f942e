/**
 * Whether an error says the database cannot be reached or used right now (a fault of the
 * moment, answered 503), as opposed to a query it refused (a bug, answered 500).
 */

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
