import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import 'dayjs/locale/tr.js';
import type { Knex } from 'knex';
import { TEXTS, type MemberModeration } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { nowIso, toIso } from '../../db/time';
import type { UserRow } from '../../presenters/users';
import { audit } from '../audit';
import { announceNotifications, createNotification } from '../notifications';
import { SessionService } from '../sessions';
import { suspendedUntil } from '../../rules/suspension';
import { authorize } from '../../policies/decision';
import { canSuspend } from '../../policies/users';
import { canDiscipline } from '../../policies/site';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * What admins do about a member: warn (a notification with the reason), suspend for a
 * while (every session ends at once and sign-in, sessions and the socket are refused until then)
 * and lift a suspension early. Each is written to the audit log in its own transaction.
 */

const MR = TEXTS.memberReports;
const DAY_MS = 24 * 3600 * 1000;

const now = (ctx: Pick<AppContext, 'now'>) => ctx.now?.() ?? new Date();

/** '2 Aralık 2026 14:00', in the community's time zone. */
export function formatSuspensionEnd(until: Date, zone: string): string {
  return dayjs.utc(until.toISOString()).tz(zone).locale('tr').format('D MMMM YYYY HH:mm');
}

/**
 * Sign-in's check, after the right password: a suspended member is refused with 403
 * account_suspended and the end date in Turkish (told only to whoever knows the password).
 */
export function refuseSuspendedSignIn(ctx: Pick<AppContext, 'now' | 'config'>, user: UserRow): void {
  const until = suspendedUntil(user, now(ctx));
  if (until) throw errors.forbidden(MR.suspended(formatSuspensionEnd(until, ctx.config.timeZone)), 'account_suspended');
}

/** The member acted on; the site policy decides whether this admin or moderator may (and how long a suspension). */
async function memberFor(trx: Knex.Transaction, admin: UserRow, id: number, until?: { end: Date; now: Date }): Promise<UserRow> {
  const user = (await trx('users').where({ id }).first()) as UserRow | undefined;
  if (!user) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
  if (user.id === admin.id) throw errors.badRequest(MR.cannotActOnSelf, 'cannot_moderate_self');
  authorize(canDiscipline(admin, user, until));
  return user;
}

const standing = (user: UserRow, until: Date | null): MemberModeration => ({ id: user.id, suspendedUntil: until ? until.toISOString() : null });

/** A warning: a moderation-group notification ('warning') with the reason; the member's standing is unchanged. */
export async function warnMember(ctx: AppContext, admin: UserRow, id: number, reason: string): Promise<MemberModeration> {
  const { user, notice } = await ctx.db.transaction((trx) => warnMemberTx(trx, admin, id, reason));
  announceNotifications(ctx.bus, [notice]);
  return standing(user, suspendedUntil(user, now(ctx)));
}

/** The warning inside the caller's transaction; the caller announces `notice` once it has committed. */
export async function warnMemberTx(trx: Knex.Transaction, admin: UserRow, id: number, reason: string) {
  const user = await memberFor(trx, admin, id);
  const notificationId = await createNotification(trx, {
    userId: user.id,
    type: 'warning',
    actorId: null,
    title: MR.warningTitle,
    message: MR.warningMessage(reason),
  });
  await audit(trx, admin, 'user.warn', { type: 'user', id: user.id }, { after: { reason } });
  return { user, notice: { userId: user.id, notificationId } };
}

/**
 * Suspends a member until `days` from now or a given later date. Their sessions are deleted in
 * the same transaction, then announced: each one's sockets close, and the session caches of this
 * node and (the request being a write) every other node are emptied, so an old session is refused
 * everywhere as soon as the message arrives.
 */
export async function suspendMember(
  ctx: AppContext,
  admin: UserRow,
  id: number,
  input: { days?: number; until?: string; reason: string },
): Promise<MemberModeration> {
  const { user, ended, until } = await ctx.db.transaction((trx) => suspendMemberTx(ctx, trx, admin, id, input));
  announceSuspension(ctx, id, ended);
  return standing(user, until);
}

/** Sessions ended by a suspension close their sockets and every node's session cache, after the commit. */
export function announceSuspension(ctx: AppContext, userId: number, ended: string[]): void {
  for (const sessionId of ended) ctx.bus.emit('session:ended', { sessionId, userId });
  ctx.bus.emit('data:changed', { settled: true, remote: false });
}

/** The suspension inside the caller's transaction: `before` is the suspension it replaced (null: none). */
export async function suspendMemberTx(
  ctx: AppContext,
  trx: Knex.Transaction,
  admin: UserRow,
  id: number,
  input: { days?: number; until?: string; reason: string },
) {
  const at = now(ctx);
  const until = input.days !== undefined ? new Date(at.getTime() + input.days * DAY_MS) : new Date(input.until ?? '');
  if (Number.isNaN(until.getTime()) || until.getTime() <= at.getTime()) throw errors.badRequest(MR.suspendUntilInvalid);
  const user = await memberFor(trx, admin, id, { end: until, now: at });
  authorize(canSuspend(user));
  const before = suspendedUntil(user, at);
  await trx('users').where({ id }).update({ suspended_until: until.toISOString(), updated_at: nowIso() });
  const ended = await new SessionService(trx, ctx.config.sessionSecret).destroyAllForUser(id, trx);
  await audit(
    trx,
    admin,
    'user.suspend',
    { type: 'user', id },
    {
      before: { suspendedUntil: before?.toISOString() ?? null },
      after: { suspendedUntil: until.toISOString(), reason: input.reason, sessionsEnded: ended.length },
    },
  );
  return { user, ended, until, before };
}

/** Ends a suspension early (409 not_suspended when there is none). */
export async function liftSuspension(ctx: AppContext, admin: UserRow, id: number): Promise<MemberModeration> {
  const user = await ctx.db.transaction(async (trx) => {
    const user = await memberFor(trx, admin, id);
    const before = suspendedUntil(user, now(ctx));
    if (!before) throw errors.conflict(MR.notSuspended, 'not_suspended');
    await trx('users').where({ id }).update({ suspended_until: null, updated_at: nowIso() });
    await audit(trx, admin, 'user.unsuspend', { type: 'user', id }, { before: { suspendedUntil: toIso(before) }, after: { suspendedUntil: null } });
    return user;
  });
  return standing(user, null);
}
