/**
 * The HTTP side of the read caches (../read-cache.ts): every write announced once it is
 * answered, and visitors' hot lists answered from memory.
 */
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
