import type { Knex } from 'knex';
import { isPg } from '../time';

/**
 * One search index over everything the header's search finds. `search_docs` holds, per
 * searchable row, its search type (`kind`), where it comes from (`source`, `ref_id`) and its text
 * folded by the shared Turkish rule: `title`, `body` (foldKey) and `loose` (foldLoose: without
 * diacritics, the second tier), each word a term of its type and column: a code per type, then
 * '_' body, '__' title, '___' diacritic-free (posts: p_istanbul, p__istanbul, p___sogan), so a
 * tier of a type reads only its own terms (a kind or column filter would walk every document
 * of a common word). It is narrow on purpose: no privacy columns (the query checks the
 * source row with the lists' rules) and no original text (snippets are cut from the source rows).
 *
 * SQLite: an FTS5 external-content table `search_fts` over it ('_' a token character), kept in
 * step by triggers on search_docs. PostgreSQL: a generated tsvector of those words as lexemes
 * (array_to_tsvector: no parser, so '_' stays; the words are folded already, which is what the
 * 'simple' configuration would do) with a GIN index. Rows are written by the services in the same transaction
 * as their own write; a deleted source row (also through a cascade) drops its document by the
 * triggers made here. The backfill indexes what exists, oldest first, so ids follow time, with
 * a frozen copy of the runtime's builder (db/search/sources.ts) and of the shared Turkish fold
 * (foldKey / foldLoose): a later change of either comes with its own migration that rebuilds.
 */
const SOURCE_TABLES = [
  ['post', 'posts'],
  ['group_post', 'group_posts'],
  ['person', 'users'],
  ['question', 'questions'],
  ['answer', 'answers'],
  ['blog', 'blog_posts'],
  ['group', 'hobby_groups'],
  ['event', 'events'],
  ['group_event', 'group_events'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_docs', (t) => {
    t.increments('id').primary();
    t.string('kind', 16).notNullable();
    t.string('source', 16).notNullable();
    t.integer('ref_id').notNullable();
    t.text('title').notNullable().defaultTo('');
    t.text('body').notNullable().defaultTo('');
    t.text('loose').notNullable().defaultTo('');
    t.unique(['source', 'ref_id']);
    t.index(['kind', 'id']);
  });
  if (isPg(knex)) {
    // The columns hold words already folded and marked for their column: they are the lexemes, as they are.
    await knex.raw(`alter table search_docs add column tsv tsvector generated always as (
      array_to_tsvector(array_remove(string_to_array(title || ' ' || body || ' ' || loose, ' '), ''))
    ) stored`);
    await knex.raw('create index search_docs_tsv on search_docs using gin (tsv)');
    await knex.raw(`create function search_docs_forget() returns trigger language plpgsql as $$
      begin
        delete from search_docs where source = TG_ARGV[0] and ref_id = OLD.id;
        return null;
      end $$`);
    for (const [source, table] of SOURCE_TABLES) {
      await knex.raw(`create trigger ${table}_search_forget after delete on ${table} for each row execute function search_docs_forget('${source}')`);
    }
  } else {
    await knex.raw(`create virtual table search_fts using fts5(title, body, loose,
      content='search_docs', content_rowid='id', tokenize="unicode61 remove_diacritics 0 tokenchars '_'", prefix='2 3 4')`);
    const cols = 'title, body, loose';
    await knex.raw(`create trigger search_docs_fts_insert after insert on search_docs begin
      insert into search_fts(rowid, ${cols}) values (new.id, new.title, new.body, new.loose); end`);
    await knex.raw(`create trigger search_docs_fts_delete after delete on search_docs begin
      insert into search_fts(search_fts, rowid, ${cols}) values ('delete', old.id, old.title, old.body, old.loose); end`);
    await knex.raw(`create trigger search_docs_fts_update after update on search_docs begin
      insert into search_fts(search_fts, rowid, ${cols}) values ('delete', old.id, old.title, old.body, old.loose);
      insert into search_fts(rowid, ${cols}) values (new.id, new.title, new.body, new.loose); end`);
    for (const [source, table] of SOURCE_TABLES) {
      await knex.raw(`create trigger ${table}_search_forget after delete on ${table} begin
        delete from search_docs where source = '${source}' and ref_id = old.id; end`);
    }
  }
  await backfill(knex);
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    for (const [, table] of SOURCE_TABLES) await knex.raw(`drop trigger if exists ${table}_search_forget on ${table}`);
    await knex.raw('drop function if exists search_docs_forget()');
  } else {
    for (const [, table] of SOURCE_TABLES) await knex.raw(`drop trigger if exists ${table}_search_forget`);
    await knex.raw('drop table if exists search_fts');
  }
  await knex.schema.dropTable('search_docs');
}

// ---- The backfill: a frozen copy of the fold and of each source's text --------------------------

const fold = (v: string) => v.normalize('NFC').replace(/[İIı]/g, 'i').toLocaleLowerCase('tr');
const foldLoose = (v: string) =>
  fold(v)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const CODE: Record<string, string> = { posts: 'p', people: 'u', questions: 'q', answers: 'a', blog: 'b', groups: 'g', events: 'e' };
const words = (v: string, loose: boolean, mark: string) => ((loose ? foldLoose(v) : fold(v)).match(WORD) ?? []).map((w) => mark + w).join(' ');
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const list = (v: unknown) => {
  try {
    const parsed: unknown = JSON.parse(str(v) || '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string').join(' ') : '';
  } catch {
    return '';
  }
};
const html = (v: unknown) =>
  str(v)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

type Row = Record<string, unknown>;
const TEXT: Record<(typeof SOURCE_TABLES)[number][0], { kind: string; columns: string[]; text: (r: Row) => [string, string] }> = {
  post: { kind: 'posts', columns: ['content'], text: (r) => ['', str(r.content)] },
  group_post: { kind: 'posts', columns: ['content'], text: (r) => ['', str(r.content)] },
  person: {
    kind: 'people',
    columns: ['username', 'display_name', 'bio', 'location', 'hobbies'],
    text: (r) => [`${str(r.display_name)} ${str(r.username)}`, `${str(r.bio)} ${str(r.location)} ${list(r.hobbies)}`],
  },
  question: { kind: 'questions', columns: ['title', 'content', 'tags'], text: (r) => [str(r.title), `${str(r.content)} ${list(r.tags)}`] },
  answer: { kind: 'answers', columns: ['content'], text: (r) => ['', str(r.content)] },
  blog: {
    kind: 'blog',
    columns: ['title', 'excerpt', 'content', 'tags'],
    text: (r) => [str(r.title), `${str(r.excerpt)} ${list(r.tags)} ${html(r.content).slice(0, 20_000)}`],
  },
  group: { kind: 'groups', columns: ['name', 'description'], text: (r) => [str(r.name), str(r.description)] },
  event: {
    kind: 'events',
    columns: ['title', 'description', 'location', 'category'],
    text: (r) => [str(r.title), `${str(r.description)} ${str(r.location)} ${str(r.category)}`],
  },
  group_event: { kind: 'events', columns: ['title', 'description', 'location'], text: (r) => [str(r.title), `${str(r.description)} ${str(r.location)}`] },
};

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** Every searchable row, oldest first across tables, a few hundred at a time. */
async function backfill(knex: Knex): Promise<void> {
  const all: { source: (typeof SOURCE_TABLES)[number][0]; table: string; id: number; at: string }[] = [];
  for (const [source, table] of SOURCE_TABLES) {
    for (const r of await knex(table).select('id', 'created_at')) all.push({ source, table, id: Number(r.id), at: iso(r.created_at) });
  }
  all.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  for (let i = 0; i < all.length;) {
    const first = all[i];
    if (!first) break;
    let j = i;
    while (j < all.length && j - i < 500 && all[j]?.source === first.source) j++;
    const run = all.slice(i, j);
    const spec = TEXT[first.source];
    const rows = await knex(first.table)
      .whereIn(
        'id',
        run.map((d) => d.id),
      )
      .select('id', ...spec.columns);
    const byId = new Map(rows.map((r: Row) => [Number(r.id), r]));
    const docs = run.flatMap((d) => {
      const r = byId.get(d.id);
      if (!r) return [];
      const [title, body] = spec.text(r);
      return [
        {
          kind: spec.kind,
          source: first.source,
          ref_id: d.id,
          title: words(title, false, `${CODE[spec.kind] ?? ''}__`),
          body: words(body, false, `${CODE[spec.kind] ?? ''}_`),
          loose: words(`${title} ${body}`, true, `${CODE[spec.kind] ?? ''}___`),
        },
      ];
    });
    for (let k = 0; k < docs.length; k += 100) await knex('search_docs').insert(docs.slice(k, k + 100));
    i = j;
  }
}
