import { toIso } from '../db/time';

function parse(value: unknown) {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** An entry of the audit log, its before and after read back from JSON. */
export function presentAuditEntry(r: any) {
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
