import type { Knex } from 'knex';
import { presentReport, type ReportListRow, type ReportPreview, type ReportRow } from '../presenters/reports';
import { TEXTS, type ReportTarget, type Role } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { nowIso, toIso } from '../db/time';
import { presentAuthor, type UserRow } from '../presenters/users';
import { audit } from './audit';
import { intColumn, sortedPage } from '../db/keyset';
import { postsQuery, visibleTo } from './posts';
import { canSeeGroupPost } from './hobby-groups';
import { deleteUser } from './users/admin';
import { deleteContentTx } from './posts/admin';
import { deleteCommentTx } from './engagement/comments';
import { announceNotifications } from './notifications';
import { notifyModeration, type ModeratedKind } from './moderation';
import { tallyTags } from './hashtags';
import { tallyCategories } from './categories';

const A = TEXTS.admin;

/** Where each kind of reported thing lives, and which column holds its text. */
const TARGETS: Record<ReportTarget, { table: string; text: string; author: string; hideable: boolean }> = {
  post: { table: 'posts', text: 'content', author: 'author_id', hideable: true },
  comment: { table: 'comments', text: 'content', author: 'author_id', hideable: true },
  answer: { table: 'answers', text: 'content', author: 'author_id', hideable: true },
  blog_comment: { table: 'blog_comments', text: 'content', author: 'author_id', hideable: true },
  group_post: { table: 'group_posts', text: 'content', author: 'author_id', hideable: true },
  group_comment: { table: 'group_post_comments', text: 'content', author: 'author_id', hideable: true },
  user: { table: 'users', text: 'display_name', author: 'id', hideable: false },
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
    case 'group_post':
      return canSeeGroupPost(trx, id, me);
    case 'group_comment': {
      const c = await trx('group_post_comments').where({ id, is_hidden: false }).first('post_id');
      return Boolean(c) && canSeeGroupPost(trx, c.post_id, me);
    }
  }
}

/** A member's report: only of what they can see; the answer repeats the report, never the content. */
export async function createReport(ctx: AppContext, me: UserRow, input: { targetType: ReportTarget; targetId: number; reason: string }) {
  const id = await ctx.db.transaction(async (trx) => {
    if (!(await reporterCanSee(trx, me, input.targetType, input.targetId))) throw errors.notFound(A.reportTargetMissing, 'report_target_missing');
    if (input.targetType === 'user' && input.targetId === me.id) throw errors.badRequest(A.cannotReportSelf, 'cannot_report_self');
    const open = await trx('reports').where({ reporter_id: me.id, target_type: input.targetType, target_id: input.targetId, status: 'open' }).first('id');
    if (open) throw errors.conflict(A.reportAlreadyOpen, 'report_already_open');
    const [row] = await trx('reports')
      .insert({ reporter_id: me.id, target_type: input.targetType, target_id: input.targetId, reason: input.reason, status: 'open', created_at: nowIso() })
      .returning('id');
    const reportId = (typeof row === 'object' ? row.id : row) as number;
    await audit(
      trx,
      me,
      'report.create',
      { type: 'report', id: reportId },
      { after: { targetType: input.targetType, targetId: input.targetId, reason: input.reason } },
    );
    return reportId;
  });
  ctx.bus.emit('report:created', { reportId: id });
  const row = await ctx.db('reports').where({ id }).first<ReportRow | undefined>();
  if (!row) throw errors.notFound(A.reportNotFound, 'report_not_found');
  return { id, targetType: row.target_type, targetId: row.target_id, reason: row.reason, status: row.status, createdAt: toIso(row.created_at) };
}

/** Reports newest (or oldest) first, keyset-paged over the (status, id) index. */
export async function listReports(
  db: Knex,
  q: { status: 'open' | 'resolved' | 'dismissed'; targetType?: ReportTarget; limit: number; direction: 'asc' | 'desc'; cursor?: string },
) {
  const query = reportsQuery(db).where('r.status', q.status);
  if (q.targetType) query.where('r.target_type', q.targetType);
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
    .select('r.*', 'rep.username as rep_username', 'rep.display_name as rep_display_name');
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
  return rows.map((r) => presentReport(r, previews.get(`${r.target_type}:${r.target_id}`)));
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
  return (await ctx.db('reports').where({ id }).first('id', 'status')) as { id: number; status: string };
}

/** One confirm, many reports resolved or dismissed with one note: all in one transaction, or none. */
export async function bulkCloseReports(ctx: AppContext, admin: UserRow, ids: number[], outcome: 'resolved' | 'dismissed', note: string) {
  await ctx.db.transaction(async (trx) => {
    for (const id of ids) await closeReportTx(ctx, trx, admin, id, outcome, { note, action: 'none' }, []);
  });
  ctx.bus.emit('reports:changed', {});
  return { updated: ids.length };
}

async function closeReportTx(
  ctx: AppContext,
  trx: Knex.Transaction,
  admin: UserRow,
  id: number,
  outcome: 'resolved' | 'dismissed',
  input: { note: string; action: 'none' | 'delete' | 'hide' },
  cleanups: (() => Promise<void>)[],
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
    });
    if (notice) cleanups.push(async () => announceNotifications(ctx.bus, [notice]));
  };
  if (action === 'hide') {
    if (!t.hideable) throw errors.badRequest(A.hideNotForUsers, 'cannot_hide_user');
    if (type === 'post') {
      await tallyTags(trx, { postIds: [report.target_id] }, -1);
      await tallyCategories(trx, { postIds: [report.target_id] }, -1);
    }
    await trx(t.table).where({ id: report.target_id }).update({ is_hidden: true });
    await audit(trx, admin, `${type}.hide`, { type, id: report.target_id }, { before: { isHidden: false }, after: { isHidden: true } });
    await tellAuthor('hide');
  } else if (action === 'delete') {
    if (type === 'post' || type === 'group_post') cleanups.push(await deleteContentTx(ctx, trx, admin, type, report.target_id, input.note));
    else if (type === 'user') {
      const cleanup = await deleteUser(ctx, admin, report.target_id, trx);
      if (cleanup) cleanups.push(cleanup);
    } else {
      const kind = type === 'comment' ? 'post' : type === 'blog_comment' ? 'blog' : type === 'group_comment' ? 'group' : 'answer';
      await deleteCommentTx(trx, admin, kind, report.target_id, { audit: 'always' });
      await tellAuthor('delete');
    }
  }
  const now = nowIso();
  const scope = trx('reports').where({ status: 'open' });
  if (action === 'none') scope.where({ id });
  else scope.where({ target_type: type, target_id: report.target_id });
  const closing = await scope.clone().select('id');
  await scope.update({ status: outcome, resolution_note: input.note || null, resolved_by: admin.id, resolved_at: now });
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

/** The number of reports still open (the admins' badge). */
export async function openReportCount(db: Knex): Promise<number> {
  const [row] = await db('reports').where({ status: 'open' }).count({ n: '*' });
  return Number(row?.n ?? 0);
}
