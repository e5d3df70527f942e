import type { Knex } from 'knex';

/**
 * The one review queue:
 * - `reports.kind`: `report` (a member's), `approval` (a watched word held the post unpublished),
 *   `flag` (a watched word flagged it, published). Watched-word reports written so far are sorted
 *   by the action their reason names.
 * - `review_entries`: one row per reported thing (`target_type`, `target_id`) with its open-report
 *   count and when its oldest open report came (`queued_ms`, epoch milliseconds, so both engines
 *   compare plain integers), the queue's order being one index range over
 *   (status, report_count desc, queued_ms, id). A moderator's claim lives on the row
 *   (`claimed_by` until `claimed_until_ms`). Kept by services/review-queue whenever reports open
 *   or close; filled here from the open reports.
 * - `queue_actions`: each decision, with what undo needs to put back (`undo`, JSON) for 10 s.
 * - `audit_log.subject_user_id`: the member an action was against (the warned or suspended member,
 *   the hidden item's author), so an entry's "earlier actions against the author" is one index
 *   range; filled here for the entries so far.
 */
const CONTENT: [string, string][] = [
  ['post', 'posts'],
  ['comment', 'comments'],
  ['answer', 'answers'],
  ['blog_comment', 'blog_comments'],
  ['group_post', 'group_posts'],
  ['group_comment', 'group_post_comments'],
];

const ms = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.string('kind', 12).notNullable().defaultTo('report');
  });
  await knex('reports').where({ reason_code: 'watched_word', target_type: 'post' }).where('reason', 'like', '%Onaya gönder').update({ kind: 'approval' });
  await knex('reports').where({ reason_code: 'watched_word', kind: 'report' }).update({ kind: 'flag' });

  await knex.schema.createTable('review_entries', (t) => {
    t.increments('id').primary();
    t.string('kind', 12).notNullable();
    t.string('target_type', 20).notNullable();
    t.integer('target_id').notNullable();
    t.integer('subject_user_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.string('status', 8).notNullable().defaultTo('open');
    t.integer('report_count').notNullable().defaultTo(0);
    t.bigInteger('queued_ms').notNullable();
    t.integer('claimed_by').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.bigInteger('claimed_until_ms').nullable();
    t.unique(['target_type', 'target_id']);
  });
  await knex.raw('CREATE INDEX review_entries_order_index ON review_entries (status, report_count DESC, queued_ms, id)');

  await knex.schema.createTable('queue_actions', (t) => {
    t.increments('id').primary();
    t.integer('actor_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.string('action', 12).notNullable();
    t.text('undo').notNullable();
    t.bigInteger('created_ms').notNullable();
    t.bigInteger('undone_ms').nullable();
  });

  await knex.schema.alterTable('audit_log', (t) => {
    t.integer('subject_user_id').nullable();
    t.index(['subject_user_id', 'id']);
  });
  await knex('audit_log')
    .where({ target_type: 'user' })
    .whereIn('action', ['user.warn', 'user.suspend', 'user.unsuspend'])
    .update({ subject_user_id: knex.raw('CAST(target_id AS INTEGER)') });
  for (const [type, table] of CONTENT) {
    await knex('audit_log')
      .where({ target_type: type })
      .whereIn('action', [`${type}.hide`, `${type}.delete`])
      .update({
        subject_user_id: knex(table).select('author_id').where('id', knex.raw('CAST(audit_log.target_id AS INTEGER)')),
      });
  }

  const open: { target_type: string; target_id: number; kind: string; subject_user_id: number | null; created_at: unknown }[] = await knex('reports')
    .where({ status: 'open' })
    .orderBy('id')
    .select('target_type', 'target_id', 'kind', 'subject_user_id', 'created_at');
  const entries = new Map<
    string,
    { kind: string; target_type: string; target_id: number; subject_user_id: number | null; report_count: number; queued_ms: number }
  >();
  for (const r of open) {
    const key = `${r.target_type}:${r.target_id}`;
    const e = entries.get(key);
    if (!e) {
      entries.set(key, {
        kind: r.kind,
        target_type: r.target_type,
        target_id: r.target_id,
        subject_user_id: r.subject_user_id,
        report_count: 1,
        queued_ms: ms(r.created_at),
      });
      continue;
    }
    e.report_count += 1;
    if (r.kind === 'approval' || (r.kind === 'report' && e.kind === 'flag')) e.kind = r.kind;
  }
  const rows = [...entries.values()];
  for (let i = 0; i < rows.length; i += 200) await knex('review_entries').insert(rows.slice(i, i + 200));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['subject_user_id', 'id']);
    t.dropColumn('subject_user_id');
  });
  await knex.schema.dropTable('queue_actions');
  await knex.raw('DROP INDEX review_entries_order_index');
  await knex.schema.dropTable('review_entries');
  await knex.schema.alterTable('reports', (t) => {
    t.dropColumn('kind');
  });
}
