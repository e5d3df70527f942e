import type { Knex } from 'knex';
import { isPg } from '../time';

/**
 * Comments in the search index: the admin workspace's comment list searched with
 * `lower(content) LIKE '%…%'`, a scan of every comment table. Comments of posts, blog posts and
 * group posts become search_docs rows of kind `comments` (sources post_comment, blog_comment,
 * group_comment; terms `c_…` and `c___…`, the body and diacritic-free namespaces), written by the
 * comment services in the same transaction as each insert and edit, and dropped by a delete
 * trigger on each table like the other sources (a cascade from a deleted post included). Answers
 * are indexed already (source `answer`). The header's search does not find comments.
 *
 * The backfill uses a frozen copy of the shared Turkish fold and of the word rule of
 * db/search/text.ts (as the search_docs migration does).
 */
const TABLES = [
  ['post_comment', 'comments'],
  ['blog_comment', 'blog_comments'],
  ['group_comment', 'group_post_comments'],
] as const;

const fold = (v: string) => v.normalize('NFC').replace(/[İIı]/g, 'i').toLocaleLowerCase('tr');
const foldLoose = (v: string) =>
  fold(v)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const words = (v: string, loose: boolean, mark: string) => ((loose ? foldLoose(v) : fold(v)).match(WORD) ?? []).map((w) => mark + w).join(' ');

export async function up(knex: Knex): Promise<void> {
  for (const [source, table] of TABLES) {
    if (isPg(knex)) {
      // search_docs_forget(source) is the search_docs migration's trigger function.
      await knex.raw(`create trigger ${table}_search_forget after delete on ${table} for each row execute function search_docs_forget('${source}')`);
    } else {
      await knex.raw(`create trigger ${table}_search_forget after delete on ${table} begin
        delete from search_docs where source = '${source}' and ref_id = old.id; end`);
    }
    // By id, a few hundred at a time.
    let after = 0;
    for (;;) {
      const rows: { id: number; content: unknown }[] = await knex(table).where('id', '>', after).orderBy('id').limit(500).select('id', 'content');
      const last = rows.at(-1);
      if (!last) break;
      const docs = rows.map((r) => {
        const text = typeof r.content === 'string' ? r.content : '';
        return { kind: 'comments', source, ref_id: Number(r.id), title: '', body: words(text, false, 'c_'), loose: words(text, true, 'c___') };
      });
      for (let k = 0; k < docs.length; k += 100) await knex('search_docs').insert(docs.slice(k, k + 100));
      after = Number(last.id);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [source, table] of TABLES) {
    await knex.raw(isPg(knex) ? `drop trigger if exists ${table}_search_forget on ${table}` : `drop trigger if exists ${table}_search_forget`);
    await knex('search_docs').where({ source }).delete();
  }
}
