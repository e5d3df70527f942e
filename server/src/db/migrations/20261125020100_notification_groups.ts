import type { Knex } from 'knex';

/**
 * Notification grouping on the server: likes of one post, and follows, that arrive
 * on the same day (UTC) share a `group_key` (services/notifications writes it), and the list
 * shows each group once, at its newest row: '12 kişi gönderinizi beğendi'. The index finds a
 * row's newer group mates and a group's size. Rows written before this stay ungrouped.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.string('group_key', 80).nullable();
    t.index(['user_id', 'group_key', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.dropIndex(['user_id', 'group_key', 'id']);
    t.dropColumn('group_key');
  });
}
