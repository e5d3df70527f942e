import { toIso } from '../db/time';
import type { AuditEntry } from '@mahalle/shared';

function parse(value: unknown) {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** An audit_log row; before and after are JSON text. */
export interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_username: string | null;
  actor_role?: string | null;
  reason?: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  created_at: unknown;
}

/** A recorded change without any `email` field (for a reader who may not see members' e-mail). */
function withoutEmail(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'email'));
}

/** An entry of the audit log, its before and after read back from JSON (without e-mail addresses unless `withEmail`). */
export function presentAuditEntry(r: AuditRow, withEmail = true): AuditEntry {
  const shown = withEmail ? (v: unknown) => v : withoutEmail;
  return {
    id: r.id,
    actorId: r.actor_id,
    actorUsername: r.actor_username,
    actorRole: r.actor_role ?? null,
    reason: r.reason ?? null,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: shown(parse(r.before)),
    after: shown(parse(r.after)),
    createdAt: toIso(r.created_at),
  };
}
