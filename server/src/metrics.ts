import crypto from 'node:crypto';
import type { Express, NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { contract } from '@mahalle/shared/contract';
import type { AppContext } from './context';
import { errors } from './errors';

/**
 * Prometheus metrics at GET /metrics, only when METRICS_TOKEN is set and then only for
 * `Authorization: Bearer <token>` (404 without METRICS_TOKEN, 401 without the right token). Requests are labelled
 * by route pattern from the contract (`GET /api/posts/:id`), never by raw URL, so the series stay
 * few; everything outside the API is `static`. One registry per app, not prom-client's global one.
 */
export class Metrics {
  readonly registry = new Registry();
  private requests: Counter<'method' | 'route' | 'status'>;
  private duration: Histogram<'method' | 'route'>;
  private routes = new Map<string, { re: RegExp; route: string }[]>();

  constructor(ctx: Pick<AppContext, 'db' | 'passwords' | 'live' | 'mailer'>) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new Counter({
      name: 'mahalle_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'mahalle_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const live = ctx.live;
    new Gauge({
      name: 'mahalle_sockets_connected',
      help: 'Socket.io clients connected to this node',
      registers: [this.registry],
      collect() {
        this.set(live?.socketCount?.() ?? 0);
      },
    });
    new Gauge({
      name: 'mahalle_http_requests_in_flight',
      help: 'HTTP requests being answered now',
      registers: [this.registry],
      collect() {
        this.set(live?.inFlight ?? 0);
      },
    });
    // knex keeps its connections in a tarn pool on both databases (SQLite: the readers; the writer waits on its own lock).
    new Gauge({
      name: 'mahalle_db_pool_connections',
      help: 'Database pool connections: in use, free, and acquires waiting',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const p = (ctx.db.client as { pool?: TarnPool }).pool;
        this.set({ state: 'used' }, p?.numUsed() ?? 0);
        this.set({ state: 'free' }, p?.numFree() ?? 0);
        this.set({ state: 'pending' }, p?.numPendingAcquires() ?? 0);
      },
    });
    new Gauge({
      name: 'mahalle_password_hash_queue',
      help: 'Password hashes waiting for a worker thread (beyond PASSWORD_HASH_QUEUE they are refused with 503)',
      registers: [this.registry],
      collect() {
        this.set(ctx.passwords.queueLength);
      },
    });
    const mailer = ctx.mailer;
    new Gauge({
      name: 'mahalle_mail_sent_total',
      help: 'E-mails this node handed to the SMTP server since it started',
      registers: [this.registry],
      collect() {
        this.set(mailer?.health().sent ?? 0);
      },
    });
    new Gauge({
      name: 'mahalle_mail_failures_total',
      help: 'E-mails this node could not send since it started (the admin panel shows the last error)',
      registers: [this.registry],
      collect() {
        this.set(mailer?.health().failed ?? 0);
      },
    });
    for (const e of Object.values(contract)) {
      const [method = '', path = ''] = e.route.split(' ');
      const re = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
      const list = this.routes.get(method) ?? [];
      // Fixed segments before parameters: /api/posts/feed before /api/posts/:id.
      list.push({ re, route: path });
      this.routes.set(method, list);
    }
    for (const list of this.routes.values()) list.sort((a, b) => paramCount(a.route) - paramCount(b.route));
  }

  /** The route pattern of a request: the contract's path for /api, else a fixed label. */
  routeOf(method: string, path: string): string {
    if (path === '/metrics') return '/metrics';
    if (!path.startsWith('/api/')) return path.startsWith('/uploads/') ? '/uploads' : 'static';
    const lookup = method === 'HEAD' ? 'GET' : method;
    return this.routes.get(lookup)?.find((r) => r.re.test(path))?.route ?? 'unmatched';
  }

  /** Mounted first: counts and times every answer. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      const end = this.duration.startTimer();
      // Read now: routers mounted further down rewrite req.url while they work.
      const path = req.path;
      res.once('finish', () => {
        const route = this.routeOf(req.method, path);
        end({ method: req.method, route });
        this.requests.inc({ method: req.method, route, status: String(res.statusCode) });
      });
      next();
    };
  }
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function paramCount(route: string): number {
  return (route.match(/:/g) ?? []).length;
}

/** GET /metrics: 404 without METRICS_TOKEN; with it, 401 unless the request carries that bearer token. */
export function mountMetrics(app: Express, token: string | null, metrics: Metrics | undefined): void {
  app.get('/metrics', async (req, res) => {
    if (!token || !metrics) throw errors.notFound();
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw errors.unauthorized();
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
