import type { Knex } from 'knex';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainBus } from '../context';
import type { Logger } from '../logger';
import { isPostgres } from '../db/engine';
import { startTestServer, type TestServer } from '../test/harness';
import { IntervalJob, jobSet, type JobDeps, type JobSpec, type JobTimers } from '.';
import { REAL_TIMERS } from './interval-job';
import { jobMetrics } from './metrics';

/** A promise the test settles by hand. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (err: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Timers the test fires by hand. */
function fakeTimers() {
  const live = new Map<number, () => void>();
  let next = 0;
  const timers: JobTimers = {
    setInterval: (fn) => {
      live.set(++next, fn);
      return next;
    },
    clearInterval: (id) => live.delete(id as number),
  };
  return { timers, live, fire: () => [...live.values()].forEach((fn) => fn()) };
}

function fakeLogger() {
  const errors: { job: string; message: string }[] = [];
  const logger = { error: (o: { job: string }, message: string) => errors.push({ job: o.job, message }), debug: () => undefined } as unknown as Logger;
  return { logger, errors };
}

/** Lets the background ticks started by timers and events go as far as they can. */
const settle = () => new Promise((r) => setImmediate(r));

function deps(over: Partial<JobDeps> = {}): JobDeps {
  return { db: {} as Knex, logger: fakeLogger().logger, ...over };
}

describe('IntervalJob', () => {
  it('never runs two ticks at once: a tick asked for while one runs gets the running one', async () => {
    let runs = 0;
    const release = gate();
    const job = new IntervalJob(deps(), {
      name: 'slow',
      everySec: 0,
      run: async () => {
        runs += 1;
        await release.promise;
        return runs;
      },
    });
    const first = job.tick();
    const second = job.tick();
    expect(second).toBe(first);
    expect(job.busy).toBe(true);
    release.open();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(job.busy).toBe(false);
    // The next tick is a new run.
    expect(await job.tick()).toBe(2);
  });

  it('with `again`, runs once more right after the running tick, in the same promise, answers merged', async () => {
    const gates = [gate(), gate()];
    let runs = 0;
    const job = new IntervalJob(deps(), {
      name: 'queue',
      everySec: 0,
      again: (a: number, b: number) => a + b,
      run: async () => {
        await gates[runs++]!.promise;
        return 10 * runs;
      },
    });
    const first = job.tick();
    const second = job.tick();
    const third = job.tick();
    expect(second).toBe(first);
    gates[0]!.open();
    gates[1]!.open();
    // Two asks while running make one more run, not two.
    expect(await third).toBe(10 + 20);
    expect(runs).toBe(2);
  });

  it('reads the clock it is given, which tests may change between ticks', async () => {
    const seen: number[] = [];
    const job = new IntervalJob(deps({ now: () => new Date(1000) }), { name: 'clock', everySec: 0, run: async (now) => seen.push(now.getTime()) });
    await job.tick();
    job.now = () => new Date(2000);
    await job.tick();
    expect(seen).toEqual([1000, 2000]);
  });

  it('ticks at start and on its timer; a failure is logged and the next tick runs; stop clears the timer', async () => {
    const { timers, live, fire } = fakeTimers();
    const { logger, errors } = fakeLogger();
    let runs = 0;
    const job = new IntervalJob(deps({ timers, logger }), {
      name: 'flaky',
      everySec: 60,
      atStart: true,
      run: async () => {
        runs += 1;
        if (runs === 2) throw new Error('boom');
        return runs;
      },
    });
    job.start();
    job.start(); // once
    expect(live.size).toBe(1);
    await settle();
    expect(runs).toBe(1);
    fire();
    await settle();
    expect(runs).toBe(2);
    expect(errors).toEqual([{ job: 'flaky', message: 'job flaky failed' }]);
    fire();
    await settle();
    expect(runs).toBe(3);
    await job.stop();
    expect(live.size).toBe(0);
    // Asked directly, a failure rejects.
    runs = 1;
    await expect(job.tick()).rejects.toThrow('boom');
  });

  it('without an interval (tests), has no timer and no tick at start, but still wakes on its events', async () => {
    const { timers, live } = fakeTimers();
    const bus = new DomainBus();
    let runs = 0;
    const job = new IntervalJob(deps({ timers, bus }), {
      name: 'on-demand',
      everySec: 0,
      atStart: true,
      wakeOn: ['privacy:work'],
      run: async () => ++runs,
    });
    job.start();
    await settle();
    expect(live.size).toBe(0);
    expect(runs).toBe(0);
    bus.emit('privacy:work', {});
    await settle();
    expect(runs).toBe(1);
    await job.stop();
    bus.emit('privacy:work', {});
    await settle();
    expect(runs).toBe(1);
  });

  it('stop waits for the tick in progress, and starts no other after it', async () => {
    const { timers, fire } = fakeTimers();
    const release = gate();
    let runs = 0;
    let finished = false;
    const job = new IntervalJob(deps({ timers }), {
      name: 'long',
      everySec: 1,
      again: (a: number, b: number) => a + b,
      run: async () => {
        runs += 1;
        await release.promise;
        finished = true;
        return 1;
      },
    });
    job.start();
    fire();
    await settle();
    expect(runs).toBe(1);
    // Asked again while running: would run once more, but the stop comes first.
    void job.tick();
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(finished).toBe(true);
    expect(runs).toBe(1);
    fire();
    await settle();
    expect(runs).toBe(1);
  });

  it('stop waits for a tick that fails, without throwing', async () => {
    const release = gate();
    const job = new IntervalJob(deps(), {
      name: 'failing',
      everySec: 0,
      run: async () => {
        await release.promise;
        throw new Error('late failure');
      },
    });
    const tick = job.tick();
    const stopping = job.stop();
    release.open();
    await expect(tick).rejects.toThrow('late failure');
    await expect(stopping).resolves.toBeUndefined();
  });

  it('counts and times its ticks by outcome when metrics are on', async () => {
    const registry = new Registry();
    let runs = 0;
    const job = new IntervalJob(deps({ observer: jobMetrics(registry) }), {
      name: 'measured',
      everySec: 0,
      run: async () => {
        if (++runs === 2) throw new Error('no');
        return runs;
      },
    });
    await job.tick();
    await job.tick().catch(() => undefined);
    await job.tick();
    const text = await registry.metrics();
    expect(text).toContain('mahalle_job_ticks_total{job="measured",outcome="done"} 2');
    expect(text).toContain('mahalle_job_ticks_total{job="measured",outcome="failed"} 1');
    expect(text).toContain('mahalle_job_duration_seconds_count{job="measured"} 3');
  });
});

describe("the machine's timers", () => {
  it('keep an interval longer than Node holds (a monthly backup) instead of firing at once', async () => {
    vi.useFakeTimers();
    try {
      const DAY = 86_400_000;
      let runs = 0;
      const handle = REAL_TIMERS.setInterval(() => (runs += 1), 30 * DAY);
      vi.advanceTimersByTime(29 * DAY);
      expect(runs).toBe(0);
      vi.advanceTimersByTime(DAY);
      expect(runs).toBe(1);
      vi.advanceTimersByTime(30 * DAY);
      expect(runs).toBe(2);
      REAL_TIMERS.clearInterval(handle);
      vi.advanceTimersByTime(60 * DAY);
      expect(runs).toBe(2);
      // A short one is Node's own interval.
      const short = REAL_TIMERS.setInterval(() => (runs += 1), 1000);
      vi.advanceTimersByTime(3000);
      expect(runs).toBe(5);
      REAL_TIMERS.clearInterval(short);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('jobSet', () => {
  it('starts and stops its jobs together, each by its key', async () => {
    const { timers, live } = fakeTimers();
    const specs = {
      a: { name: 'a', everySec: 5, run: async () => 'a' } satisfies JobSpec<string>,
      b: { name: 'b', everySec: 7, run: async () => 2 } satisfies JobSpec<number>,
    };
    const jobs = jobSet(deps({ timers }), specs);
    jobs.start();
    expect(live.size).toBe(2);
    expect(await jobs.a.tick()).toBe('a');
    expect(await jobs.b.tick()).toBe(2);
    await jobs.stop();
    expect(live.size).toBe(0);
  });
});

describe('a single-node job (singleNode)', () => {
  let server: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    other = await server.anotherNode();
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  it('runs on one node at a time on PostgreSQL (the other skips its tick), on each on SQLite', async () => {
    const release = gate();
    const started = gate();
    const ran: string[] = [];
    const spec = (node: string): JobSpec<string> => ({
      name: 'exclusive',
      everySec: 0,
      singleNode: true,
      run: async () => {
        ran.push(node);
        if (node === 'first') {
          started.open();
          await release.promise;
        }
        return node;
      },
    });
    const registry = new Registry();
    const first = new IntervalJob(server.ctx, spec('first'));
    const second = new IntervalJob({ ...other.ctx, observer: jobMetrics(registry) }, spec('second'));
    const running = first.tick();
    await started.promise;
    const meanwhile = await second.tick();
    if (isPostgres(server.ctx.db)) {
      expect(meanwhile).toBeNull();
      expect(await registry.metrics()).toContain('mahalle_job_ticks_total{job="exclusive",outcome="skipped"} 1');
    } else {
      expect(meanwhile).toBe('second');
    }
    release.open();
    expect(await running).toBe('first');
    // The lock went with the first node's tick: the second runs now.
    expect(await second.tick()).toBe('second');
    expect(ran).toEqual(isPostgres(server.ctx.db) ? ['first', 'second'] : ['first', 'second', 'second']);
  });

  it('gives the lock back when the tick fails', async () => {
    let fail = true;
    const spec: JobSpec<number> = {
      name: 'fragile',
      everySec: 0,
      singleNode: true,
      run: async () => {
        if (fail) throw new Error('down');
        return 1;
      },
    };
    await expect(new IntervalJob(server.ctx, spec).tick()).rejects.toThrow('down');
    fail = false;
    expect(await new IntervalJob(other.ctx, spec).tick()).toBe(1);
  });

  it('holds the lock per job name: two different jobs run side by side', async () => {
    const release = gate();
    const started = gate();
    const a = new IntervalJob(server.ctx, {
      name: 'one',
      everySec: 0,
      singleNode: true,
      run: async () => {
        started.open();
        await release.promise;
        return 'one';
      },
    });
    const b = new IntervalJob(other.ctx, { name: 'two', everySec: 0, singleNode: true, run: async () => 'two' });
    const running = a.tick();
    await started.promise;
    expect(await b.tick()).toBe('two');
    release.open();
    expect(await running).toBe('one');
  });
});

describe("the server's jobs", () => {
  it('are counted on /metrics when METRICS_TOKEN is set', async () => {
    const server = await startTestServer({ metricsToken: 'olcum-anahtari-123' });
    try {
      await server.jobs.trending.tick();
      await server.jobs.reminders.tick();
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer olcum-anahtari-123' } });
      const text = await res.text();
      expect(text).toContain('mahalle_job_ticks_total{job="trending",outcome="done"} 1');
      expect(text).toContain('mahalle_job_ticks_total{job="event-reminders",outcome="done"} 1');
      expect(text).toContain('mahalle_job_duration_seconds_count{job="trending"} 1');
    } finally {
      await server.close();
    }
  });
});
