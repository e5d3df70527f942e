import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config';
import { errors } from '../errors';

/**
 * A fixed-window limiter kept in this node's memory. With several nodes each keeps its own
 * window, so the effective limit is per node; sessions, not limits, are what must be shared.
 */
export class Limiter {
  private limiter: RateLimiterMemory;
  constructor(rule: RateLimitRule, private message?: string) {
    this.limiter = new RateLimiterMemory({ points: rule.points, duration: rule.durationSec });
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
