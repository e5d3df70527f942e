import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (X-Request-Id): the client's when it sent a sane one, else ours. */
    id: string;
    /** A logger carrying the request id, method and url; made only when something is logged. */
    log: Logger;
  }
}

/**
 * The request id and the access log without a child logger per request: ids are a per-process
 * random prefix and a counter (unique enough to find a request in the logs, no randomUUID per
 * request), the child logger is created only when a handler logs, and the completion line only
 * when its level is enabled (errors and 4xx at info; 2xx at debug, so not in production).
 */
export function requestLog(logger: Logger) {
  const prefix = crypto.randomBytes(4).toString('hex');
  let seq = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && incoming.length <= 64 && /^[\w-]+$/.test(incoming) ? incoming : `${prefix}-${(++seq).toString(36)}`;
    res.setHeader('X-Request-Id', id);
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ req: { id, method: req.method, url: req.url } })),
    });
    const start = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (logger.isLevelEnabled(level))
        req.log[level]({ res: { statusCode: status }, responseTime: Math.round(performance.now() - start) }, 'request completed');
    });
    next();
  };
}
