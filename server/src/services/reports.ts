import type { Knex } from 'knex';
import { presentReport, type RecentContent, type ReportListRow, type ReportPreview, type ReportRow } from '../presenters/reports';
import { LIMITS, TEXTS, type CreateReportInput, type ReportTarget, type Role } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { nowIso, toIso } from '../db/time';
import { presentAuthor, type UserRow } from '../presenters/users';
import { audit } from './audit';
import { decodeTuple, encodeTuple, intColumn, sortedPage } from '../db/keyset';
import { postsQuery, visibleTo } from './posts/posts';
import { canSeeGroupPost, groupPostContext, postWithGroup } from './hobby-groups/posts';
import { canHidePost, groupRoleOf, notHidden } from '../policies/hobby-groups';
import { canSeeGroupEvent, groupEventContext } from './hobby-groups/events';
import { deleteGroupEventTx } from './events/admin';
import { deleteUser } from './users/admin';
import { deleteContentTx } from './posts/admin';
import { deleteCommentTx } from './engagement/comments';
import { announceNotifications } from './notifications';
import { notifyModeration, type ModeratedKind } from './moderation';
import { tallyTags } from './hashtags';
import { tallyCategories } from './categories';
import { reporterWeights, trustSettings } from './trust';
import { authorize } from '../policies/decision';
import { canDeleteAccounts, canModerate } from '../policies/site';
import { queueEntriesOfReports, syncQueueEntries } from './queue-entries';
import { countShown, isHoldable, publishHeldTx, rejectHeldTx } from './held-items';
import { eventsQuery, visible as visibleEvents } from './events/events';

const A = TEXTS.admin;
const MR = TEXTS.memberReports;

/** Where each kind of reported thing lives, and which column holds its text. */
export const TARGETS: Record<ReportTarget, { table: string; text: string; author: string; hideable: boolean }> = {
  post: { table: 'posts', text: 'content', author: 'author_id', hideable: true },
  comment: { table: 'comments', text: 'content', author: 'author_id', hideable: true },
  answer: { table: 'answers', text: 'content', author: 'author_id', hideable: true },
  blog_comment: { table: 'blog_comments', text: 'content', author: 'author_id', hideable: true },
  group_post: { table: 'group_posts', text: 'content', author: 'author_id', hideable: true },
  group_comment: { table: 'group_post_comments', text: 'content', author: 'author_id', hideable: true },
  question: { table: 'questions', text: 'title', author: 'author_id', hideable: true },
  event: { table: 'events', text: 'title', author: 'creator_id', hideable: true },
  user: { table: 'users', text: 'display_name', author: 'id', hideable: false },
  group_event: { table: 'group_events', text: 'title', author: 'creator_id', hideable: true },
};

/**
 * Whether the reporter can see what they report: a private account's post, a hidden comment, a
 * private group's post or a draft's comment is, to them, not there (the same 404 as a missing
 * id, so reporting is no way to probe for content).
 */
async function reporterCanSee(trx: Knex.Transaction, me: UserRow, type: ReportTarget, id: number): Promise<boolean> {
  const postVisible = async (postId: number) => Boolean(await visibleTo(postsQuery(trx), me.id).where('p.id', postId).first('p.id'));
  switch (type) {
    case 'user':
      return Boolean(await trx('users').where({ id }).first('id'));
    case 'post':
      return postVisible(id);
    case 'comment': {
      const c = await trx('comments').where({ id, is_hidden: false }).first('post_id');
      return Boolean(c) && postVisible(c.post_id);
    }
    case 'answer':
      return Boolean(await trx('answers').where({ id, is_hidden: false }).first('id'));
    case 'blog_comment':
      return Boolean(
        await trx('blog_comments as c')
          .join('blog_posts as b', 'b.id', 'c.post_id')
          .where({ 'c.id': id, 'c.is_hidden': false, 'b.published': true })
          .first('c.id'),
      );
    case 'group_post': {
      if (!(await canSeeGroupPost(trx, id, me))) return false;
      // Seen hidden by its moderators or its author: with the moderators already, not reported again.
      const post = await trx('group_posts').where({ id }).first('is_hidden');
      authorize(notHidden({ isHidden: Boolean(post?.is_hidden) }));
      return true;
    }
    case 'group_comment': {
      const c = await trx('group_post_comments').where({ id, is_hidden: false }).first('post_id');
      return Boolean(c) && canSeeGroupPost(trx, c.post_id, me);
    }
    case 'question':
      return Boolean(await trx('questions').where({ id, is_hidden: false }).first('id'));
    case 'event':
      return Boolean(await visibleEvents(eventsQuery(trx), me).where({ 'e.id': id, 'e.is_hidden': false }).first('e.id'));
    case 'group_event': {
      if (!(await canSeeGroupEvent(trx, id, me))) return false;
      const event = await trx('group_events').where({ id }).first('is_hidden');
      authorize(notHidden({ isHidden: Boolean(event?.is_hidden) }));
      return true;
    }
  }
}

/** The member a report is about: the reported person, or the reported content's author (null once gone). */
async function subjectOf(trx: Knex.Transaction, type: ReportTarget, id: number): Promise<number | null> {
  if (type === 'user') return id;
  const t = TARGETS[type];
  const row = (await trx(t.table).where({ id }).first(`${t.author} as author_id`)) as { author_id: number | null } | undefined;
  return row?.author_id ?? null;
}

/**
 * Keeps each member's open-report count on every open report about them (reported in person or
 * through their content), the queue's priority order (index reports_status_priority_index).
 */
export async function refreshReportPriority(trx: Knex | Knex.Transaction, subjectIds: Iterable<number | null>): Promise<void> {
  for (const subject of new Set(subjectIds)) {
    if (subject === null) continue;
    const [row] = await trx('reports').where({ status: 'open', subject_user_id: subject }).count({ n: '*' });
    await trx('reports')
      .where({ status: 'open', subject_user_id: subject })
      .update({ subject_open_reports: Number(row?.n ?? 0) });
  }
}

/**
 * Hides or shows a hideable item, the one way every path does it (the community, a report, a
 * moderator, an appeal). A post's tag and category totals count shown posts: taken out while it
 * is still shown, put back once it is. Showing it forgets a community hide, so nothing is left to
 * settle later.
 */
export async function setHiddenTx(trx: Knex.Transaction, type: ReportTarget, id: number, hidden: boolean): Promise<void> {
  // The parent's counter of shown items (comments, answers, a group's posts and events: services/held-items) moves with it.
  const row = (await trx(TARGETS[type].table).where({ id }).first()) as Record<string, unknown> | undefined;
  const tally = async (sign: 1 | -1) => {
    if (row && isHoldable(type) && Boolean(row.is_hidden) === (sign === 1)) await countShown(trx, type, row, sign);
    if (type !== 'post') return;
    await tallyTags(trx, { postIds: [id] }, sign);
    await tallyCategories(trx, { postIds: [id] }, sign);
  };
  if (hidden) await tally(-1);
  // Shown by a moderator's restore, a held item is approved (no longer pending) as well.
  await trx(TARGETS[type].table)
    .where({ id })
    .update({ is_hidden: hidden, ...(!hidden && isHoldable(type) ? { pending_approval: false } : {}) });
  if (!hidden) {
    await tally(1);
    await trx('community_hides').where({ target_type: type, target_id: id }).delete();
  }
}

/**
 * Hidden by the community: once the open reports about an item weigh the organiser's threshold
 * (each reporter's weight from services/trust), it is hidden at once pending review, remembered
 * in `community_hides` and its author told. Returns what to announce after the commit.
 */
async function hideIfReportedEnough(trx: Knex.Transaction, reporter: UserRow, type: ReportTarget, id: number) {
  const t = TARGETS[type];
  if (!t.hideable) return null;
  const target = (await trx(t.table).where({ id }).first('id', 'is_hidden', `${t.text} as text`, `${t.author} as author_id`)) as
    { id: number; is_hidden: boolean | number; text: string | null; author_id: number | null } | undefined;
  if (!target || target.is_hidden) return null;
  const settings = await trustSettings(trx);
  const reporters: { reporter_id: number }[] = await trx('reports')
    .where({ target_type: type, target_id: id, status: 'open' })
    .whereNotNull('reporter_id')
    .distinct('reporter_id');
  const weights = await reporterWeights(
    trx,
    reporters.map((r) => r.reporter_id),
    settings,
  );
  const total = [...weights.values()].reduce((sum, w) => sum + w, 0);
  // A small tolerance: three weights of 1/3 are the threshold 1, whatever the floating point says.
  if (total + 1e-9 < settings.hideThreshold) return null;
  await setHiddenTx(trx, type, id, true);
  await trx('community_hides').insert({ target_type: type, target_id: id, created_at: nowIso() });
  await audit(
    trx,
    { id: null, username: 'community' },
    `${type}.hide`,
    { type, id },
    { before: { isHidden: false }, after: { isHidden: true, weight: total, reporters: weights.size } },
    { subjectId: target.author_id },
  );
  return notifyModeration(trx, reporter, {
    authorId: target.author_id,
    kind: type as ModeratedKind,
    action: 'hide',
    content: String(target.text ?? ''),
    reason: TEXTS.trust.communityHidden,
    targetId: id,
  });
}

/**
 * After reports about an item were closed: an item the community hid comes back once every report
 * about it was dismissed; a report upheld keeps it hidden (the moderator agreed) and forgets it.
 */
async function settleCommunityHide(trx: Knex.Transaction, admin: UserRow, type: ReportTarget, id: number, outcome: 'resolved' | 'dismissed') {
  if (!TARGETS[type].hideable) return;
  const hide = await trx('community_hides').where({ target_type: type, target_id: id }).first('target_id');
  if (!hide) return;
  if (outcome === 'dismissed') {
    const open = await trx('reports').where({ target_type: type, target_id: id, status: 'open' }).first('id');
    if (open) return;
    const row = await trx(TARGETS[type].table).where({ id }).first('is_hidden');
    if (row?.is_hidden) {
      await setHiddenTx(trx, type, id, false);
      await audit(trx, admin, `${type}.restore`, { type, id }, { before: { isHidden: true }, after: { isHidden: false } });
    }
  }
  await trx('community_hides').where({ target_type: type, target_id: id }).delete();
}

/**
 * A member's report: only of what they can see; the answer repeats the report, never the content.
 * A report of a person carries a reason code from the fixed list (stored with its Turkish label as
 * the reason) and an optional note.
 */
export async function createReport(ctx: AppContext, me: UserRow, input: CreateReportInput) {
  const reason = input.reason ?? (input.reasonCode ? (MR.reasons[input.reasonCode] ?? input.reasonCode) : '');
  const note = input.note ?? '';
  let notice: { userId: number; notificationId: number | null } | null = null;
  const id = await ctx.db.transaction(async (trx) => {
    if (!(await reporterCanSee(trx, me, input.targetType, input.targetId))) throw errors.notFound(A.reportTargetMissing, 'report_target_missing');
    if (input.targetType === 'user' && input.targetId === me.id) throw errors.badRequest(A.cannotReportSelf, 'cannot_report_self');
    const open = await trx('reports').where({ reporter_id: me.id, target_type: input.targetType, target_id: input.targetId, status: 'open' }).first('id');
    if (open) throw errors.conflict(A.reportAlreadyOpen, 'report_already_open');
    const subject = await subjectOf(trx, input.targetType, input.targetId);
    const [row] = await trx('reports')
      .insert({
        reporter_id: me.id,
        target_type: input.targetType,
        target_id: input.targetId,
        reason,
        reason_code: input.reasonCode ?? null,
        note: note || null,
        subject_user_id: subject,
        status: 'open',
        created_at: nowIso(),
      })
      .returning('id');
    const reportId = (typeof row === 'object' ? row.id : row) as number;
    await refreshReportPriority(trx, [subject]);
    await syncQueueEntries(trx, [{ type: input.targetType, id: input.targetId }]);
    await audit(
      trx,
      me,
      'report.create',
      { type: 'report', id: reportId },
      { after: { targetType: input.targetType, targetId: input.targetId, reason, reasonCode: input.reasonCode ?? null, note } },
    );
    notice = await hideIfReportedEnough(trx, me, input.targetType, input.targetId);
    return reportId;
  });
  if (notice) announceNotifications(ctx.bus, [notice]);
  ctx.bus.emit('report:created', { reportId: id });
  const row = await ctx.db('reports').where({ id }).first<ReportRow | undefined>();
  if (!row) throw errors.notFound(A.reportNotFound, 'report_not_found');
  return { id, targetType: row.target_type, targetId: row.target_id, reason: row.reason, status: row.status, createdAt: toIso(row.created_at) };
}

/**
 * The report queue, keyset-paged. createdAt: newest (or oldest) first over the (status, id) index.
 * priority: the member with the most open reports first, then the oldest report, over
 * (status, subject_open_reports desc, id); the cursor is the last row's (count, id).
 */
export async function listReports(
  db: Knex,
  q: {
    status: 'open' | 'resolved' | 'dismissed';
    targetType?: ReportTarget;
    sort?: 'createdAt' | 'priority';
    limit: number;
    direction: 'asc' | 'desc';
    cursor?: string;
  },
) {
  const query = reportsQuery(db).where('r.status', q.status);
  if (q.targetType) query.where('r.target_type', q.targetType);
  if (q.sort === 'priority') {
    const after = decodeTuple<[number, number]>(q.cursor, ['int', 'int']);
    if (after) {
      const [count, lastId] = after;
      query.where((w) => w.where('r.subject_open_reports', '<', count).orWhere((o) => o.where('r.subject_open_reports', count).andWhere('r.id', '>', lastId)));
    }
    const rows: ReportListRow[] = await query
      .orderBy([
        { column: 'r.subject_open_reports', order: 'desc' },
        { column: 'r.id', order: 'asc' },
      ])
      .limit(q.limit);
    const last = rows[rows.length - 1];
    const nextCursor = rows.length === q.limit && last ? encodeTuple([Number(last.subject_open_reports), last.id]) : null;
    return { items: await presentReports(db, rows), nextCursor };
  }
  const page = await sortedPage<ReportListRow>(query, {
    columns: { createdAt: intColumn('r.id') },
    sort: 'createdAt',
    direction: q.direction,
    cursor: q.cursor,
    limit: q.limit,
    idColumn: 'r.id',
  });
  return { items: await presentReports(db, page.rows), nextCursor: page.nextCursor };
}

function reportsQuery(db: Knex) {
  return db('reports as r')
    .leftJoin('users as rep', 'rep.id', 'r.reporter_id')
    .leftJoin('users as su', 'su.id', 'r.subject_user_id')
    .select('r.*', 'rep.username as rep_username', 'rep.display_name as rep_display_name', 'su.id as su_id', 'su.suspended_until as su_suspended_until');
}

/** Where each kind of a member's recent content lives, and where the UI opens it. */
const RECENT: { key: keyof RecentContent; table: string; link: (row: { id: number; parent: number | null }) => string; parent: string | null }[] = [
  { key: 'posts', table: 'posts', parent: null, link: (r) => `/posts/${r.id}` },
  { key: 'comments', table: 'comments', parent: 'post_id', link: (r) => `/posts/${r.parent}` },
  { key: 'answers', table: 'answers', parent: 'question_id', link: (r) => `/qa/question/${r.parent}` },
];

/**
 * The latest few posts, comments and answers of each reported person on the page: one query per
 * kind for all of them (a window over the (author_id, id) index), never one per report.
 */
async function recentContentOf(db: Knex, memberIds: number[]): Promise<Map<number, RecentContent>> {
  const out = new Map<number, RecentContent>();
  if (memberIds.length === 0) return out;
  for (const id of memberIds) out.set(id, { posts: [], comments: [], answers: [] });
  for (const kind of RECENT) {
    const ranked = db(kind.table)
      .whereIn('author_id', memberIds)
      .select(
        'id',
        'author_id',
        'content',
        'created_at',
        kind.parent ? db.raw('?? as parent', [kind.parent]) : db.raw('null as parent'),
        db.raw('row_number() over (partition by author_id order by id desc) as rn'),
      )
      .as('ranked');
    const rows: { id: number; author_id: number; content: string; created_at: unknown; parent: number | null }[] = await db
      .from(ranked)
      .where('rn', '<=', LIMITS.reportRecentContent)
      .orderBy('id', 'desc')
      .select('id', 'author_id', 'content', 'created_at', 'parent');
    for (const r of rows) {
      out.get(r.author_id)?.[kind.key].push({ id: r.id, text: String(r.content ?? '').slice(0, 300), createdAt: toIso(r.created_at), link: kind.link(r) });
    }
  }
  return out;
}

/** What was reported, with its author (au_id null once the account is gone); `text` is a user's name for a user. */
interface ReportTargetRow {
  id: number;
  text: string | null;
  is_hidden?: boolean | number;
  au_id: number | null;
  username: string;
  display_name: string;
  profile_image: string | null;
  role: Role;
}

/** Each report with a preview of what was reported and who wrote it: one query per kind on the page. */
async function presentReports(db: Knex, rows: ReportListRow[]) {
  const previews = new Map<string, ReportPreview>();
  const byType = new Map<ReportTarget, number[]>();
  for (const r of rows) byType.set(r.target_type, [...(byType.get(r.target_type) ?? []), r.target_id]);
  for (const [type, ids] of byType) {
    const t = TARGETS[type];
    const targetRows: ReportTargetRow[] = await db(`${t.table} as x`)
      .leftJoin('users as au', 'au.id', `x.${t.author}`)
      .whereIn('x.id', ids)
      .select(
        'x.id',
        `x.${t.text} as text`,
        ...(t.hideable ? ['x.is_hidden'] : []),
        'au.id as au_id',
        'au.username',
        'au.display_name',
        'au.profile_image',
        'au.role',
      );
    for (const x of targetRows) {
      previews.set(`${type}:${x.id}`, {
        text: String(x.text ?? '').slice(0, 300),
        author: presentAuthor(
          x.au_id ? { id: x.au_id, username: x.username, display_name: x.display_name, profile_image: x.profile_image, role: x.role } : null,
        ),
        hidden: Boolean(x.is_hidden),
      });
    }
  }
  const people = await recentContentOf(db, [...new Set(rows.filter((r) => r.target_type === 'user').map((r) => r.target_id))]);
  return rows.map((r) =>
    presentReport(r, previews.get(`${r.target_type}:${r.target_id}`), r.target_type === 'user' ? (people.get(r.target_id) ?? null) : null),
  );
}

/**
 * Close a report, acting on the content in the same transaction: delete or hide it. Acting on
 * the content closes every other open report about the same thing too.
 */
export async function closeReport(
  ctx: AppContext,
  admin: UserRow,
  id: number,
  outcome: 'resolved' | 'dismissed',
  input: { note: string; action: 'none' | 'delete' | 'hide' },
) {
  const cleanups: (() => Promise<void>)[] = [];
  await ctx.db.transaction((trx) => closeReportTx(ctx, trx, admin, id, outcome, input, cleanups));
  for (const c of cleanups) await c();
  ctx.bus.emit('reports:changed', {});
  await announceQueueDecided(ctx, admin, [id]);
  return (await ctx.db('reports').where({ id }).first('id', 'status')) as { id: number; status: string };
}

/** The old report routes change the queue too: its live view hears which entries, as after a queue decision. */
async function announceQueueDecided(ctx: AppContext, admin: UserRow, reportIds: number[]) {
  const entryIds = await queueEntriesOfReports(ctx.db, reportIds);
  if (entryIds.length) ctx.bus.emit('queue:changed', { change: 'decided', entryIds, by: { id: admin.id, username: admin.username } });
}

/** One confirm, many reports resolved or dismissed with one note: all in one transaction, or none. */
export async function bulkCloseReports(ctx: AppContext, admin: UserRow, ids: number[], outcome: 'resolved' | 'dismissed', note: string) {
  await ctx.db.transaction(async (trx) => {
    for (const id of ids) await closeReportTx(ctx, trx, admin, id, outcome, { note, action: 'none' }, []);
  });
  ctx.bus.emit('reports:changed', {});
  await announceQueueDecided(ctx, admin, ids);
  return { updated: ids.length };
}

export async function closeReportTx(
  ctx: AppContext,
  trx: Knex.Transaction,
  admin: UserRow,
  id: number,
  outcome: 'resolved' | 'dismissed',
  input: { note: string; action: 'none' | 'delete' | 'hide' },
  cleanups: (() => Promise<void>)[],
  /** Collects the notifications written to authors (the review queue's undo takes them back). */
  notices?: { userId: number; notificationId: number | null }[],
) {
  const report = await trx('reports').where({ id }).first();
  if (!report) throw errors.notFound(A.reportNotFound, 'report_not_found');
  if (report.status !== 'open') throw errors.conflict(A.reportClosed, 'report_closed');
  const type = report.target_type as ReportTarget;
  const t = TARGETS[type];
  const action = outcome === 'dismissed' ? 'none' : input.action;
  const target = action === 'none' ? null : await trx(t.table).where({ id: report.target_id }).first('id', `${t.text} as text`, `${t.author} as author_id`);
  if (action !== 'none' && !target) {
    throw errors.notFound(A.reportTargetMissing, 'report_target_missing');
  }
  // The author is told what happened to their content, with the admin's note as the reason.
  const tellAuthor = async (act: 'delete' | 'hide') => {
    const notice = await notifyModeration(trx, admin, {
      authorId: target.author_id,
      kind: type as ModeratedKind,
      action: act,
      content: String(target.text ?? ''),
      reason: input.note,
      targetId: report.target_id,
    });
    if (notice) {
      notices?.push(notice);
      cleanups.push(async () => announceNotifications(ctx.bus, [notice]));
    }
  };
  if (action === 'hide') {
    if (!t.hideable) throw errors.badRequest(A.hideNotForUsers, 'cannot_hide_user');
    // Already hidden by the community: its counts went down then.
    const was = await trx(t.table).where({ id: report.target_id }).first('is_hidden');
    if (!was?.is_hidden) await setHiddenTx(trx, type, report.target_id, true);
    await audit(
      trx,
      admin,
      `${type}.hide`,
      { type, id: report.target_id },
      { before: { isHidden: false }, after: { isHidden: true, reason: input.note } },
      { subjectId: target.author_id },
    );
    await tellAuthor('hide');
  } else if (action === 'delete') {
    if (type === 'post' || type === 'group_post') cleanups.push(await deleteContentTx(ctx, trx, admin, type, report.target_id, input.note));
    else if (type === 'group_event') {
      await deleteGroupEventTx(trx, admin, report.target_id);
      await tellAuthor('delete');
    } else if (type === 'user') {
      authorize(canDeleteAccounts(admin));
      const cleanup = await deleteUser(ctx, admin, report.target_id, trx);
      if (cleanup) cleanups.push(cleanup);
    } else if (type === 'question' || type === 'event') {
      // Its answers, attendees and photos go with it (cascades), as when its page's delete removes it.
      await trx(t.table).where({ id: report.target_id }).delete();
      await audit(
        trx,
        admin,
        `${type}.delete`,
        { type, id: report.target_id },
        { before: { title: target.text }, after: { reason: input.note } },
        { subjectId: target.author_id },
      );
      await tellAuthor('delete');
    } else {
      const kind = type === 'comment' ? 'post' : type === 'blog_comment' ? 'blog' : type === 'group_comment' ? 'group' : 'answer';
      await deleteCommentTx(trx, admin, kind, report.target_id, { audit: 'always' });
      await tellAuthor('delete');
    }
  }
  // A held item's entry decides it: dismissed, it is published from now on (with what its writing
  // would have notified); upheld in any way, it stays hidden and is no longer pending.
  if (isHoldable(type)) {
    if (outcome === 'dismissed') {
      const published = await publishHeldTx(trx, admin, type, report.target_id);
      if (published?.length) {
        notices?.push(...published);
        cleanups.push(async () => announceNotifications(ctx.bus, published));
      }
    } else await rejectHeldTx(trx, type, report.target_id);
  }
  const now = nowIso();
  const scope = trx('reports').where({ status: 'open' });
  if (action === 'none') scope.where({ id });
  else scope.where({ target_type: type, target_id: report.target_id });
  const closing: { id: number; subject_user_id: number | null }[] = await scope.clone().select('id', 'subject_user_id');
  await scope.update({ status: outcome, resolution_note: input.note || null, resolved_by: admin.id, resolved_at: now, subject_open_reports: 0 });
  await refreshReportPriority(
    trx,
    closing.map((c) => c.subject_user_id),
  );
  await settleCommunityHide(trx, admin, type, report.target_id, outcome);
  await syncQueueEntries(trx, [{ type, id: report.target_id }]);
  for (const c of closing) {
    await audit(
      trx,
      admin,
      `report.${outcome === 'resolved' ? 'resolve' : 'dismiss'}`,
      { type: 'report', id: c.id },
      {
        before: { status: 'open' },
        after: { status: outcome, note: input.note, action },
      },
    );
  }
}

/**
 * Hides a thing (a post, a comment of any kind, an answer, a group post or event) from everyone but
 * moderators, or restores it: a site moderator's or an admin's action with a reason, audited
 * (`<type>.hide` / `<type>.restore`), the author told of a hide. Hiding what is hidden, or
 * restoring what is shown, changes nothing and answers the same.
 */
export async function setHidden(
  ctx: AppContext,
  actor: UserRow,
  type: Exclude<ReportTarget, 'user'>,
  id: number,
  hidden: boolean,
  reason: string,
  /** Through the group's own routes: a group post or event, which the group's founder and moderators hide too. */
  inGroup = false,
) {
  if (!inGroup) authorize(canModerate(actor));
  const t = TARGETS[type];
  const notices: { userId: number; notificationId: number | null }[] = [];
  const isHidden = await ctx.db.transaction(async (trx) => {
    const target = await trx(t.table).where({ id }).forUpdate().first('id', 'is_hidden', `${t.text} as text`, `${t.author} as author_id`);
    if (!target) throw errors.notFound(A.reportTargetMissing, 'report_target_missing');
    let role: string | undefined;
    if (inGroup) {
      // The group's founder or moderators, or the site's moderators (the group policy's `canHidePost`).
      const group =
        type === 'group_event' ? (await groupEventContext(trx, id, actor)).group : (await groupPostContext(trx, await postWithGroup(trx, id), actor)).group;
      authorize(canHidePost(actor, group));
      role = groupRoleOf(actor, group) ?? undefined;
    }
    if (Boolean(target.is_hidden) === hidden) return hidden;
    await setHiddenTx(trx, type, id, hidden);
    await audit(
      trx,
      actor,
      `${type}.${hidden ? 'hide' : 'restore'}`,
      { type, id },
      { before: { isHidden: !hidden }, after: { isHidden: hidden, reason } },
      { role, subjectId: target.author_id },
    );
    if (hidden) {
      const notice = await notifyModeration(trx, actor, {
        authorId: target.author_id,
        kind: type as ModeratedKind,
        action: 'hide',
        content: String(target.text ?? ''),
        reason,
        targetId: id,
      });
      if (notice) notices.push(notice);
    }
    return hidden;
  });
  announceNotifications(ctx.bus, notices);
  ctx.bus.emit('data:changed', { settled: true, remote: false });
  return { type, id, isHidden };
}

/** The number of reports still open (the admins' badge). */
export async function openReportCount(db: Knex): Promise<number> {
  const [row] = await db('reports').where({ status: 'open' }).count({ n: '*' });
  return Number(row?.n ?? 0);
}
