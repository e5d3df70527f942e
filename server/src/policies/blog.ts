import { administersSite, type Actor } from './actor';
import { acrossBlock, ALLOW, firstRefusal, hidden, refuse, signedOut, type Decision } from './decision';

/**
 * The blog: its posts are written by the site's admins and read by everyone once published; its
 * comments are a shared space (across a block the blocker's pages flag the other's comments).
 */
export interface BlogPostContext {
  published: boolean;
  authorId: number | null;
  /** A block between the actor and the post's author, either way. */
  blocked: boolean;
}

/** Published posts for everyone, drafts for those who write the blog. */
export function canView(actor: Actor, post: Pick<BlogPostContext, 'published'>): Decision {
  return post.published || administersSite(actor) ? ALLOW : hidden('blog_post');
}

/** Liking and commenting: published posts only (a draft is not there to comment on, even for its writer); across a block, refused. */
export function canInteract(actor: Actor, post: BlogPostContext, adding = true): Decision {
  if (!actor) return signedOut();
  return firstRefusal(
    () => (post.published ? ALLOW : hidden('blog_post')),
    () => (adding ? acrossBlock(post) : ALLOW),
  );
}
export const canComment = (actor: Actor, post: BlogPostContext) => canInteract(actor, post);
export const canLike = canInteract;

/** Writing, editing and removing posts, categories and comments. */
export function canWrite(actor: Actor): Decision {
  return administersSite(actor) ? ALLOW : refuse({ reason: 'admin_only' });
}
