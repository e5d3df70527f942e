import type { Knex } from 'knex';

/**
 * One like or follow notification per actor and target (see services/notifications.ts). Older
 * repeats are removed first, keeping the earliest; the index is partial and on an expression
 * (a follow has no post), which SQLite and PostgreSQL both support.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    DELETE FROM notifications
    WHERE type IN ('like', 'follow') AND related_user_id IS NOT NULL
      AND id NOT IN (
        SELECT MIN(id) FROM notifications
        WHERE type IN ('like', 'follow') AND related_user_id IS NOT NULL
        GROUP BY user_id, type, related_user_id, COALESCE(related_post_id, 0)
      )`);
  await knex.raw(`
    CREATE UNIQUE INDEX notifications_once_per_actor
    ON notifications (user_id, type, related_user_id, (COALESCE(related_post_id, 0)))
    WHERE type IN ('like', 'follow')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX notifications_once_per_actor');
}
