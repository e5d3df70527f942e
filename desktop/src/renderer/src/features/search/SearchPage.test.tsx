// @vitest-environment jsdom
/**
 * The results page against a stand-in API: it opens on the first tab that found something, shows capped counts as
 * '1000+' (asked once per query, not per tab), renders marked words as <mark> (and a segment's HTML as text), pages
 * by cursor, and says when a search failed.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SearchCountsResult, SearchHit, SearchResult, SearchType } from '@mahalle/shared';

const hit = (kind: SearchType, id: number, word: string): SearchHit => ({
  kind,
  id,
  path: `/user/kisi${id}`,
  title: [
    { text: `${word}`, mark: true },
    { text: ` <b>kalın değil</b> ${id}`, mark: false },
  ],
  snippet: [{ text: 'Porsuk kenarında', mark: false }],
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  author: null,
});
const asked: { type: string; cursor?: string }[] = [];
const countsAsked: string[] = [];
let failing = false;

vi.mock('../../api/call', () => ({
  call: async (route: string, input: { query: { q: string; type: SearchType; cursor?: string } }): Promise<SearchResult | SearchCountsResult> => {
    if (route === 'GET /api/search/counts') {
      countsAsked.push(input.query.q);
      if (failing) throw new Error('boom');
      return { counts: { posts: 0, people: 1000, questions: 3, answers: 0, blog: 0, groups: 0, events: 0, hashtags: 0 }, countsCapped: true };
    }
    expect(route).toBe('GET /api/search');
    const { type, cursor } = input.query;
    asked.push({ type, cursor });
    if (failing) throw new Error('boom');
    if (type === 'questions') return { items: [hit('questions', 7, 'Ankara')], nextCursor: null };
    if (type !== 'people') return { items: [], nextCursor: null };
    if (!cursor) return { items: [hit('people', 1, 'Ankara'), hit('people', 2, 'Ankara')], nextCursor: 'c2' };
    return { items: [hit('people', 3, 'Ankara')], nextCursor: null };
  },
}));

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  cleanup();
  asked.length = 0;
  countsAsked.length = 0;
  failing = false;
});

const { default: SearchPage } = await import('./SearchPage');

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}
function mount(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/search"
            element={
              <>
                <SearchPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// antd's first render in jsdom is slow on a shared machine; these are limits, not assertions on speed.
describe('search results page', { timeout: 60_000 }, () => {
  it('opens on the first tab with results, with capped counts, marked words and more pages', async () => {
    mount('/search?q=ankara');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search?q=ankara&type=people'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('"ankara" için sonuçlar');
    await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
    expect(screen.getByTestId('search-tab-people').textContent).toBe('Kişiler1000+');
    expect(screen.getByTestId('search-tab-questions').textContent).toBe('Sorular3');
    const first = screen.getAllByTestId('search-hit')[0];
    expect(first?.querySelector('mark')?.textContent).toBe('Ankara');
    expect(first?.querySelector('a')?.getAttribute('href')).toBe('/user/kisi1');
    // Text from the server is text: its markup is shown, never parsed.
    expect(first?.querySelector('b')).toBeNull();
    expect(first?.textContent).toContain('<b>kalın değil</b>');
    // A person's time is when they joined, labelled (their name is not repeated in an author line).
    expect(first?.querySelector('time')?.textContent).toMatch(/^Katılma: \d+ \S+ \d{4}$/);

    fireEvent.click(screen.getByTestId('search-more'));
    await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(3));
    expect(asked).toContainEqual({ type: 'people', cursor: 'c2' });
    expect(screen.queryByTestId('search-more')).toBeNull();
    // Another tab: its own page, the same counts (asked once for the query, not again per tab).
    fireEvent.click(screen.getByTestId('search-tab-questions'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search?q=ankara&type=questions'));
    await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(1));
    expect(asked).toContainEqual({ type: 'questions', cursor: undefined });
    expect(screen.getByTestId('search-tab-people').textContent).toBe('Kişiler1000+');
    expect(countsAsked).toEqual(['ankara']);
  });

  it('keeps the tab the address names, even an empty one', async () => {
    mount('/search?q=ankara&type=answers');
    await waitFor(() => expect(screen.getByText('Bu sekmede sonuç yok')).toBeTruthy());
    expect(screen.getByTestId('where').textContent).toBe('/search?q=ankara&type=answers');
  });

  it('says why a query is not searched, and when a search failed', async () => {
    mount('/search?q=a');
    expect(screen.getByText('Arama için en az 2 harf ya da rakam yazın')).toBeTruthy();
    expect(asked).toHaveLength(0);
    cleanup();
    failing = true;
    mount('/search?q=ankara');
    await waitFor(() => expect(screen.getByText('Arama yapılamadı')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Yeniden dene' })).toBeTruthy();
  });
});
