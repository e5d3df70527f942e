import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import type { UserRow } from '../presenters/users';

/**
 * Small in-memory caches for hot reads, emptied by every write: any request that may change
 * something (not GET/HEAD/OPTIONS) and was not refused, on this node when it is answered, and on
 * the others through the realtime adapter ('data:changed', forwarded by realtime/index.ts). A read
 * that began before an emptying never stores what it read (the generation moved on), so a write
 * is visible to the next read. A short lifetime bounds what a lost message could leave behind.
 */
export class ReadCache<V> {
  private entries = new Map<string, { value: V; until: number }>();
  generation = 0;
  constructor(
    private ttlMs: number,
    private max: number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Stores only if nothing was written since `generation` was read. */
  set(key: string, value: V, generation: number, ttlMs = this.ttlMs): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until: Date.now() + ttlMs });
  }

  /**
   * For lists that only age with time (no write came since they were read): past their
   * lifetime one caller refreshes (claim) while the others are still answered the old value, for
   * at most STALE_MS; so an expensive list is never computed by every waiting request at once.
   */
  peek(key: string): { value: V; fresh: boolean } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.until + STALE_MS <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return { value: hit.value, fresh: hit.until > now };
  }

  private refreshing = new Set<string>();
  claim(key: string): boolean {
    if (this.refreshing.has(key)) return false;
    this.refreshing.add(key);
    return true;
  }
  release(key: string): void {
    this.refreshing.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

const STALE_MS = 10_000;

/**
 * A value everyone shares, from `cache` or computed: past its lifetime one caller recomputes while
 * the others still get the old value (ReadCache.peek/claim), and a value read while a write came is
 * not kept.
 */
export async function cachedValue<V>(cache: ReadCache<V>, key: string, compute: () => Promise<V>): Promise<V> {
  const hit = cache.peek(key);
  if (hit && (hit.fresh || !cache.claim(key))) return hit.value;
  const generation = cache.generation;
  try {
    const value = await compute();
    cache.set(key, value, generation);
    return value;
  } finally {
    if (hit) cache.release(key);
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Announces writes (see ReadCache); mounted before anything that could cache. */
export function announceWrites(ctx: AppContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    // Once the answer is out. A refused write (4xx, 5xx) changed nothing (its transaction rolled
    // back), so a login storm or a flood of 429s neither empties the caches nor sends every node a
    // message. A client that went away mid-request leaves us not knowing: announce then. A read
    // that raced the write never stores what it read (the generation moves on here).
    let settled = false;
    const settle = (known: boolean) => {
      if (settled) return;
      settled = true;
      if (!known || res.statusCode < 400) ctx.bus.emit('data:changed', { settled: true, remote: false });
    };
    res.once('finish', () => settle(true));
    res.once('close', () => settle(res.writableFinished));
    next();
  };
}

/** A signed-in session as loadSession keeps it for a few seconds. */
export interface CachedSession {
  user: UserRow;
  sessionId: string;
  /** ms since epoch: past it the session is over, cache or not. */
  expiresAt: number;
}

/**
 * How long a session is believed without asking the database: the bound on a revocation that
 * no message announced (SQLite processes sharing a file have no channel between them).
 */
export const SESSION_CACHE_MS = 1_000;
export const READ_CACHE_MS = 2_000;

/**
 * Lists every visitor sees alike, answered from memory: the feed (any query: page 1 of the home
 * and category pages), trending tags, community stats and categories. The feed and trending only
 * for visitors (members' feed pages carry isLiked/isBookmarked, and their trending leaves out the
 * hashtags they muted: the route caches the community's list under that); the others are the same
 * for everyone.
 */
const SHARED = new Set(['/stats', '/categories']);
const VISITORS_ONLY = new Set(['/posts', '/hashtags/trending']);

export interface CachedResponse {
  body: string;
  nextCursor: string | undefined;
}

export function hotListCache(cache: ReadCache<CachedResponse>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    const path = req.path;
    if (!SHARED.has(path) && !(VISITORS_ONLY.has(path) && !req.user)) return next();
    const key = req.originalUrl;
    const hit = cache.peek(key);
    if (hit && (hit.fresh || !cache.claim(key))) {
      if (hit.value.nextCursor) res.setHeader('X-Next-Cursor', hit.value.nextCursor);
      res.type('application/json').send(hit.value.body);
      return;
    }
    if (hit) res.once('close', () => cache.release(key));
    const generation = cache.generation;
    res.json = (body: unknown) => {
      const text = JSON.stringify(body);
      if (res.statusCode === 200) {
        const cursor = res.getHeader('X-Next-Cursor');
        cache.set(key, { body: text, nextCursor: typeof cursor === 'string' ? cursor : undefined }, generation);
      }
      return res.type('application/json').send(text);
    };
    next();
  };
}
