import type { Knex } from 'knex';
import { TEXTS, type AdminAppeal, type Appeal, type AppealStatus, type AppealTarget, type CreateAppealInput } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { nowIso, toIso, toIsoOrNull } from '../db/time';
import { intColumn, sortedPage } from '../db/keyset';
import { isUniqueViolation } from '../db/faults';
import { presentAuthor, type UserRow } from '../presenters/users';
import { suspendedUntil } from '../rules/suspension';
import { authorize } from '../policies/decision';
import { canAppealItem, canDecideAppeal } from '../policies/appeals';
import { canDiscipline } from '../policies/site';
import { audit } from './audit';
import { announceNotifications, createNotification } from './notifications';
import { setHiddenTx, TARGETS } from './reports';
import { closeAppealEntry, openAppealEntry } from './queue-entries';

/**
 * Appeals: the author of a hidden item, or a suspended member, asks the moderators once to look
 * again, with a note. An appeal is its own row (`appeals`) with an entry of kind `appeal` in the
 * review queue (services/queue-entries), decided from the queue (services/review-queue) or from
 * the moderators' İtirazlar list, one decision either way: upheld (the item shown again, the
 * suspension lifted) or rejected. Either way the member is told (notification type `appeal`) and the
 * decision audited with the moderator's role and note.
 */

const T = TEXTS.appeals;
type ItemType = Exclude<AppealTarget, 'suspension'>;

export interface AppealRow {
  id: number;
  user_id: number;
  subject_key: string;
  target_type: AppealTarget;
  target_id: number;
  suspended_until: unknown;
  note: string;
  status: AppealStatus;
  decision_note: string | null;
  decided_by: number | null;
  decided_at: unknown;
  created_at: unknown;
}

function presentAppeal(r: AppealRow): Appeal {
  return {
    id: r.id,
    targetType: r.target_type,
    targetId: r.target_id,
    note: r.note,
    status: r.status,
    decisionNote: r.decision_note,
    decidedAt: toIsoOrNull(r.decided_at),
    createdAt: toIso(r.created_at),
  };
}

/** Writes the appeal once: a second one of the same item or suspension is 409, even when two race. */
async function insertAppeal(
  trx: Knex.Transaction,
  me: UserRow,
  row: { subject_key: string; target_type: AppealTarget; target_id: number; suspended_until: string | null; note: string },
): Promise<AppealRow> {
  if (await trx('appeals').where({ subject_key: row.subject_key }).first('id')) throw errors.conflict(T.exists, 'appeal_exists');
  let inserted: { id: number } | number | undefined;
  try {
    [inserted] = await trx('appeals')
      .insert({ ...row, user_id: me.id, status: 'open', created_at: nowIso() })
      .returning('id');
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(T.exists, 'appeal_exists');
    throw err;
  }
  const id = typeof inserted === 'object' ? inserted.id : (inserted as number);
  await audit(trx, me, 'appeal.create', { type: 'appeal', id }, { after: { targetType: row.target_type, targetId: row.target_id, note: row.note } });
  const appeal = (await trx('appeals').where({ id }).first()) as AppealRow;
  await openAppealEntry(trx, appeal);
  return appeal;
}

/** A new appeal is announced to the moderators' live queue (and their open count). */
async function announceAppeal(ctx: AppContext, appealId: number) {
  ctx.bus.emit('reports:changed', {});
  const entry = (await ctx.db('review_entries').where({ target_type: 'appeal', target_id: appealId }).first('id')) as { id: number } | undefined;
  if (entry) ctx.bus.emit('queue:changed', { change: 'created', entryIds: [entry.id], by: null });
}

/** A member appeals their own hidden item (hidden by a moderator, a group's moderators or the community). */
export async function appealItem(ctx: AppContext, me: UserRow, input: CreateAppealInput): Promise<Appeal> {
  const t = TARGETS[input.targetType];
  const row = await ctx.db.transaction(async (trx) => {
    const target = (await trx(t.table).where({ id: input.targetId }).first('id', 'is_hidden', `${t.author} as author_id`)) as
      { id: number; is_hidden: boolean | number; author_id: number | null } | undefined;
    if (!target) throw errors.notFound(T.targetMissing, 'appeal_target_missing');
    authorize(canAppealItem(me, { authorId: target.author_id }));
    if (!target.is_hidden) throw errors.conflict(T.notHidden, 'appeal_not_hidden');
    return insertAppeal(trx, me, {
      subject_key: `${input.targetType}:${input.targetId}`,
      target_type: input.targetType,
      target_id: input.targetId,
      suspended_until: null,
      note: input.note,
    });
  });
  await announceAppeal(ctx, row.id);
  return presentAppeal(row);
}

/**
 * A suspended member appeals the suspension they are under (the route has checked their name and
 * password as sign-in does). Once per suspension: a later suspension ends at another time and is
 * appealed on its own.
 */
export async function appealSuspension(ctx: AppContext, user: UserRow, note: string): Promise<Appeal> {
  const until = suspendedUntil(user, ctx.now?.() ?? new Date());
  if (!until) throw errors.conflict(T.notSuspended, 'not_suspended');
  const row = await ctx.db.transaction((trx) =>
    insertAppeal(trx, user, {
      subject_key: `suspension:${user.id}:${until.toISOString()}`,
      target_type: 'suspension',
      target_id: user.id,
      suspended_until: until.toISOString(),
      note,
    }),
  );
  await announceAppeal(ctx, row.id);
  return presentAppeal(row);
}

interface AdminAppealRow extends AppealRow {
  u_id: number;
  u_username: string;
  u_display_name: string;
  u_profile_image: string | null;
  u_profile_image_thumb: string | null;
  u_role: UserRow['role'];
  u_suspended_until: unknown;
}

/**
 * The moderators' list of appeals by status, oldest first (a queue is worked from its oldest),
 * keyset-paged over (status, id); what each is about is one query per kind of item on the page.
 */
export async function listAppeals(ctx: AppContext, q: { status: AppealStatus; limit: number; cursor?: string }) {
  const query = ctx
    .db('appeals as a')
    .join('users as u', 'u.id', 'a.user_id')
    .where('a.status', q.status)
    .select(
      'a.*',
      'u.id as u_id',
      'u.username as u_username',
      'u.display_name as u_display_name',
      'u.profile_image as u_profile_image',
      'u.profile_image_thumb as u_profile_image_thumb',
      'u.role as u_role',
      'u.suspended_until as u_suspended_until',
    );
  const page = await sortedPage<AdminAppealRow>(query, {
    columns: { createdAt: intColumn('a.id') },
    sort: 'createdAt',
    direction: 'asc',
    cursor: q.cursor,
    limit: q.limit,
    idColumn: 'a.id',
  });
  const items = new Map<string, { text: string; hidden: boolean }>();
  const byType = new Map<ItemType, number[]>();
  for (const r of page.rows) if (r.target_type !== 'suspension') byType.set(r.target_type, [...(byType.get(r.target_type) ?? []), r.target_id]);
  for (const [type, ids] of byType) {
    const t = TARGETS[type];
    const rows: { id: number; text: string | null; is_hidden: boolean | number }[] = await ctx
      .db(t.table)
      .whereIn('id', ids)
      .select('id', `${t.text} as text`, 'is_hidden');
    for (const x of rows) items.set(`${type}:${x.id}`, { text: String(x.text ?? '').slice(0, 300), hidden: Boolean(x.is_hidden) });
  }
  const now = ctx.now?.() ?? new Date();
  const present = (r: AdminAppealRow): AdminAppeal => {
    const item = r.target_type === 'suspension' ? null : items.get(`${r.target_type}:${r.target_id}`);
    const member = {
      id: r.u_id,
      username: r.u_username,
      display_name: r.u_display_name,
      profile_image: r.u_profile_image,
      profile_image_thumb: r.u_profile_image_thumb,
      role: r.u_role,
    };
    return {
      ...presentAppeal(r),
      kind: 'appeal',
      member: presentAuthor(member),
      text: item?.text ?? null,
      stillInForce: r.target_type === 'suspension' ? Boolean(suspendedUntil({ suspended_until: r.u_suspended_until }, now)) : Boolean(item?.hidden),
      suspendedUntil: toIsoOrNull(r.suspended_until),
    };
  };
  return { items: page.rows.map(present), nextCursor: page.nextCursor };
}

/** What an appeal decision changed, for the review queue's undo. */
export interface AppealDecisionTaken {
  row: AppealRow;
  notice: { userId: number; notificationId: number | null };
  /** The appeal's queue entry, closed now (null for an appeal from before the queue held them). */
  entryId: number | null;
  /** The item shown again by an upheld appeal, and whether the community had hidden it. */
  shown: { type: ItemType; id: number; communityHide: boolean } | null;
  /** The suspension an upheld appeal lifted: its end before. */
  lifted: { userId: number; before: string } | null;
}

/**
 * A moderator's decision, in the caller's transaction (the appeals route's own, or the review
 * queue's with its claim). Upheld: the item is shown again through the one hide/show path (a
 * community hide is forgotten with it), or the suspension lifted; rejected: nothing changes. The
 * member is told either way, the decision audited and the appeal's queue entry closed. Two
 * moderators deciding at once: the appeal row is locked, the second finds it closed (409).
 */
export async function decideAppealTx(
  ctx: AppContext,
  trx: Knex.Transaction,
  actor: UserRow,
  id: number,
  input: { outcome: 'upheld' | 'rejected'; note: string },
): Promise<AppealDecisionTaken> {
  authorize(canDecideAppeal(actor));
  const upheld = input.outcome === 'upheld';
  const appeal = (await trx('appeals').where({ id }).forUpdate().first()) as AppealRow | undefined;
  if (!appeal) throw errors.notFound(T.notFound, 'appeal_not_found');
  if (appeal.status !== 'open') throw errors.conflict(T.closed, 'appeal_closed');
  const subject = appeal.target_type === 'suspension' ? null : TEXTS.moderation.subjects[appeal.target_type];
  let shown: AppealDecisionTaken['shown'] = null;
  let lifted: AppealDecisionTaken['lifted'] = null;
  if (upheld && appeal.target_type === 'suspension') {
    const member = (await trx('users').where({ id: appeal.user_id }).forUpdate().first()) as UserRow;
    authorize(canDiscipline(actor, member));
    const before = suspendedUntil(member, ctx.now?.() ?? new Date());
    if (before) {
      await trx('users').where({ id: member.id }).update({ suspended_until: null, updated_at: nowIso() });
      await audit(
        trx,
        actor,
        'user.unsuspend',
        { type: 'user', id: member.id },
        { before: { suspendedUntil: before.toISOString() }, after: { suspendedUntil: null, reason: input.note || null, appealId: id } },
      );
      lifted = { userId: member.id, before: before.toISOString() };
    }
  } else if (upheld && appeal.target_type !== 'suspension') {
    const type = appeal.target_type;
    const target = await trx(TARGETS[type].table).where({ id: appeal.target_id }).forUpdate().first('id', 'is_hidden');
    if (target?.is_hidden) {
      const communityHide = Boolean(await trx('community_hides').where({ target_type: type, target_id: appeal.target_id }).first('target_id'));
      await setHiddenTx(trx, type, appeal.target_id, false);
      await audit(
        trx,
        actor,
        `${type}.restore`,
        { type, id: appeal.target_id },
        { before: { isHidden: true }, after: { isHidden: false, reason: input.note || null, appealId: id } },
      );
      shown = { type, id: appeal.target_id, communityHide };
    }
  }
  await trx('appeals')
    .where({ id })
    .update({ status: input.outcome, decision_note: input.note || null, decided_by: actor.id, decided_at: nowIso() });
  await audit(
    trx,
    actor,
    `appeal.${upheld ? 'uphold' : 'reject'}`,
    { type: 'appeal', id },
    { before: { status: 'open' }, after: { status: input.outcome, targetType: appeal.target_type, targetId: appeal.target_id } },
    { reason: input.note || undefined },
  );
  const outcome = subject ? (upheld ? T.upheldItem(subject) : T.rejectedItem(subject)) : upheld ? T.upheldSuspension : T.rejectedSuspension;
  const notificationId = await createNotification(trx, {
    userId: appeal.user_id,
    type: 'appeal',
    actorId: null,
    title: upheld ? T.upheldTitle : T.rejectedTitle,
    message: input.note ? `${outcome} ${T.note}: ${input.note}` : outcome,
  });
  const entryId = await closeAppealEntry(trx, id);
  return {
    row: (await trx('appeals').where({ id }).first()) as AppealRow,
    notice: { userId: appeal.user_id, notificationId },
    entryId,
    shown,
    lifted,
  };
}

/** The appeals route's decision (İtirazlar): one appeal in its own transaction, announced as the queue's are. */
export async function decideAppeal(ctx: AppContext, actor: UserRow, id: number, input: { outcome: 'upheld' | 'rejected'; note: string }): Promise<Appeal> {
  authorize(canDecideAppeal(actor));
  const done = await ctx.db.transaction((trx) => decideAppealTx(ctx, trx, actor, id, input));
  announceNotifications(ctx.bus, [done.notice]);
  ctx.bus.emit('reports:changed', {});
  if (input.outcome === 'upheld') ctx.bus.emit('data:changed', { settled: true, remote: false });
  if (done.entryId !== null) ctx.bus.emit('queue:changed', { change: 'decided', entryIds: [done.entryId], by: { id: actor.id, username: actor.username } });
  return presentAppeal(done.row);
}
