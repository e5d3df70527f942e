import { moderatesSite, isSelf, type Actor } from './actor';
import { acrossBlock, ALLOW, firstRefusal, hidden, notPermitted, signedOut, type Decision } from './decision';

/**
 * A feed post, as its service loads it for one actor. `visibleTo` in services/posts is the same
 * rule written as SQL for lists (which leave out, rather than refuse, what the viewer may not see).
 */
export interface PostContext {
  authorId: number;
  /** Hidden by moderation: seen by nobody, its author included. */
  isHidden: boolean;
  /** The author's account is private... */
  authorPrivate: boolean;
  /** ...and the actor follows the author (accepted). */
  actorFollowsAuthor: boolean;
  /** A block between the actor and the author, either way. */
  blocked: boolean;
}

/** Whether the actor could see the post were there no block: the reason a refusal is a 404. */
function seenApartFromBlocks(actor: Actor, post: PostContext): boolean {
  if (post.isHidden) return false;
  return !post.authorPrivate || isSelf(actor, post.authorId) || post.actorFollowsAuthor;
}

/** Reading the post (its page, comments, likes, sharing its link): a block hides it, as the feeds leave it out. */
export function canView(actor: Actor, post: PostContext): Decision {
  return seenApartFromBlocks(actor, post) && !post.blocked ? ALLOW : hidden('post');
}

/** Liking and commenting: for members who could see it; across a block, refused. */
export function canInteract(actor: Actor, post: PostContext): Decision {
  if (!actor) return signedOut();
  return firstRefusal(
    () => (seenApartFromBlocks(actor, post) ? ALLOW : hidden('post')),
    () => acrossBlock(post),
  );
}
export const canLike = canInteract;
export const canComment = canInteract;

/** Only the author edits a post. */
export function canEdit(actor: Actor, post: Pick<PostContext, 'authorId'>): Decision {
  return isSelf(actor, post.authorId) ? ALLOW : notPermitted();
}

/** The author, or whoever moderates the site (then the author is told). */
export function canDelete(actor: Actor, post: Pick<PostContext, 'authorId'>): Decision {
  return isSelf(actor, post.authorId) || moderatesSite(actor) ? ALLOW : notPermitted();
}
