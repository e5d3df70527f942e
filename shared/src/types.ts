import type { Role } from './limits';

/** The signed-in user as `/api/auth/me`, login and register answer it. */
export interface CurrentUser {
  id: number;
  username: string;
  displayName: string;
  email: string;
  profileImage: string | null;
  /** WebP thumbnail of profileImage for avatars; null for images stored before thumbnails existed. */
  profileImageThumb: string | null;
  role: Role;
  isVerified: boolean;
  isPrivate: boolean;
  createdAt: string;
}

/** Public author summary embedded in posts, comments, questions... */
export interface AuthorSummary {
  id: number;
  username: string;
  displayName: string;
  profileImage: string | null;
  /** WebP thumbnail of profileImage for avatars; null for images stored before thumbnails existed. */
  profileImageThumb: string | null;
  role: Role;
  /** Verified by an admin: shown with a mark next to the name. */
  isVerified?: boolean;
}
