import { describe, expect, it } from 'vitest';
import { theme as antTheme } from 'antd';
import { contrastRatio, STATIC_CATEGORIES } from '@mahalle/shared';
import { PALETTE, PRESET_TAG_TEXTS, presetTagTexts, textColorFor, themeConfig, tintedTag, type ThemeMode } from './theme';

/** `rgba(r,g,b,a)` or hex drawn over a solid background, as the browser composes it. */
function over(color: string, bg: string): string {
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(color.replace(/\s+/g, ''));
  if (!m) return color;
  const a = m[4] === undefined ? 1 : Number(m[4]);
  const b = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
  return `#${b
    .map((under, k) =>
      Math.round(Number(m[k + 1]) * a + under * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

describe.each(['light', 'dark'] as ThemeMode[])('the %s theme', (mode) => {
  const config = themeConfig(mode);
  const tokens = antTheme.getDesignToken(config) as unknown as Record<string, string>;
  /** A design token by name; one antd does not have fails the test. */
  const token = (key: string): string => {
    const value = tokens[key];
    if (value === undefined) throw new Error(`antd has no token ${key}`);
    return value;
  };
  const surfaces = PALETTE[mode].surfaces;

  it('writes out the preset tags’ readable text colours as the palette gives them (update PRESET_TAG_TEXTS from here)', () => {
    expect(PRESET_TAG_TEXTS[mode]).toEqual(presetTagTexts(mode));
  });

  it('draws links, the primary text, secondary and tertiary text, errors and successes at 4.5:1 or more on every surface', () => {
    const texts = [
      'colorText',
      'colorLink',
      'colorLinkHover',
      'colorLinkActive',
      'colorPrimaryText',
      'colorTextSecondary',
      'colorTextTertiary',
      'colorTextDescription',
      'colorErrorText',
      'colorSuccessText',
      'colorWarningText',
    ];
    for (const key of texts) {
      for (const bg of surfaces) expect(contrastRatio(over(token(key), bg), bg), `${key} ${token(key)} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white text readable on the primary and error colours (buttons, badges, checked tags)', () => {
    expect(contrastRatio('#ffffff', token('colorPrimary'))).toBeGreaterThanOrEqual(4.5);
    if (mode === 'light') expect(contrastRatio('#ffffff', token('colorError'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', PALETTE[mode].badge)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the violet brand for links, not antd blue', () => {
    expect(token('colorLink')).not.toBe('#1677ff');
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(token('colorLink').slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(g ?? NaN);
    expect(r).toBeGreaterThan(g ?? NaN);
  });

  it('gives every preset tag colour readable text on its pastel background', () => {
    for (const c of ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold']) {
      const text = token(`${c}-7`);
      expect(token(`${c}7`)).toBe(text);
      expect(contrastRatio(text, token(`${c}1`)), `${c}: ${text} on ${token(`${c}1`)}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('turns group and category colours into readable text and tags', () => {
    for (const { color } of STATIC_CATEGORIES) {
      for (const bg of surfaces) expect(contrastRatio(textColorFor(color, mode), bg)).toBeGreaterThanOrEqual(4.5);
      const tag = tintedTag(color, mode);
      expect(contrastRatio(tag.color, tag.background)).toBeGreaterThanOrEqual(4.5);
      // The tint is a faint wash of the colour over the surface, not the colour itself.
      expect(contrastRatio(tag.background, surfaces[0])).toBeLessThan(1.6);
    }
  });
});
