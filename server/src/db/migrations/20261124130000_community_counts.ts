import type { Knex } from 'knex';
import { isPg } from '../time';

/**
 * The home page's counters of members, questions and published blog posts were three COUNT(*)s,
 * each over a whole table, on every miss of the read cache (every write empties it). Here they
 * are rows kept by triggers, so every write path (registration, account deletion, questions,
 * publishing, deleting or unpublishing a blog post, cascades) keeps them in its own transaction
 * without any service having to remember them; filled here from the rows already there.
 */
const COUNTED = [
  { name: 'members', table: 'users' },
  { name: 'questions', table: 'questions' },
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('community_counts', (t) => {
    t.string('name', 40).primary();
    t.integer('n').notNullable().defaultTo(0);
  });
  for (const { name, table } of COUNTED) {
    await knex.raw(`insert into community_counts (name, n) select ?, count(*) from ${table}`, [name]);
  }
  await knex.raw(`insert into community_counts (name, n) select 'blog_posts_published', count(*) from blog_posts where published = ?`, [true]);

  if (isPg(knex)) {
    await knex.raw(`
      create function community_count_rows() returns trigger language plpgsql as $$
      begin
        update community_counts set n = n + (case when TG_OP = 'INSERT' then 1 else -1 end) where name = TG_ARGV[0];
        return null;
      end $$`);
    await knex.raw(`
      create function community_count_published() returns trigger language plpgsql as $$
      declare delta integer := 0;
      begin
        if TG_OP in ('INSERT', 'UPDATE') and NEW.published then delta := delta + 1; end if;
        if TG_OP in ('DELETE', 'UPDATE') and OLD.published then delta := delta - 1; end if;
        if delta <> 0 then update community_counts set n = n + delta where name = 'blog_posts_published'; end if;
        return null;
      end $$`);
    for (const { name, table } of COUNTED) {
      await knex.raw(
        `create trigger ${table}_community_count after insert or delete on ${table} for each row execute function community_count_rows('${name}')`,
      );
    }
    await knex.raw(
      'create trigger blog_posts_community_count after insert or delete or update of published on blog_posts for each row execute function community_count_published()',
    );
    return;
  }
  for (const { name, table } of COUNTED) {
    await knex.raw(
      `create trigger ${table}_community_count_insert after insert on ${table} begin update community_counts set n = n + 1 where name = '${name}'; end`,
    );
    await knex.raw(
      `create trigger ${table}_community_count_delete after delete on ${table} begin update community_counts set n = n - 1 where name = '${name}'; end`,
    );
  }
  const blog = (sql: string) => `begin update community_counts set n = n + (${sql}) where name = 'blog_posts_published'; end`;
  await knex.raw(`create trigger blog_posts_community_count_insert after insert on blog_posts when new.published ${blog('1')}`);
  await knex.raw(`create trigger blog_posts_community_count_delete after delete on blog_posts when old.published ${blog('-1')}`);
  await knex.raw(`create trigger blog_posts_community_count_update after update of published on blog_posts when (new.published <> 0) <> (old.published <> 0)
    ${blog('case when new.published then 1 else -1 end')}`);
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    for (const { table } of COUNTED) await knex.raw(`drop trigger if exists ${table}_community_count on ${table}`);
    await knex.raw('drop trigger if exists blog_posts_community_count on blog_posts');
    await knex.raw('drop function if exists community_count_rows()');
    await knex.raw('drop function if exists community_count_published()');
  } else {
    for (const t of ['users', 'questions', 'blog_posts']) {
      for (const op of ['insert', 'delete', 'update']) await knex.raw(`drop trigger if exists ${t}_community_count_${op}`);
    }
  }
  await knex.schema.dropTable('community_counts');
}
