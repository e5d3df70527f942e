import type { AppContext } from '../context';
import { rollTrending } from '../services/trending';
import { sendDueReminders } from '../services/events/reminders';
import { addPrivacyResults, doPrivacyWork, type PrivacyWorkDone } from '../services/privacy/jobs';
import { writeScheduledBackup } from '../services/backup/schedule';
import type { BackupResult } from '../services/backup/backup';
import { addDrainResults, drainDeliveries, type DrainResult } from '../services/delivery/drain';
import { sendDueDigests, type DigestTick } from '../services/digest/send';
import { IntervalJob, type JobDeps, type JobSpec } from './interval-job';

export { IntervalJob, type JobDeps, type JobSpec, type JobTimers, type JobObserver } from './interval-job';

/*
 * The server's background jobs. Each is only what it does (the work lives in its service); the
 * runner (interval-job.ts) owns the timer, the overlap guard, the clock, the lock and the logs.
 * A new job: a spec below and one line in serverJobs.
 */

/** Event reminders a day and an hour before (EVENT_REMINDER_INTERVAL_SECONDS); each is sent once however many nodes tick. */
export const eventReminders = (ctx: AppContext): JobSpec<number> => ({
  name: 'event-reminders',
  everySec: ctx.config.reminderIntervalSec,
  run: (now) => sendDueReminders(ctx, now),
});

/** KVKK: data exports asked for, archives past their day, accounts past their grace period (PRIVACY_JOB_INTERVAL_SECONDS; at once when asked). */
export const privacyWork = (ctx: AppContext): JobSpec<PrivacyWorkDone> => ({
  name: 'privacy',
  everySec: ctx.config.privacyIntervalSec,
  atStart: true,
  wakeOn: ['privacy:work'],
  again: addPrivacyResults,
  run: (now) => doPrivacyWork(ctx, now),
});

/** Moves trending's running totals to the current hour (TRENDING_INTERVAL_SECONDS), one node at a time. */
export const trendingRoll = (ctx: AppContext): JobSpec<boolean> => ({
  name: 'trending',
  everySec: ctx.config.trendingIntervalSec,
  atStart: true,
  singleNode: true,
  run: (now) => rollTrending(ctx.db, now.getTime()),
});

/**
 * The weekly neighbourhood digest (DIGEST_INTERVAL_SECONDS, 5 minutes by default): members whose
 * chosen local time has come get this week's digest, built here and queued for the `deliveries`
 * job to send. One node at a time; each week is claimed per member in the database as well
 * (services/digest/send.ts), so even two ticks never queue it twice.
 */
export const weeklyDigest = (ctx: AppContext): JobSpec<DigestTick> => ({
  name: 'digest',
  everySec: ctx.config.digestIntervalSec,
  singleNode: true,
  run: (now) => sendDueDigests(ctx, now),
});

/** The server's own backups (BACKUP_INTERVAL_HOURS, off at 0), keeping the newest BACKUP_KEEP. */
export const scheduledBackup = (ctx: AppContext): JobSpec<BackupResult> => {
  const { config, db, logger } = ctx;
  const source = { db, dataDir: config.dataDir, uploadsDir: config.uploadsDir, databaseUrl: config.databaseUrl };
  return {
    name: 'backup',
    everySec: config.backup.intervalHours * 3600,
    run: () => writeScheduledBackup(source, { dir: config.backup.dir, keep: config.backup.keep, logger }),
  };
};

/**
 * Pushes and notification e-mails waiting in the database (NOTIFICATION_DELIVERY_INTERVAL_SECONDS,
 * and at once after a notification or a message is written). Every node drains: each row is
 * claimed by one (services/delivery/queue.ts), so none is sent twice.
 */
export const deliveries = (ctx: AppContext): JobSpec<DrainResult> => ({
  name: 'deliveries',
  everySec: ctx.config.deliveryIntervalSec,
  atStart: true,
  wakeOn: ['notification:created', 'message:created', 'delivery:queued'],
  again: addDrainResults,
  run: (now) => drainDeliveries(ctx, now),
});

type Started<S> = { readonly [K in keyof S]: S[K] extends JobSpec<infer T> ? IntervalJob<T> : never };

/** A set of jobs started and stopped together, each reachable by its key (tests set its clock and tick it). */
export type JobSet<S extends Record<string, JobSpec<unknown>>> = Started<S> & {
  /** Starts every job (see IntervalJob.start). */
  start(): void;
  /** Stops every job, waiting for the ticks in progress. */
  stop(): Promise<void>;
};

export function jobSet<S extends Record<string, JobSpec<unknown>>>(deps: JobDeps, specs: S & { start?: never; stop?: never }): JobSet<S> {
  const jobs = Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, new IntervalJob(deps, spec)])) as Record<string, IntervalJob<unknown>>;
  const all = Object.values(jobs);
  return {
    ...(jobs as Started<S>),
    start: () => all.forEach((j) => j.start()),
    stop: async () => {
      await Promise.all(all.map((j) => j.stop()));
    },
  };
}

/** Every background job of a running server. */
export function serverJobs(ctx: AppContext, observer?: JobDeps['observer']) {
  return jobSet(
    { db: ctx.db, logger: ctx.logger, bus: ctx.bus, observer },
    {
      reminders: eventReminders(ctx),
      privacy: privacyWork(ctx),
      trending: trendingRoll(ctx),
      backup: scheduledBackup(ctx),
      deliveries: deliveries(ctx),
      digest: weeklyDigest(ctx),
    },
  );
}

export type ServerJobs = ReturnType<typeof serverJobs>;
