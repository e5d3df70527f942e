import type { Knex } from 'knex';

/**
 * Recurring events (weekly or monthly, for groups that meet regularly) are a series of ordinary
 * events, each with its own attendance, capacity, reminders and calendar entry; series_id is the
 * first one's id, shared by all.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.integer('series_id').nullable();
    t.index(['series_id', 'date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex(['series_id', 'date']);
    t.dropColumn('series_id');
  });
}
