import { foldKey, foldLoose } from '@mahalle/shared';

/** A word of the index: letters, digits and the marks that belong to them (İ lower-cased elsewhere leaves i + U+0307). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a text folded by the shared Turkish rule (foldKey), or without diacritics too (foldLoose). */
export function wordsOf(text: string, loose = false): string[] {
  return (loose ? foldLoose(text) : foldKey(text)).match(WORD) ?? [];
}

/** What a search_docs text column holds: the folded words separated by single spaces, so both engines' tokenizers split them alike. */
export function indexText(text: string, loose = false): string {
  return wordsOf(text, loose).join(' ');
}

/** Blog bodies are HTML: the index and snippets read their text. */
export function htmlText(html: string): string {
  return html
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
}

/** JSON array columns (tags, hobbies) as words. */
export function jsonWords(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').join(' ') : '';
  } catch {
    return '';
  }
}

/** The query, parsed: its strict words (foldKey), its loose words (foldLoose); the last word also matches as a prefix. */
export interface ParsedQuery {
  words: string[];
  loose: string[];
}

export function parseQuery(q: string): ParsedQuery {
  // At most 8 words: a longer query is no better a search and makes a longer index walk.
  return { words: wordsOf(q).slice(0, 8), loose: wordsOf(q, true).slice(0, 8) };
}
