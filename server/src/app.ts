import express, { type Express, type RequestHandler } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from './context';
import { errors } from './errors';
import { loadSession } from './middlewares/auth';
import { sameOriginGuard } from './middlewares/origin';
import { errorHandler, requireKnownBodyType } from './middlewares/errors';
import { corsForTokenClients } from './middlewares/cors';
import { apiRouter } from './routes';
import { checkResponses } from './contract/check';
import { mountUnsubscribe } from './unsubscribe';
import { mountStatic } from './static';
import { requestLog } from './middlewares/request-log';
import { mountMetrics, type Metrics } from './metrics';
import { announceWrites, hotListCache, type CachedResponse, type CachedSession } from './middlewares/caching';
import { ReadCache, READ_CACHE_MS, SESSION_CACHE_MS } from './read-cache';
import { watchWatchedWords } from './services/watched-words';
import { digestUnsubscribeRouter } from './routes/digest';

/** The headers a middleware sets on every answer (helmet's are fixed for a given configuration). */
function headersOf(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const res = { setHeader: (name: string, value: unknown) => headers.push([name, String(value)]), removeHeader: () => undefined };
  void middleware({ headers: {} } as never, res as never, () => undefined);
  return headers;
}

/** What the app serves besides what every service gets on the context. */
export interface AppExtras {
  /** Prometheus metrics at /metrics (server.ts builds them when METRICS_TOKEN is set). */
  metrics?: Metrics;
}

/** Builds the Express app (no listen): API, uploads and the browser build of the UI. */
export function createApp(ctx: AppContext, extras: AppExtras = {}): Express {
  const { metrics } = extras;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('query parser', 'simple');

  // API answers are no-store JSON: no ETag hash of every body (static files keep serve-static's own).
  app.set('etag', false);
  if (metrics) app.use(metrics.middleware());
  const live = ctx.live;
  if (live) {
    // Requests in flight, for a graceful stop; once it began, answers close their connection so clients reconnect elsewhere.
    app.use((_req, res, next) => {
      live.inFlight += 1;
      res.once('close', () => (live.inFlight -= 1));
      if (live.shuttingDown) res.setHeader('Connection', 'close');
      next();
    });
  }
  app.use(requestLog(ctx.logger));

  const security = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Uploaded images are shown by the desktop app too, which runs from its own origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: false, // the organiser's reverse proxy decides about HTTPS
  });
  // The same headers on every API answer, worked out once instead of by twelve middlewares each time.
  const apiHeaders: [string, string][] = [...headersOf(security), ['Cache-Control', 'no-store']];

  // Read caches (sessions; visitors' hot lists), emptied by every write here or on another node.
  const sessionCache = new ReadCache<CachedSession>(SESSION_CACHE_MS, 10_000);
  const hotLists = new ReadCache<CachedResponse>(READ_CACHE_MS, 500);
  ctx.bus.on('data:changed', () => {
    sessionCache.clear();
    hotLists.clear();
  });
  // The compiled watched-word list checks its version after any write.
  watchWatchedWords(ctx);

  const api = express.Router();
  api.use((_req, res, next) => {
    for (const [name, value] of apiHeaders) res.setHeader(name, value);
    next();
  });
  // JSON above 1 KB goes out compressed; the socket (/ws) never passes through Express, and an event stream is left alone.
  // A client that names no encoding takes none: it skips compression's wrapping of every answer.
  const compress = compression({
    threshold: 1024,
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
  api.use((req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()));
  api.use(corsForTokenClients);
  api.use(requireKnownBodyType);
  api.use(express.json({ limit: '2mb' }));
  api.use(sameOriginGuard(ctx));
  api.use(announceWrites(ctx));
  api.use(loadSession(ctx, sessionCache));
  api.use(hotListCache(hotLists));
  if (ctx.config.contractCheck !== 'off') api.use(checkResponses(ctx.config.contractCheck));
  api.use(apiRouter(ctx));
  app.use('/api', api);

  app.use(security);
  mountMetrics(app, ctx.config.metricsToken, metrics);
  mountUnsubscribe(app, ctx);
  app.use('/unsubscribe/digest', digestUnsubscribeRouter(ctx));
  mountStatic(app, ctx);

  app.use((_req, _res, next) => next(errors.notFound(TEXTS.errors.notFound)));
  app.use(errorHandler);
  return app;
}
