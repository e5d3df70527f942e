import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import type { UserRow } from '../../presenters/users';
import type { AppContext } from '../../context';
import { commentPage, commentsQuery, deleteComment as deleteCommentOfKind, insertCommentTx } from '../engagement/comments';
import { visiblePost } from './posts';
import { presentGroupComment, type GroupCommentRow } from '../../presenters/hobby-groups';
import { decodeTuple, encodeTuple } from '../../db/keyset';
import { flagBlocked } from '../blocks';
import * as policy from '../../policies/hobby-groups';
import { fileWatchedWordReport, screenText } from '../watched-words';

/** Comments of group posts (written once with every other kind in engagement/comments). */

/** Each page oldest first, pages going back in time: the cursor is the oldest comment's id so far. */
export async function listComments(db: Knex, postId: number, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const after = decodeTuple<[number]>(page.cursor, ['int']);
  await visiblePost(db, postId, viewer);
  const rows = await commentPage<GroupCommentRow>(db, 'group', postId, { limit: page.limit, before: after?.[0], viewerId: viewer?.id });
  const oldest = rows.at(-1);
  return {
    items: await flagBlocked(db, viewer?.id, [...rows].reverse().map(presentGroupComment)),
    nextCursor: rows.length === page.limit && oldest ? encodeTuple([oldest.id]) : null,
  };
}

/** Commenting is for members of the group (as posting is); a watched word's flag is announced to the live queue. */
export async function addComment(ctx: AppContext, me: UserRow, postId: number, content: string) {
  const db = ctx.db;
  // A blocking word refuses it; one that holds it saves it hidden and pending (services/held-items).
  const screened = await screenText(db, [content]);
  let reportId: number | null = null;
  const id = await db.transaction(async (trx) => {
    await visiblePost(trx, postId, me, policy.canCommentPost);
    const commentId = await insertCommentTx(trx, 'group', postId, me.id, content, screened === 'require_approval');
    if (screened === 'flag' || screened === 'require_approval')
      reportId = await fileWatchedWordReport(trx, { type: 'group_comment', id: commentId, authorId: me.id }, screened);
    return commentId;
  });
  if (reportId !== null) ctx.bus.emit('report:created', { reportId });
  const row: GroupCommentRow | undefined = await commentsQuery(db, 'group').where('c.id', id).first();
  if (!row) throw errors.notFound(TEXTS.social.commentNotFound, 'comment_not_found');
  return presentGroupComment(row);
}

/** The comment's author, the group's founder or an admin (decided in engagement/comments). */
export async function deleteComment(db: Knex, me: UserRow, commentId: number) {
  await deleteCommentOfKind(db, me, 'group', commentId);
}
