import { termOf, type IndexKind, type ParsedQuery } from './text';

/**
 * The four tiers of a search, best first: 1 every word in the title; 2 every word as a whole word
 * anywhere; 3 the last word as a prefix; 4 without diacritics (foldLoose), last word a prefix.
 * Each tier excludes the ones before it, so a document is found once, in its best tier. Title,
 * body and diacritic-free words are separate terms (see indexText), so each tier reads only the
 * index entries of its own terms.
 */
export const TIERS = [1, 2, 3, 4] as const;
export type Tier = (typeof TIERS)[number];

/** A tier's condition as a tree both engines' syntaxes are written from. */
type Term = { term: string; prefix: boolean };
type Expr = { and: Expr[] } | { or: Expr[] } | { not: [Expr, Expr] } | Term;

const term = (t: string, prefix = false): Expr => ({ term: t, prefix });
/** Every word of the query, each as a title or a body word; the last one a prefix when asked. */
function words(k: IndexKind, ws: string[], where: 'title' | 'any', prefixLast: boolean): Expr {
  return {
    and: ws.map((w, i) => {
      const prefix = prefixLast && i === ws.length - 1;
      const title = term(termOf(k, 'title', w), prefix);
      return where === 'title' ? title : { or: [title, term(termOf(k, 'body', w), prefix)] };
    }),
  };
}
const loose = (k: IndexKind, ws: string[]): Expr => ({ and: ws.map((w, i) => term(termOf(k, 'loose', w), i === ws.length - 1)) });

function tierExpr(k: IndexKind, tier: Tier, q: ParsedQuery): Expr | null {
  switch (tier) {
    case 1:
      return words(k, q.words, 'title', false);
    case 2:
      return { not: [words(k, q.words, 'any', false), words(k, q.words, 'title', false)] };
    case 3:
      return { not: [words(k, q.words, 'any', true), words(k, q.words, 'any', false)] };
    case 4:
      return q.loose.length ? { not: [loose(k, q.loose), words(k, q.words, 'any', true)] } : null;
  }
}

/** Everything any tier finds: the diacritic-free words hold every document's words. */
function anyExpr(k: IndexKind, q: ParsedQuery): Expr {
  return q.loose.length ? loose(k, q.loose) : words(k, q.words, 'any', true);
}

/** SQLite FTS5 syntax. Terms are letters, digits, marks and '_': quoting is enough. */
function fts(e: Expr): string {
  if ('term' in e) return `"${e.term}"${e.prefix ? '*' : ''}`;
  if ('and' in e) return `(${e.and.map(fts).join(' AND ')})`;
  if ('or' in e) return `(${e.or.map(fts).join(' OR ')})`;
  return `(${fts(e.not[0])} NOT ${fts(e.not[1])})`;
}

/** PostgreSQL tsquery syntax. */
function ts(e: Expr): string {
  if ('term' in e) return `'${e.term}'${e.prefix ? ':*' : ''}`;
  if ('and' in e) return `(${e.and.map(ts).join(' & ')})`;
  if ('or' in e) return `(${e.or.map(ts).join(' | ')})`;
  return `(${ts(e.not[0])} & !${ts(e.not[1])})`;
}

export const fts5 = {
  tier(tier: Tier, kind: IndexKind, q: ParsedQuery): string | null {
    const e = tierExpr(kind, tier, q);
    return e ? fts(e) : null;
  },
  any: (kind: IndexKind, q: ParsedQuery): string => fts(anyExpr(kind, q)),
};

export const tsquery = {
  tier(tier: Tier, kind: IndexKind, q: ParsedQuery): string | null {
    const e = tierExpr(kind, tier, q);
    return e ? ts(e) : null;
  },
  any: (kind: IndexKind, q: ParsedQuery): string => ts(anyExpr(kind, q)),
};
