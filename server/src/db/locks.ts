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
