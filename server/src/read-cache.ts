/**
 * Small in-memory caches for hot reads, emptied by every write: any request that may change
 * something (not GET/HEAD/OPTIONS) and was not refused, on this node when it is answered
 * (middlewares/caching.ts announces it), and on the others through the realtime adapter
 * ('data:changed', forwarded by realtime/index.ts). The app, routes and services each hold their own
 * (sessions, visitors' hot lists, trending, the feed's shared pages). A read
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
      this.drop(key, hit.value);
      return undefined;
    }
    return hit.value;
  }

  /** Stores only if nothing was written since `generation` was read. */
  set(key: string, value: V, generation: number, ttlMs = this.ttlMs): void {
    if (generation !== this.generation) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old.value);
    else if (this.entries.size >= this.max) {
      const [oldest] = this.entries;
      if (oldest) this.drop(oldest[0], oldest[1].value);
    }
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
      this.drop(key, hit.value);
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
    for (const { value } of this.entries.values()) this.dropped(value);
    this.entries.clear();
  }

  private drop(key: string, value: V): void {
    this.entries.delete(key);
    this.dropped(value);
  }

  /** Called once for each value the cache lets go of (expired, evicted, replaced or cleared), for a subclass that counts what its values hold. */
  protected dropped(_value: V): void {}
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

/**
 * How long a session is believed without asking the database: the bound on a revocation that
 * no message announced (SQLite processes sharing a file have no channel between them).
 */
export const SESSION_CACHE_MS = 1_000;
export const READ_CACHE_MS = 2_000;
