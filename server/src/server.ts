import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { createDb, withBootLock } from './db/knex';
import { DatabaseStartError, describeDatabase, isDatabaseUnavailable, startError, waitForDatabase } from './db/faults';
import { DomainBus, type AppContext, type LiveState } from './context';
import { Metrics } from './metrics';
import { createApp } from './app';
import { ensureAdmin } from './services/accounts';
import { seedDemo } from './db/seed/demo';
import { attachRealtime, type Realtime } from './realtime';
import { prepareRateLimitStore } from './middlewares/rate-limit';
import { PasswordHasher } from './services/passwords';
import { Mailer } from './services/mail';
import { recordLiveDatabase } from './services/operations/live-database';
import { migrateWithBackup, UpgradeRefused } from './services/backup/upgrade';
import { serverJobs, type ServerJobs } from './jobs';
import { jobMetrics } from './jobs/metrics';

export interface RunningServer {
  ctx: AppContext;
  httpServer: http.Server;
  realtime: Realtime;
  /** The background jobs (jobs/index.ts), started after the HTTP server listens; tests set a job's clock and tick it. */
  jobs: ServerJobs;
  url: string;
  close(): Promise<void>;
}

/** Boot: config, database and migrations, demo data and admin, then the HTTP server. */
export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  // knex's warnings ("Acquire connection error" with a stack) go to the log, as one line each.
  const knexLine = (m: unknown) => String(typeof m === 'string' ? m : JSON.stringify(m)).split('\n')[0];
  const db = createDb({
    ...config,
    log: {
      warn: (m) => logger.warn(`knex: ${knexLine(m)}`),
      error: (m) => logger.error(`knex: ${knexLine(m)}`),
      deprecate: (m) => logger.warn(`knex: ${knexLine(m)}`),
      debug: (m) => logger.debug(`knex: ${knexLine(m)}`),
    },
  });
  const passwords = new PasswordHasher({ cost: config.passwordHashCost, ...config.passwordHashing });
  const mailer = new Mailer(config.mail, logger, db);
  const live: LiveState = { shuttingDown: false, inFlight: 0 };
  const ctx: AppContext = { config, db, logger, bus: new DomainBus(), passwords, mailer, live };
  if (mailer.configured && !config.publicUrl)
    logger.warn('SMTP_URL is set but PUBLIC_URL is not: e-mails need the address members reach the site at, so none are sent');
  if (config.trustProxy === true) {
    logger.warn(
      'TRUST_PROXY=true trusts every X-Forwarded-For hop: clients can choose their own address and escape the per-address limits; give the number of proxies (e.g. 1) instead',
    );
  }
  // An unreachable database ends the start with one line (DatabaseStartError), not a stack trace.
  const sqlite = !config.databaseUrl;
  const label = describeDatabase({ databaseUrl: config.databaseUrl, sqliteFile: String((db.client.config.connection as { filename?: string }).filename) });
  const bootFailed = async (err: unknown): Promise<never> => {
    await db.destroy().catch(() => undefined);
    throw isDatabaseUnavailable(err) ? startError(err, { label, sqlite }) : err;
  };
  await waitForDatabase(() => db.raw('select 1'), {
    label,
    sqlite,
    waitSec: sqlite ? 0 : config.databaseWaitSec,
    onRetry: (err, delayMs) => logger.warn({ code: (err as { code?: string }).code, retryInMs: delayMs }, `waiting for ${label}`),
  }).catch(bootFailed);
  const admin = await withBootLock(db, config.databaseSchema, async () => {
    await migrateWithBackup(ctx).catch((err: unknown) => {
      throw err instanceof UpgradeRefused ? new DatabaseStartError(err.message) : err;
    });
    await prepareRateLimitStore(db);
    if (config.seedDemo) {
      const seeded = await seedDemo(db);
      if (seeded) logger.info(seeded, 'empty database: demo community created');
    }
    return ensureAdmin(db, {
      username: config.adminUsername,
      password: config.adminPassword,
      passwords,
    });
  }).catch(bootFailed);
  recordLiveDatabase(config);
  if (config.legacyDataDir) {
    logger.warn(
      { dataDir: config.dataDir },
      'DATA_DIR is unset and the database was found in server/data, the older default: set DATA_DIR to this folder, or move it to data/ in the checkout root',
    );
  }
  if (admin?.password) {
    // Printed once, on the console only: there is no built-in admin password.
    process.stdout.write(
      `\n  Yönetici hesabı oluşturuldu.\n  Kullanıcı adı: ${admin.username}\n  Şifre: ${admin.password}\n  (Bu şifre yalnızca bir kez gösterilir.)\n\n`,
    );
  } else if (admin) {
    logger.info({ username: admin.username, created: admin.created }, 'admin account ready');
  }

  const metrics = config.metricsToken ? new Metrics(ctx) : undefined;
  const app = createApp(ctx, { metrics });
  const httpServer = http.createServer(app);
  const realtime = await attachRealtime(ctx, httpServer).catch(bootFailed);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  // Promoting an existing account signed it out (ensureAdmin): the other nodes forget its session now.
  if (admin && !admin.created) ctx.bus.emit('data:changed', { settled: true, remote: false });
  const jobs = serverJobs(ctx, metrics && jobMetrics(metrics.registry));
  jobs.start();
  const address = httpServer.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${address.port}`;
  const any = config.host === '0.0.0.0' || config.host === '::';
  live.selfUrl = `http://${any ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}`;

  return {
    ctx,
    httpServer,
    realtime,
    jobs,
    url,
    /**
     * A graceful stop: no new connections; sockets told to reconnect elsewhere and closed; the
     * requests in flight finish (their connections then close), or after SHUTDOWN_TIMEOUT_SECONDS
     * are cut; then the socket server and the database are closed.
     */
    async close() {
      if (live.shuttingDown) return;
      live.shuttingDown = true;
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      realtime.announceShutdown();
      // Keep-alive connections that fall idle after their last answer are closed as they do.
      const sweep = setInterval(() => httpServer.closeIdleConnections(), 100);
      const cut = setTimeout(() => {
        if (live.inFlight > 0) logger.warn({ inFlight: live.inFlight }, 'shutdown timeout: cutting the requests still in flight');
        httpServer.closeAllConnections();
      }, config.shutdownTimeoutSec * 1000);
      await stopped;
      clearInterval(sweep);
      clearTimeout(cut);
      await jobs.stop();
      await Promise.all((live.onClose ?? []).map((close) => close().catch(() => undefined)));
      await realtime.close();
      await db.destroy();
      await passwords.close();
      mailer.close();
    },
  };
}
