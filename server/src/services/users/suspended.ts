import { toIsoOrNull } from '../../db/time';

/**
 * The end of a member's suspension, or null when they are not suspended at `at`. Pure (no app
 * imports), so presenters, the session middleware and the socket's handshake can all ask.
 */
export function suspendedUntil(user: { suspended_until?: unknown }, at: Date = new Date()): Date | null {
  const iso = toIsoOrNull(user.suspended_until);
  if (!iso) return null;
  const until = new Date(iso);
  return until.getTime() > at.getTime() ? until : null;
}
