/**
 * The HTTP side of the read caches (../read-cache.ts): every write announced once it is
 * answered, and visitors' hot lists answered from memory.
 */
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import type { UserRow } from '../presenters/users';
import type { ReadCache } from '../read-cache';

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
 * Lists every visitor sees alike, answered from memory: the feed (any query: page 1 of the home
 * and category pages) and the other public lists visitors and search engines hit (a hashtag, the
 * questions, the blog, the groups, the events, a post or question with its first comments or
 * answers, an author's posts), trending tags, community stats and categories. Lists that a member
 * sees with their own flags (isLiked, muted hashtags...) only for visitors; stats and categories
 * are the same for everyone. Never a page whose read has a side effect (a question's or a blog post's view count).
 */
const SHARED = new Set(['/stats', '/categories']);
const VISITORS_ONLY: RegExp[] = [
  /^\/posts$/,
  /^\/posts\/\d+$/,
  /^\/posts\/\d+\/comments$/,
  /^\/hashtags\/trending$/,
  /^\/hashtags\/[^/]+\/posts$/,
  /^\/users\/[^/]+\/posts$/,
  /^\/questions$/,
  /^\/questions\/\d+\/answers$/,
  /^\/blog\/posts$/,
  /^\/blog\/posts\/\d+\/comments$/,
  /^\/hobby-groups$/,
  /^\/hobby-groups\/[^/]+$/,
  /^\/hobby-groups\/[^/]+\/(posts|events)$/,
  /^\/events$/,
  /^\/events\/\d+$/,
];

function cacheable(path: string, visitor: boolean): boolean {
  return SHARED.has(path) || (visitor && VISITORS_ONLY.some((r) => r.test(path)));
}

/**
 * A shared answer: its JSON, and compressed copies made once at the first client that accepts
 * them (brotli first, as browsers send `br`), so a thousand visitors cost one compression.
 */
export interface CachedResponse {
  body: string;
  nextCursor: string | undefined;
  /** The body's UTF-8 bytes, made at the first client that takes it uncompressed (not encoded again per request). */
  bytes?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Below compression's own threshold (app.ts) a body goes out as it is, as it would uncached. */
const COMPRESS_FROM = 1024;

/** Brotli whenever the client takes it (smaller, and paid once), else gzip; never what it refused (q=0). */
function encodingFor(req: Request): 'br' | 'gzip' | null {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  if (req.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return null;
}

function sendCached(req: Request, res: Response, entry: CachedResponse): void {
  if (entry.nextCursor) res.setHeader('X-Next-Cursor', entry.nextCursor);
  res.type('application/json');
  const encoding = entry.body.length >= COMPRESS_FROM ? encodingFor(req) : null;
  if (!encoding) {
    res.send((entry.bytes ??= Buffer.from(entry.body)));
    return;
  }
  const bytes =
    encoding === 'br'
      ? (entry.br ??= zlib.brotliCompressSync(entry.body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(entry.body) },
        }))
      : (entry.gzip ??= zlib.gzipSync(entry.body, { level: 6 }));
  // compression() (app.ts) leaves an answer alone once it has a Content-Encoding.
  res.setHeader('Content-Encoding', encoding);
  res.vary('Accept-Encoding');
  res.send(bytes);
}

export function hotListCache(cache: ReadCache<CachedResponse>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || !cacheable(req.path, !req.user)) return next();
    const key = req.originalUrl;
    const hit = cache.peek(key);
    if (hit && (hit.fresh || !cache.claim(key))) {
      sendCached(req, res, hit.value);
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
