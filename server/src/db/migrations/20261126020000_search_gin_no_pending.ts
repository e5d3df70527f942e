import type { Knex } from 'knex';
import { isPg } from '../time';

/**
 * PostgreSQL: the search index's GIN without its pending list (`fastupdate = off`). With it on
 * (the default), new documents' words wait in an unsorted list until 4 MB of them are merged
 * (by vacuum or a later insert), and every search reads that whole list besides the index: at
 * 100,000 posts each GIN lookup of a search page cost 1 to 30 ms even for a word in eight posts.
 * Off, each write puts its words in the index itself (a document is a few dozen words); the
 * list already there is merged now. SQLite: nothing (FTS5 has no such list).
 */
export async function up(knex: Knex): Promise<void> {
  if (!isPg(knex)) return;
  await knex.raw('alter index search_docs_tsv set (fastupdate = off)');
  await knex.raw("select gin_clean_pending_list('search_docs_tsv'::regclass)");
}

export async function down(knex: Knex): Promise<void> {
  if (!isPg(knex)) return;
  await knex.raw('alter index search_docs_tsv reset (fastupdate)');
}
