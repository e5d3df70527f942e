import type { AuthorSummary, CurrentUser, Role } from '@mahalle/shared';
import { TEXTS } from '@mahalle/shared';
import { toIso } from '../db/time';

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
    role: row.role,
    isVerified: Boolean(row.is_verified),
    isPrivate: Boolean(row.is_private),
    createdAt: toIso(row.created_at),
  };
}

/** Author fields for embedding; a missing author (deleted account) gets a placeholder. */
export function presentAuthor(row: Pick<UserRow, 'id' | 'username' | 'display_name' | 'profile_image' | 'role'> | null | undefined): AuthorSummary {
  if (!row || row.id == null) {
    return { id: 0, username: '', displayName: TEXTS.users.deletedUser, profileImage: null, role: 'user' };
  }
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    profileImage: row.profile_image,
    role: row.role,
  };
}
