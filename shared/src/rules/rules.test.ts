import { describe, expect, it } from 'vitest';
import { blogSlug, foldSlugLetters, groupSlug } from './slug';
import { passwordScore, passwordStrength, isPasswordAcceptable } from './password';
import { extractHashtags, extractMentions, hashtagKey, badgeText, truncate } from './text';
import { foldKey } from './fold';
import { formatNumber, formatPercent, formatSignedNumber, formatSignedPercent } from './numbers';

describe('slugs', () => {
  it('derives a group slug by the specification rule', () => {
    expect(groupSlug('Doğa Yürüyüşçüleri')).toBe('doga-yuruyusculeri');
    expect(groupSlug('Kitap & Kahve!!  Kulübü')).toBe('kitap-kahve-kulubu');
    expect(groupSlug('ÇIĞ')).toBe('cig');
  });
  it('derives a blog slug: transliterated, brackets and punctuation removed', () => {
    expect(blogSlug('Şehrin En Güzel Parkları (2026 Rehberi)')).toBe('sehrin-en-guzel-parklari');
    expect(blogSlug('  Merhaba, Dünya!  ')).toBe('merhaba-dunya');
  });
  it('folds every letter Turkish writes, small and capital, instead of dropping it', () => {
    const letters: [string, string][] = [
      ['ç', 'c'],
      ['Ç', 'c'],
      ['ğ', 'g'],
      ['Ğ', 'g'],
      ['ı', 'i'],
      ['I', 'i'],
      ['İ', 'i'],
      ['i', 'i'],
      ['ö', 'o'],
      ['Ö', 'o'],
      ['ş', 's'],
      ['Ş', 's'],
      ['ü', 'u'],
      ['Ü', 'u'],
      ['â', 'a'],
      ['Â', 'a'],
      ['î', 'i'],
      ['Î', 'i'],
      ['û', 'u'],
      ['Û', 'u'],
    ];
    for (const [letter, ascii] of letters) {
      expect(foldSlugLetters(letter), letter).toBe(ascii);
      expect(blogSlug(`x${letter}x`), letter).toBe(`x${ascii}x`);
      expect(groupSlug(`x${letter}x`), letter).toBe(`x${ascii}x`);
    }
    expect(blogSlug('hikâye rüzgâr')).toBe('hikaye-ruzgar');
    expect(groupSlug('Hikâye Rüzgâr')).toBe('hikaye-ruzgar');
    expect(blogSlug('Kâğıt Işığı İçin Û')).toBe('kagit-isigi-icin-u');
    // Decomposed input (a letter followed by its combining mark) folds the same way.
    expect(blogSlug('hika\u0302ye')).toBe('hikaye');
  });
  it('leaves a stored (ASCII) slug as it is, so an older slug keeps its URL when a post is saved with it', () => {
    for (const stored of ['hikye-ruzgr', 'cig-kofte-rehberi-2', 'sehir-rehberi']) {
      expect(blogSlug(stored)).toBe(stored);
      expect(groupSlug(stored)).toBe(stored);
    }
  });
});

describe('password strength', () => {
  it('scores out of five', () => {
    expect(passwordScore('abc')).toBe(1);
    expect(passwordScore('abcdefgh')).toBe(2);
    expect(passwordScore('Abcdefg1!')).toBe(5);
  });
  it('maps weak/medium/strong', () => {
    expect(passwordStrength('aaaaaa')).toBe('weak');
    expect(passwordStrength('abcdef1')).toBe('medium');
    expect(passwordStrength('Abcdefg1')).toBe('strong');
    expect(isPasswordAcceptable('123456')).toBe(false);
    expect(isPasswordAcceptable('abcde1')).toBe(true);
  });
});

describe('text rules', () => {
  it('extracts Turkish hashtags and mentions once each', () => {
    expect(extractHashtags('#Doğa yürüyüşü #doğa #kitapKulübü!')).toEqual(['Doğa', 'kitapKulübü']);
    expect(extractMentions('@ayse ve @Mehmet_42, @ayse')).toEqual(['ayse', 'Mehmet_42']);
    expect(hashtagKey('#İstanbul')).toBe('istanbul');
    expect(hashtagKey('#ISTANBUL')).toBe('istanbul');
    expect(hashtagKey('#ıstanbul')).toBe('istanbul');
    expect(extractHashtags('#İstanbul #ISTANBUL #istanbul')).toEqual(['İstanbul']);
  });
  it('folds Turkish case for keys', () => {
    expect(foldKey('ALİ')).toBe(foldKey('ali'));
    expect(foldKey('ALI')).toBe(foldKey('alı'));
  });
  it('formats badges and truncates', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
    expect(truncate('abcdef', 3)).toBe('abc...');
  });
});

describe('Turkish numbers', () => {
  it('puts the percent sign first and signs only what is not zero', () => {
    expect(formatPercent(34)).toBe('%34');
    expect(formatPercent(0)).toBe('%0');
    expect(formatSignedPercent(12)).toBe('+%12');
    expect(formatSignedPercent(-5)).toBe('-%5');
    expect(formatSignedPercent(0)).toBe('%0');
    expect(formatSignedNumber(89)).toBe('+89');
    expect(formatSignedNumber(0)).toBe('0');
    expect(formatNumber(1247)).toBe('1.247');
  });
  it('writes whole numbers as Intl.NumberFormat(tr-TR) does, without building one', () => {
    const intl = {
      percent: new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 0 }),
      signedPercent: new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
      signed: new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
      plain: new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 }),
    };
    const values = [0, 1, 7, 12, 99, 100, 999, 1000, 1247, 9999, 10000, 123456, 1000000, 1234567, 2.5, 2.4, 1999.5, 123456789];
    for (const v of [...values, ...values.filter((x) => x !== 0).map((x) => -x)]) {
      expect(formatPercent(v)).toBe(intl.percent.format(v / 100));
      expect(formatSignedPercent(v)).toBe(intl.signedPercent.format(v / 100));
      expect(formatSignedNumber(v)).toBe(intl.signed.format(v));
      expect(formatNumber(v)).toBe(intl.plain.format(v));
    }
    // Intl writes '-0' (and '-%0') for a negative zero; a count never is one, and '0' is what it means.
    expect(formatNumber(-0)).toBe('0');
  });
});
