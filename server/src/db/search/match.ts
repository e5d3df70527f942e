import type { ParsedQuery } from './text';

/**
 * The four tiers of a search, best first: 1 every word in the title; 2 every word as a whole word
 * anywhere; 3 the last word as a prefix; 4 without diacritics (foldLoose), last word a prefix.
 * Each tier excludes the ones before it, so a document is found once, in its best tier.
 */
export const TIERS = [1, 2, 3, 4] as const;
export type Tier = (typeof TIERS)[number];

/** SQLite FTS5 match expressions over search_fts(kind, title, body, loose). Words are letters and digits only: quoting is enough. */
export const fts5 = {
  words: (ws: string[]) => ws.map((w) => `"${w}"`).join(' AND '),
  prefixed: (ws: string[]) => ws.map((w, i) => (i === ws.length - 1 ? `"${w}"*` : `"${w}"`)).join(' AND '),
  tier(tier: Tier, kind: string, q: ParsedQuery): string | null {
    const k = `{kind} : "${kind}"`;
    const all = this.words(q.words);
    const pre = this.prefixed(q.words);
    switch (tier) {
      case 1:
        return `${k} AND {title} : (${all})`;
      case 2:
        return `${k} AND ({title body} : (${all}) NOT {title} : (${all}))`;
      case 3:
        return `${k} AND ({title body} : (${pre}) NOT {title body} : (${all}))`;
      case 4:
        return q.loose.length ? `${k} AND ({loose} : (${this.prefixed(q.loose)}) NOT {title body} : (${pre}))` : null;
    }
  },
  /** Everything any tier finds (the loose column holds every document's words without diacritics). */
  any(kind: string, q: ParsedQuery): string {
    return q.loose.length
      ? `{kind} : "${kind}" AND {loose} : (${this.prefixed(q.loose)})`
      : `{kind} : "${kind}" AND {title body} : (${this.prefixed(q.words)})`;
  },
};

/** PostgreSQL tsquery text over search_docs.tsv (title weight A, body B, loose D). */
export const tsquery = {
  words: (ws: string[], weights: string) => ws.map((w) => `'${w}':${weights}`).join(' & '),
  prefixed: (ws: string[], weights: string) => ws.map((w, i) => `'${w}':${i === ws.length - 1 ? '*' : ''}${weights}`).join(' & '),
  tier(tier: Tier, q: ParsedQuery): string | null {
    switch (tier) {
      case 1:
        return this.words(q.words, 'A');
      case 2:
        return `(${this.words(q.words, 'AB')}) & !(${this.words(q.words, 'A')})`;
      case 3:
        return `(${this.prefixed(q.words, 'AB')}) & !(${this.words(q.words, 'AB')})`;
      case 4:
        return q.loose.length ? `(${this.prefixed(q.loose, 'D')}) & !(${this.prefixed(q.words, 'AB')})` : null;
    }
  },
  any(q: ParsedQuery): string {
    return q.loose.length ? this.prefixed(q.loose, 'D') : this.prefixed(q.words, 'AB');
  },
};
