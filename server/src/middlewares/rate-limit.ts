import type { NextFunction, Request, Response } from 'express';
import type { Knex } from 'knex';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TEXTS } from '@mahalle/shared';
import type { RateLimitRule, WriteAction } from '../config';
import type { AppContext } from '../context';
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
    await db.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`,
      [RATE_LIMIT_TABLE],
    );
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
  constructor(
    db: Knex,
    rule: RateLimitRule,
    private message?: string,
  ) {
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

  /** Count one without refusing; returns how many the window holds now. */
  async penalty(key: string): Promise<number> {
    return (await this.limiter.penalty(key, 1)).consumedPoints;
  }

  /** Refuse `key` for the next `seconds` (check() and consume() answer 429 until then). */
  async block(key: string, seconds: number): Promise<void> {
    await this.limiter.block(key, seconds);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/**
 * The address every per-address limit keys on: req.ip (after TRUST_PROXY), with an IPv4 seen
 * through IPv6 as plain IPv4, and an IPv6 address cut to its /64, as one household or one
 * server gets a whole /64 and could otherwise take a fresh address for every try.
 */
export function clientAddress(req: Pick<Request, 'ip'>): string {
  const ip = req.ip ?? '';
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/64`).toString()}/64`;
}

const writeLimiters = new WeakMap<AppContext, Map<WriteAction, Limiter>>();

/**
 * Per-member write limit for one kind of action, as route middleware: one window per member
 * and action, in the same store as the sign-in limits (memory on SQLite, the shared table on
 * PostgreSQL, so it holds across nodes). Visitors pass through: the route answers their 401.
 * Every route of one action shares one limiter, so a post comment and an answer count together.
 */
export function limitWrites(ctx: AppContext, action: WriteAction, when: (req: Request) => boolean = () => true) {
  let limiters = writeLimiters.get(ctx);
  if (!limiters) writeLimiters.set(ctx, (limiters = new Map()));
  let limiter = limiters.get(action);
  if (!limiter) limiters.set(action, (limiter = new Limiter(ctx.db, ctx.config.writeLimits[action], TEXTS.errors.tooManyWrites)));
  const counted = limiter;
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (req.user && when(req)) await counted.consume(`write:${action}:${req.user.id}`);
    next();
  };
}

/** Requests that carry files, for the uploads limit (counted before a byte of the body is read). */
export const carriesFiles = (req: Request) => Boolean(req.is('multipart/form-data'));
