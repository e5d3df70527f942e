import type { Knex } from 'knex';
import { TEXTS, type CommentKind } from '@mahalle/shared';
import { errors, type AppError } from '../../errors';
import { nowIso } from '../../db/time';
import { AUTHOR_COLUMNS, type UserRow } from '../../presenters/users';
import { audit, auditModeration } from '../audit';
import { indexRows, type Source } from '../../db/search/sources';
import { heldColumns, shownOrOwnHeld } from '../held-items';
import { authorize } from '../../policies/decision';
import * as policy from '../../policies/comments';
import { groupRoleOf, managesGroup, membershipOf, type GroupRoleContext } from '../../policies/hobby-groups';

/**
 * Comments of every kind in one place: post comments, blog comments, group post comments and
 * answers (a question's comments). Deleting and editing are written once here, with one audit
 * vocabulary: `comment.update` / `comment.delete`, target type `<kind>_comment`.
 */
export const COMMENT_TABLES: Record<CommentKind, { table: string; parent: string; parentTable: string; parentTitle: string; counter: string }> = {
  post: { table: 'comments', parent: 'post_id', parentTable: 'posts', parentTitle: 'content', counter: 'comments_count' },
  blog: { table: 'blog_comments', parent: 'post_id', parentTable: 'blog_posts', parentTitle: 'title', counter: 'comments_count' },
  answer: { table: 'answers', parent: 'question_id', parentTable: 'questions', parentTitle: 'title', counter: 'answers_count' },
  group: { table: 'group_post_comments', parent: 'post_id', parentTable: 'group_posts', parentTitle: 'content', counter: 'comments_count' },
};

/** The search index's source of each kind of comment (answers are the search's own `answer`). */
export const COMMENT_SOURCE = { post: 'post_comment', blog: 'blog_comment', group: 'group_comment' } as const satisfies Record<
  Exclude<CommentKind, 'answer'>,
  Source
>;

/** The audit log's target type of a comment of this kind. */
export const commentAuditType = (kind: CommentKind) => `${kind}_comment`;

export interface CommentDeleteOptions {
  /** The error for a missing comment; each route keeps the text and code it always answered. */
  notFound?: () => AppError;
  /**
   * `always`: the admin workspace and the admin-only routes log every delete. `moderation`
   * (members' routes): only an admin removing someone else's comment is logged.
   */
  audit?: 'always' | 'moderation';
}

/**
 * Whether the comments policy lets the actor delete this comment (its author, whoever moderates
 * the site, and for a group post's comment whoever manages the group). Answers whether the actor
 * acted as the group's manager. (Blog comments and answers are admin-only at their routes.)
 */
async function mayDelete(
  trx: Knex.Transaction,
  actor: UserRow,
  kind: CommentKind,
  comment: { author_id: number | null; post_id?: number },
): Promise<{ asFounder: boolean; asGroupModerator: boolean }> {
  let group: GroupRoleContext | undefined;
  if (kind === 'group') {
    const row = await trx('group_posts as p').join('hobby_groups as g', 'g.id', 'p.group_id').where('p.id', comment.post_id).first('g.id', 'g.creator_id');
    const member = row
      ? ((await trx('group_members').where({ group_id: row.id, user_id: actor.id }).first('role')) as { role: string } | undefined)
      : undefined;
    if (row) group = { creatorId: row.creator_id, membership: membershipOf(actor, row.creator_id, member?.role ?? null) };
  }
  authorize(policy.canDelete(actor, { kind, authorId: comment.author_id, group }));
  const asFounder = Boolean(group && managesGroup(actor, group));
  const asGroupModerator = Boolean(group && groupRoleOf(actor, group) === 'group_moderator' && comment.author_id !== actor.id);
  return { asFounder, asGroupModerator };
}

/** Deletes one comment of any kind inside the caller's transaction: counter, accepted answer and audit entry with it. */
export async function deleteCommentTx(trx: Knex.Transaction, actor: UserRow, kind: CommentKind, id: number, opts: CommentDeleteOptions = {}) {
  const t = COMMENT_TABLES[kind];
  const comment = await trx(t.table).where({ id }).first();
  if (!comment) throw (opts.notFound ?? (() => errors.notFound(TEXTS.social.commentNotFound, 'comment_not_found')))();
  const { asFounder, asGroupModerator } = await mayDelete(trx, actor, kind, comment);
  await trx(t.table).where({ id }).delete();
  // Counters count shown comments (services/held-items): a hidden or held one was taken out already.
  if (!comment.is_hidden) await trx(t.parentTable).where({ id: comment[t.parent] }).decrement(t.counter, 1);
  if (kind === 'answer' && comment.is_accepted)
    await trx('questions').where({ id: comment.question_id }).update({ is_answered: false, accepted_answer_id: null });
  const target = { type: commentAuditType(kind), id };
  const change = { before: { content: comment.content, parentId: comment[t.parent], authorId: comment.author_id } };
  if (opts.audit === 'always') await audit(trx, actor, 'comment.delete', target, change);
  // A group moderator's removal is moderation: audited in that role.
  else if (asGroupModerator) await audit(trx, actor, 'comment.delete', target, change, { role: 'group_moderator' });
  // A group's founder tidying their own group is not moderation of the site.
  else if (!asFounder) await auditModeration(trx, actor, comment.author_id, 'comment.delete', target, change);
}

export async function deleteComment(db: Knex, actor: UserRow, kind: CommentKind, id: number, opts: CommentDeleteOptions = {}) {
  await db.transaction((trx) => deleteCommentTx(trx, actor, kind, id, opts));
}

/** An admin rewrites a comment's text (audited); the caller presents the result as its route does. */
export async function editComment(db: Knex, admin: UserRow, kind: CommentKind, id: number, content: string, opts: Pick<CommentDeleteOptions, 'notFound'> = {}) {
  authorize(policy.canEdit(admin));
  const t = COMMENT_TABLES[kind];
  await db.transaction(async (trx) => {
    const before = await trx(t.table).where({ id }).first('content');
    if (!before) throw (opts.notFound ?? (() => errors.notFound(TEXTS.social.commentNotFound, 'comment_not_found')))();
    await trx(t.table).where({ id }).update({ content, updated_at: nowIso() });
    // Every kind is searched (answers by everyone, the others in the admin list): the document follows the edit in the same transaction.
    await indexRows(trx, kind === 'answer' ? 'answer' : COMMENT_SOURCE[kind], [id]);
    await audit(trx, admin, 'comment.update', { type: commentAuditType(kind), id }, { before: { content: before.content }, after: { content } });
  });
}

/** Inserts a comment of any kind and counts it on its parent; the caller has checked who may comment. */
export async function insertCommentTx(
  trx: Knex.Transaction,
  kind: Exclude<CommentKind, 'answer'>,
  parentId: number,
  authorId: number,
  content: string,
  /** A watched word holds it for approval: saved hidden and pending. */
  held = false,
): Promise<number> {
  const t = COMMENT_TABLES[kind];
  const now = nowIso();
  const [row] = await trx(t.table)
    .insert({ [t.parent]: parentId, author_id: authorId, content, ...heldColumns(held), created_at: now, updated_at: now })
    .returning('id');
  // Held for approval, it is counted once shown (services/held-items).
  if (!held) await trx(t.parentTable).where({ id: parentId }).increment(t.counter, 1);
  const id = (typeof row === 'object' ? row.id : row) as number;
  await indexRows(trx, COMMENT_SOURCE[kind], [id]);
  return id;
}

type Db = Knex | Knex.Transaction;

/** Comments of one kind (alias `c`) joined with their authors: every comment read starts here. */
export function commentsQuery(db: Db, kind: Exclude<CommentKind, 'answer'>) {
  return db(`${COMMENT_TABLES[kind].table} as c`)
    .join('users as u', 'u.id', 'c.author_id')
    .select('c.*', ...AUTHOR_COLUMNS);
}

/**
 * One page of a parent's visible comments, newest first (`before`: older than that id), or oldest first when
 * `after` is given (newer than that id; 0 for the first page). `query` lets a kind add joins (the blog shows its
 * post's title). The caller checks who may read.
 */
export async function commentPage<R>(
  db: Db,
  kind: Exclude<CommentKind, 'answer'>,
  parentId: number,
  page: { limit: number; before?: number; after?: number; viewerId?: number | null },
  query = commentsQuery(db, kind),
): Promise<R[]> {
  // Shown comments, and the viewer's own ones held for approval (marked pending by the presenter).
  const q = shownOrOwnHeld(query.where(`c.${COMMENT_TABLES[kind].parent}`, parentId), 'c', page.viewerId);
  if (page.after !== undefined) return (await q.where('c.id', '>', page.after).orderBy('c.id', 'asc').limit(page.limit)) as R[];
  if (page.before) q.where('c.id', '<', page.before);
  return (await q.orderBy('c.id', 'desc').limit(page.limit)) as R[];
}
