import type { Knex } from 'knex';

/**
 * Appeals enter the review queue: each open appeal gets its entry (`review_entries` with
 * `kind` and `target_type` 'appeal', `target_id` the appeal's id, about the appealing member,
 * counted as one report and queued at the appeal's time). New appeals get theirs as they are
 * written (services/appeals); this fills in the ones open so far.
 */
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

export async function up(knex: Knex): Promise<void> {
  const open: { id: number; user_id: number; created_at: unknown }[] = await knex('appeals')
    .where({ status: 'open' })
    .orderBy('id')
    .select('id', 'user_id', 'created_at');
  const rows = open.map((a) => ({
    kind: 'appeal',
    target_type: 'appeal',
    target_id: a.id,
    subject_user_id: a.user_id,
    status: 'open',
    report_count: 1,
    queued_ms: ms(a.created_at),
  }));
  for (let i = 0; i < rows.length; i += 200) await knex('review_entries').insert(rows.slice(i, i + 200));
}

export async function down(knex: Knex): Promise<void> {
  await knex('review_entries').where({ target_type: 'appeal' }).delete();
}
