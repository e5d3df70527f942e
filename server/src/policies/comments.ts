import type { CommentKind } from '@mahalle/shared';
import { moderatesSite, isSelf, type Actor } from './actor';
import { ALLOW, notPermitted, type Decision } from './decision';
import { moderatesGroup, type GroupRoleContext } from './hobby-groups';

/**
 * A comment of any kind (post comment, blog comment, group post comment, answer). Writing one is
 * decided by its parent's policy (`canComment` of posts, blog, hobby-groups; `canAnswer` of
 * questions); removing one is decided here, for every kind at once.
 */
export interface CommentContext {
  kind: CommentKind;
  authorId: number | null;
  /** For a group post's comment: the group it sits in. */
  group?: GroupRoleContext;
}

/** Its author, whoever moderates the group it sits in (founder, group moderator), or whoever moderates the site. */
export function canDelete(actor: Actor, comment: CommentContext): Decision {
  if (isSelf(actor, comment.authorId) || moderatesSite(actor)) return ALLOW;
  if (comment.kind === 'group' && comment.group && moderatesGroup(actor, comment.group)) return ALLOW;
  return notPermitted();
}

/** Rewriting someone's words is moderation. */
export function canEdit(actor: Actor): Decision {
  return moderatesSite(actor) ? ALLOW : notPermitted();
}
