import type { Knex } from 'knex';
import type { DomainBus, DomainEvents } from '../context';
import type { Logger } from '../logger';
import { onOneNode } from '../db/locks';

/** What a job is: a name, how often, and the work. Everything else (timer, overlap, clock, lock, logs) is the runner's. */
export interface JobSpec<T> {
  /** Short and stable: it names the job in logs, metrics and its PostgreSQL lock. */
  name: string;
  /** Runs every this many seconds; 0 or less: no timer (only `tick()` and `wakeOn` run it, as in tests). */
  everySec: number;
  /** Also runs once when started (with a timer only): catches up on what came due while the server was down. */
  atStart?: boolean;
  /**
   * PostgreSQL: one node at a time. A tick runs under an advisory lock named after the job; a node
   * that finds it held skips the tick (its `tick()` answers null). SQLite has one node.
   */
  singleNode?: boolean;
  /** Domain events that start a tick at once, in the background (e.g. a member asked for a data export). */
  wakeOn?: readonly (keyof DomainEvents)[];
  /**
   * A tick asked for while one runs joins it (its promise, its answer). With `again`, the job runs
   * once more right after it instead, in the same promise, and the two answers are merged with
   * this: for work that may have arrived after the running tick looked.
   */
  again?(earlier: T, later: T): T;
  /** The work, at the runner's `now`. */
  run(now: Date): Promise<T>;
}

/** The timer functions (tests give fake ones). */
export interface JobTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Told of each tick's end: jobs/metrics.ts counts and times them. */
export interface JobObserver {
  ticked(job: string, outcome: 'done' | 'skipped' | 'failed', seconds: number): void;
}

export interface JobDeps {
  db: Knex;
  logger: Logger;
  /** Needed for `wakeOn`. */
  bus?: DomainBus;
  observer?: JobObserver;
  /** The clock (default: the machine's); tests may also set `job.now` afterwards. */
  now?: () => Date;
  timers?: JobTimers;
}

/** The longest delay Node's timers hold (about 24.8 days); a longer one would fire at once. */
const MAX_DELAY = 2 ** 31 - 1;

/** The machine's timers, never what keeps the process alive; an interval longer than MAX_DELAY waits in steps. */
export const REAL_TIMERS: JobTimers = {
  setInterval: (fn, ms) => {
    if (ms <= MAX_DELAY) return setInterval(fn, ms).unref();
    const handle: { timer?: NodeJS.Timeout } = {};
    let left = ms;
    const step = () => {
      const wait = Math.min(left, MAX_DELAY);
      handle.timer = setTimeout(() => {
        left -= wait;
        if (left <= 0) {
          left = ms;
          fn();
        }
        step();
      }, wait).unref();
    };
    step();
    return handle;
  },
  clearInterval: (handle) => {
    if (handle && typeof handle === 'object' && 'timer' in handle) clearTimeout((handle as { timer?: NodeJS.Timeout }).timer);
    else clearInterval(handle as NodeJS.Timeout);
  },
};

/**
 * Runs a job every `everySec`, never two ticks at once on one node; `stop()` waits for the tick in
 * progress. A failed tick is logged (and counted) and the next one runs at its time. Tests drive it
 * by hand: set `now`, `await tick()`, no timers, no sleeps.
 */
export class IntervalJob<T> {
  /** The clock each tick reads. */
  now: () => Date;
  private timer: unknown = null;
  private running: Promise<T | null> | null = null;
  private pending = false;
  private stopped = false;
  private unsubscribe: (() => void)[] = [];
  private readonly timers: JobTimers;

  constructor(
    private readonly deps: JobDeps,
    readonly spec: JobSpec<T>,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.timers = deps.timers ?? REAL_TIMERS;
  }

  get name(): string {
    return this.spec.name;
  }

  /** Whether a tick is running now. */
  get busy(): boolean {
    return this.running !== null;
  }

  /**
   * One tick now, or the one running (see JobSpec.again). Answers the job's result, or null when
   * another node holds a single-node job's lock. Rejects with the job's error (the timer's ticks log it).
   */
  tick(): Promise<T | null> {
    if (this.running) {
      if (this.spec.again) this.pending = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A tick in the background, its failure logged. */
  kick(): void {
    if (this.stopped) return;
    this.tick().catch((err: unknown) => this.deps.logger.error({ err, job: this.name }, `job ${this.name} failed`));
  }

  /** The timer (when `everySec` > 0, with a first tick if `atStart`) and the wake-up events. Once. */
  start(): void {
    if (this.timer || this.unsubscribe.length) return;
    this.stopped = false;
    const bus = this.deps.bus;
    for (const event of this.spec.wakeOn ?? []) {
      if (!bus) throw new Error(`job ${this.name}: wakeOn needs the domain bus`);
      this.unsubscribe.push(bus.on(event, () => this.kick()));
    }
    if (this.spec.everySec <= 0) return;
    if (this.spec.atStart) this.kick();
    this.timer = this.timers.setInterval(() => this.kick(), this.spec.everySec * 1000);
  }

  /** No more ticks; waits for the one in progress (its failure is already logged). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pending = false;
    for (const off of this.unsubscribe.splice(0)) off();
    if (this.timer) this.timers.clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async loop(): Promise<T | null> {
    let total: { value: T } | null = null;
    do {
      this.pending = false;
      const result = await this.once();
      if (!result.ran) break;
      total = { value: total && this.spec.again ? this.spec.again(total.value, result.value) : result.value };
    } while (this.pending && !this.stopped);
    return total ? total.value : null;
  }

  private async once(): Promise<{ ran: true; value: T } | { ran: false }> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const work = () => this.spec.run(this.now());
      const result = this.spec.singleNode ? await onOneNode(this.deps.db, this.name, work) : { ran: true as const, value: await work() };
      this.deps.observer?.ticked(this.name, result.ran ? 'done' : 'skipped', seconds());
      // At debug level every tick is logged with its time, beside the requests' (a slow tick shows up between them).
      this.deps.logger.debug({ job: this.name, outcome: result.ran ? 'done' : 'skipped', ms: Math.round(seconds() * 1000) }, `job ${this.name} ticked`);
      return result;
    } catch (err) {
      this.deps.observer?.ticked(this.name, 'failed', seconds());
      throw err;
    }
  }
}
