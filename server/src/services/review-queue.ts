import type { Knex } from 'knex';
import {
  LIMITS,
  TEXTS,
  type QueueAction,
  type QueueDecisionResult,
  type QueueKind,
  type QueueUndoResult,
  type ReportTarget,
  type ReviewEntry,
  type ReviewQueuePage,
} from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { toIso } from '../db/time';
import { decodeTuple, encodeTuple } from '../db/keyset';
import type { UserRow } from '../presenters/users';
import { presentReviewEntry, targetKey, type AuthorRow, type ReviewContext, type ReviewEntryRow } from '../presenters/review-queue';
import { authorize } from '../policies/decision';
import { canModerate } from '../policies/site';
import { audit } from './audit';
import { closeReportTx, refreshReportPriority, setHiddenTx } from './reports';
import { closeAppealEntry, syncQueueEntries } from './queue-entries';
import { holdAgainTx, isHoldable, isPendingTx } from './held-items';
import { announceNotifications } from './notifications';
import { announceSuspension, suspendMemberTx, warnMemberTx } from './users/suspension';
import { decideAppealTx, type AppealRow } from './appeals';

/**
 * The one review queue: one entry per reported thing (services/queue-entries keeps them), every
 * open report about it inside. Order: the most open reports first, then the oldest (the time of its
 * oldest open report), then the entry id: one range over review_entries_order_index, keyset-paged
 * by (report_count, queued_ms, id). A page's context (reports, the item, its author, their recent
 * items and earlier actions against them) is read in a fixed number of queries, whatever its size.
 *
 * Claims: `claimed_by` until `claimed_until_ms` on the entry, taken by one conditional UPDATE
 * (free, mine, or expired), so two moderators on two nodes never both hold it. Deciding takes the
 * same claim in the decision's transaction; the entry closes with its reports and the claim drops.
 *
 * Kinds: report, approval and flag come from report rows and are decided by `decideReportsTx`;
 * an appeal is one `appeals` row (its entry kept by services/appeals), shown with the appealed
 * item or the suspended member as its target, and decided by `decideAppealEntry`.
 */

const Q = TEXTS.reviewQueue;
const A = TEXTS.admin;

const nowMs = (ctx: Pick<AppContext, 'now'>) => (ctx.now?.() ?? new Date()).getTime();

/**
 * Where each kind of reported thing lives: its table (read as `t`), text and author columns, and
 * where the UI opens it. `page` joins the slug (as `s.slug`) of the page it sits on: a blog
 * comment under its post (anchored at the comment), a group's post or comment on the group's page
 * (anchored at the post).
 */
const TARGETS: Record<
  ReportTarget,
  {
    table: string;
    text: string;
    author: string;
    parent?: string;
    page?: (q: Knex.QueryBuilder) => Knex.QueryBuilder;
    link: (id: number, parent: number | null, name: string) => string | null;
  }
> = {
  post: { table: 'posts', text: 'content', author: 'author_id', link: (id) => `/posts/${id}` },
  comment: { table: 'comments', text: 'content', author: 'author_id', parent: 'post_id', link: (id, p) => `/posts/${p}#yorum-${id}` },
  answer: { table: 'answers', text: 'content', author: 'author_id', parent: 'question_id', link: (_id, p) => `/qa/question/${p}` },
  blog_comment: {
    table: 'blog_comments',
    text: 'content',
    author: 'author_id',
    page: (q) => q.join('blog_posts as s', 's.id', 't.post_id'),
    link: (id, _p, slug) => `/blog/${encodeURIComponent(slug)}#yorum-${id}`,
  },
  group_post: {
    table: 'group_posts',
    text: 'content',
    author: 'author_id',
    page: (q) => q.join('hobby_groups as s', 's.id', 't.group_id'),
    link: (id, _p, slug) => `/hobby-groups/${encodeURIComponent(slug)}#post-${id}`,
  },
  group_comment: {
    table: 'group_post_comments',
    text: 'content',
    author: 'author_id',
    parent: 'post_id',
    page: (q) => q.join('group_posts as gp', 'gp.id', 't.post_id').join('hobby_groups as s', 's.id', 'gp.group_id'),
    link: (_id, p, slug) => `/hobby-groups/${encodeURIComponent(slug)}#post-${p}`,
  },
  question: { table: 'questions', text: 'title', author: 'author_id', link: (id) => `/qa/question/${id}` },
  event: { table: 'events', text: 'title', author: 'creator_id', link: (id) => `/events/${id}` },
  user: { table: 'users', text: 'display_name', author: 'id', link: (_id, _p, name) => `/profile/${name}` },
  group_event: {
    table: 'group_events',
    text: 'title',
    author: 'creator_id',
    page: (q) => q.join('hobby_groups as s', 's.id', 't.group_id'),
    link: (id, _p, slug) => `/hobby-groups/${encodeURIComponent(slug)}#event-${id}`,
  },
};

/** The author's latest items shown with an entry: one windowed query per kind for the whole page. */
/** The kinds of an author's recent items, each read through its (author, id) index: who wrote it, and the text shown. */
const RECENT = [
  { type: 'post', table: 'posts', author: 'author_id', text: 'content', parent: null, link: (id: number) => `/posts/${id}` },
  {
    type: 'comment',
    table: 'comments',
    author: 'author_id',
    text: 'content',
    parent: 'post_id',
    link: (id: number, p: number | null) => `/posts/${p}#yorum-${id}`,
  },
  {
    type: 'answer',
    table: 'answers',
    author: 'author_id',
    text: 'content',
    parent: 'question_id',
    link: (_id: number, p: number | null) => `/qa/question/${p}`,
  },
  { type: 'question', table: 'questions', author: 'author_id', text: 'title', parent: null, link: (id: number) => `/qa/question/${id}` },
  { type: 'event', table: 'events', author: 'creator_id', text: 'title', parent: null, link: (id: number) => `/events/${id}` },
] as const;

/** The audit actions that count as earlier actions against a member. */
const PAST_ACTIONS = [
  'user.warn',
  'user.suspend',
  ...(['post', 'comment', 'answer', 'blog_comment', 'group_post', 'group_comment', 'question', 'event', 'group_event'] as const).flatMap((t) => [
    `${t}.hide`,
    `${t}.delete`,
  ]),
];

function entriesQuery(db: Knex | Knex.Transaction) {
  return db('review_entries as e')
    .leftJoin('users as cu', 'cu.id', 'e.claimed_by')
    .select('e.*', 'cu.username as cu_username', 'cu.display_name as cu_display_name');
}

/** The open queue, a page at a time (see the order above), with each entry's context. */
export async function listQueue(ctx: AppContext, me: UserRow, q: { limit: number; kind?: QueueKind; cursor?: string }): Promise<ReviewQueuePage> {
  authorize(canModerate(me));
  const db = ctx.db;
  const query = entriesQuery(db).where('e.status', 'open');
  if (q.kind) query.where('e.kind', q.kind);
  // queued_ms is past 32 bits: it travels as digits.
  const after = decodeTuple<[number, string, number]>(q.cursor, ['int', 'text', 'int']);
  if (after) {
    const [count, queuedText, id] = after;
    if (!/^\d{1,15}$/.test(queuedText)) throw errors.badRequest(TEXTS.errors.invalidCursor, 'invalid_cursor');
    const queued = Number(queuedText);
    // report_count runs down, (queued_ms, id) up: the row-value form needs one direction, so the count splits it.
    query.where((w) =>
      w.where('e.report_count', '<', count).orWhere((o) => o.where('e.report_count', count).andWhereRaw('(e.queued_ms, e.id) > (?, ?)', [queued, id])),
    );
  }
  const rows: ReviewEntryRow[] = await query
    .orderBy([
      { column: 'e.report_count', order: 'desc' },
      { column: 'e.queued_ms', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ])
    .limit(q.limit);
  const totalQuery = db('review_entries').where({ status: 'open' });
  if (q.kind) totalQuery.where({ kind: q.kind });
  const [total] = await totalQuery.count({ n: '*' });
  const last = rows[rows.length - 1];
  return {
    items: await presentEntries(db, rows, me.id, nowMs(ctx)),
    nextCursor: rows.length === q.limit && last ? encodeTuple([Number(last.report_count), String(last.queued_ms), last.id]) : null,
    total: Number(total?.n ?? 0),
  };
}

/** One entry as the list shows it (after a claim, for its answer and the socket). */
export async function getEntry(db: Knex | Knex.Transaction, id: number, viewerId: number, now: number): Promise<ReviewEntry | null> {
  const row = (await entriesQuery(db).where('e.id', id).first()) as ReviewEntryRow | undefined;
  if (!row) return null;
  const [entry] = await presentEntries(db, [row], viewerId, now);
  return entry ?? null;
}

/**
 * The context of a page of entries: their open reports (one query), the items (one per kind on the
 * page), the authors (one), their latest items (three) and earlier actions against them (one).
 */
async function presentEntries(db: Knex | Knex.Transaction, rows: ReviewEntryRow[], viewerId: number, now: number): Promise<ReviewEntry[]> {
  const c: ReviewContext = {
    now,
    viewerId,
    reports: new Map(),
    targets: new Map(),
    authors: new Map(),
    recent: new Map(),
    past: new Map(),
    appeals: new Map(),
  };
  if (rows.length === 0) return [];
  const byType = new Map<ReportTarget, number[]>();
  const add = (type: ReportTarget, id: number) => byType.set(type, [...(byType.get(type) ?? []), id]);
  for (const r of rows) if (r.kind !== 'appeal') add(r.target_type as ReportTarget, r.target_id);
  const reported = new Map(byType);

  // The page's appeals (one query): each one's target is the appealed item, or the suspended member.
  const appealIds = rows.filter((r) => r.kind === 'appeal').map((r) => r.target_id);
  const appeals: AppealRow[] = appealIds.length ? await db('appeals').whereIn('id', appealIds).select('*') : [];
  const appealed = (a: AppealRow): [ReportTarget, number] => (a.target_type === 'suspension' ? ['user', a.user_id] : [a.target_type, a.target_id]);
  for (const a of appeals) {
    c.appeals.set(a.id, a);
    add(...appealed(a));
  }

  // The open reports of every reported thing on the page, the first few of each (a window per thing).
  const ranked = db('reports as r')
    .where('r.status', 'open')
    .where((w) => {
      for (const [type, ids] of reported) w.orWhere((o) => o.where('r.target_type', type).whereIn('r.target_id', ids));
    })
    .select(
      'r.id',
      'r.target_type',
      'r.target_id',
      'r.kind',
      'r.reason',
      'r.reason_code',
      'r.note',
      'r.reporter_id',
      'r.created_at',
      db.raw('row_number() over (partition by r.target_type, r.target_id order by r.id) as rn'),
    )
    .as('ranked');
  const reports: {
    id: number;
    target_type: string;
    target_id: number;
    kind: QueueKind;
    reason: string;
    reason_code: string | null;
    note: string | null;
    reporter_id: number | null;
    created_at: unknown;
    username: string | null;
    display_name: string | null;
  }[] =
    reported.size === 0
      ? []
      : await db
          .from(ranked)
          .leftJoin('users as u', 'u.id', 'ranked.reporter_id')
          .where('ranked.rn', '<=', LIMITS.queueReportsShown)
          .orderBy('ranked.id')
          .select('ranked.*', 'u.username', 'u.display_name');
  for (const r of reports) {
    const key = targetKey(r.target_type, r.target_id);
    const list = c.reports.get(key) ?? [];
    list.push({
      id: r.id,
      kind: r.kind,
      reason: r.reason,
      reasonCode: (r.reason_code as ReviewEntry['reports'][number]['reasonCode']) ?? null,
      note: r.note ?? '',
      reporter: r.reporter_id !== null && r.username ? { id: r.reporter_id, username: r.username, displayName: r.display_name ?? '' } : null,
      createdAt: toIso(r.created_at),
    });
    c.reports.set(key, list);
  }

  for (const [type, ids] of byType) {
    const t = TARGETS[type];
    const query = db(`${t.table} as t`)
      .whereIn('t.id', ids)
      .select('t.id', `t.${t.text} as text`, ...(type === 'user' ? ['t.username as name'] : ['t.is_hidden']), ...(t.parent ? [`t.${t.parent} as parent`] : []));
    if (t.page) t.page(query).select('s.slug as name');
    const items: { id: number; text: string | null; is_hidden?: boolean | number; parent?: number | null; name?: string }[] = await query;
    for (const x of items) {
      c.targets.set(targetKey(type, x.id), {
        type,
        id: x.id,
        exists: true,
        preview: String(x.text ?? '').slice(0, 300),
        isHidden: Boolean(x.is_hidden),
        link: t.link(x.id, x.parent ?? null, x.name ?? ''),
      });
    }
  }
  for (const a of appeals) {
    const target = c.targets.get(targetKey(...appealed(a)));
    if (target) c.targets.set(targetKey('appeal', a.id), target);
  }

  const authorIds = [...new Set(rows.map((r) => r.subject_user_id).filter((id): id is number => id !== null))];
  if (authorIds.length === 0) return rows.map((r) => presentReviewEntry(r, c));
  const authors: AuthorRow[] = await db('users')
    .whereIn('id', authorIds)
    .select('id', 'username', 'display_name', 'profile_image', 'role', 'trust_level', 'created_at', 'suspended_until');
  for (const a of authors) c.authors.set(a.id, a);

  const recent: {
    type: string;
    id: number;
    author_id: number;
    content: string | null;
    is_hidden: boolean | number;
    created_at: unknown;
    parent: number | null;
  }[] = [];
  for (const kind of RECENT) {
    const windowed = db(kind.table)
      .whereIn(kind.author, authorIds)
      .select(
        'id',
        db.raw('?? as author_id', [kind.author]),
        db.raw('?? as content', [kind.text]),
        'is_hidden',
        'created_at',
        kind.parent ? db.raw('?? as parent', [kind.parent]) : db.raw('null as parent'),
        db.raw('row_number() over (partition by ?? order by id desc) as rn', [kind.author]),
      )
      .as('w');
    const got = await db.from(windowed).where('rn', '<=', LIMITS.queueRecentItems).select('id', 'author_id', 'content', 'is_hidden', 'created_at', 'parent');
    for (const g of got) recent.push({ ...g, type: kind.type });
  }
  recent.sort((x, y) => new Date(toIso(y.created_at)).getTime() - new Date(toIso(x.created_at)).getTime());
  for (const r of recent) {
    const list = c.recent.get(r.author_id) ?? [];
    if (list.length >= LIMITS.queueRecentItems) continue;
    const kind = RECENT.find((k) => k.type === r.type)!;
    list.push({
      type: kind.type,
      id: r.id,
      text: String(r.content ?? '').slice(0, 300),
      isHidden: Boolean(r.is_hidden),
      createdAt: toIso(r.created_at),
      link: kind.link(r.id, r.parent),
    });
    c.recent.set(r.author_id, list);
  }

  const pastWindow = db('audit_log')
    .whereIn('subject_user_id', authorIds)
    .whereIn('action', PAST_ACTIONS)
    .select(
      'id',
      'subject_user_id',
      'action',
      'actor_username',
      'actor_role',
      'reason',
      'created_at',
      db.raw('row_number() over (partition by subject_user_id order by id desc) as rn'),
    )
    .as('pw');
  const past: {
    id: number;
    subject_user_id: number;
    action: string;
    actor_username: string | null;
    actor_role: string | null;
    reason: string | null;
    created_at: unknown;
  }[] = await db.from(pastWindow).where('rn', '<=', LIMITS.queuePastActions).orderBy('id', 'desc').select('*');
  for (const p of past) {
    const list = c.past.get(p.subject_user_id) ?? [];
    list.push({ id: p.id, action: p.action, actor: p.actor_username, actorRole: p.actor_role, reason: p.reason, createdAt: toIso(p.created_at) });
    c.past.set(p.subject_user_id, list);
  }
  return rows.map((r) => presentReviewEntry(r, c));
}

// ---- claims ----

/** The Turkish 409 naming who holds the entry (or 404 / 409 closed), after a claim that changed nothing. */
async function refuseClaim(trx: Knex | Knex.Transaction, id: number): Promise<never> {
  const row = (await trx('review_entries as e')
    .leftJoin('users as u', 'u.id', 'e.claimed_by')
    .where('e.id', id)
    .first('e.status', 'u.display_name', 'u.username')) as { status: string; display_name: string | null; username: string | null } | undefined;
  if (!row) throw errors.notFound(Q.entryNotFound, 'queue_entry_not_found');
  if (row.status !== 'open') throw errors.conflict(Q.entryClosed, 'queue_entry_closed');
  throw errors.conflict(Q.claimedBy(row.display_name ?? row.username ?? '?'), 'queue_entry_claimed');
}

/**
 * Takes (or extends) the claim in one conditional UPDATE: only an open entry that is free, the
 * caller's own, or whose claim has run out. PostgreSQL re-reads the row after a concurrent claim
 * commits, so of two moderators racing on two nodes exactly one gets a row back.
 */
async function takeClaim(trx: Knex | Knex.Transaction, me: UserRow, id: number, now: number): Promise<void> {
  const taken = await trx('review_entries')
    .where({ id, status: 'open' })
    .where((w) => w.whereNull('claimed_by').orWhere('claimed_by', me.id).orWhere('claimed_until_ms', '<=', now))
    .update({ claimed_by: me.id, claimed_until_ms: now + LIMITS.queueClaimMinutes * 60_000 });
  if (taken === 0) await refuseClaim(trx, id);
}

export async function claimEntry(ctx: AppContext, me: UserRow, id: number) {
  authorize(canModerate(me));
  const now = nowMs(ctx);
  await takeClaim(ctx.db, me, id, now);
  const entry = await getEntry(ctx.db, id, me.id, now);
  ctx.bus.emit('queue:changed', { change: 'claimed', entryIds: [id], by: { id: me.id, username: me.username } });
  return { entryId: id, claim: entry!.claim! };
}

/** Lets go of one's claim; releasing what nobody holds is fine, another's live claim is 409. */
export async function releaseEntry(ctx: AppContext, me: UserRow, id: number) {
  authorize(canModerate(me));
  const now = nowMs(ctx);
  const released = await ctx.db('review_entries').where({ id, claimed_by: me.id }).update({ claimed_by: null, claimed_until_ms: null });
  if (released === 0) {
    const row = (await ctx.db('review_entries').where({ id }).first('claimed_by', 'claimed_until_ms')) as
      { claimed_by: number | null; claimed_until_ms: number | string | null } | undefined;
    if (!row) throw errors.notFound(Q.entryNotFound, 'queue_entry_not_found');
    if (row.claimed_by !== null && Number(row.claimed_until_ms) > now) await refuseClaim(ctx.db, id);
  }
  ctx.bus.emit('queue:changed', { change: 'released', entryIds: [id], by: { id: me.id, username: me.username } });
  return { ok: true as const };
}

// ---- decisions ----

/** What undo puts back for one entry. */
interface EntryUndo {
  entryId: number;
  type: ReportTarget;
  targetId: number;
  reportIds: number[];
  subjects: number[];
  /** The item's hidden state before (null: a member, nothing to hide). */
  hiddenBefore: boolean | null;
  communityHide: boolean;
  /** The item was held for approval (undo holds it again: hidden, pending, uncounted). */
  pendingBefore?: boolean;
  /** Notifications the decision wrote (the author told of a hide, a warning). */
  notificationIds: number[];
  /** The member's suspension before a suspend (ISO or null), or before an upheld appeal lifted it. */
  suspension?: { userId: number; before: string | null };
  /** The appeal an appeal entry's decision closed (opened again). */
  appealId?: number;
}

interface DecisionRun {
  ctx: AppContext;
  trx: Knex.Transaction;
  me: UserRow;
  input: { action: QueueAction; reason: string; days?: 1 | 7 };
  notices: { userId: number; notificationId: number | null }[];
  ended: { userId: number; sessions: string[] }[];
  /** Members already warned or suspended by this decision (a bulk on one spammer's items does it once). */
  disciplined: Set<number>;
}

type Decider = (run: DecisionRun, entry: { id: number; target_type: ReportTarget; target_id: number; subject_user_id: number | null }) => Promise<EntryUndo>;

/**
 * Every kind from report rows: approve dismisses them (a held post is published, a community hide
 * lifted: closeReportTx), hide resolves them hiding the item, warn and suspend resolve them and act
 * on the author with the users' services.
 */
const decideReportsTx: Decider = async (run, entry) => {
  const { trx, me, input } = run;
  const type = entry.target_type;
  const t = TARGETS[type];
  const open: { id: number; subject_user_id: number | null }[] = await trx('reports')
    .where({ status: 'open', target_type: type, target_id: entry.target_id })
    .orderBy('id')
    .select('id', 'subject_user_id');
  if (open.length === 0) throw errors.conflict(Q.entryClosed, 'queue_entry_closed');
  const item = type === 'user' ? null : ((await trx(t.table).where({ id: entry.target_id }).first('is_hidden')) as { is_hidden: boolean | number } | undefined);
  const undo: EntryUndo = {
    entryId: entry.id,
    type,
    targetId: entry.target_id,
    reportIds: open.map((r) => r.id),
    subjects: [...new Set(open.map((r) => r.subject_user_id).filter((s): s is number => s !== null))],
    hiddenBefore: item ? Boolean(item.is_hidden) : null,
    communityHide: Boolean(await trx('community_hides').where({ target_type: type, target_id: entry.target_id }).first('target_id')),
    pendingBefore: await isPendingTx(trx, type, entry.target_id),
    notificationIds: [],
  };
  const collected: { userId: number; notificationId: number | null }[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const closeAll = async (outcome: 'resolved' | 'dismissed', note: string) => {
    for (const r of open) {
      const still = await trx('reports').where({ id: r.id, status: 'open' }).first('id');
      if (still) await closeReportTx(run.ctx, trx, me, r.id, outcome, { note, action: 'none' }, cleanups, collected);
    }
  };
  const author = entry.subject_user_id;
  switch (input.action) {
    case 'approve':
      await closeAll('dismissed', input.reason || Q.approveNote);
      break;
    case 'hide':
      if (type === 'user') throw errors.badRequest(A.hideNotForUsers, 'cannot_hide_user');
      // Closes every open report of the item with it.
      await closeReportTx(run.ctx, trx, me, open[0]!.id, 'resolved', { note: input.reason, action: 'hide' }, cleanups, collected);
      break;
    case 'warn':
    case 'suspend': {
      if (author === null) throw errors.badRequest(Q.nothingToWarn, 'queue_no_author');
      if (!run.disciplined.has(author)) {
        run.disciplined.add(author);
        if (input.action === 'warn') {
          const { notice } = await warnMemberTx(trx, me, author, input.reason);
          collected.push(notice);
        } else {
          const done = await suspendMemberTx(run.ctx, trx, me, author, { days: input.days, reason: input.reason });
          undo.suspension = { userId: author, before: done.before ? done.before.toISOString() : null };
          run.ended.push({ userId: author, sessions: done.ended });
        }
      }
      await closeAll('resolved', input.reason);
      break;
    }
  }
  undo.notificationIds = collected.map((n) => n.notificationId).filter((n): n is number => n !== null);
  run.notices.push(...collected);
  return undo;
};

/**
 * An appeal: approve upholds it, hide rejects it (services/appeals decides, tells the member and
 * closes the entry); the reason is the decision's note to the member. Undo puts back the hide or
 * the suspension, takes the notice back and opens the appeal again.
 */
const decideAppealEntry: Decider = async (run, entry) => {
  const outcome = run.input.action === 'approve' ? 'upheld' : run.input.action === 'hide' ? 'rejected' : null;
  if (!outcome) throw errors.badRequest(Q.appealActionInvalid, 'queue_appeal_action');
  // The appeal went with its member's account: deciding only clears its entry (nothing to tell, nothing to undo).
  if (!(await run.trx('appeals').where({ id: entry.target_id }).first('id'))) {
    await closeAppealEntry(run.trx, entry.target_id);
    return { entryId: entry.id, type: 'user', targetId: 0, reportIds: [], subjects: [], hiddenBefore: null, communityHide: false, notificationIds: [] };
  }
  const done = await decideAppealTx(run.ctx, run.trx, run.me, entry.target_id, { outcome, note: run.input.reason });
  run.notices.push(done.notice);
  const row = done.row;
  return {
    entryId: entry.id,
    type: done.shown?.type ?? 'user',
    targetId: done.shown?.id ?? row.user_id,
    reportIds: [],
    subjects: [],
    hiddenBefore: done.shown ? true : null,
    communityHide: done.shown?.communityHide ?? false,
    notificationIds: done.notice.notificationId === null ? [] : [done.notice.notificationId],
    ...(done.lifted ? { suspension: { userId: done.lifted.userId, before: done.lifted.before } } : {}),
    appealId: row.id,
  };
};

/** How each kind of entry is decided. */
const DECIDERS: Record<QueueKind, Decider> = { report: decideReportsTx, approval: decideReportsTx, flag: decideReportsTx, appeal: decideAppealEntry };

/**
 * One decision on one or many entries, in one transaction: each entry is claimed for the caller
 * (409 while another moderator holds it) and decided; any refusal rolls back all of it. Answers
 * the action's id, for undo until `undoUntil`.
 */
export async function decideEntries(
  ctx: AppContext,
  me: UserRow,
  ids: number[],
  input: { action: QueueAction; reason: string; days?: 1 | 7 },
): Promise<QueueDecisionResult> {
  authorize(canModerate(me));
  const now = nowMs(ctx);
  const unique = [...new Set(ids)];
  const run = { notices: [], ended: [], disciplined: new Set<number>() } as Omit<DecisionRun, 'ctx' | 'trx' | 'me' | 'input'>;
  const actionId = await ctx.db.transaction(async (trx) => {
    const full: DecisionRun = { ...run, ctx, trx, me, input } as DecisionRun;
    const undos: EntryUndo[] = [];
    for (const id of unique) {
      await takeClaim(trx, me, id, now);
      const entry = (await trx('review_entries').where({ id }).first('id', 'kind', 'target_type', 'target_id', 'subject_user_id')) as {
        id: number;
        kind: QueueKind;
        target_type: ReportTarget;
        target_id: number;
        subject_user_id: number | null;
      };
      undos.push(await DECIDERS[entry.kind](full, entry));
    }
    const [row] = await trx('queue_actions')
      .insert({ actor_id: me.id, action: input.action, undo: JSON.stringify(undos), created_ms: now })
      .returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  });
  announceNotifications(ctx.bus, run.notices);
  for (const e of run.ended) announceSuspension(ctx, e.userId, e.sessions);
  ctx.bus.emit('reports:changed', {});
  ctx.bus.emit('data:changed', { settled: true, remote: false });
  ctx.bus.emit('queue:changed', { change: 'decided', entryIds: unique, by: { id: me.id, username: me.username } });
  return { actionId, action: input.action, entryIds: unique, undoUntil: new Date(now + LIMITS.queueUndoSeconds * 1000).toISOString() };
}

/**
 * Undoes one's own decision within LIMITS.queueUndoSeconds, in one transaction: the reports open
 * again, the item is hidden or shown as it was, a community hide comes back, the notifications the
 * decision wrote are taken back and a suspension returns to what it was. Audited as queue.undo.
 */
export async function undoDecision(ctx: AppContext, me: UserRow, actionId: number): Promise<QueueUndoResult> {
  authorize(canModerate(me));
  const now = nowMs(ctx);
  const touched = new Set<number>();
  const entryIds = await ctx.db.transaction(async (trx) => {
    const row = (await trx('queue_actions').where({ id: actionId }).forUpdate().first()) as
      { id: number; actor_id: number | null; action: string; undo: string; created_ms: number | string; undone_ms: number | string | null } | undefined;
    if (!row || row.actor_id !== me.id) throw errors.notFound(Q.actionNotFound, 'queue_action_not_found');
    if (row.undone_ms !== null) throw errors.gone(Q.undoDone, 'queue_undo_expired');
    if (now - Number(row.created_ms) > LIMITS.queueUndoSeconds * 1000) throw errors.gone(Q.undoExpired, 'queue_undo_expired');
    const undos = JSON.parse(row.undo) as EntryUndo[];
    for (const u of [...undos].reverse()) {
      await trx('reports').whereIn('id', u.reportIds).update({ status: 'open', resolution_note: null, resolved_by: null, resolved_at: null });
      await refreshReportPriority(trx, u.subjects);
      if (u.pendingBefore && isHoldable(u.type)) await holdAgainTx(trx, u.type, u.targetId);
      if (u.hiddenBefore !== null && u.type !== 'user') {
        const item = (await trx(TARGETS[u.type].table).where({ id: u.targetId }).first('is_hidden')) as { is_hidden: boolean | number } | undefined;
        if (item && Boolean(item.is_hidden) !== u.hiddenBefore) {
          await setHiddenTx(trx, u.type, u.targetId, u.hiddenBefore);
          await audit(
            trx,
            me,
            `${u.type}.${u.hiddenBefore ? 'hide' : 'restore'}`,
            { type: u.type, id: u.targetId },
            { before: { isHidden: !u.hiddenBefore }, after: { isHidden: u.hiddenBefore, undo: actionId } },
          );
        }
      }
      if (u.communityHide && !(await trx('community_hides').where({ target_type: u.type, target_id: u.targetId }).first('target_id'))) {
        await trx('community_hides').insert({ target_type: u.type, target_id: u.targetId, created_at: new Date(now).toISOString() });
      }
      if (u.notificationIds.length) {
        const owners: { user_id: number }[] = await trx('notifications').whereIn('id', u.notificationIds).select('user_id');
        for (const o of owners) touched.add(o.user_id);
        await trx('notifications').whereIn('id', u.notificationIds).delete();
      }
      if (u.suspension) {
        await trx('users').where({ id: u.suspension.userId }).update({ suspended_until: u.suspension.before });
        await audit(trx, me, 'user.unsuspend', { type: 'user', id: u.suspension.userId }, { after: { suspendedUntil: u.suspension.before, undo: actionId } });
      }
      await syncQueueEntries(trx, [{ type: u.type, id: u.targetId }]);
      if (u.appealId !== undefined) {
        await trx('appeals').where({ id: u.appealId }).update({ status: 'open', decision_note: null, decided_by: null, decided_at: null });
        await trx('review_entries').where({ id: u.entryId }).update({ status: 'open', report_count: 1 });
      }
    }
    await trx('queue_actions').where({ id: actionId }).update({ undone_ms: now });
    await audit(
      trx,
      me,
      'queue.undo',
      { type: 'queue_action', id: actionId },
      { before: { action: row.action }, after: { entries: undos.map((u) => u.entryId) } },
    );
    return undos.map((u) => u.entryId);
  });
  for (const userId of touched) ctx.bus.emit('notifications:changed', { userId });
  ctx.bus.emit('reports:changed', {});
  ctx.bus.emit('data:changed', { settled: true, remote: false });
  ctx.bus.emit('queue:changed', { change: 'undone', entryIds, by: { id: me.id, username: me.username } });
  return { actionId, entryIds };
}
