// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { searchQueryProblem } from '@mahalle/shared';
import { countLabel, isSearchType, searchable, SEARCH_TABS } from './search';
import { SEARCH_TYPES } from '@mahalle/shared';

describe('search helpers', () => {
  it('send exactly the queries the server accepts', () => {
    for (const q of ['', ' ', 'a', 'ı', ' ! ', 'ab', 'İs', '12', 'çok güzel', 'x'.repeat(100), 'x'.repeat(101), '#a', '#ab']) {
      expect(searchable(q), q).toBe(searchQueryProblem(q) === null);
    }
  });

  it("show a capped count as '1000+'", () => {
    expect(countLabel(12, true)).toBe('12');
    expect(countLabel(1000, true)).toBe('1000+');
    expect(countLabel(1000, false)).toBe('1000');
  });

  it("list the contract's types in its order", () => {
    expect([...SEARCH_TABS]).toEqual([...SEARCH_TYPES]);
    expect(isSearchType('blog')).toBe(true);
    expect(isSearchType('drafts')).toBe(false);
    expect(isSearchType(null)).toBe(false);
  });
});
