import { moderatesSite, isSelf, type Actor } from './actor';
import { acrossBlock, ALLOW, firstRefusal, hidden, notPermitted, refuse, signedOut, type Decision } from './decision';

/**
 * A hobby group as its service loads it for one actor: its founder, whether it is private, and
 * the actor's place in it. A group role beyond founder and member (a group moderator, a
 * `group_members.role` of its own) is a new `membership` value, a case in `membershipOf` and a
 * line in `managesGroup`.
 */
export interface GroupRoleContext {
  creatorId: number | null;
  /** The actor's place in the group: `founder` is its creator, `moderator` a member the founder appointed. */
  membership: 'none' | 'member' | 'moderator' | 'founder';
}
export interface GroupContext extends GroupRoleContext {
  isPrivate: boolean;
}

/**
 * The actor's place, from what the service read: the group's creator and the actor's row in
 * `group_members` (its `role`, null when not in the group). A new group role maps here.
 */
export function membershipOf(actor: Actor, creatorId: number | null, memberRole: string | null): GroupRoleContext['membership'] {
  if (isSelf(actor, creatorId)) return 'founder';
  if (memberRole === 'moderator') return 'moderator';
  return memberRole === null ? 'none' : 'member';
}

/** Tidies the group: its founder (answers join requests, edits it, removes its posts and comments). */
export function managesGroup(actor: Actor, group: GroupRoleContext): boolean {
  return Boolean(actor) && group.membership === 'founder';
}

/**
 * Moderates the group's content: its founder and the group moderators the founder appointed
 * (remove and hide its posts, comments and events, remove members); nothing outside the group.
 */
export function moderatesGroup(actor: Actor, group: GroupRoleContext): boolean {
  return Boolean(actor) && (group.membership === 'founder' || group.membership === 'moderator');
}

/** The role an audit entry records for an action taken in the group (null: a site role, the actor's own). */
export function groupRoleOf(actor: Actor, group: GroupRoleContext): 'group_founder' | 'group_moderator' | null {
  if (moderatesSite(actor) || !actor) return null;
  return group.membership === 'founder' ? 'group_founder' : group.membership === 'moderator' ? 'group_moderator' : null;
}

/** Appointing and dismissing group moderators: the founder only (and the site's admins through the founder's tools, not here). */
export function canAppointModerators(actor: Actor, group: GroupRoleContext): Decision {
  if (!actor) return signedOut();
  return managesGroup(actor, group) ? ALLOW : refuse({ reason: 'group_founder_only' });
}

/**
 * Removing a member from the group: its founder, a group moderator or a site moderator. Never
 * the founder; a group moderator removes plain members only (not another moderator).
 */
export function canRemoveMember(actor: Actor, group: GroupRoleContext, target: { isFounder: boolean; role: string }): Decision {
  if (!actor) return signedOut();
  if (target.isFounder) return notPermitted();
  if (managesGroup(actor, group) || moderatesSite(actor)) return ALLOW;
  if (group.membership === 'moderator') return target.role === 'moderator' ? notPermitted() : ALLOW;
  return refuse({ reason: 'group_founder_only' });
}

const isIn = (group: GroupRoleContext) => group.membership !== 'none';

/**
 * The group's inside (posts, comments, members, events): open groups for everyone, a private
 * group for its members and the site's moderators. The group itself is listed for everyone, so
 * a closed inside refuses (403) rather than hides.
 */
export function canViewInside(actor: Actor, group: GroupContext): Decision {
  return !group.isPrivate || moderatesSite(actor) || isIn(group) ? ALLOW : refuse({ reason: 'group_members_only' });
}

/** Joining: an open group at once; a private one by a request its manager answers, except for the site's moderators, who walk in. */
export function joinsWithoutRequest(actor: Actor, group: Pick<GroupContext, 'isPrivate'>): boolean {
  return !group.isPrivate || moderatesSite(actor);
}

/** Posting and commenting, and adding a group event: members only (a site moderator too must join). */
export function canPost(actor: Actor, group: GroupRoleContext): Decision {
  if (!actor) return signedOut();
  return isIn(group) ? ALLOW : refuse({ reason: 'group_members_only' });
}

/** Join requests, editing the group: whoever manages it, or moderates the site. */
export function canManage(actor: Actor, group: GroupRoleContext): Decision {
  return managesGroup(actor, group) || moderatesSite(actor) ? ALLOW : refuse({ reason: 'group_founder_only' });
}

/** A group post in its group, for one actor. */
export interface GroupPostContext {
  authorId: number;
  isHidden: boolean;
  group: GroupContext;
  /** A block between the actor and the post's author, either way. */
  blocked: boolean;
  /** Held for approval by a watched word: its author sees it too, marked. */
  pendingApproval?: boolean;
}

/**
 * The group's hidden posts and events (shown to them marked, with a restore): whoever may hide
 * them, that is the group's founder and moderators, and the site's moderators.
 */
export function seesHiddenInGroup(actor: Actor, group: GroupRoleContext): boolean {
  return Boolean(actor) && (moderatesGroup(actor, group) || moderatesSite(actor));
}

/**
 * A hidden post is gone for all but those who see the group's hidden items (and its author while
 * it waits for approval); then the group's inside rule. Blocks do not hide: a shared space flags.
 */
export function canViewPost(actor: Actor, post: GroupPostContext): Decision {
  if (post.isHidden && !seesHiddenInGroup(actor, post.group) && !(post.pendingApproval && isSelf(actor, post.authorId))) return hidden('group_post');
  return canViewInside(actor, post.group);
}

/**
 * A hidden or held item takes nothing new (likes, comments, reports), even from those who see it to
 * moderate it or because they wrote it: it is out of the conversation until it is shown again.
 */
export function notHidden(item: { isHidden: boolean }): Decision {
  return item.isHidden ? refuse({ reason: 'hidden_item' }) : ALLOW;
}

/** Liking: whoever sees the post while it is shown; across a block, refused. Taking one's like back is always allowed. */
export function canLikePost(actor: Actor, post: GroupPostContext, adding = true): Decision {
  if (!actor) return signedOut();
  return firstRefusal(
    () => canViewPost(actor, post),
    () => (adding ? notHidden(post) : ALLOW),
    () => (adding ? acrossBlock(post) : ALLOW),
  );
}

/** Commenting: members of the group who see the post while it is shown; across a block, refused. */
export function canCommentPost(actor: Actor, post: GroupPostContext): Decision {
  if (!actor) return signedOut();
  return firstRefusal(
    () => canViewPost(actor, post),
    () => notHidden(post),
    () => canPost(actor, post.group),
    () => acrossBlock(post),
  );
}

/** One of a group's events, for one actor. */
export interface GroupEventContext {
  creatorId: number | null;
  isHidden: boolean;
  group: GroupContext;
  /** Held for approval by a watched word: its creator sees it too, marked. */
  pendingApproval?: boolean;
}

/**
 * A hidden event is gone for all but those who see the group's hidden items (and its creator while
 * it waits for approval); then the group's inside rule.
 */
export function canViewEvent(actor: Actor, event: GroupEventContext): Decision {
  if (event.isHidden && !seesHiddenInGroup(actor, event.group) && !(event.pendingApproval && isSelf(actor, event.creatorId))) return hidden('event');
  return canViewInside(actor, event.group);
}

/** Hiding and restoring a group post: whoever moderates the group (founder, group moderator) or the site. */
export function canHidePost(actor: Actor, group: GroupRoleContext): Decision {
  if (!actor) return signedOut();
  return moderatesGroup(actor, group) || moderatesSite(actor) ? ALLOW : notPermitted();
}

/** Hiding or showing one of the group's events: the same people as its posts (`canHidePost`). */
export function canHideEvent(actor: Actor, group: GroupRoleContext): Decision {
  return canHidePost(actor, group);
}

/** The post's author, whoever moderates the group (founder, group moderator), or whoever moderates the site. */
export function canDeletePost(actor: Actor, post: Pick<GroupPostContext, 'authorId' | 'group'>): Decision {
  return isSelf(actor, post.authorId) || moderatesGroup(actor, post.group) || moderatesSite(actor) ? ALLOW : notPermitted();
}
