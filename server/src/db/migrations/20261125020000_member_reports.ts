import type { Knex } from 'knex';

/**
 * Reporting a person, and suspending members:
 * - reports get a reason code from the fixed list (REPORT_REASONS in shared, frozen here as plain
 *   strings), the reporter's optional note, the member the report is about (`subject_user_id`: the
 *   reported member, or the author of reported content) and that member's open-report count
 *   (`subject_open_reports`, kept on every open report of theirs by services/reports), so the
 *   queue's "most reported member first, then oldest" order is one index range;
 * - users get `suspended_until`: sign-in, sessions and the socket are refused until then.
 * Existing reports get their subject from the reported row and their counts, here.
 */
const CONTENT: [string, string][] = [
  ['post', 'posts'],
  ['comment', 'comments'],
  ['answer', 'answers'],
  ['blog_comment', 'blog_comments'],
  ['group_post', 'group_posts'],
  ['group_comment', 'group_post_comments'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('suspended_until', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('reports', (t) => {
    t.string('reason_code', 30).nullable();
    t.text('note').nullable();
    t.integer('subject_user_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.integer('subject_open_reports').notNullable().defaultTo(0);
    t.index(['subject_user_id', 'status']);
  });
  await knex.raw('CREATE INDEX reports_status_priority_index ON reports (status, subject_open_reports DESC, id)');

  await knex('reports')
    .where({ target_type: 'user' })
    .update({ subject_user_id: knex.ref('target_id') });
  for (const [type, table] of CONTENT) {
    await knex('reports')
      .where({ target_type: type })
      .update({ subject_user_id: knex(table).select('author_id').where('id', knex.ref('reports.target_id')) });
  }
  const counts: { subject_user_id: number; n: number | string }[] = await knex('reports')
    .where({ status: 'open' })
    .whereNotNull('subject_user_id')
    .groupBy('subject_user_id')
    .select('subject_user_id', knex.raw('count(*) as n'));
  for (const c of counts) {
    await knex('reports')
      .where({ status: 'open', subject_user_id: c.subject_user_id })
      .update({ subject_open_reports: Number(c.n) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX reports_status_priority_index');
  await knex.schema.alterTable('reports', (t) => {
    t.dropIndex(['subject_user_id', 'status']);
    t.dropForeign(['subject_user_id']);
    t.dropColumn('subject_open_reports');
    t.dropColumn('subject_user_id');
    t.dropColumn('note');
    t.dropColumn('reason_code');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('suspended_until');
  });
}
