import type { Knex } from 'knex';
import { LIMITS, TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { AppError, errors } from '../../errors';
import { presentAccountDeletion, type AccountDeletionRow } from '../../presenters/privacy';
import type { UserRow } from '../../presenters/users';
import { audit, type AuditActor } from '../audit';
import { SessionService } from '../sessions';
import { deleteUser } from '../users/admin';
import { authorize } from '../../policies/decision';
import { canDeleteAccount } from '../../policies/users';

/**
 * 'Hesabımı sil': confirmed by the password, the account is scheduled for deletion after
 * LIMITS.accountDeletionGraceDays and signed out everywhere; signing in before then cancels it
 * (cancelPendingDeletion, called by the sign-in route). When the day comes the privacy job deletes
 * it by the admin deletion's rules (users/admin.ts deleteUser): personal content goes, what others
 * built on stays as 'Silinmiş kullanıcı'.
 */

const P = TEXTS.privacy;
const DAY = 86_400_000;
const BATCH = 100;

/** Who deletes an account whose grace period is over, in the audit log. */
export const DELETION_JOB_ACTOR: AuditActor = { id: null, username: 'sistem:hesap-silme' };

export async function requestDeletion(ctx: AppContext, user: UserRow, password: string, now: Date) {
  authorize(canDeleteAccount(user, true));
  if (!user.password_hash || !(await ctx.passwords.verify(password, user.password_hash))) throw errors.badRequest(P.wrongPassword, 'wrong_password');
  const sessions = new SessionService(ctx.db, ctx.config.sessionSecret);
  const row: AccountDeletionRow = {
    user_id: user.id,
    requested_at: now.toISOString(),
    delete_at: new Date(now.getTime() + LIMITS.accountDeletionGraceDays * DAY).toISOString(),
  };
  const ended = await ctx.db.transaction(async (trx) => {
    await trx('account_deletions').insert(row).onConflict('user_id').merge();
    await audit(trx, user, 'privacy.deletion_request', { type: 'user', id: user.id }, { after: { deleteAt: row.delete_at } });
    return sessions.destroyAllForUser(user.id, trx);
  });
  for (const sessionId of ended) ctx.bus.emit('session:ended', { sessionId, userId: user.id });
  return presentAccountDeletion(row);
}

/**
 * Signing in during the grace period cancels the deletion (audited). Answers whether there was one,
 * so the sign-in answer can tell the member.
 */
export async function cancelPendingDeletion(ctx: AppContext, user: UserRow): Promise<boolean> {
  return ctx.db.transaction(async (trx: Knex.Transaction) => {
    const removed = await trx('account_deletions').where({ user_id: user.id }).delete();
    if (removed) await audit(trx, user, 'privacy.deletion_cancel', { type: 'user', id: user.id });
    return removed > 0;
  });
}

/** Deletes every account whose grace period is over at `now`; answers how many went. */
export async function deleteDueAccounts(ctx: AppContext, now: Date): Promise<number> {
  let deleted = 0;
  let after: string | null = null;
  for (;;) {
    const q = ctx.db('account_deletions').where('delete_at', '<=', now.toISOString()).orderBy('user_id').limit(BATCH);
    if (after !== null) q.where('user_id', '>', Number(after));
    const due = (await q) as AccountDeletionRow[];
    for (const row of due) {
      try {
        await deleteUser(ctx, DELETION_JOB_ACTOR, row.user_id);
        deleted += 1;
      } catch (err) {
        // Made an admin since asking (admins are never deleted): the request lapses, logged.
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        ctx.logger.warn({ userId: row.user_id, code: err.code }, 'scheduled account deletion refused; request dropped');
        await ctx.db('account_deletions').where({ user_id: row.user_id }).delete();
      }
    }
    const last = due.at(-1);
    if (due.length < BATCH || !last) break;
    after = String(last.user_id);
  }
  if (deleted) ctx.bus.emit('data:changed', { settled: true, remote: false });
  return deleted;
}
