import type { Knex } from 'knex';
import { presentAuditEntry, type AuditRow } from '../presenters/audit';
import { nowIso } from '../db/time';
import type { UserRow } from '../presenters/users';
import { intColumn, sortedPage } from '../db/keyset';
import { moderatesSite, type Actor } from '../policies/actor';
import { canSeeMemberEmails } from '../policies/site';

/**
 * Who did it: an admin's account, or the command line (`id` null, `username` e.g. `cli:ali`, the
 * operating-system user who ran `npm run admin`; actor_username keeps it, 30 characters at most).
 */
export interface AuditActor {
  id: number | null;
  username: string;
  /** The site role the member acted in (a `UserRow` carries it); the command line has none. */
  role?: string;
}

/** Why: the reason or note the action carried, when its `after` holds one. */
function reasonOf(after: unknown): string | null {
  if (!after || typeof after !== 'object') return null;
  const { reason, note } = after as { reason?: unknown; note?: unknown };
  const text = typeof reason === 'string' && reason ? reason : typeof note === 'string' && note ? note : null;
  return text ? text.slice(0, 500) : null;
}

/** Writes one admin action into the audit log, inside the transaction that does the action. */
export async function audit(
  trx: Knex | Knex.Transaction,
  actor: AuditActor,
  action: string,
  target: { type: string; id: number | string | null },
  change: { before?: unknown; after?: unknown } = {},
  /** The role acted in when it is not the site role (`group_moderator`, `group_founder`), and a reason not in `after`. */
  /** subjectId: the member the action was against, when it is not the target itself (a hidden item's author). */
  meta: { role?: string; reason?: string; subjectId?: number | null } = {},
): Promise<void> {
  await trx('audit_log').insert({
    actor_id: actor.id,
    actor_username: actor.username,
    actor_role: meta.role ?? actor.role ?? (actor.id === null ? 'cli' : null),
    reason: meta.reason ? meta.reason.slice(0, 500) : reasonOf(change.after),
    action,
    subject_user_id: meta.subjectId ?? (target.type === 'user' && target.id !== null ? Number(target.id) : null),
    target_type: target.type,
    target_id: target.id === null ? null : String(target.id),
    before: change.before === undefined ? null : JSON.stringify(change.before),
    after: change.after === undefined ? null : JSON.stringify(change.after),
    created_at: nowIso(),
  });
}

/**
 * An admin acting on someone else's content through the ordinary routes (deleting a post, a
 * comment, an event; editing a profile) is moderation too: it enters the log. Acting on one's
 * own content is not.
 */
export async function auditModeration(
  trx: Knex | Knex.Transaction,
  actor: UserRow,
  ownerId: number | null,
  action: string,
  target: { type: string; id: number | string },
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  if (moderatesSite(actor) && ownerId !== actor.id) await audit(trx, actor, action, target, change);
}

/** The log newest (or oldest) first, filtered by action, target kind or actor; keyset-paged by id. */
export async function listAudit(
  db: Knex,
  q: { limit: number; action?: string; targetType?: string; actor?: string; direction: 'asc' | 'desc'; cursor?: string },
  viewer?: Actor,
) {
  // A moderator reads the log without members' e-mail addresses (an account's creation or deletion records one).
  const withEmail = viewer === undefined || canSeeMemberEmails(viewer).ok;
  const query = db('audit_log').select('*');
  if (q.action) query.where('action', q.action);
  if (q.targetType) query.where('target_type', q.targetType);
  if (q.actor) query.whereRaw('lower(actor_username) = ?', [q.actor.toLocaleLowerCase('tr')]);
  const page = await sortedPage<AuditRow>(query, {
    columns: { createdAt: intColumn('id') },
    sort: 'createdAt',
    direction: q.direction,
    cursor: q.cursor,
    limit: q.limit,
    idColumn: 'id',
  });
  return {
    items: page.rows.map((r) => presentAuditEntry(r, withEmail)),
    nextCursor: page.nextCursor,
  };
}
