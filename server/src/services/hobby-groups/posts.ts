import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import { audit, auditModeration } from '../audit';
import { nowIso } from '../../db/time';
import { AUTHOR_COLUMNS, type UserRow } from '../../presenters/users';
import type { AppContext } from '../../context';
import { isLiked as isLikedBy, likedIds, setLike as setLikeOf } from '../engagement/likes';
import { imageSizeColumns, type StoredImageSize } from '../uploads';
import { notifyModeration } from '../moderation';
import { groupContext, insideOrThrow, memberOrThrow, memberRoleOf } from './access';
import { decodeTuple, encodeTuple } from '../../db/keyset';
import { presentGroupPost, type GroupPostRow } from '../../presenters/hobby-groups';
import { indexRows } from '../../db/search/sources';
import { blockedEitherWay, flagBlocked } from '../blocks';
import { authorize, type Decision } from '../../policies/decision';
import type { Actor } from '../../policies/actor';
import * as policy from '../../policies/hobby-groups';
import { groupRoleOf, managesGroup, membershipOf, type GroupPostContext } from '../../policies/hobby-groups';
import { censorContent, fileWatchedWordReport, screenText } from '../watched-words';
import { heldColumns, shownOrOwnHeld } from '../held-items';

/** Group posts and their likes (through engagement/likes). */

const G = TEXTS.community;
type Db = Knex | Knex.Transaction;

function postsQuery(db: Db) {
  return db('group_posts as p')
    .join('users as u', 'u.id', 'p.author_id')
    .select('p.*', ...AUTHOR_COLUMNS);
}

/** A page of group posts with whether the viewer liked each (one query for the page). */
async function presentPosts(db: Db, rows: GroupPostRow[], viewer: UserRow | undefined) {
  const liked = await likedIds(
    db,
    'group_post',
    rows.map((p) => p.id),
    viewer?.id,
  );
  return censorContent(
    db,
    rows.map((r) => presentGroupPost(r, liked.has(r.id))),
  );
}

/** Newest first; the cursor is the last post's id. */
export async function listPosts(db: Knex, slug: string, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const after = decodeTuple<[number]>(page.cursor, ['int']);
  const group = await insideOrThrow(db, slug, viewer);
  // The group's moderators see its hidden posts (marked by the presenter); its members their own held ones.
  const sees = policy.seesHiddenInGroup(viewer, await groupContext(db, group, viewer));
  const q = postsQuery(db).where('p.group_id', group.id);
  if (!sees) shownOrOwnHeld(q, 'p', viewer?.id);
  if (after) q.where('p.id', '<', after[0]);
  const rows: GroupPostRow[] = await q.orderBy('p.id', 'desc').limit(page.limit);
  const last = rows.at(-1);
  return {
    items: await flagBlocked(db, viewer?.id, await presentPosts(db, rows, viewer)),
    nextCursor: rows.length === page.limit && last ? encodeTuple([last.id]) : null,
  };
}

/** Only members post; checked again in the transaction, and by the route before an upload is read. */
export async function assertMember(db: Knex, slug: string, viewer: UserRow) {
  await memberOrThrow(db, slug, viewer);
}

/** A watched word's flag is announced to the moderators' live queue once the post is written. */
export async function createPost(
  ctx: AppContext,
  me: UserRow,
  slug: string,
  input: { content: string; imageUrl?: string | null; image?: StoredImageSize | null },
) {
  const db = ctx.db;
  // A blocking word refuses it; one that holds it saves it hidden, pending and uncounted (services/held-items).
  const screened = await screenText(db, [input.content]);
  const held = screened === 'require_approval';
  let reportId: number | null = null;
  const id = await db.transaction(async (trx) => {
    const group = await memberOrThrow(trx, slug, me);
    const now = nowIso();
    const [row] = await trx('group_posts')
      .insert({
        group_id: group.id,
        author_id: me.id,
        content: input.content,
        type: input.imageUrl ? 'image' : 'text',
        image_url: input.imageUrl ?? null,
        ...imageSizeColumns(input.imageUrl ? input.image : null),
        ...heldColumns(held),
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    if (!held) await trx('hobby_groups').where({ id: group.id }).increment('post_count', 1);
    const postId = (typeof row === 'object' ? row.id : row) as number;
    await indexRows(trx, 'group_post', [postId]);
    if (screened === 'flag' || screened === 'require_approval')
      reportId = await fileWatchedWordReport(trx, { type: 'group_post', id: postId, authorId: me.id }, screened);
    return postId;
  });
  if (reportId !== null) ctx.bus.emit('report:created', { reportId });
  const row: GroupPostRow | undefined = await postsQuery(db).where('p.id', id).first();
  const [post] = row ? await presentPosts(db, [row], me) : [];
  if (!post) throw errors.notFound(G.groupPostNotFound, 'group_post_not_found');
  return post;
}

export async function postWithGroup(db: Db, postId: number) {
  const post = await db('group_posts as p')
    .join('hobby_groups as g', 'g.id', 'p.group_id')
    .where('p.id', postId)
    .first('p.*', 'g.slug', 'g.creator_id as group_creator_id', 'g.is_private');
  if (!post) throw errors.notFound(G.groupPostNotFound, 'group_post_not_found');
  return post;
}

/** What the group policy needs about one group post for one actor: the post, its group, the actor's place in it, a block with its author. */
export async function groupPostContext(db: Db, post: Awaited<ReturnType<typeof postWithGroup>>, viewer: UserRow | undefined): Promise<GroupPostContext> {
  const memberRole = await memberRoleOf(db, post.group_id, viewer);
  return {
    authorId: post.author_id,
    isHidden: Boolean(post.is_hidden),
    pendingApproval: Boolean(post.pending_approval),
    group: { creatorId: post.group_creator_id, isPrivate: Boolean(post.is_private), membership: membershipOf(viewer, post.group_creator_id, memberRole) },
    blocked: Boolean(viewer && post.author_id && (await blockedEitherWay(db, viewer.id, post.author_id))),
  };
}

/** The group post (with its group and the policy's context) if `decide` allows the actor; viewing by default. */
export async function visiblePost(
  db: Db,
  postId: number,
  viewer: UserRow | undefined,
  decide: (actor: Actor, post: GroupPostContext) => Decision = policy.canViewPost,
) {
  const post = await postWithGroup(db, postId);
  const context = await groupPostContext(db, post, viewer);
  authorize(decide(viewer, context));
  return { ...post, context };
}

/** Whether this viewer may see a group post (not hidden, and the group's inside is open to them). */
export async function canSeeGroupPost(db: Db, postId: number, viewer: UserRow | undefined): Promise<boolean> {
  return visiblePost(db, postId, viewer).then(
    () => true,
    () => false,
  );
}

/**
 * The post's author, the group's creator or an admin; someone else removing it tells the author
 * why. Answers the image to remove and the notification to announce once committed.
 */
export async function deletePost(db: Knex, me: UserRow, postId: number, reason = '') {
  return db.transaction(async (trx) => {
    const post = await postWithGroup(trx, postId);
    const { group } = await groupPostContext(trx, post, me);
    authorize(policy.canDeletePost(me, { authorId: post.author_id, group }));
    await trx('group_posts').where({ id: postId }).delete();
    // The group's post count counts shown posts (services/held-items): a hidden or held one was taken out already.
    if (!post.is_hidden) await trx('hobby_groups').where({ id: post.group_id }).decrement('post_count', 1);
    const before = { before: { content: post.content, authorId: post.author_id }, after: { reason } };
    // A group moderator removing someone's post is moderation, audited in that role; the founder tidying is not.
    if (groupRoleOf(me, group) === 'group_moderator' && post.author_id !== me.id)
      await audit(trx, me, 'group_post.delete', { type: 'group_post', id: postId }, before, { role: 'group_moderator' });
    else if (!managesGroup(me, group))
      await auditModeration(
        trx,
        me,
        post.author_id,
        'group_post.delete',
        { type: 'group_post', id: postId },
        { before: { content: post.content, authorId: post.author_id } },
      );
    const notice = await notifyModeration(trx, me, { authorId: post.author_id, kind: 'group_post', action: 'delete', content: post.content, reason });
    return { image: (post.image_url as string | null) ?? null, notice };
  });
}

export async function setLike(db: Knex, me: UserRow, postId: number, like: boolean) {
  return setLikeOf(db, 'group_post', postId, me.id, like ? 'like' : 'unlike', {
    // The group stays usable across a block, but not for liking the other's content.
    check: (trx, adding) => visiblePost(trx, postId, me, (actor, post) => policy.canLikePost(actor, post, adding)),
  });
}

export async function isLiked(db: Knex, viewer: UserRow | undefined, postId: number) {
  await visiblePost(db, postId, viewer);
  return { isLiked: await isLikedBy(db, 'group_post', postId, viewer?.id) };
}
