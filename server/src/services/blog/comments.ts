import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import type { UserRow } from '../../presenters/users';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { commentPage, commentsQuery, deleteComment, editComment, insertCommentTx } from '../engagement/comments';
import { blogPostContext, getBlogPostById } from './posts';
import { authorize, notFound } from '../../policies/decision';
import * as policy from '../../policies/blog';
import { presentBlogComment, type BlogCommentRow } from '../../presenters/blog';
import { decodeTuple, encodeTuple } from '../../db/keyset';
import { flagBlocked } from '../blocks';
import { censorContent, fileWatchedWordReport, screenText } from '../watched-words';

/** Blog comments: members write them, admins edit and remove them (through engagement/comments). */

const B = TEXTS.community;
type Db = Knex | Knex.Transaction;

/** Blog comments carry their post's title and slug. */
function blogCommentsQuery(db: Db) {
  return commentsQuery(db, 'blog').join('blog_posts as b', 'b.id', 'c.post_id').select('b.title as post_title', 'b.slug as post_slug');
}

/** Newest first, as the blog has always shown them; the cursor is the last comment's (id). */
export async function listBlogComments(db: Knex, postId: number, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const at = decodeTuple<[number]>(page.cursor, ['int']);
  await getBlogPostById(db, postId, viewer);
  const rows = await commentPage<BlogCommentRow>(db, 'blog', postId, { limit: page.limit, before: at?.[0], viewerId: viewer?.id }, blogCommentsQuery(db));
  const last = rows.at(-1);
  return {
    items: await censorContent(db, await flagBlocked(db, viewer?.id, rows.map(presentBlogComment))),
    nextCursor: rows.length === page.limit && last ? encodeTuple([Number(last.id)]) : null,
  };
}

/** A watched word's flag is announced to the moderators' live queue once the comment is written. */
export async function addBlogComment(ctx: AppContext, me: UserRow, postId: number, content: string) {
  const db = ctx.db;
  // A blocking word refuses it; one that holds it saves it hidden and pending (services/held-items).
  const screened = await screenText(db, [content]);
  let reportId: number | null = null;
  const id = await db.transaction(async (trx) => {
    const post = await blogPostContext(trx, postId, me);
    if (!post) throw notFound('blog_post');
    authorize(policy.canComment(me, post));
    const commentId = await insertCommentTx(trx, 'blog', postId, me.id, content, screened === 'require_approval');
    if (screened === 'flag' || screened === 'require_approval')
      reportId = await fileWatchedWordReport(trx, { type: 'blog_comment', id: commentId, authorId: me.id }, screened);
    return commentId;
  });
  if (reportId !== null) ctx.bus.emit('report:created', { reportId });
  return readBlogComment(db, id);
}

const blogCommentNotFound = () => errors.notFound(B.blogCommentNotFound, 'comment_not_found');

/** A comment read back after a write; gone meanwhile (deleted at that moment), it is a 404. */
async function readBlogComment(db: Db, id: number) {
  const row: BlogCommentRow | undefined = await blogCommentsQuery(db).where('c.id', id).first();
  if (!row) throw blogCommentNotFound();
  return presentBlogComment(row);
}

export async function editBlogComment(db: Knex, admin: UserRow, id: number, content: string) {
  await editComment(db, admin, 'blog', id, content, { notFound: blogCommentNotFound });
  return readBlogComment(db, id);
}

/** Admins only (the route checks). */
export async function deleteBlogComment(db: Knex, admin: UserRow, id: number) {
  await deleteComment(db, admin, 'blog', id, { audit: 'always', notFound: blogCommentNotFound });
}
