import type { Knex } from 'knex';
import { AUTHOR_COLUMNS, type AuthorJoin } from '../../presenters/users';
import type { HitRow } from '../../presenters/search';
import type { DocHit } from '../../db/search/query';
import { htmlText } from '../../db/search/text';
import type { SearchSource } from '../../db/search/sources';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown> & { id: number };

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const withAuthor = (q: Knex.QueryBuilder, column: string) => q.leftJoin('users as u', 'u.id', column).select(...AUTHOR_COLUMNS);

/** Per source: its rows by id, and how each becomes a hit (the title, the text a snippet is cut from, the in-app route). */
const LOADERS: Record<
  SearchSource,
  { load: (db: Db, ids: number[]) => Promise<Row[]>; hit: (r: Row) => Pick<HitRow, 'kind' | 'path' | 'title' | 'text'> & { created_at?: unknown } }
> = {
  post: {
    load: (db, ids) => withAuthor(db('posts as p').whereIn('p.id', ids).select('p.id', 'p.content', 'p.created_at'), 'p.author_id'),
    hit: (r) => ({ kind: 'posts', path: `/posts/${r.id}`, title: '', text: str(r.content) }),
  },
  group_post: {
    load: (db, ids) =>
      withAuthor(
        db('group_posts as gp')
          .join('hobby_groups as g', 'g.id', 'gp.group_id')
          .whereIn('gp.id', ids)
          .select('gp.id', 'gp.content', 'gp.created_at', 'g.slug', 'g.name'),
        'gp.author_id',
      ),
    hit: (r) => ({ kind: 'posts', path: `/hobby-groups/${str(r.slug)}#post-${r.id}`, title: str(r.name), text: str(r.content) }),
  },
  person: {
    load: (db, ids) =>
      db('users as u')
        .whereIn('u.id', ids)
        .select('u.id', 'u.bio', 'u.location', 'u.created_at', ...AUTHOR_COLUMNS),
    hit: (r) => ({
      kind: 'people',
      path: `/user/${str(r.u_username)}`,
      title: `${str(r.u_display_name)} @${str(r.u_username)}`,
      text: [str(r.bio), str(r.location)].filter(Boolean).join(' · '),
    }),
  },
  question: {
    load: (db, ids) => withAuthor(db('questions as q').whereIn('q.id', ids).select('q.id', 'q.title', 'q.content', 'q.created_at'), 'q.author_id'),
    hit: (r) => ({ kind: 'questions', path: `/qa/question/${r.id}`, title: str(r.title), text: str(r.content) }),
  },
  answer: {
    load: (db, ids) =>
      withAuthor(
        db('answers as a')
          .join('questions as q', 'q.id', 'a.question_id')
          .whereIn('a.id', ids)
          .select('a.id', 'a.content', 'a.created_at', 'a.question_id', 'q.title'),
        'a.author_id',
      ),
    hit: (r) => ({ kind: 'answers', path: `/qa/question/${str(r.question_id)}#answer-${r.id}`, title: str(r.title), text: str(r.content) }),
  },
  blog: {
    load: (db, ids) =>
      withAuthor(
        db('blog_posts as b').whereIn('b.id', ids).select('b.id', 'b.slug', 'b.title', 'b.excerpt', 'b.content', 'b.created_at', 'b.published_at'),
        'b.author_id',
      ),
    hit: (r) => ({
      kind: 'blog',
      path: `/blog/${str(r.slug)}`,
      title: str(r.title),
      text: `${str(r.excerpt)} ${htmlText(str(r.content)).slice(0, 20_000)}`,
      created_at: r.published_at ?? r.created_at,
    }),
  },
  group: {
    load: (db, ids) =>
      withAuthor(db('hobby_groups as g').whereIn('g.id', ids).select('g.id', 'g.slug', 'g.name', 'g.description', 'g.created_at'), 'g.creator_id'),
    hit: (r) => ({ kind: 'groups', path: `/hobby-groups/${str(r.slug)}`, title: str(r.name), text: str(r.description) }),
  },
  event: {
    load: (db, ids) =>
      withAuthor(db('events as e').whereIn('e.id', ids).select('e.id', 'e.title', 'e.description', 'e.location', 'e.created_at'), 'e.creator_id'),
    hit: (r) => ({ kind: 'events', path: `/events/${r.id}`, title: str(r.title), text: `${str(r.location)} · ${str(r.description)}` }),
  },
  group_event: {
    load: (db, ids) =>
      withAuthor(
        db('group_events as ge')
          .join('hobby_groups as g', 'g.id', 'ge.group_id')
          .whereIn('ge.id', ids)
          .select('ge.id', 'ge.title', 'ge.description', 'ge.location', 'ge.created_at', 'g.slug'),
        'ge.creator_id',
      ),
    hit: (r) => ({
      kind: 'events',
      path: `/hobby-groups/${str(r.slug)}#event-${r.id}`,
      title: str(r.title),
      text: `${str(r.location)} · ${str(r.description)}`,
    }),
  },
};

/** The found documents' rows, in the documents' order (a row deleted meanwhile is left out). */
export async function hitRows(db: Db, docs: readonly DocHit[]): Promise<HitRow[]> {
  const bySource = new Map<SearchSource, number[]>();
  for (const d of docs) {
    const source = d.source as SearchSource;
    bySource.set(source, [...(bySource.get(source) ?? []), d.ref_id]);
  }
  const found = new Map<string, HitRow>();
  for (const [source, ids] of bySource) {
    const loader = LOADERS[source];
    for (const r of await loader.load(db, ids)) {
      const id = Number(r.id);
      const extra = loader.hit(r);
      const author: AuthorJoin = {
        u_id: r.u_id == null ? null : Number(r.u_id),
        u_username: str(r.u_username),
        u_display_name: str(r.u_display_name),
        u_profile_image: r.u_profile_image == null ? null : str(r.u_profile_image),
        u_profile_image_thumb: r.u_profile_image_thumb == null ? null : str(r.u_profile_image_thumb),
        u_role: r.u_role === 'admin' || r.u_role === 'moderator' ? r.u_role : 'user',
        u_is_verified: Boolean(r.u_is_verified),
      };
      found.set(`${source}:${id}`, { created_at: r.created_at, author, ...extra, id });
    }
  }
  return docs.flatMap((d) => {
    const row = found.get(`${d.source}:${d.ref_id}`);
    return row ? [row] : [];
  });
}
