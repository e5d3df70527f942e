import type { Knex } from 'knex';
import { isPg } from '../time';

/**
 * Questions and site events can be held for approval and hidden, as posts are: `is_hidden` and
 * `pending_approval` on both (services/held-items). Their public lists read shown rows only, so
 * `is_hidden` leads an index beside each list's sort key: the questions list newest first and by
 * votes, the events list by date.
 *
 * The home page's question counter (community_counts, kept by triggers) counts shown questions
 * from here on: an insert, a delete and a change of `is_hidden` move it.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['questions', 'events']) {
    await knex.schema.alterTable(table, (t) => {
      t.boolean('is_hidden').notNullable().defaultTo(false);
      t.boolean('pending_approval').notNullable().defaultTo(false);
    });
  }
  await knex.schema.alterTable('questions', (t) => {
    t.index(['is_hidden', 'id'], 'questions_hidden_id_idx');
    t.index(['is_hidden', 'upvotes', 'views', 'id'], 'questions_hidden_votes_idx');
  });
  await knex.schema.alterTable('events', (t) => {
    t.index(['is_hidden', 'date', 'id'], 'events_hidden_date_idx');
  });

  if (isPg(knex)) {
    await knex.raw('drop trigger if exists questions_community_count on questions');
    await knex.raw(`
      create function community_count_shown_questions() returns trigger language plpgsql as $$
      declare delta integer := 0;
      begin
        if TG_OP in ('INSERT', 'UPDATE') and not NEW.is_hidden then delta := delta + 1; end if;
        if TG_OP in ('DELETE', 'UPDATE') and not OLD.is_hidden then delta := delta - 1; end if;
        if delta <> 0 then update community_counts set n = n + delta where name = 'questions'; end if;
        return null;
      end $$`);
    await knex.raw(
      'create trigger questions_community_count after insert or delete or update of is_hidden on questions for each row execute function community_count_shown_questions()',
    );
    return;
  }
  await knex.raw('drop trigger if exists questions_community_count_insert');
  await knex.raw('drop trigger if exists questions_community_count_delete');
  const count = (sql: string) => `begin update community_counts set n = n + (${sql}) where name = 'questions'; end`;
  await knex.raw(`create trigger questions_community_count_insert after insert on questions when not new.is_hidden ${count('1')}`);
  await knex.raw(`create trigger questions_community_count_delete after delete on questions when not old.is_hidden ${count('-1')}`);
  await knex.raw(`create trigger questions_community_count_update after update of is_hidden on questions when (new.is_hidden <> 0) <> (old.is_hidden <> 0)
    ${count('case when new.is_hidden then -1 else 1 end')}`);
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    await knex.raw('drop trigger if exists questions_community_count on questions');
    await knex.raw('drop function if exists community_count_shown_questions()');
    await knex.raw(
      "create trigger questions_community_count after insert or delete on questions for each row execute function community_count_rows('questions')",
    );
  } else {
    for (const op of ['insert', 'delete', 'update']) await knex.raw(`drop trigger if exists questions_community_count_${op}`);
    await knex.raw(
      "create trigger questions_community_count_insert after insert on questions begin update community_counts set n = n + 1 where name = 'questions'; end",
    );
    await knex.raw(
      "create trigger questions_community_count_delete after delete on questions begin update community_counts set n = n - 1 where name = 'questions'; end",
    );
  }
  await knex.raw(`update community_counts set n = (select count(*) from questions) where name = 'questions'`);
  await knex.schema.alterTable('questions', (t) => {
    t.dropIndex([], 'questions_hidden_id_idx');
    t.dropIndex([], 'questions_hidden_votes_idx');
  });
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex([], 'events_hidden_date_idx');
  });
  for (const table of ['questions', 'events']) {
    // SQLite drops the columns in place: knex would rebuild the table, and its triggers (search, counts) with it.
    for (const column of ['pending_approval', 'is_hidden']) await knex.raw(`alter table ${table} drop column ${column}`);
  }
}
