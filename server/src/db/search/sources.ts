import type { Knex } from 'knex';
import type { SearchType } from '@mahalle/shared';
import { htmlText, indexText, jsonWords, type IndexKind } from './text';

type Db = Knex | Knex.Transaction;

/** Where a search document comes from: one row of one table. A search type may gather several (posts: members' and groups' posts). */
export const SOURCES = [
  'post',
  'group_post',
  'person',
  'question',
  'answer',
  'blog',
  'group',
  'event',
  'group_event',
  // Comments (kind `comments`): not a type of the header's search, only the admin comment list's.
  'post_comment',
  'blog_comment',
  'group_comment',
] as const;
export type Source = (typeof SOURCES)[number];
/** The sources the header's search finds (every one but the comments). */
export type SearchSource = Exclude<Source, 'post_comment' | 'blog_comment' | 'group_comment'>;

export const TYPE_OF: Record<Source, IndexKind> = {
  post: 'posts',
  group_post: 'posts',
  person: 'people',
  question: 'questions',
  answer: 'answers',
  blog: 'blog',
  group: 'groups',
  event: 'events',
  group_event: 'events',
  post_comment: 'comments',
  blog_comment: 'comments',
  group_comment: 'comments',
};

export const SOURCES_OF: Record<SearchType, SearchSource[]> = {
  posts: ['post', 'group_post'],
  people: ['person'],
  questions: ['question'],
  answers: ['answer'],
  blog: ['blog'],
  groups: ['group'],
  events: ['event', 'group_event'],
  hashtags: [],
};

/** A blog post's body is indexed up to here: the words of a long article are found in its first pages. */
const BODY_MAX = 20_000;

interface DocText {
  id: number;
  title: string;
  body: string;
}

/** The searchable text of each source's rows, read in one query per call. */
const READERS: Record<Source, (db: Db, ids: number[]) => Promise<DocText[]>> = {
  post: async (db, ids) => (await db('posts').whereIn('id', ids).select('id', 'content')).map((r) => ({ id: r.id, title: '', body: r.content })),
  group_post: async (db, ids) => (await db('group_posts').whereIn('id', ids).select('id', 'content')).map((r) => ({ id: r.id, title: '', body: r.content })),
  person: async (db, ids) =>
    (await db('users').whereIn('id', ids).select('id', 'username', 'display_name', 'bio', 'location', 'hobbies')).map((r) => ({
      id: r.id,
      title: `${r.display_name} ${r.username}`,
      body: [r.bio ?? '', r.location ?? '', jsonWords(r.hobbies)].join(' '),
    })),
  question: async (db, ids) =>
    (await db('questions').whereIn('id', ids).select('id', 'title', 'content', 'tags')).map((r) => ({
      id: r.id,
      title: r.title,
      body: `${r.content} ${jsonWords(r.tags)}`,
    })),
  answer: async (db, ids) => (await db('answers').whereIn('id', ids).select('id', 'content')).map((r) => ({ id: r.id, title: '', body: r.content })),
  blog: async (db, ids) =>
    (await db('blog_posts').whereIn('id', ids).select('id', 'title', 'excerpt', 'content', 'tags')).map((r) => ({
      id: r.id,
      title: r.title,
      body: `${r.excerpt ?? ''} ${jsonWords(r.tags)} ${htmlText(r.content).slice(0, BODY_MAX)}`,
    })),
  group: async (db, ids) =>
    (await db('hobby_groups').whereIn('id', ids).select('id', 'name', 'description')).map((r) => ({ id: r.id, title: r.name, body: r.description })),
  event: async (db, ids) =>
    (await db('events').whereIn('id', ids).select('id', 'title', 'description', 'location', 'category')).map((r) => ({
      id: r.id,
      title: r.title,
      body: `${r.description} ${r.location} ${r.category}`,
    })),
  group_event: async (db, ids) =>
    (await db('group_events').whereIn('id', ids).select('id', 'title', 'description', 'location')).map((r) => ({
      id: r.id,
      title: r.title,
      body: `${r.description} ${r.location}`,
    })),
  post_comment: async (db, ids) => (await db('comments').whereIn('id', ids).select('id', 'content')).map((r) => ({ id: r.id, title: '', body: r.content })),
  blog_comment: async (db, ids) =>
    (await db('blog_comments').whereIn('id', ids).select('id', 'content')).map((r) => ({ id: r.id, title: '', body: r.content })),
  group_comment: async (db, ids) =>
    (await db('group_post_comments').whereIn('id', ids).select('id', 'content')).map((r) => ({ id: r.id, title: '', body: r.content })),
};

/** One search_docs row as written. */
export function docRow(source: Source, t: DocText) {
  return {
    kind: TYPE_OF[source],
    source,
    ref_id: t.id,
    title: indexText(TYPE_OF[source], 'title', t.title),
    body: indexText(TYPE_OF[source], 'body', t.body),
    loose: indexText(TYPE_OF[source], 'loose', `${t.title} ${t.body}`),
  };
}

/**
 * Brings the index in step with rows of one source, inside the caller's transaction: each row
 * that exists is (re)written, each that is gone is dropped. Every service that creates or edits
 * searchable text calls this in the same transaction as its write (deletes are also dropped by
 * the triggers the search migration put on each table, so cascades are covered).
 */
export async function indexRows(db: Db, source: Source, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const texts = await READERS[source](db, chunk);
    const found = new Set(texts.map((t) => t.id));
    // Written in the order asked, so that a backfill in time order gives ids in time order.
    const order = new Map(chunk.map((id, n) => [id, n]));
    texts.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const gone = chunk.filter((id) => !found.has(id));
    if (gone.length) await db('search_docs').where({ source }).whereIn('ref_id', gone).delete();
    for (let k = 0; k < texts.length; k += 100) {
      await db('search_docs')
        .insert(texts.slice(k, k + 100).map((t) => docRow(source, t)))
        .onConflict(['source', 'ref_id'])
        .merge(['title', 'body', 'loose']);
    }
  }
}

export const TABLE_OF: Record<Source, string> = {
  post: 'posts',
  group_post: 'group_posts',
  person: 'users',
  question: 'questions',
  answer: 'answers',
  blog: 'blog_posts',
  group: 'hobby_groups',
  event: 'events',
  group_event: 'group_events',
  post_comment: 'comments',
  blog_comment: 'blog_comments',
  group_comment: 'group_post_comments',
};

/**
 * Indexes every row of every source, oldest first across sources, so that document ids follow
 * time (each tier's query walks them newest first). The search migration's backfill; the
 * benchmark's seeding uses it too.
 */
export async function indexEverything(db: Db): Promise<void> {
  const all: { source: Source; id: number; at: string }[] = [];
  for (const source of SOURCES) {
    const rows: { id: number; created_at: unknown }[] = await db(TABLE_OF[source]).select('id', 'created_at');
    for (const r of rows) all.push({ source, id: Number(r.id), at: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at) });
  }
  all.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  let run: number[] = [];
  let runSource: Source | null = null;
  for (const doc of all) {
    if (doc.source !== runSource || run.length >= 500) {
      if (runSource) await indexRows(db, runSource, run);
      run = [];
      runSource = doc.source;
    }
    run.push(doc.id);
  }
  if (runSource) await indexRows(db, runSource, run);
}
