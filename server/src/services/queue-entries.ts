import type { Knex } from 'knex';
import type { QueueKind } from '@mahalle/shared';

/**
 * The review queue's rows (`review_entries`): one per reported thing, kept in step with its open
 * reports by whatever opens or closes one (services/reports, services/watched-words, the queue's
 * own decisions and undo), in that write's transaction. Apart from services/review-queue so the
 * report writers can call it without importing the queue's decisions (which import them).
 */

/** Epoch milliseconds of a stored time (a Date on PostgreSQL, ISO text on SQLite). */
export const epochMs = (v: unknown): number => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

/** Which kind an entry shows when its reports differ: held for approval first, then members' reports, then flags (an appeal has no reports). */
const KIND_RANK: Record<QueueKind, number> = { approval: 3, report: 2, flag: 1, appeal: 0 };

export function entryKind(kinds: readonly string[]): QueueKind {
  let best: QueueKind = 'flag';
  for (const k of kinds) if ((KIND_RANK[k as QueueKind] ?? 0) > KIND_RANK[best]) best = k as QueueKind;
  return best;
}

/**
 * Brings each thing's entry in line with its open reports: opened (or reopened) with their count,
 * kind and the oldest one's time; closed (its claim dropped) once none is open. Returns the ids of
 * the entries that are open now or were just closed, for the socket's `queue_changed`.
 */
export async function syncQueueEntries(trx: Knex | Knex.Transaction, targets: Iterable<{ type: string; id: number }>): Promise<number[]> {
  const changed: number[] = [];
  const seen = new Set<string>();
  for (const t of targets) {
    const key = `${t.type}:${t.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const open: { kind: string; subject_user_id: number | null; created_at: unknown }[] = await trx('reports')
      .where({ status: 'open', target_type: t.type, target_id: t.id })
      .orderBy('id')
      .select('kind', 'subject_user_id', 'created_at');
    const where = { target_type: t.type, target_id: t.id };
    if (open.length === 0) {
      const entry = (await trx('review_entries').where(where).first('id', 'status')) as { id: number; status: string } | undefined;
      if (entry?.status === 'open') {
        await trx('review_entries').where({ id: entry.id }).update({ status: 'closed', report_count: 0, claimed_by: null, claimed_until_ms: null });
        changed.push(entry.id);
      }
      continue;
    }
    const subject = [...open].reverse().find((r) => r.subject_user_id !== null)?.subject_user_id ?? null;
    const fields = {
      kind: entryKind(open.map((r) => r.kind)),
      subject_user_id: subject,
      status: 'open',
      report_count: open.length,
      queued_ms: epochMs(open[0]?.created_at),
    };
    // One statement either way, so two reports of one thing at once never make two entries.
    await trx('review_entries')
      .insert({ ...where, ...fields })
      .onConflict(['target_type', 'target_id'])
      .merge(fields);
    const row = (await trx('review_entries').where(where).first('id')) as { id: number };
    changed.push(row.id);
  }
  return changed;
}

/** The entry a report belongs to (null once gone), for the socket's `queue_changed` on a new report. */
export async function queueEntryOfReport(db: Knex, reportId: number): Promise<number | null> {
  const row = (await db('reports as r')
    .join('review_entries as e', function () {
      this.on('e.target_type', 'r.target_type').andOn('e.target_id', 'r.target_id');
    })
    .where('r.id', reportId)
    .first('e.id')) as { id: number } | undefined;
  return row?.id ?? null;
}

/** The entries the given reports belong to (open or just closed), for the socket's `queue_changed` after the old report routes. */
export async function queueEntriesOfReports(db: Knex, reportIds: number[]): Promise<number[]> {
  if (reportIds.length === 0) return [];
  const rows: { id: number }[] = await db('reports as r')
    .join('review_entries as e', function () {
      this.on('e.target_type', 'r.target_type').andOn('e.target_id', 'r.target_id');
    })
    .whereIn('r.id', reportIds)
    .distinct('e.id');
  return rows.map((r) => r.id);
}

/**
 * An appeal's entry (`target_type` 'appeal', its id), about the appealing member, opened with the
 * appeal in its transaction. It counts as one report, so it sorts among the items one member
 * reported, by its time. Returns its id.
 */
export async function openAppealEntry(trx: Knex | Knex.Transaction, appeal: { id: number; user_id: number; created_at: unknown }): Promise<number> {
  const where = { target_type: 'appeal', target_id: appeal.id };
  const fields = { kind: 'appeal', subject_user_id: appeal.user_id, status: 'open', report_count: 1, queued_ms: epochMs(appeal.created_at) };
  await trx('review_entries')
    .insert({ ...where, ...fields })
    .onConflict(['target_type', 'target_id'])
    .merge({ status: 'open', report_count: 1, claimed_by: null, claimed_until_ms: null });
  const row = (await trx('review_entries').where(where).first('id')) as { id: number };
  return row.id;
}

/** Closes an appeal's entry once it is decided (its claim dropped); null when it has none. */
export async function closeAppealEntry(trx: Knex | Knex.Transaction, appealId: number): Promise<number | null> {
  const row = (await trx('review_entries').where({ target_type: 'appeal', target_id: appealId }).first('id')) as { id: number } | undefined;
  if (!row) return null;
  await trx('review_entries').where({ id: row.id }).update({ status: 'closed', report_count: 0, claimed_by: null, claimed_until_ms: null });
  return row.id;
}
