import type { Knex } from 'knex';
import { isPg } from '../time';

/**
 * Hashtags fold by the shared Turkish rule, like usernames: #İstanbul, #istanbul,
 * #ISTANBUL and #ıstanbul are one tag, `istanbul`, in lists, trending and search. Keys were the
 * Turkish lower case, so #ISTANBUL (ıstanbul) and #istanbul were two. Here:
 * - post_hashtags gets `label`, the form the author typed (recovered from the post's text), and
 *   its keys are re-folded (a post carrying two spellings keeps one row, the earliest);
 * - the trending counters (hashtag_counts by hour, hashtag_daily_counts by day) are re-keyed, the
 *   counts of merged spellings added up;
 * - hashtag_labels(tag, label, uses) counts each typed form, kept by triggers on post_hashtags
 *   (inserts, deletes, cascades), so lists show the form most used without reading posts.
 * The fold is a frozen copy of shared/src/rules/fold.ts (foldKey) and the tag pattern of
 * shared/src/rules/text.ts.
 */
const fold = (v: string) => v.normalize('NFC').replace(/[İIı]/g, 'i').toLocaleLowerCase('tr');
const HASHTAG_RE = /#([A-Za-z0-9_çğıöşüÇĞİÖŞÜâîûÂÎÛ]+)/g;

interface TagRow {
  post_id: number;
  tag: string;
  created_at: unknown;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('post_hashtags', (t) => {
    t.string('label', 100).notNullable().defaultTo('');
  });

  // Re-key post_hashtags, recovering each tag's typed form from its post.
  const rows: TagRow[] = await knex('post_hashtags').select('post_id', 'tag', 'created_at').orderBy(['post_id', 'created_at']);
  const postIds = [...new Set(rows.map((r) => r.post_id))];
  const typed = new Map<number, Map<string, string>>();
  for (let i = 0; i < postIds.length; i += 500) {
    for (const p of await knex('posts')
      .whereIn('id', postIds.slice(i, i + 500))
      .select('id', 'content')) {
      const forms = new Map<string, string>();
      for (const m of String(p.content).matchAll(HASHTAG_RE)) {
        const form = m[1] ?? '';
        if (!forms.has(fold(form))) forms.set(fold(form), form);
      }
      typed.set(Number(p.id), forms);
    }
  }
  const next = new Map<string, { post_id: number; tag: string; label: string; created_at: unknown }>();
  for (const r of rows) {
    const tag = fold(r.tag);
    const key = `${r.post_id}\u0000${tag}`;
    if (!next.has(key)) next.set(key, { post_id: r.post_id, tag, label: typed.get(r.post_id)?.get(tag) ?? r.tag, created_at: r.created_at });
  }
  await knex('post_hashtags').delete();
  const fresh = [...next.values()];
  for (let i = 0; i < fresh.length; i += 200) await knex('post_hashtags').insert(fresh.slice(i, i + 200));

  // Re-key the trending counters, adding up the spellings that now share a key.
  for (const [table, unit] of [
    ['hashtag_counts', 'bucket'],
    ['hashtag_daily_counts', 'day'],
  ] as const) {
    const counts: { tag: string; n: number; posts: number }[] = await knex(table).select('tag', `${unit} as n`, 'posts');
    const merged = new Map<string, { tag: string; n: number; posts: number }>();
    for (const c of counts) {
      const tag = fold(c.tag);
      const key = `${tag}\u0000${c.n}`;
      const entry = merged.get(key) ?? { tag, n: Number(c.n), posts: 0 };
      entry.posts += Number(c.posts);
      merged.set(key, entry);
    }
    await knex(table).delete();
    const out = [...merged.values()].filter((m) => m.posts !== 0).map((m) => ({ tag: m.tag, [unit]: m.n, posts: m.posts }));
    for (let i = 0; i < out.length; i += 200) await knex(table).insert(out.slice(i, i + 200));
  }

  await knex.schema.createTable('hashtag_labels', (t) => {
    t.string('tag', 100).notNullable();
    t.string('label', 100).notNullable();
    t.integer('uses').notNullable().defaultTo(0);
    t.primary(['tag', 'label']);
  });
  await knex.raw('insert into hashtag_labels (tag, label, uses) select tag, label, count(*) from post_hashtags group by tag, label');
  if (isPg(knex)) {
    await knex.raw(`create function hashtag_labels_count() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then
          insert into hashtag_labels (tag, label, uses) values (NEW.tag, NEW.label, 1)
            on conflict (tag, label) do update set uses = hashtag_labels.uses + 1;
        else
          update hashtag_labels set uses = uses - 1 where tag = OLD.tag and label = OLD.label;
          delete from hashtag_labels where tag = OLD.tag and label = OLD.label and uses <= 0;
        end if;
        return null;
      end $$`);
    await knex.raw('create trigger post_hashtags_labels after insert or delete on post_hashtags for each row execute function hashtag_labels_count()');
  } else {
    await knex.raw(`create trigger post_hashtags_labels_insert after insert on post_hashtags begin
      insert into hashtag_labels (tag, label, uses) values (new.tag, new.label, 1)
        on conflict (tag, label) do update set uses = uses + 1; end`);
    await knex.raw(`create trigger post_hashtags_labels_delete after delete on post_hashtags begin
      update hashtag_labels set uses = uses - 1 where tag = old.tag and label = old.label;
      delete from hashtag_labels where tag = old.tag and label = old.label and uses <= 0; end`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    await knex.raw('drop trigger if exists post_hashtags_labels on post_hashtags');
    await knex.raw('drop function if exists hashtag_labels_count()');
  } else {
    await knex.raw('drop trigger if exists post_hashtags_labels_insert');
    await knex.raw('drop trigger if exists post_hashtags_labels_delete');
  }
  await knex.schema.dropTable('hashtag_labels');
  await knex.schema.alterTable('post_hashtags', (t) => {
    t.dropColumn('label');
  });
}
