import { foldKey } from './fold';

/** Letters a word is made of (as in hashtags and mentions): a muted word matches whole words only. */
const WORD = 'A-Za-z0-9_çğıöşüÇĞİÖŞÜâîûÂÎÛ';

/** A muted word or phrase as stored and compared: the shared Turkish fold, inner spaces collapsed. */
export function mutedTermKey(value: string): string {
  return foldKey(value.replace(/^#/, '').trim().replace(/\s+/g, ' '));
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a text holds one of the muted words (keys from mutedTermKey) as a whole word or phrase,
 * folded alike: muting 'istanbul' hides 'İSTANBUL'da' no more than 'İstanbul' itself ('istanbulda'
 * is another word), and 'kedi' does not hide 'kediler'.
 */
export function matchesMutedWord(text: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const folded = foldKey(text);
  return words.some((w) => w.length > 0 && new RegExp(`(^|[^${WORD}])${escape(w)}($|[^${WORD}])`, 'u').test(folded));
}
