import type { Knex } from 'knex';

/**
 * The one engine detector: which database a knex instance (or transaction) talks to. Every
 * engine-specific branch (locks, time defaults, collations, adapters) asks here.
 */
export type Engine = 'postgres' | 'sqlite';

export function engineOf(db: Knex | Knex.Transaction): Engine {
  const client = db.client.config.client;
  return client === 'pg' || client === 'postgres' || client === 'postgresql' ? 'postgres' : 'sqlite';
}

export function isPostgres(db: Knex | Knex.Transaction): boolean {
  return engineOf(db) === 'postgres';
}
