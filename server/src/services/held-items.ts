import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import { audit, type AuditActor } from './audit';
import { tallyTags } from './hashtags';
import { tallyCategories } from './categories';
import { createNotifications } from './notifications';

/**
 * Items a watched word holds for approval (`pending_approval` and `is_hidden` both set). Held,
 * an item is saved but shown only to its author (marked "Onay bekliyor") and to moderators; it
 * counts nowhere and has notified no one. Approving publishes it here: shown, counted, and the
 * notifications its writing would have sent (the post's mentions, the post author's comment
 * notice, the question author's answer notice; a question, a site event or a group event
 * notifies no one when written) are written then. Rejecting leaves it hidden as a
 * moderator's hide leaves an item, so restoring and appealing work on it as on any hidden item.
 *
 * Counters (comments_count, answers_count, a group's post_count and event_count) count shown rows, as a post's
 * tag and category totals do: a held item is not counted until approved, a rejected one stays
 * uncounted, and `setHiddenTx` (services/reports) moves them with every hide and restore.
 */

export type HoldableType = 'post' | 'comment' | 'answer' | 'blog_comment' | 'group_post' | 'group_comment' | 'question' | 'event' | 'group_event';

const HOLDABLE: Record<HoldableType, { table: string; counter: { table: string; column: string; parent: string } | null }> = {
  post: { table: 'posts', counter: null },
  comment: { table: 'comments', counter: { table: 'posts', column: 'comments_count', parent: 'post_id' } },
  answer: { table: 'answers', counter: { table: 'questions', column: 'answers_count', parent: 'question_id' } },
  blog_comment: { table: 'blog_comments', counter: { table: 'blog_posts', column: 'comments_count', parent: 'post_id' } },
  group_post: { table: 'group_posts', counter: { table: 'hobby_groups', column: 'post_count', parent: 'group_id' } },
  group_comment: { table: 'group_post_comments', counter: { table: 'group_posts', column: 'comments_count', parent: 'post_id' } },
  // Writing a question or an event notifies no one; the question counter follows is_hidden by trigger.
  question: { table: 'questions', counter: null },
  event: { table: 'events', counter: null },
  // A group event notifies no one when written either; its group's event_count counts shown events.
  group_event: { table: 'group_events', counter: { table: 'hobby_groups', column: 'event_count', parent: 'group_id' } },
};

export const isHoldable = (type: string): type is HoldableType => type in HOLDABLE;

/** The columns a new item is inserted with: held (hidden and pending) or published. */
export const heldColumns = (held: boolean) => (held ? { is_hidden: true, pending_approval: true } : {});

type Notice = { userId: number; notificationId: number | null };

/** Moves the parent's counter of shown items by one (the row as read, with its parent column). */
export async function countShown(trx: Knex.Transaction, type: HoldableType, row: Record<string, unknown>, sign: 1 | -1): Promise<void> {
  const c = HOLDABLE[type].counter;
  if (!c) return;
  const parent = trx(c.table).where({ id: row[c.parent] as number });
  await (sign === 1 ? parent.increment(c.column, 1) : parent.decrement(c.column, 1));
}

/** What writing the item would have notified, written now that it is published. */
async function publishNotices(trx: Knex.Transaction, type: HoldableType, row: Record<string, unknown>): Promise<Notice[]> {
  const N = TEXTS.notificationTexts;
  const authorId = row.author_id as number;
  if (type === 'post') {
    const mentioned: { user_id: number }[] = await trx('post_mentions')
      .where({ post_id: row.id as number })
      .select('user_id');
    return createNotifications(
      trx,
      mentioned.map((m) => ({ userId: m.user_id, type: 'mention' as const, actorId: authorId, relatedPostId: row.id as number, message: N.mention })),
    );
  }
  if (type === 'comment') {
    const post = await trx('posts')
      .where({ id: row.post_id as number })
      .first('author_id');
    if (!post) return [];
    return createNotifications(trx, [{ userId: post.author_id, type: 'comment', actorId: authorId, relatedPostId: row.post_id as number, message: N.comment }]);
  }
  if (type === 'answer') {
    const question = await trx('questions')
      .where({ id: row.question_id as number })
      .first('author_id');
    const author = await trx('users').where({ id: authorId }).first('display_name');
    if (!question?.author_id || !author) return [];
    return createNotifications(trx, [
      {
        userId: question.author_id,
        type: 'answer',
        actorId: authorId,
        title: 'Yeni cevap',
        message: `${author.display_name} ${TEXTS.community.answerNotification}`,
        link: `/qa/question/${row.question_id}`,
      },
    ]);
  }
  return [];
}

/**
 * Approves a held item inside the decision's transaction: shown, counted, audited
 * (`<type>.approve`), and the notifications its writing holds back written. Answers them, to
 * announce once committed; null when the item is not held (approved already, or never held).
 */
export async function publishHeldTx(trx: Knex.Transaction, actor: AuditActor, type: HoldableType, id: number): Promise<Notice[] | null> {
  const t = HOLDABLE[type];
  const row = (await trx(t.table).where({ id, pending_approval: true }).forUpdate().first()) as Record<string, unknown> | undefined;
  if (!row) return null;
  await trx(t.table).where({ id }).update({ is_hidden: false, pending_approval: false });
  await countShown(trx, type, row, 1);
  if (type === 'post') {
    await tallyTags(trx, { postIds: [id] }, 1);
    await tallyCategories(trx, { postIds: [id] }, 1);
  }
  await audit(
    trx,
    actor,
    `${type}.approve`,
    { type, id },
    { before: { isHidden: true, pendingApproval: true }, after: { isHidden: false } },
    { subjectId: (row.author_id ?? row.creator_id) as number },
  );
  return publishNotices(trx, type, row);
}

/** Rejects a held item: it stays hidden (and uncounted), no longer pending: a hidden item from here on. False when it was not held. */
export async function rejectHeldTx(trx: Knex.Transaction, type: HoldableType, id: number): Promise<boolean> {
  return (await trx(HOLDABLE[type].table).where({ id, pending_approval: true }).update({ pending_approval: false, is_hidden: true })) > 0;
}

/** Puts an approved or rejected item back on hold (the review queue's undo): hidden, pending, uncounted. */
export async function holdAgainTx(trx: Knex.Transaction, type: HoldableType, id: number): Promise<void> {
  const t = HOLDABLE[type];
  const row = (await trx(t.table).where({ id }).forUpdate().first()) as Record<string, unknown> | undefined;
  if (!row || row.pending_approval) return;
  if (!row.is_hidden) {
    if (type === 'post') {
      await tallyTags(trx, { postIds: [id] }, -1);
      await tallyCategories(trx, { postIds: [id] }, -1);
    }
    await countShown(trx, type, row, -1);
  }
  await trx(t.table).where({ id }).update({ is_hidden: true, pending_approval: true });
}

/** Whether an item is held now (for undo's record of what to put back). */
export async function isPendingTx(trx: Knex.Transaction, type: string, id: number): Promise<boolean> {
  if (!isHoldable(type)) return false;
  return Boolean(await trx(HOLDABLE[type].table).where({ id, pending_approval: true }).first('id'));
}

/**
 * The read filter of a list that shows the viewer their own held items: shown rows, and the
 * viewer's pending ones (`alias` is the item table's alias in the query, `author` its author column).
 */
export function shownOrOwnHeld(q: Knex.QueryBuilder, alias: string, viewerId: number | null | undefined, author = 'author_id'): Knex.QueryBuilder {
  if (!viewerId) return q.where(`${alias}.is_hidden`, false);
  return q.where((w) =>
    w.where(`${alias}.is_hidden`, false).orWhere((o) => o.where(`${alias}.pending_approval`, true).andWhere(`${alias}.${author}`, viewerId)),
  );
}

/**
 * A moderator's filter by state (workspace tables): held ones, or the others hidden. Both are
 * hidden rows, so `is_hidden` comes first and the table's index on (is_hidden, …) finds them.
 */
export function whereItemState(q: Knex.QueryBuilder, alias: string, state: 'pending' | 'hidden'): Knex.QueryBuilder {
  return q.where(`${alias}.is_hidden`, true).andWhere(`${alias}.pending_approval`, state === 'pending');
}
