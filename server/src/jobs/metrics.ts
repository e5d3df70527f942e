import { Counter, Histogram, type Registry } from 'prom-client';
import type { JobObserver } from './interval-job';

/** Job ticks on /metrics: how many by outcome (done, skipped: another node held the lock, failed) and how long they took. */
export function jobMetrics(registry: Registry): JobObserver {
  const ticks = new Counter({
    name: 'mahalle_job_ticks_total',
    help: 'Background job ticks, by job and outcome (done, skipped: another node runs it, failed)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'mahalle_job_duration_seconds',
    help: 'Time a background job tick took, by job',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600],
    registers: [registry],
  });
  return {
    ticked(job, outcome, seconds) {
      ticks.inc({ job, outcome });
      if (outcome !== 'skipped') duration.observe({ job }, seconds);
    },
  };
}
