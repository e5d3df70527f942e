import type { Role } from '@mahalle/shared';

/**
 * Who asks: a signed-in member with their site role, or nobody (a visitor). Every policy takes
 * this first; a service passes its `UserRow` (or `req.user`, undefined for a visitor) as it is.
 */
export interface Member {
  id: number;
  role: Role;
}
export type Actor = Member | null | undefined;

/** What a site role may do beyond a member. A new site role (a moderator) is one line here. */
const SITE_ROLE: Record<Role, { moderates: boolean; administers: boolean }> = {
  user: { moderates: false, administers: false },
  moderator: { moderates: true, administers: false },
  admin: { moderates: true, administers: true },
};

/** Moderates content anywhere: removes others' posts, comments and events, sees hidden and draft things. */
export function moderatesSite(actor: Actor): boolean {
  return Boolean(actor && SITE_ROLE[actor.role]?.moderates);
}

/** Runs the site: the admin workspace (members, categories, the blog, settings). */
export function administersSite(actor: Actor): boolean {
  return Boolean(actor && SITE_ROLE[actor.role]?.administers);
}

export function isSelf(actor: Actor, userId: number | null | undefined): boolean {
  return Boolean(actor && userId !== null && userId !== undefined && actor.id === userId);
}
