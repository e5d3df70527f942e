import type { Knex } from 'knex';
import { PERSON_COLUMNS, presentPerson, presentProfile } from '../../presenters/users';
import { foldKey, TEXTS, type Profile, type Connection, type CursorPageQuery, type FollowRequest, type Person, type UpdateProfileInput } from '@mahalle/shared';
import type { Page } from '@mahalle/shared/contract';
import { idPage } from '../../db/keyset';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { auditModeration } from '../audit';
import { nowIso, toIso } from '../../db/time';
import type { PersonListRow as PersonRow, UserRow } from '../../presenters/users';
import { isUniqueViolation } from '../../db/faults';
import { announceNotifications, createNotification, notificationClock } from '../notifications';
import { lockRow } from '../../db/locks';
import { tallyTags } from '../hashtags';
import { indexRows } from '../../db/search/sources';
import { blockedEitherWay, whereNotBlocked } from '../blocks';
import { authorize } from '../../policies/decision';
import * as policy from '../../policies/users';
import type { ProfileContext } from '../../policies/users';
import { visibleNeighbourhood } from '../places/places';
import { userById } from './lookup';
import { refuseBlockedText } from '../watched-words';

const S = TEXTS.social;
const N = TEXTS.notificationTexts;
type Db = Knex | Knex.Transaction;

export async function isFollowing(db: Db, followerId: number, followingId: number): Promise<boolean> {
  return Boolean(await db('follows').where({ follower_id: followerId, following_id: followingId }).first('id'));
}

/** What the users policy needs about one member for one viewer: privacy, an accepted follow, a block either way. */
export async function profileContext(db: Db, target: UserRow, viewer: UserRow | undefined): Promise<ProfileContext> {
  const other = Boolean(viewer && viewer.id !== target.id);
  return {
    userId: target.id,
    isPrivate: Boolean(target.is_private),
    actorFollows: other && viewer ? await isFollowing(db, viewer.id, target.id) : false,
    blocked: other && viewer ? await blockedEitherWay(db, viewer.id, target.id) : false,
  };
}

/**
 * Whether the viewer may look inside a profile (connections, posts): what a private account
 * allows, and never across a block (either way), which then answers exactly as a private account does.
 */
export async function canSeeProfileInside(db: Db, target: UserRow, viewer: UserRow | undefined): Promise<boolean> {
  return policy.canViewInside(viewer, await profileContext(db, target, viewer)).ok;
}

/**
 * A profile as the viewer sees it. Across a block (either way) it is closed like a private
 * account's, and its details (bio, place, website, hobbies) are left out: the blocked member
 * learns nothing a private account would not show.
 */
export async function profileFor(db: Db, target: UserRow, viewer: UserRow | undefined): Promise<Profile> {
  const blocked = Boolean(viewer && viewer.id !== target.id && (await blockedEitherWay(db, viewer.id, target.id)));
  if (policy.seesProfileDetails(viewer, { userId: target.id, blocked })) return presentProfile(target, viewer, await visibleNeighbourhood(db, target, viewer));
  // Across a block, as a private account shows itself: no details, no neighbourhood.
  return { ...presentProfile(target, viewer), bio: '', location: '', website: '', hobbies: [], isPrivate: true };
}

export async function userStats(db: Db, userId: number) {
  const [posts] = await db('posts').where({ author_id: userId, is_hidden: false }).count({ n: '*' }).sum({ likes: 'likes_count' });
  const [followers] = await db('follows').where({ following_id: userId }).count({ n: '*' });
  const [following] = await db('follows').where({ follower_id: userId }).count({ n: '*' });
  return {
    posts: Number(posts?.n ?? 0),
    followers: Number(followers?.n ?? 0),
    following: Number(following?.n ?? 0),
    likes: Number(posts?.likes ?? 0),
  };
}

/**
 * Discover's people: the most followed members first (then the most posting), each with their
 * follower and post counts. A top-N list, not paged: two correlated counts per member, each
 * over its (following_id) or (author_id) index.
 */
export async function popularUsers(db: Db, limit: number, viewerId: number | null = null) {
  const rows: (PersonRow & { followers_count: number | string; posts_count: number | string })[] = await db('users as u')
    .select(...PERSON_COLUMNS)
    .select({
      followers_count: db('follows as f').count('*').whereRaw('f.following_id = u.id'),
      posts_count: db('posts as p').count('*').whereRaw('p.author_id = u.id').andWhere('p.is_hidden', false),
    })
    .modify((q) => whereNotBlocked(q, 'u.id', viewerId))
    .orderBy([
      { column: 'followers_count', order: 'desc' },
      { column: 'posts_count', order: 'desc' },
      { column: 'u.id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map((r) => ({ ...presentPerson(r), followersCount: Number(r.followers_count), postsCount: Number(r.posts_count) }));
}

/** The newest members first, cursor-paged by id. */
export async function recentUsers(db: Db, page: CursorPageQuery, viewerId: number | null = null): Promise<Page<Person>> {
  const q = whereNotBlocked(db('users as u'), 'u.id', viewerId).select(...PERSON_COLUMNS);
  const { rows, nextCursor } = await idPage<PersonRow>(q, { column: 'u.id', valueOf: (r) => r.id, cursor: page.cursor, limit: page.limit });
  return { items: rows.map(presentPerson), nextCursor };
}

/** Followers or followings, newest connection first, cursor-paged by the follow row's id. */
export async function connections(db: Db, userId: number, direction: 'followers' | 'following', page: CursorPageQuery): Promise<Page<Connection>> {
  const [mine, theirs] = direction === 'followers' ? ['following_id', 'follower_id'] : ['follower_id', 'following_id'];
  const q = db('follows as f')
    .join('users as u', 'u.id', `f.${theirs}`)
    .where(`f.${mine}`, userId)
    .select('f.id as follow_id', ...PERSON_COLUMNS);
  const { rows, nextCursor } = await idPage<PersonRow & { follow_id: number }>(q, {
    column: 'f.id',
    valueOf: (r) => r.follow_id,
    cursor: page.cursor,
    limit: page.limit,
  });
  return { items: rows.map((r) => ({ ...presentPerson(r), followId: r.follow_id })), nextCursor };
}

export async function followStatus(db: Db, viewerId: number, targetId: number) {
  const following = await isFollowing(db, viewerId, targetId);
  const pending = following ? false : Boolean(await db('follow_requests').where({ requester_id: viewerId, target_id: targetId }).first('id'));
  return { isFollowing: following, isPending: pending };
}

export async function follow(ctx: AppContext, me: UserRow, targetId: number): Promise<{ status: 'following' | 'pending' }> {
  if (me.id === targetId) throw errors.badRequest(S.cannotFollowSelf, 'cannot_follow_self');
  const created: { userId: number; notificationId: number | null }[] = [];
  const status = await ctx.db.transaction(async (trx) => {
    await lockRow(trx, 'users', targetId);
    const target = await userById(trx, targetId);
    authorize(policy.canFollow(me, { blocked: await blockedEitherWay(trx, me.id, target.id) }));
    if (await isFollowing(trx, me.id, target.id)) return 'following' as const;
    if (target.is_private) {
      const existing = await trx('follow_requests').where({ requester_id: me.id, target_id: target.id }).first('id');
      if (!existing) {
        await trx('follow_requests').insert({ requester_id: me.id, target_id: target.id, created_at: nowIso() });
        created.push({
          userId: target.id,
          notificationId: await createNotification(trx, { userId: target.id, type: 'follow_request', actorId: me.id, message: N.follow_request }),
        });
      }
      return 'pending' as const;
    }
    await trx('follows').insert({ follower_id: me.id, following_id: target.id, created_at: nowIso() });
    created.push({
      userId: target.id,
      notificationId: await createNotification(trx, { userId: target.id, type: 'follow', actorId: me.id, message: N.follow }, notificationClock(ctx)),
    });
    return 'following' as const;
  });
  announceNotifications(ctx.bus, created);
  return { status };
}

/** Unfollow, or withdraw a pending request (its notification goes too). */
export async function unfollow(ctx: AppContext, me: UserRow, targetId: number) {
  await userById(ctx.db, targetId);
  const removedNotification = await ctx.db.transaction(async (trx) => {
    await trx('follows').where({ follower_id: me.id, following_id: targetId }).delete();
    const withdrawn = await trx('follow_requests').where({ requester_id: me.id, target_id: targetId }).delete();
    if (withdrawn) {
      await trx('notifications').where({ user_id: targetId, related_user_id: me.id, type: 'follow_request' }).delete();
    }
    return withdrawn > 0;
  });
  if (removedNotification) ctx.bus.emit('notifications:changed', { userId: targetId });
  return { status: 'none' as const };
}

/** The recipient answers a request from `requesterId`. */
export async function answerFollowRequest(ctx: AppContext, me: UserRow, requesterId: number, accept: boolean) {
  const created: { userId: number; notificationId: number | null }[] = [];
  await ctx.db.transaction(async (trx) => {
    const request = await trx('follow_requests').where({ requester_id: requesterId, target_id: me.id }).first('id');
    if (!request) throw errors.notFound(S.followRequestNotFound, 'follow_request_not_found');
    await trx('follow_requests').where({ id: request.id }).delete();
    await trx('notifications').where({ user_id: me.id, related_user_id: requesterId, type: 'follow_request' }).delete();
    if (accept) {
      if (!(await isFollowing(trx, requesterId, me.id))) {
        await trx('follows').insert({ follower_id: requesterId, following_id: me.id, created_at: nowIso() });
      }
      created.push({
        userId: requesterId,
        notificationId: await createNotification(trx, { userId: requesterId, type: 'follow_accepted', actorId: me.id, message: N.follow_accepted }),
      });
    }
  });
  ctx.bus.emit('notifications:changed', { userId: me.id });
  announceNotifications(ctx.bus, created);
  return { status: accept ? ('accepted' as const) : ('rejected' as const) };
}

/** Follow requests waiting for `me`, newest first, cursor-paged by the request's id. */
export async function incomingRequests(db: Db, me: UserRow, page: CursorPageQuery): Promise<Page<FollowRequest>> {
  const q = db('follow_requests as r')
    .join('users as u', 'u.id', 'r.requester_id')
    .where('r.target_id', me.id)
    .select('r.id as request_id', 'r.created_at as requested_at', ...PERSON_COLUMNS);
  type Row = PersonRow & { request_id: number; requested_at: unknown };
  const { rows, nextCursor } = await idPage<Row>(q, { column: 'r.id', valueOf: (r) => r.request_id, cursor: page.cursor, limit: page.limit });
  return { items: rows.map((r) => ({ id: r.request_id, requestedAt: toIso(r.requested_at), user: presentPerson(r) })), nextCursor };
}

/** By the person themself, or by an admin (then audited with the fields before and after). */
export async function updateProfile(
  db: Knex,
  actor: UserRow,
  target: UserRow,
  input: UpdateProfileInput,
  profileImage: string | null,
  profileImageThumb: string | null = null,
) {
  // Profile fields: a blocked word refuses the change; nothing is held or queued.
  await refuseBlockedText(db, [input.displayName, input.bio, input.location, input.website, ...(input.hobbies ?? [])]);
  const patch: Record<string, unknown> = { updated_at: nowIso() };
  if (input.displayName !== undefined) {
    patch.display_name = input.displayName;
    patch.display_name_key = foldKey(input.displayName);
  }
  if (input.email !== undefined) {
    patch.email = input.email;
    patch.email_key = foldKey(input.email);
  }
  if (input.bio !== undefined) patch.bio = input.bio;
  if (input.location !== undefined) patch.location = input.location;
  if (input.website !== undefined) patch.website = input.website;
  if (input.hobbies !== undefined) patch.hobbies = JSON.stringify(input.hobbies);
  if (input.isPrivate !== undefined) patch.is_private = input.isPrivate;
  if (profileImage) {
    patch.profile_image = profileImage;
    patch.profile_image_thumb = profileImageThumb;
  }
  try {
    await db.transaction(async (trx) => {
      if (patch.email_key) {
        const clash = await trx('users').where({ email_key: patch.email_key }).whereNot({ id: target.id }).first('id');
        if (clash) throw errors.conflict(TEXTS.auth.emailTaken, 'email_taken');
      }
      // Going private or public takes the account's tags out of, or back into, the trending counters.
      if (input.isPrivate !== undefined) await tallyTags(trx, { authorId: target.id }, -1);
      await trx('users').where({ id: target.id }).update(patch);
      await indexRows(trx, 'person', [target.id]);
      if (input.isPrivate !== undefined) await tallyTags(trx, { authorId: target.id }, 1);
      if (actor.id !== target.id) {
        const fields = Object.keys(patch).filter((k) => k !== 'updated_at' && k !== 'email_key');
        const row = target as unknown as Record<string, unknown>;
        await auditModeration(
          trx,
          actor,
          target.id,
          'user.profile_update',
          { type: 'user', id: target.id },
          {
            before: Object.fromEntries(fields.map((k) => [k, row[k] ?? null])),
            after: Object.fromEntries(fields.map((k) => [k, patch[k]])),
          },
        );
      }
      // Going public lets everyone waiting in.
      if (input.isPrivate === false) {
        const waiting = await trx('follow_requests').where({ target_id: target.id }).select('requester_id');
        for (const w of waiting) {
          if (!(await isFollowing(trx, w.requester_id, target.id))) {
            await trx('follows').insert({ follower_id: w.requester_id, following_id: target.id, created_at: nowIso() });
          }
        }
        await trx('follow_requests').where({ target_id: target.id }).delete();
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(TEXTS.auth.emailTaken, 'email_taken');
    throw err;
  }
  return userById(db, target.id);
}

/** Who a socket belongs to: the user's id and role, or undefined once the account is gone. */
export async function userRole(db: Knex, id: number): Promise<{ id: number; role: UserRow['role']; suspended_until: unknown } | undefined> {
  return db('users').where({ id }).first('id', 'role', 'suspended_until');
}
