import { TEXTS } from '@mahalle/shared';
import { isSelf, type Actor } from './actor';
import { ALLOW, notPermitted, signedOut, type Decision } from './decision';
import { canModerate } from './site';

/** Appealing a hidden item: its author only (whoever hid it, a moderator or the community). */
export function canAppealItem(actor: Actor, item: { authorId: number | null }): Decision {
  if (!actor) return signedOut();
  return item.authorId !== null && isSelf(actor, item.authorId) ? ALLOW : notPermitted(TEXTS.appeals.notYours);
}

/**
 * Deciding an appeal: the site's moderators and admins (the moderators' list). Group moderators
 * do not: an appeal is a second look, by someone other than the group that hid the item.
 */
export function canDecideAppeal(actor: Actor): Decision {
  return canModerate(actor);
}
