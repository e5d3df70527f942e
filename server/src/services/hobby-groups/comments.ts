import type { Knex } from 'knex';
import { AUTHOR_COLUMNS, type UserRow } from '../../presenters/users';
import { deleteComment as deleteCommentOfKind, insertCommentTx } from '../engagement/comments';
import { memberOrThrow } from './access';
import { visiblePost } from './posts';
import { presentGroupComment } from '../../presenters/hobby-groups';

/** Comments of group posts (written once with every other kind in engagement/comments). */

type Db = Knex | Knex.Transaction;

function commentsQuery(db: Db) {
  return db('group_post_comments as c')
    .join('users as u', 'u.id', 'c.author_id')
    .select('c.*', ...AUTHOR_COLUMNS);
}

export async function listComments(db: Knex, postId: number, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  await visiblePost(db, postId, viewer);
  const q = commentsQuery(db).where('c.post_id', postId).andWhere('c.is_hidden', false);
  if (page.before) q.where('c.id', '<', page.before);
  return (await q.orderBy('c.id', 'desc').limit(page.limit)).reverse().map(presentGroupComment);
}

/** Commenting is for members of the group (as posting is). */
export async function addComment(db: Knex, me: UserRow, postId: number, content: string) {
  const id = await db.transaction(async (trx) => {
    const post = await visiblePost(trx, postId, me);
    await memberOrThrow(trx, post.slug, me);
    return insertCommentTx(trx, 'group', postId, me.id, content);
  });
  return presentGroupComment(await commentsQuery(db).where('c.id', id).first());
}

/** The comment's author, the group's founder or an admin (decided in engagement/comments). */
export async function deleteComment(db: Knex, me: UserRow, commentId: number) {
  await deleteCommentOfKind(db, me, 'group', commentId);
}

