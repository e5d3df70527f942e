import type { AuthorSummary, CurrentUser, NeighbourhoodRef, Person, Profile, Role } from '@mahalle/shared';
import { TEXTS } from '@mahalle/shared';
import { suspendedUntil } from '../rules/suspension';
import { toIso } from '../db/time';
import type { AdminUser } from '@mahalle/shared';
import { seesPrivateDetails } from '../policies/users';

/** A users row as it comes from the database. Never sent raw: presenters pick the fields. */
export interface UserRow {
  id: number;
  username: string;
  username_key: string;
  display_name: string;
  email: string;
  email_key: string;
  password_hash: string | null;
  role: Role;
  is_verified: boolean | number;
  is_private: boolean | number;
  is_demo: boolean | number;
  bio: string | null;
  location: string | null;
  website: string | null;
  hobbies: string;
  profile_image: string | null;
  /** Absent where a query does not select it (then the UI falls back to profile_image). */
  profile_image_thumb?: string | null;
  /** When the member confirmed the e-mail address (null: not yet; see REQUIRE_EMAIL_VERIFICATION). */
  email_verified_at?: unknown;
  /** Until when an admin suspended the member (null or past: not suspended; see services/users/suspension). */
  suspended_until?: unknown;
  /** 0 new member, 1 member, 2 trusted member (see services/trust). */
  trust_level?: number;
  trust_level_by_hand?: boolean | number;
  /** The member's neighbourhood and who may see it (see services/places). */
  neighbourhood_id?: number | null;
  neighbourhood_visibility?: string;
  created_at: unknown;
  updated_at: unknown;
}

export function parseJsonArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || !value) return [];
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function presentCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    profileImage: row.profile_image,
    profileImageThumb: row.profile_image_thumb ?? null,
    role: row.role,
    isVerified: Boolean(row.is_verified),
    isPrivate: Boolean(row.is_private),
    createdAt: toIso(row.created_at),
  };
}

/** Author fields for embedding; a missing author (deleted account) gets a placeholder. */
export function presentAuthor(
  row:
    | (Pick<UserRow, 'id' | 'username' | 'display_name' | 'profile_image' | 'profile_image_thumb' | 'role'> & { is_verified?: boolean | number | null })
    | null
    | undefined,
): AuthorSummary {
  if (!row || row.id == null) {
    return { id: 0, username: '', displayName: TEXTS.users.deletedUser, profileImage: null, profileImageThumb: null, role: 'user' };
  }
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    profileImage: row.profile_image,
    profileImageThumb: row.profile_image_thumb ?? null,
    role: row.role,
    isVerified: Boolean(row.is_verified),
  };
}

/** Columns that embed a post's or comment's author when `users` is joined as `u`. */
export const AUTHOR_COLUMNS = [
  'u.id as u_id',
  'u.username as u_username',
  'u.display_name as u_display_name',
  'u.profile_image as u_profile_image',
  'u.profile_image_thumb as u_profile_image_thumb',
  'u.role as u_role',
  'u.is_verified as u_is_verified',
] as const;

export interface AuthorJoin {
  u_id: number | null;
  u_username: string;
  u_display_name: string;
  u_profile_image: string | null;
  u_profile_image_thumb?: string | null;
  u_role: Role;
  u_is_verified?: boolean | number | null;
}

/** The author selected with AUTHOR_COLUMNS; a deleted account gets the placeholder. */
export function authorFromJoin(r: AuthorJoin) {
  return r.u_id == null
    ? presentAuthor(null)
    : presentAuthor({
        id: r.u_id,
        username: r.u_username,
        display_name: r.u_display_name,
        profile_image: r.u_profile_image,
        profile_image_thumb: r.u_profile_image_thumb,
        role: r.u_role,
        is_verified: r.u_is_verified,
      });
}

/** A row of the admin workspace's users table. */
/** `withEmail` false for a moderator's list: members' e-mail addresses are the admins' only. */
export function presentAdminUser(r: UserRow, withEmail = true): AdminUser {
  return {
    id: r.id,
    displayName: r.display_name,
    username: r.username,
    ...(withEmail ? { email: r.email } : {}),
    role: r.role,
    profileImage: r.profile_image,
    isVerified: Boolean(r.is_verified),
    isPrivate: Boolean(r.is_private),
    isDemo: Boolean(r.is_demo),
    suspendedUntil: suspendedUntil(r)?.toISOString() ?? null,
    trustLevel: Math.min(2, Math.max(0, Number(r.trust_level ?? 0))),
    createdAt: toIso(r.created_at),
  };
}

/** A profile as others see it; e-mail only for the person themself and admins. */
export function presentProfile(row: UserRow, viewer: UserRow | undefined, neighbourhood: NeighbourhoodRef | null = null): Profile {
  const self = seesPrivateDetails(viewer, row.id);
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    ...(self ? { email: row.email } : {}),
    bio: row.bio ?? '',
    location: row.location ?? '',
    website: row.website ?? '',
    hobbies: parseJsonArray(row.hobbies),
    profileImage: row.profile_image,
    profileImageThumb: row.profile_image_thumb ?? null,
    role: row.role,
    isVerified: Boolean(row.is_verified),
    isPrivate: Boolean(row.is_private),
    neighbourhood,
    createdAt: toIso(row.created_at),
  };
}

/** The users columns a list of people selects. */
export type PersonListRow = Pick<
  UserRow,
  'id' | 'username' | 'display_name' | 'profile_image' | 'profile_image_thumb' | 'role' | 'bio' | 'is_verified' | 'created_at'
>;

/** The columns presentPerson reads, with `users` joined as `u`: what every list of people selects. */
export const PERSON_COLUMNS = [
  'u.id',
  'u.username',
  'u.display_name',
  'u.profile_image',
  'u.profile_image_thumb',
  'u.role',
  'u.bio',
  'u.is_verified',
  'u.created_at',
] as const;

/** Short form for lists of people (followers, recent members). */
export function presentPerson(row: PersonListRow): Person {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    profileImage: row.profile_image,
    profileImageThumb: row.profile_image_thumb ?? null,
    role: row.role,
    bio: row.bio ?? '',
    isVerified: Boolean(row.is_verified),
    createdAt: toIso(row.created_at),
  };
}
