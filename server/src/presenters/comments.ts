import type { CommentKind, Role } from '@mahalle/shared';
import { toIso } from '../db/time';
import { presentAuthor } from './users';
import type { AdminComment } from '@mahalle/shared';

/** A comment of any kind with its author (null once the account is gone) and its parent (services/engagement/admin commentsOfKind). */
export interface AdminCommentRow {
  id: number;
  content: string;
  created_at: unknown;
  is_hidden: boolean | number;
  u_id: number | null;
  username: string | null;
  display_name: string | null;
  profile_image: string | null;
  role: Role | null;
  parent_id: number;
  parent_title: string | null;
  /** Blog comments only. */
  parent_slug?: string;
  /** Group comments only. */
  group_slug?: string;
}

/** Where a comment of each kind is read in the app. */
const LINKS: Record<CommentKind, (r: AdminCommentRow) => string> = {
  post: (r) => `/posts/${r.parent_id}`,
  blog: (r) => `/blog/${r.parent_slug}`,
  answer: (r) => `/qa/question/${r.parent_id}`,
  group: (r) => `/groups/${r.group_slug}`,
};

export function commentLink(kind: CommentKind, r: AdminCommentRow): string {
  return LINKS[kind](r);
}

/** A row of the admin workspace's comments tab (any kind, joined with author and parent). */
export function presentAdminComment(kind: CommentKind, r: AdminCommentRow): AdminComment {
  return {
    kind,
    key: `${kind}-${r.id}`,
    id: r.id,
    content: r.content,
    isHidden: Boolean(r.is_hidden),
    status: r.is_hidden ? 'hidden' : 'active',
    author: presentAuthor(
      r.u_id ? { id: r.u_id, username: r.username ?? '', display_name: r.display_name ?? '', profile_image: r.profile_image, role: r.role ?? 'user' } : null,
    ),
    targetTitle: String(r.parent_title ?? '').slice(0, 120),
    link: commentLink(kind, r),
    createdAt: toIso(r.created_at),
  };
}
