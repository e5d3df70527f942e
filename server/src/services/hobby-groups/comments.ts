import type { Knex } from 'knex';
import type { UserRow } from '../../presenters/users';
import { commentPage, commentsQuery, deleteComment as deleteCommentOfKind, insertCommentTx } from '../engagement/comments';
import { memberOrThrow } from './access';
import { visiblePost } from './posts';
import { presentGroupComment } from '../../presenters/hobby-groups';
import { decodeTuple, encodeTuple } from '../../db/keyset';

/** Comments of group posts (written once with every other kind in engagement/comments). */

/** Each page oldest first, pages going back in time: the cursor is the oldest comment's id so far. */
export async function listComments(db: Knex, postId: number, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const after = decodeTuple<[number]>(page.cursor, ['int']);
  await visiblePost(db, postId, viewer);
  const rows = await commentPage<{ id: number }>(db, 'group', postId, { limit: page.limit, before: after?.[0] });
  const oldest = rows[rows.length - 1];
  return { items: [...rows].reverse().map(presentGroupComment), nextCursor: rows.length === page.limit && oldest ? encodeTuple([oldest.id]) : null };
}

/** Commenting is for members of the group (as posting is). */
export async function addComment(db: Knex, me: UserRow, postId: number, content: string) {
  const id = await db.transaction(async (trx) => {
    const post = await visiblePost(trx, postId, me);
    await memberOrThrow(trx, post.slug, me);
    return insertCommentTx(trx, 'group', postId, me.id, content);
  });
  return presentGroupComment(await commentsQuery(db, 'group').where('c.id', id).first());
}

/** The comment's author, the group's founder or an admin (decided in engagement/comments). */
export async function deleteComment(db: Knex, me: UserRow, commentId: number) {
  await deleteCommentOfKind(db, me, 'group', commentId);
}
