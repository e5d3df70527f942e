import type { Knex } from 'knex';

/**
 * A hobby group's events can be held for approval, as its posts are: `pending_approval` beside
 * `is_hidden` (services/held-items). A held event is hidden and pending; approving clears both,
 * rejecting clears only the pending mark. No event was held before this column, so none is marked.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('group_events', (t) => {
    t.boolean('pending_approval').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  // SQLite drops the column in place: knex would rebuild the table, and its search trigger with it.
  await knex.raw('alter table group_events drop column pending_approval');
}
