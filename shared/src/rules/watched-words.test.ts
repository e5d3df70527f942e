import { describe, expect, it } from 'vitest';
import {
  censorWatchedWords,
  checkWatchedWords,
  compileWatchedWords,
  matchWatchedWords,
  strongestAction,
  watchedWordKey,
  type WatchedWordAction,
} from './watched-words';

function list(...words: [string, WatchedWordAction?][]) {
  return compileWatchedWords(words.map(([word, action], i) => ({ id: i + 1, word, action: action ?? 'block' })));
}

function hits(words: string[], text: string): string[] {
  const l = list(...words.map((w): [string] => [w]));
  return matchWatchedWords(l, text).map((m) => text.slice(m.start, m.end));
}

describe('watched words: Turkish folding', () => {
  it('folds İ/i and I/ı alike', () => {
    expect(hits(['ırmak'], 'IRMAK taştı')).toEqual(['IRMAK']);
    expect(hits(['istanbul'], 'İSTANBUL güzel')).toEqual(['İSTANBUL']);
    expect(hits(['İzmir'], 'izmir ve ızmir')).toEqual(['izmir', 'ızmir']);
  });
  it('matches the loose form without diacritics both ways', () => {
    expect(hits(['soğan'], 'sogan aldım')).toEqual(['sogan']);
    expect(hits(['sogan'], 'SOĞAN aldım')).toEqual(['SOĞAN']);
    expect(hits(['çöp'], 'cop kutusu')).toEqual(['cop']);
  });
});

describe('watched words: whole words and wildcards', () => {
  it('matches whole words only by default', () => {
    expect(hits(['kedi'], 'kediler ve kedi')).toEqual(['kedi']);
    expect(hits(['kedi'], 'ankedi')).toEqual([]);
  });
  it('keeps a Turkish suffix after an apostrophe apart', () => {
    expect(hits(['soğan'], "Soğan'ı doğradım")).toEqual(['Soğan']);
  });
  it('treats * as any letters at either end', () => {
    expect(hits(['kedi*'], 'kediler geldi')).toEqual(['kediler']);
    expect(hits(['*gan'], 'soğan ve organ')).toEqual(['soğan', 'organ']);
    expect(hits(['*ed*'], 'kediler')).toEqual(['kediler']);
  });
  it('matches phrases', () => {
    expect(hits(['kötü söz'], 'bu kötü söz değil')).toEqual(['kötü söz']);
    expect(hits(['kötü söz'], 'kötü sözcük')).toEqual([]);
  });
  it('refuses a * inside a word and an empty entry', () => {
    expect(watchedWordKey('s*n')).toBeNull();
    expect(watchedWordKey('*')).toBeNull();
    expect(watchedWordKey('  ')).toBeNull();
  });
});

describe('watched words: dodges', () => {
  it('repeated letters', () => {
    expect(hits(['soğan'], 'sooooğaaaan!')).toEqual(['sooooğaaaan']);
    expect(hits(['hakkı'], 'hakı')).toEqual(['hakı']);
  });
  it('separators inside a word', () => {
    expect(hits(['soğan'], 'bu s.o.ğ.a.n işte')).toEqual(['s.o.ğ.a.n']);
    expect(hits(['soğan'], 's-o-g-a-n')).toEqual(['s-o-g-a-n']);
    expect(hits(['soğan'], 's_o_ğ_a_n')).toEqual(['s_o_ğ_a_n']);
    expect(hits(['soğan'], 'şu s o ğ a n')).toEqual(['s o ğ a n']);
    expect(hits(['soğan'], 'so.ğan')).toEqual(['so.ğan']);
  });
  it('leetspeak digits and symbols', () => {
    expect(hits(['soğan'], 's0g4n')).toEqual(['s0g4n']);
    expect(hits(['salak'], '$@l@k')).toEqual([]);
    expect(hits(['salak'], 's@l4k')).toEqual(['s@l4k']);
    expect(hits(['leet'], 'l33t')).toEqual(['l33t']);
    expect(hits(['test'], 't35t')).toEqual(['t35t']);
  });
  it('all dodges at once', () => {
    expect(hits(['soğan'], 'S0.0ĞĞ-4 n')).toEqual(['S0.0ĞĞ-4 n']);
  });
  it('does not read a number or a mention as letters', () => {
    expect(hits(['io'], '100 kişi')).toEqual([]);
    expect(hits(['ali'], '@ali merhaba')).toEqual(['ali']);
  });
});

describe('watched words: actions', () => {
  const l = list(['soğan', 'censor'], ['biber', 'flag'], ['patates', 'require_approval'], ['domates', 'block']);
  it('picks the strongest action', () => {
    expect(strongestAction(matchWatchedWords(l, 'soğan biber'))).toBe('flag');
    expect(strongestAction(matchWatchedWords(l, 'soğan biber domates patates'))).toBe('block');
    expect(strongestAction(matchWatchedWords(l, 'elma'))).toBeNull();
    expect(checkWatchedWords(l, ['elma', null, 'PATATES'])).toBe('require_approval');
  });
  it('censors with ■ letter by letter, keeping the rest', () => {
    expect(censorWatchedWords(l, 'Bugün SOĞAN ve s.o.g.a.n aldım')).toBe('Bugün ■■■■■ ve ■■■■■■■■■ aldım');
    expect(censorWatchedWords(l, 'biber aldım')).toBe('biber aldım');
  });
});
