import type { Knex } from 'knex';
import { isPg } from '../time';

/**
 * Moderators:
 * - `users.role` gains `moderator` (a site moderator) and `group_members.role` gains `moderator`
 *   (a group moderator the founder appoints). Both columns are varchar(10) without a check so far;
 *   PostgreSQL now checks the values, SQLite keeps the column as it is (adding a check there means
 *   rebuilding the table) and the shared schemas are the rule.
 * - Every audit entry says in which role the actor acted (`actor_role`: `admin`, `moderator`,
 *   `group_moderator`, `group_founder`, `cli`) and why (`reason`, the note or reason the action
 *   carried, null when it had none).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.string('actor_role', 20).nullable();
    t.string('reason', 500).nullable();
  });
  if (isPg(knex)) {
    await knex.raw(`alter table users add constraint users_role_check check (role in ('user', 'moderator', 'admin'))`);
    await knex.raw(`alter table group_members add constraint group_members_role_check check (role in ('member', 'moderator', 'admin'))`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    await knex.raw('alter table group_members drop constraint if exists group_members_role_check');
    await knex.raw('alter table users drop constraint if exists users_role_check');
  }
  await knex('users').where({ role: 'moderator' }).update({ role: 'user' });
  await knex('group_members').where({ role: 'moderator' }).update({ role: 'member' });
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropColumn('reason');
    t.dropColumn('actor_role');
  });
}
