import type { Knex } from 'knex';
import type { UserRow } from '../../presenters/users';
import { commentPage, commentsQuery, deleteComment as deleteCommentOfKind, insertCommentTx } from '../engagement/comments';
import { memberOrThrow } from './access';
import { visiblePost } from './posts';
import { presentGroupComment } from '../../presenters/hobby-groups';

/** Comments of group posts (written once with every other kind in engagement/comments). */



export async function listComments(db: Knex, postId: number, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  await visiblePost(db, postId, viewer);
  return (await commentPage(db, 'group', postId, page)).reverse().map(presentGroupComment);
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

