import { pipeline } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from './context';
import { uploadStore } from './services/uploads';
import { isKey, type ByteRange } from './services/storage';

/** One `bytes=` range of an object of `size` bytes; undefined for none or several (the whole file is sent), null when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? null : { start, end };
}

/**
 * GET /uploads/<key>: a stored file streamed from the store (disk or bucket), with the headers
 * that make an upload harmless and cacheable: its type, nosniff, a sandboxing CSP, and a month of
 * immutable caching (names are random and never reused). Ranges are served for video seeking.
 *
 * Streaming through the server rather than redirecting to signed bucket URLs keeps every file on
 * this origin (the app's `img-src 'self'`, the sandbox CSP, one URL that caches forever) and the
 * bucket private, reachable from the server only.
 */
export function serveUploads(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = String(req.params.key ?? '');
    if (!isKey(key)) return next();
    const store = uploadStore(ctx);
    let range: ByteRange | undefined;
    if (req.headers.range) {
      const stat = await store.stat(key);
      if (!stat) return next();
      const parsed = parseRange(req.headers.range, stat.size);
      if (parsed === null) {
        res.status(416).setHeader('Content-Range', `bytes */${stat.size}`);
        return res.end();
      }
      range = parsed;
    }
    const etag = `"${key}"`;
    if (!range && req.headers['if-none-match'] === etag) return res.status(304).end();
    const object = await store.get(key, range);
    if (!object) return next();
    res.setHeader('Content-Type', object.type);
    res.setHeader('Content-Length', String(object.length));
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=2592000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    if (range) {
      res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.start + object.length - 1}/${object.size}`);
    }
    if (req.method === 'HEAD') {
      object.body.destroy();
      return res.end();
    }
    // A store that fails mid-file cuts the connection: the client sees a short body, never a wrong one.
    pipeline(object.body, res, () => undefined);
  };
}
