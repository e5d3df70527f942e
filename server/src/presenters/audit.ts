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
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  created_at: unknown;
}

/** An entry of the audit log, its before and after read back from JSON. */
export function presentAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    actorId: r.actor_id,
    actorUsername: r.actor_username,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: parse(r.before),
    after: parse(r.after),
    createdAt: toIso(r.created_at),
  };
}
