import type { Knex } from 'knex';

/**
 * A hobby group's `event_count` counts its shown events, as its `post_count` counts shown posts:
 * hiding an event takes it out and restoring puts it back (services/reports `setHiddenTx`). The
 * groups that have hidden events are recounted here; down counts every event again.
 */
async function recount(knex: Knex, shownOnly: boolean): Promise<void> {
  await knex.raw(
    `update hobby_groups set event_count = (select count(*) from group_events e where e.group_id = hobby_groups.id${shownOnly ? ' and e.is_hidden = ?' : ''})
     where exists (select 1 from group_events h where h.group_id = hobby_groups.id and h.is_hidden = ?)`,
    shownOnly ? [false, true] : [true],
  );
}

export async function up(knex: Knex): Promise<void> {
  await recount(knex, true);
}

export async function down(knex: Knex): Promise<void> {
  await recount(knex, false);
}
