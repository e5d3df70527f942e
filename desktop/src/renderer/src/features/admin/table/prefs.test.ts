import { describe, expect, it } from 'vitest';
import { loadPrefs, moveFocus, nextSelection, savePrefs } from './prefs';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('moderation table logic', () => {
  it('remembers column choice and widths per table', () => {
    const s = memoryStorage();
    expect(loadPrefs('users', s)).toEqual({ hidden: [], widths: {} });
    savePrefs('users', { hidden: ['email'], widths: { username: 180 } }, s);
    expect(loadPrefs('users', s)).toEqual({ hidden: ['email'], widths: { username: 180 } });
    expect(loadPrefs('posts', s)).toEqual({ hidden: [], widths: {} });
    s.setItem('mahalle-table-broken', '{not json');
    expect(loadPrefs('broken', s)).toEqual({ hidden: [], widths: {} });
  });

  it('toggles and range-selects rows', () => {
    const ids = ['1', '2', '3', '4', '5'];
    expect(nextSelection([], ids, '2')).toEqual(['2']);
    expect(nextSelection(['2'], ids, '2')).toEqual([]);
    expect(nextSelection(['2'], ids, '4', { range: true, anchor: '2' }).sort()).toEqual(['2', '3', '4']);
    expect(nextSelection([], ids, '1', { range: true, anchor: '3' }).sort()).toEqual(['1', '2', '3']);
  });

  it('moves keyboard focus within bounds', () => {
    expect(moveFocus(0, 'ArrowDown', 3)).toBe(1);
    expect(moveFocus(2, 'ArrowDown', 3)).toBe(2);
    expect(moveFocus(0, 'ArrowUp', 3)).toBe(0);
    expect(moveFocus(1, 'End', 3)).toBe(2);
    expect(moveFocus(5, 'PageUp', 30)).toBe(0);
    expect(moveFocus(0, 'x', 0)).toBe(-1);
  });
});
