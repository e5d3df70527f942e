import type { Knex } from 'knex';
import { TEXTS, type SearchHit } from '@mahalle/shared';
import { errors } from '../../errors';
import type { ParsedQuery } from '../../db/search/text';
import { decodeTuple, encodeTuple } from '../../db/keyset';
import { mostUsedLabels } from '../hashtags';

/**
 * Hashtags are found by their folded key: the query's words run together are a prefix of the tag,
 * read from hashtag_labels (one row per tag and typed form, keyed by tag, so a prefix is a range
 * of its primary key). A tag is found when a public post the lists would show carries it (the
 * rule of the trending counters: not hidden, not a private account's).
 */
function tagsQuery(db: Knex, q: ParsedQuery, after: string | null) {
  const prefix = q.words.join('');
  const inner = db('hashtag_labels').distinct('tag').where('tag', '>=', prefix).andWhere('tag', '<', `${prefix}\uffff`);
  if (after !== null) inner.andWhere('tag', '>', after);
  return db
    .from(inner.as('t'))
    .whereExists(function () {
      this.select(db.raw('1'))
        .from('post_hashtags as h')
        .join('posts as p', 'p.id', 'h.post_id')
        .join('users as u', 'u.id', 'p.author_id')
        .whereRaw('h.tag = t.tag')
        .andWhere('p.is_hidden', false)
        .andWhere('u.is_private', false);
    })
    .orderBy('t.tag');
}

/** A stable number for a tag (hits carry a number id; a tag has none of its own). */
function tagId(tag: string): number {
  let h = 0x811c9dc5;
  for (const ch of tag) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return (h % 2_147_483_646) + 1;
}

function present(tag: string, label: string): SearchHit {
  return {
    kind: 'hashtags',
    id: tagId(tag),
    path: `/discover?tag=${encodeURIComponent(label)}`,
    title: [{ text: `#${label}`, mark: true }],
    snippet: [],
    createdAt: null,
    author: null,
  };
}

export async function searchHashtags(
  db: Knex,
  q: ParsedQuery,
  limit: number,
  cursor: string | undefined,
): Promise<{ items: SearchHit[]; nextCursor: string | null }> {
  if (q.words.length === 0) return { items: [], nextCursor: null };
  const from = decodeTuple<[string]>(cursor, ['text']);
  if (from && typeof from[0] !== 'string') throw errors.badRequest(TEXTS.errors.invalidCursor, 'invalid_cursor');
  const tags: string[] = await tagsQuery(db, q, from ? from[0] : null)
    .limit(limit + 1)
    .pluck('t.tag');
  const shown = tags.slice(0, limit);
  const last = shown.at(-1);
  const labels = await mostUsedLabels(db, shown);
  return { items: shown.map((t) => present(t, labels.get(t) ?? t)), nextCursor: tags.length > limit && last !== undefined ? encodeTuple([last]) : null };
}

export async function countHashtags(db: Knex, q: ParsedQuery, cap: number): Promise<number> {
  if (q.words.length === 0) return 0;
  const row = await db
    .from(tagsQuery(db, q, null).clearOrder().select('t.tag').limit(cap).as('x'))
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}
