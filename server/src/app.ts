import crypto from 'node:crypto';
import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import compression from 'compression';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from './context';
import { errors } from './errors';
import { loadSession } from './middlewares/auth';
import { sameOriginGuard } from './middlewares/origin';
import { errorHandler, requireKnownBodyType } from './middlewares/errors';
import { corsForTokenClients } from './middlewares/cors';
import { apiRouter } from './routes';
import { mountStatic } from './static';

/** Builds the Express app (no listen): API, uploads and the browser build of the UI. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use(
    helmet({
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
    }),
  );

  const api = express.Router();
  // JSON above 1 KB goes out compressed; the socket (/ws) never passes through Express, and an event stream is left alone.
  api.use(compression({ threshold: 1024, filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res) }));
  api.use(corsForTokenClients);
  api.use(requireKnownBodyType);
  api.use(express.json({ limit: '2mb' }));
  api.use(cookieParser());
  api.use(sameOriginGuard(ctx));
  api.use(loadSession(ctx));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(apiRouter(ctx));
  app.use('/api', api);

  mountStatic(app, ctx);

  app.use((_req, _res, next) => next(errors.notFound(TEXTS.errors.notFound)));
  app.use(errorHandler);
  return app;
}
