import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config';
import { createdConcurrently, dbKind } from '../db/knex';
import { errors } from '../errors';

/** The PostgreSQL table that holds every limiter's windows (keys carry their own prefixes). */
const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * Creates the limiters' table on PostgreSQL; call at boot, before the first request. It is the
 * table RateLimiterPostgres would create itself, in the first schema of the search_path like
 * every other table. The limiters are then built with `tableCreated: true`: left to themselves,
 * each would create it in the background (refusing to count until done), the three of them
 * racing each other and the other nodes, and a lost race that ends in 42P07 would leave that
 * limiter failing every request.
 */
export async function prepareRateLimitStore(db: Knex): Promise<void> {
  if (dbKind(db) !== 'postgres') return;
  try {
    await db.raw(`CREATE TABLE IF NOT EXISTS ?? (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`, [RATE_LIMIT_TABLE]);
  } catch (err) {
    if (!createdConcurrently(err)) throw err;
  }
}

/**
 * A fixed-window limiter. On PostgreSQL the windows live in the shared database, so the limit
 * holds across every node behind the load balancer; on SQLite (one node by nature) in memory.
 */
export class Limiter {
  private limiter: RateLimiterAbstract;
  constructor(db: Knex, rule: RateLimitRule, private message?: string) {
    const opts = { points: rule.points, duration: rule.durationSec };
    this.limiter =
      dbKind(db) === 'postgres'
        ? new RateLimiterPostgres({ ...opts, storeClient: db, storeType: 'knex', tableName: RATE_LIMIT_TABLE, tableCreated: true })
        : new RateLimiterMemory(opts);
  }

  /** Spend one point; a 429 with Retry-After when the window is used up. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw errors.tooMany(err.msBeforeNext / 1000, this.message);
      throw err;
    }
  }

  /** Refuse without spending when the window is already used up. */
  async check(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.remainingPoints <= 0) throw errors.tooMany(res.msBeforeNext / 1000, this.message);
  }

  async penalty(key: string): Promise<void> {
    await this.limiter.penalty(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
