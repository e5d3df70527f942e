import { foldKey, foldLoose, type SearchType } from '@mahalle/shared';

/** A word of the index: letters, digits and the marks that belong to them (İ lower-cased elsewhere leaves i + U+0307). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a text folded by the shared Turkish rule (foldKey), or without diacritics too (foldLoose). */
export function wordsOf(text: string, loose = false): string[] {
  return (loose ? foldLoose(text) : foldKey(text)).match(WORD) ?? [];
}

/**
 * Each search type's words, and each column's, live in their own namespace of terms, so that a
 * tier of a type reads only its own index entries (a column or kind filter would walk every
 * document of a common word): a code per type, then '_' for body words (`p_istanbul`), '__' for
 * title words (`p__istanbul`), '___' for the diacritic-free words of both (`p___sogan`). Query
 * words never hold '_' (only letters, digits and marks), so they cannot meet another namespace.
 */
/** What a search_docs row's `kind` holds: a search type, or `comments` (only the admin workspace's comment list searches those). */
export type IndexKind = SearchType | 'comments';

export const KIND_CODE: Record<IndexKind, string> = {
  posts: 'p',
  people: 'u',
  questions: 'q',
  answers: 'a',
  blog: 'b',
  groups: 'g',
  events: 'e',
  hashtags: 'h',
  comments: 'c',
};
export type Column = 'body' | 'title' | 'loose';
const COLUMN_MARK: Record<Column, string> = { body: '_', title: '__', loose: '___' };

/** The index term of a word of a type's column. */
export function termOf(kind: IndexKind, column: Column, word: string): string {
  return `${KIND_CODE[kind]}${COLUMN_MARK[column]}${word}`;
}

/** What a search_docs text column holds: the folded words as terms of their type and column, separated by single spaces (both engines split them alike). */
export function indexText(kind: IndexKind, column: Column, text: string): string {
  return wordsOf(text, column === 'loose')
    .map((w) => termOf(kind, column, w))
    .join(' ');
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
