import { toIsoOrNull } from '../db/time';

/**
 * The end of a member's suspension, or null when they are not suspended at `at`. A rule on a row,
 * with no database and no context (rules/ sits below presenters, middlewares and services), so
 * presenters, the session middleware, the socket's handshake and services/users/suspension.ts
 * (which suspends and lifts) all ask the same.
 */
export function suspendedUntil(user: { suspended_until?: unknown }, at: Date = new Date()): Date | null {
  const iso = toIsoOrNull(user.suspended_until);
  if (!iso) return null;
  const until = new Date(iso);
  return until.getTime() > at.getTime() ? until : null;
}
