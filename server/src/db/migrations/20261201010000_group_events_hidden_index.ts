import type { Knex } from 'knex';

/**
 * The workspace's events table filters group events by state (held, or hidden otherwise): both
 * are hidden rows, found through `is_hidden` beside the table's date sort, as the site events'
 * events_hidden_date_idx finds theirs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('group_events', (t) => {
    t.index(['is_hidden', 'date', 'id'], 'group_events_hidden_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('group_events', (t) => {
    t.dropIndex([], 'group_events_hidden_date_idx');
  });
}
