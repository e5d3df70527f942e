import type { Knex } from 'knex';
import { isPostgres } from './engine';

/**
 * Takes the row lock of the thing a toggle changes (a post for its likes, a question for its
 * votes...) before reading whether the toggle is on. On PostgreSQL two toggles of the same
 * thing then run one after the other, so counters never drift or go negative and concurrent
 * inserts never collide; SQLite has a single writer already.
 */
export async function lockRow(trx: Knex.Transaction, table: string, id: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx(table).where({ id }).forUpdate().first('id');
}

/**
 * Runs `work` only where no other session holds the lock `name` (PostgreSQL advisory lock, named
 * per schema so test schemas and side-by-side installs never share one), and answers `{ ran:
 * false }` at once, without waiting, where another does. The lock belongs to a transaction kept
 * open on one pool connection for the work's duration (the work uses other connections), so it
 * goes when the work ends or that connection dies. SQLite has one node: the work just runs.
 */
export async function onOneNode<T>(db: Knex, name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (!isPostgres(db)) return { ran: true, value: await work() };
  return db.transaction(async (trx) => {
    const got = await trx.raw('select pg_try_advisory_xact_lock(hashtext(? || current_schema())) as ok', [`mahalle-job:${name}:`]);
    if (!got.rows[0]?.ok) return { ran: false as const };
    return { ran: true as const, value: await work() };
  });
}
