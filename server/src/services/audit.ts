import type { Knex } from 'knex';
import { nowIso, toIso } from '../db/time';
import type { UserRow } from '../presenters/users';

/** Writes one admin action into the audit log, inside the transaction that does the action. */
export async function audit(
  trx: Knex | Knex.Transaction,
  actor: UserRow,
  action: string,
  target: { type: string; id: number | string | null },
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  await trx('audit_log').insert({
    actor_id: actor.id,
    actor_username: actor.username,
    action,
    target_type: target.type,
    target_id: target.id === null ? null : String(target.id),
    before: change.before === undefined ? null : JSON.stringify(change.before),
    after: change.after === undefined ? null : JSON.stringify(change.after),
    created_at: nowIso(),
  });
}

function parse(value: unknown) {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

export async function listAudit(db: Knex, q: { limit: number; before?: number; action?: string; targetType?: string }) {
  const query = db('audit_log').select('*');
  if (q.before) query.where('id', '<', q.before);
  if (q.action) query.where('action', q.action);
  if (q.targetType) query.where('target_type', q.targetType);
  const rows = await query.orderBy('id', 'desc').limit(q.limit);
  return rows.map((r: any) => ({
    id: r.id,
    actorId: r.actor_id,
    actorUsername: r.actor_username,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: parse(r.before),
    after: parse(r.after),
    createdAt: toIso(r.created_at),
  }));
}
