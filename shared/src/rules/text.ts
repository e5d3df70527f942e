import { foldKey } from './fold';

/** Word characters including Turkish letters (hashtags and mentions end where these do). */
const WORD = 'A-Za-z0-9_çğıöşüÇĞİÖŞÜâîûÂÎÛ';
export const HASHTAG_RE = new RegExp(`#([${WORD}]+)`, 'g');
export const MENTION_RE = new RegExp(`@([${WORD}]+)`, 'g');

function uniqueMatches(text: string, re: RegExp): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [, word = ''] of text.matchAll(re)) {
    const key = foldKey(word);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(word);
    }
  }
  return out;
}

/** Hashtags in order of appearance, without '#', deduplicated case-insensitively (Turkish-aware). */
export function extractHashtags(text: string): string[] {
  return uniqueMatches(text, HASHTAG_RE);
}

/** Mentioned usernames in order of appearance, without '@'. */
export function extractMentions(text: string): string[] {
  return uniqueMatches(text, MENTION_RE);
}

/**
 * Hashtag key for storage and lookup: the shared Turkish fold, like usernames (#İstanbul,
 * #istanbul, #ISTANBUL and #ıstanbul are one tag: istanbul). The typed form is kept beside it as
 * a label, and lists show the form most used.
 */
export function hashtagKey(tag: string): string {
  return foldKey(tag.replace(/^#/, ''));
}

/** Count characters as a person sees them (emoji count once). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** HTML stripped to plain text (for previews). */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut to n characters with an ellipsis when longer. */
export function truncate(text: string, n: number): string {
  const chars = Array.from(text);
  return chars.length > n ? chars.slice(0, n).join('').trimEnd() + '...' : text;
}

/** Badge text: counts above 99 read '99+'. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** Tags trimmed, without '#', unique regardless of case (first spelling kept). */
export function uniqueTags(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const tag = raw.trim().replace(/^#/, '');
    const key = tag.toLocaleLowerCase('tr');
    if (tag && !seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}
