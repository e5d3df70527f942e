import { TEXTS } from '@mahalle/shared';
import { administersSite, moderatesSite, isSelf, type Actor, type Member } from './actor';
import { acrossBlock, ALLOW, notPermitted, refuse, type Decision } from './decision';

/**
 * A member's account as another member meets it. A profile is always found; what is inside it
 * (connections, posts) follows the privacy rule, and a block closes it as a private account is
 * closed, both ways.
 */
export interface ProfileContext {
  userId: number;
  isPrivate: boolean;
  /** The actor follows this member (accepted). */
  actorFollows: boolean;
  /** A block between the actor and this member, either way. */
  blocked: boolean;
}

/** Whether the actor sees the profile whole, apart from privacy: themselves, the site's moderators, or no block between them. */
export function seesProfileDetails(actor: Actor, profile: Pick<ProfileContext, 'userId' | 'blocked'>): boolean {
  return !actor || isSelf(actor, profile.userId) || moderatesSite(actor) || !profile.blocked;
}

/** Connections and a member's own lists: a private account's for itself, its followers and the site's moderators; never across a block. */
export function canViewInside(actor: Actor, profile: ProfileContext): Decision {
  if (!seesProfileDetails(actor, profile)) return refuse({ reason: 'private_account' });
  if (!profile.isPrivate || isSelf(actor, profile.userId) || moderatesSite(actor) || profile.actorFollows) return ALLOW;
  return refuse({ reason: 'private_account' });
}

/** A member's own details (e-mail, a neighbourhood whatever its visibility): themselves and whoever runs the site. */
export function seesPrivateDetails(actor: Actor, userId: number): boolean {
  return isSelf(actor, userId) || administersSite(actor);
}

/** Following, messaging: refused across a block (the self cases are the services' own 400s). */
export function canInteract(actor: Actor, other: Pick<ProfileContext, 'blocked'>): Decision {
  return acrossBlock(other);
}
export const canFollow = canInteract;
export const canMessage = canInteract;

/** Editing a profile: the member, or whoever runs the site (audited). */
export function canEditProfile(actor: Actor, userId: number): Decision {
  return isSelf(actor, userId) || administersSite(actor) ? ALLOW : notPermitted(TEXTS.social.notOwnProfile);
}

/** A member's bookmarks are their own. */
export function canViewBookmarks(actor: Actor, userId: number): Decision {
  return isSelf(actor, userId) ? ALLOW : notPermitted(TEXTS.social.notOwnBookmarks);
}

/** An admin's account is never suspended, nor deleted (by another admin, or by its own request while it is an admin). */
export function canSuspend(target: Member): Decision {
  return administersSite(target) ? refuse({ reason: 'target_is_admin', action: 'suspend' }) : ALLOW;
}
export function canDeleteAccount(target: Member, ownRequest = false): Decision {
  if (!administersSite(target)) return ALLOW;
  return refuse({ reason: 'target_is_admin', action: 'delete', message: ownRequest ? TEXTS.privacy.deleteAdminRefused : undefined });
}

/**
 * Who sets a member's trust level by hand: those who moderate the site (a site moderator is a row
 * in actor.ts's table, nothing here). Never one's own level.
 */
export function canSetTrustLevel(actor: Actor, target: Member): Decision {
  if (!actor) return refuse({ reason: 'signed_out' });
  if (!moderatesSite(actor)) return refuse({ reason: 'admin_only' });
  return isSelf(actor, target.id) ? notPermitted() : ALLOW;
}
