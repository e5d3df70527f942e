import type { Knex } from 'knex';
import { isPg } from '../time';

/** The folding of display names as landed (shared/src/rules/fold.ts at the time): İ, I, ı and i fold to "i". */
function foldKey(value: string): string {
  return value.normalize('NFC').replace(/[İIı]/g, 'i').toLocaleLowerCase('tr');
}

/**
 * The admin member search matches the start of the folded username, e-mail or display name
 * through an index range, not a `lower(...) LIKE '%…%'` scan of every member. The display name
 * gets its folded key; on PostgreSQL the ranges compare bytes (COLLATE "C"), whatever the
 * database's collation, so each key gets an index in that collation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('display_name_key', 60).notNullable().defaultTo('');
  });
  const rows = (await knex('users').select('id', 'display_name')) as { id: number; display_name: string }[];
  for (const r of rows)
    await knex('users')
      .where({ id: r.id })
      .update({ display_name_key: foldKey(r.display_name) });
  if (isPg(knex)) {
    for (const column of ['username_key', 'email_key', 'display_name_key']) {
      await knex.raw(`create index users_${column}_c_index on users (${column} collate "C")`);
    }
  } else {
    await knex.schema.alterTable('users', (t) => void t.index(['display_name_key']));
  }
  // Fresh statistics, or PostgreSQL walks the primary key and filters instead of using the ranges.
  await knex.raw('analyze users');
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    for (const column of ['username_key', 'email_key', 'display_name_key']) await knex.raw(`drop index users_${column}_c_index`);
  } else {
    await knex.schema.alterTable('users', (t) => void t.dropIndex(['display_name_key']));
  }
  await knex.schema.alterTable('users', (t) => void t.dropColumn('display_name_key'));
}
