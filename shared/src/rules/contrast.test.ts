import { describe, expect, it } from 'vitest';
import { STATIC_CATEGORIES } from '../limits';
import { contrastRatio, parseHexColor, readableOn, relativeLuminance, textOn } from './contrast';

describe('WCAG contrast', () => {
  it('computes the ratios the WCAG examples give', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // antd's default link blue and secondary grey, the failures axe reported.
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(relativeLuminance('#fff')).toBe(1);
    expect(parseHexColor('#6D28D9')).toEqual([109, 40, 217]);
    expect(parseHexColor('purple')).toBeNull();
  });
});

describe('readableOn', () => {
  const light = ['#ffffff', '#f5f5f5'];
  const dark = ['#141414', '#000000', '#1f1f1f'];
  // Group colours of the demo community and of the group form, pastel and saturated.
  const groupColours = [
    '#22c55e',
    '#f59e0b',
    '#06b6d4',
    '#ec4899',
    '#eab308',
    '#84cc16',
    '#3b82f6',
    '#6d28d9',
    '#ef4444',
    '#14b8a6',
    '#fde68a',
    '#1e293b',
    '#000000',
    '#ffffff',
    ...STATIC_CATEGORIES.map((c) => c.color),
  ];

  it('leaves a colour that already reads well unchanged', () => {
    expect(readableOn('#6d28d9', light)).toBe('#6d28d9');
    expect(readableOn('#fde68a', dark)).toBe('#fde68a');
  });

  it('makes every group colour readable as text, keeping its hue, in both themes', () => {
    for (const colour of groupColours) {
      for (const surfaces of [light, dark]) {
        const text = readableOn(colour, surfaces);
        for (const bg of surfaces) expect(contrastRatio(text, bg), `${colour} → ${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    // A light green is darkened on white, not turned into some other colour.
    const green = parseHexColor(readableOn('#22c55e', light))!;
    expect(green[1]).toBeGreaterThan(green[0]);
    expect(green[1]).toBeGreaterThan(green[2]);
  });

  it('passes a colour that is not hex through, and takes a stricter ratio', () => {
    expect(readableOn('var(--x)', light)).toBe('var(--x)');
    expect(contrastRatio(readableOn('#3b82f6', '#ffffff', 7), '#ffffff')).toBeGreaterThanOrEqual(7);
  });

  it('picks black or white text for a solid background', () => {
    expect(textOn('#fde68a')).toBe('#000000');
    expect(textOn('#6d28d9')).toBe('#ffffff');
  });
});
