import { foldKey, foldLoose, LIMITS, type SearchSegment } from '@mahalle/shared';
import type { ParsedQuery } from '../db/search/text';

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Whether a word of the text is one the query matched: a whole query word, or a prefix match of its last word, strict or without diacritics. */
function matcher(q: ParsedQuery): (word: string) => boolean {
  const strict = new Set(q.words);
  const loose = new Set(q.loose);
  const lastStrict = q.words.at(-1);
  const lastLoose = q.loose.at(-1);
  return (word) => {
    const s = foldKey(word);
    if (strict.has(s) || (lastStrict !== undefined && s.startsWith(lastStrict))) return true;
    const l = foldLoose(word);
    return loose.has(l) || (lastLoose !== undefined && l.startsWith(lastLoose));
  };
}

/** Plain text cut into segments, the matched words marked. */
function mark(text: string, isMatch: (w: string) => boolean): SearchSegment[] {
  const out: SearchSegment[] = [];
  let at = 0;
  const push = (t: string, m: boolean) => {
    if (!t) return;
    const last = out.at(-1);
    if (last && last.mark === m) last.text += t;
    else out.push({ text: t, mark: m });
  };
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    if (!isMatch(m[0])) continue;
    push(text.slice(at, start), false);
    push(m[0], true);
    at = start + m[0].length;
  }
  push(text.slice(at), false);
  return out;
}

/** A title with its matched words marked. */
export function titleSegments(text: string, q: ParsedQuery): SearchSegment[] {
  return mark(text.replace(/\s+/g, ' ').trim(), matcher(q));
}

/**
 * About LIMITS.searchSnippetChars characters of the text around its first matched word (from the
 * start when none matches, e.g. a title-only hit), cut at word boundaries, with '…' where cut.
 */
export function snippetSegments(text: string, q: ParsedQuery): SearchSegment[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const isMatch = matcher(q);
  const size = LIMITS.searchSnippetChars;
  let first = 0;
  for (const m of flat.matchAll(WORD)) {
    if (isMatch(m[0])) {
      first = m.index;
      break;
    }
  }
  let start = Math.max(0, first - Math.floor(size / 4));
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + size);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  const segments = mark(flat.slice(start, end), isMatch);
  if (start > 0) segments.unshift({ text: '…', mark: false });
  if (end < flat.length) segments.push({ text: '…', mark: false });
  return segments;
}
