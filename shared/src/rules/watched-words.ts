import { foldLoose } from './fold';

/**
 * Watched words: a list an admin keeps, each entry with what a match does. The list is compiled
 * once (compileWatchedWords) into two tries over a "skeleton" of the text, and a text is checked
 * by walking the skeleton once (matchWatchedWords): O(text length × trie depth), independent of
 * how many entries the list holds.
 *
 * The skeleton is the text folded the way dodgers cannot slip through:
 * - Turkish case and a loose form without diacritics (foldLoose: İ/I/ı/i → i, ğ → g, ş → s ...);
 * - leetspeak inside a word (0→o 1→i 3→e 4→a 5→s 7→t, @→a and $→s between letters); a token of
 *   digits only stays digits ('100' is no word);
 * - repeated letters collapsed ('sooogaaan' → 'sogan'; the entries are collapsed alike);
 * - separators inside a word dropped ('s.o.ğ.a.n', 's-o-g-a-n', 's o g a n'): punctuation between
 *   letters joins them, and so does whitespace when a side is a single letter. Where they were
 *   stays a word boundary, so 'soğan'ı' and 'merhaba.dünya' still have their whole words.
 * Entries match whole words unless they carry `*`: 'sog*' matches words starting so, '*gan' words
 * ending so, '*og*' anything containing it. A match reports its span in the original text, which
 * censoring replaces with ■.
 */
export type WatchedWordAction = 'block' | 'require_approval' | 'flag' | 'censor';

export const WATCHED_WORD_ACTIONS: readonly WatchedWordAction[] = ['block', 'require_approval', 'flag', 'censor'];

/** Strongest first: one match that blocks refuses the write whatever else matched. */
const STRENGTH: Record<WatchedWordAction, number> = { block: 4, require_approval: 3, flag: 2, censor: 1 };

export interface WatchedWordEntry {
  id: number;
  word: string;
  action: WatchedWordAction;
}

export interface WatchedWordMatch {
  id: number;
  action: WatchedWordAction;
  /** The span in the original text, [start, end) in UTF-16 code units. */
  start: number;
  end: number;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  /** Entries ending here: whole-word ones need a word end, `*`-ended ones do not. */
  exact: WatchedWordEntry[];
  open: WatchedWordEntry[];
}

export interface CompiledWatchedWords {
  /** Entries starting at a word start. */
  anchored: TrieNode;
  /** Entries with a leading `*`: tried from every position. */
  floating: TrieNode | null;
  size: number;
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

const foldCache = new Map<string, string>();
/** One code point folded to its loose letters ('Ğ' → 'g', 'İ' → 'i'), memoised: texts repeat few letters. */
function foldChar(ch: string): string {
  let f = foldCache.get(ch);
  if (f === undefined) {
    f = foldLoose(ch);
    if (foldCache.size < 4096) foldCache.set(ch, f);
  }
  return f;
}

interface Skeleton {
  /** The folded, de-dodged letters; a hard word break is one ' '. */
  text: string;
  /** For each skeleton character, its span in the original text. */
  from: number[];
  to: number[];
  /** Positions where a word may start or end (hard breaks, dropped separators, the ends). */
  starts: Uint8Array;
  ends: Uint8Array;
}

interface Token {
  chars: string[];
  from: number[];
  to: number[];
}

/** Splits into tokens of letters and digits; what lies between them decides whether they join. */
function tokenize(input: string): { tokens: Token[]; gaps: ('space' | 'punct')[] } {
  const tokens: Token[] = [];
  const gaps: ('space' | 'punct')[] = [];
  let current: Token | null = null;
  let gap: 'space' | 'punct' | null = null;
  const chars = Array.from(input);
  let offset = 0;
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k]!;
    const at = offset;
    offset += ch.length;
    let isWord = WORD_CHAR.test(ch);
    // '@' and '$' stand for letters only between letters ('p@ra'); '@ali' is a mention.
    if (!isWord && (ch === '@' || ch === '$') && current) {
      const after = chars[k + 1];
      isWord = after !== undefined && WORD_CHAR.test(after);
    }
    if (isWord) {
      if (!current) {
        current = { chars: [], from: [], to: [] };
        if (tokens.length > 0) gaps.push(gap ?? 'punct');
        tokens.push(current);
        gap = null;
      }
      current.chars.push(ch);
      current.from.push(at);
      current.to.push(offset);
    } else {
      current = null;
      if (SPACE.test(ch)) gap = 'space';
      else if (gap === null) gap = 'punct';
    }
  }
  return { tokens, gaps };
}

const isDigits = (t: Token | undefined) => t !== undefined && t.chars.every((c) => c >= '0' && c <= '9');

/**
 * A token's letters folded, leet read as letters, repeats collapsed. A number stays a number,
 * unless it is one digit beside a word ('s 0 g a n').
 */
function foldToken(token: Token, k: number, all: Token[]): { text: string; from: number[]; to: number[] } {
  const digitsOnly = isDigits(token) && !(token.chars.length === 1 && (!isDigits(all[k - 1]) || !isDigits(all[k + 1])) && all.length > 1);
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < token.chars.length; i++) {
    const raw = token.chars[i]!;
    const folded = digitsOnly ? raw : (LEET[raw] ?? foldChar(raw));
    for (const f of folded) {
      if (text.length > 0 && text[text.length - 1] === f) {
        to[to.length - 1] = token.to[i]!;
        continue;
      }
      text += f;
      from.push(token.from[i]!);
      to.push(token.to[i]!);
    }
  }
  return { text, from, to };
}

function skeletonOf(input: string): Skeleton {
  const { tokens, gaps } = tokenize(input);
  const folded = tokens.map(foldToken);
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  const boundaries: number[] = [0];
  for (let t = 0; t < folded.length; t++) {
    const tok = folded[t]!;
    if (tok.text.length === 0) continue;
    if (t > 0 && text.length > 0) {
      const prev = folded[t - 1]!;
      const joins = gaps[t - 1] === 'punct' || prev.text.length === 1 || tok.text.length === 1;
      if (joins) {
        boundaries.push(text.length);
        // 's-s-o-g' collapses across the join as inside a word.
        if (text[text.length - 1] === tok.text[0]) {
          to[to.length - 1] = tok.to[0]!;
          text += tok.text.slice(1);
          from.push(...tok.from.slice(1));
          to.push(...tok.to.slice(1));
          continue;
        }
      } else {
        boundaries.push(text.length);
        text += ' ';
        from.push(tok.from[0]!);
        to.push(tok.from[0]!);
        boundaries.push(text.length);
      }
    }
    text += tok.text;
    from.push(...tok.from);
    to.push(...tok.to);
  }
  boundaries.push(text.length);
  const starts = new Uint8Array(text.length + 1);
  const ends = new Uint8Array(text.length + 1);
  for (const b of boundaries) {
    starts[b] = 1;
    ends[b] = 1;
  }
  return { text, from, to, starts, ends };
}

/** An entry's pattern as the trie holds it: the skeleton of the words, and where `*` stood. */
export function watchedWordKey(word: string): { key: string; leading: boolean; trailing: boolean } | null {
  const trimmed = word.trim();
  const leading = trimmed.startsWith('*');
  const trailing = trimmed.endsWith('*') && trimmed.length > 1;
  const inner = trimmed.replace(/^\*+|\*+$/g, '');
  if (inner.includes('*')) return null;
  const key = skeletonOf(inner).text;
  if (key.length === 0) return null;
  return { key, leading, trailing };
}

function node(): TrieNode {
  return { next: new Map(), exact: [], open: [] };
}

function insert(root: TrieNode, key: string, entry: WatchedWordEntry, trailing: boolean): void {
  let n = root;
  for (const ch of key) {
    let child = n.next.get(ch);
    if (!child) {
      child = node();
      n.next.set(ch, child);
    }
    n = child;
  }
  (trailing ? n.open : n.exact).push(entry);
}

/** Builds the tries once per list version; entries whose words fold to nothing are left out. */
export function compileWatchedWords(entries: readonly WatchedWordEntry[]): CompiledWatchedWords {
  const anchored = node();
  let floating: TrieNode | null = null;
  let size = 0;
  for (const entry of entries) {
    const k = watchedWordKey(entry.word);
    if (!k) continue;
    if (k.leading) insert((floating ??= node()), k.key, entry, k.trailing);
    else insert(anchored, k.key, entry, k.trailing);
    size++;
  }
  return { anchored, floating, size };
}

function walk(sk: Skeleton, root: TrieNode, start: number, leading: boolean, found: WatchedWordMatch[]): void {
  let n: TrieNode | undefined = root;
  for (let j = start; j < sk.text.length; j++) {
    n = n.next.get(sk.text[j]!);
    if (!n) return;
    const end = j + 1;
    if (n.exact.length > 0 && sk.ends[end]) {
      for (const e of n.exact) found.push(span(sk, e, start, end, leading, false));
    }
    for (const e of n.open) found.push(span(sk, e, start, end, leading, true));
  }
}

/** The match's span in the original text; a `*` side reaches out to the whole word. */
function span(sk: Skeleton, e: WatchedWordEntry, start: number, end: number, leading: boolean, trailing: boolean): WatchedWordMatch {
  let s = start;
  let t = end;
  if (leading) while (s > 0 && !sk.starts[s] && sk.text[s - 1] !== ' ') s--;
  if (trailing) while (t < sk.text.length && !sk.ends[t] && sk.text[t] !== ' ') t++;
  return { id: e.id, action: e.action, start: sk.from[s]!, end: sk.to[t - 1]! };
}

/** Every match of the compiled list in the text, with its span in the original text. */
export function matchWatchedWords(list: CompiledWatchedWords, text: string): WatchedWordMatch[] {
  if (list.size === 0 || text.length === 0) return [];
  const sk = skeletonOf(text);
  const found: WatchedWordMatch[] = [];
  for (let i = 0; i < sk.text.length; i++) {
    if (sk.text[i] === ' ') continue;
    if (sk.starts[i]) walk(sk, list.anchored, i, false, found);
    if (list.floating) walk(sk, list.floating, i, true, found);
  }
  return found;
}

/** The strongest action among the matches, or null when nothing matched. */
export function strongestAction(matches: readonly WatchedWordMatch[]): WatchedWordAction | null {
  let best: WatchedWordAction | null = null;
  for (const m of matches) if (!best || STRENGTH[m.action] > STRENGTH[best]) best = m.action;
  return best;
}

/** Checks several fields at once (a post's text and its poll, an event's title and description...). */
export function checkWatchedWords(list: CompiledWatchedWords, texts: readonly (string | null | undefined)[]): WatchedWordAction | null {
  let best: WatchedWordAction | null = null;
  for (const t of texts) {
    if (!t) continue;
    const a = strongestAction(matchWatchedWords(list, t));
    if (a && (!best || STRENGTH[a] > STRENGTH[best])) best = a;
    if (best === 'block') break;
  }
  return best;
}

/** The text as shown: every letter of a censored match replaced by ■, spaces kept. Stored text is untouched. */
export function censorWatchedWords(list: CompiledWatchedWords, text: string): string {
  if (list.size === 0 || !text) return text;
  const spans = matchWatchedWords(list, text).filter((m) => m.action === 'censor');
  if (spans.length === 0) return text;
  const mask = new Uint8Array(text.length);
  for (const m of spans) mask.fill(1, m.start, m.end);
  let out = '';
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    out += mask[i] && !SPACE.test(ch) ? '■' : ch;
    i += ch.length;
  }
  return out;
}
