import type { AppContext } from '../../context';
import { buildNextExport, removeExpiredExports } from './export';
import { deleteDueAccounts } from './deletion';

export interface PrivacyWorkDone {
  /** Data exports built (or failed). */
  built: number;
  /** Archives removed after their day. */
  expired: number;
  /** Accounts deleted after their grace period. */
  deleted: number;
}

/**
 * The KVKK background work at `now`: builds the data exports members asked for, deletes accounts
 * whose grace period is over, removes archives past their day. The `privacy` job (jobs/) runs it
 * at start, every PRIVACY_JOB_INTERVAL_SECONDS, and at once when a member asks for an export.
 */
export async function doPrivacyWork(ctx: AppContext, now: Date): Promise<PrivacyWorkDone> {
  let built = 0;
  while (await buildNextExport(ctx, now)) built += 1;
  // Deletions first: a deleted member's archive is then an orphan file the sweep removes.
  const deleted = await deleteDueAccounts(ctx, now);
  const expired = await removeExpiredExports(ctx, now);
  return { built, expired, deleted };
}

/** Two runs' work as one (a run asked for during another follows it in the same tick). */
export const addPrivacyResults = (a: PrivacyWorkDone, b: PrivacyWorkDone): PrivacyWorkDone => ({
  built: a.built + b.built,
  expired: a.expired + b.expired,
  deleted: a.deleted + b.deleted,
});
