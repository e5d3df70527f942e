import type { AppContext } from '../../context';
import { buildNextExport, removeExpiredExports } from './export';
import { deleteDueAccounts } from './deletion';

export interface PrivacyTickResult {
  /** Data exports built (or failed) this tick. */
  built: number;
  /** Archives removed after their day. */
  expired: number;
  /** Accounts deleted after their grace period. */
  deleted: number;
}

/**
 * The KVKK background work, on the clock it is given (tests set `now` and call `tick` themselves:
 * no sleeps): builds the data exports members asked for, removes archives past their day, deletes
 * accounts whose grace period is over. It runs at start (what expired while the server was down),
 * every `intervalSec` (PRIVACY_JOB_INTERVAL_SECONDS, 300 by default), and at once when a member asks
 * for an export (the `privacy:work` event).
 * Ticks never overlap on one node; one asked for while another runs runs again right after it, in
 * the same promise.
 */
export class PrivacyJobs {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PrivacyTickResult> | null = null;
  private again = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: AppContext,
    public now: () => Date = () => new Date(),
  ) {
    this.unsubscribe = ctx.bus.on('privacy:work', () => this.kick());
  }

  tick(): Promise<PrivacyTickResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<PrivacyTickResult> {
    const total: PrivacyTickResult = { built: 0, expired: 0, deleted: 0 };
    do {
      this.again = false;
      while (await buildNextExport(this.ctx, this.now())) total.built += 1;
      // Deletions first: a deleted member's archive is then an orphan file the sweep removes.
      total.deleted += await deleteDueAccounts(this.ctx, this.now());
      total.expired += await removeExpiredExports(this.ctx, this.now());
    } while (this.again);
    return total;
  }

  /** A tick in the background, its failure logged. */
  kick(): void {
    this.tick().catch((err: unknown) => this.ctx.logger.error({ err }, 'privacy jobs failed'));
  }

  /** At start (what expired while the server was down) and then every `intervalSec`; 0 (tests): only on request. */
  start(intervalSec: number): void {
    if (intervalSec <= 0 || this.timer) return;
    this.kick();
    this.timer = setInterval(() => this.kick(), intervalSec * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.unsubscribe();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
