// @vitest-environment jsdom
/**
 * The header search box as a member uses it: suggestions once typing pauses (one request, not one per key), the
 * superseded request aborted, arrows and Enter to open a suggestion, Enter alone for the results page, Escape.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SearchHit } from '@mahalle/shared';

interface Call {
  route: string;
  q: string;
  signal: AbortSignal | undefined;
}
const calls: Call[] = [];
/** Queries whose answer is held back until the test lets it go (or the request is aborted). */
const held = new Set<string>();

const hit = (kind: SearchHit['kind'], id: number, title: string, path: string): SearchHit => ({
  kind,
  id,
  path,
  title: [
    { text: title.slice(0, 3), mark: true },
    { text: title.slice(3), mark: false },
  ],
  snippet: [],
  createdAt: null,
  author: null,
});

vi.mock('../../api/call', () => ({
  call: (route: string, input: { query: { q: string }; signal?: AbortSignal }) => {
    calls.push({ route, q: input.query.q, signal: input.signal });
    if (held.has(input.query.q))
      return new Promise((_resolve, reject) => input.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    return Promise.resolve({
      items: [hit('people', 1, 'İstanbul Ayşe', '/user/ayse'), hit('questions', 5, 'İstanbul trafiği?', '/qa/question/5#answer-9')],
    });
  },
}));

const { HeaderSearch } = await import('./HeaderSearch');

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search + l.hash}</output>;
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <HeaderSearch />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Ara' });
}
const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });
const key = (box: HTMLElement, k: string) => fireEvent.keyDown(box, { key: k });
const where = () => screen.getByTestId('where').textContent;
const suggests = () => calls.filter((c) => c.route === 'GET /api/search/suggest');

beforeEach(() => {
  calls.length = 0;
  held.clear();
});
afterEach(() => cleanup());

describe('header search', { timeout: 30_000 }, () => {
  it('asks once typing pauses, with the last text only', async () => {
    const box = mount();
    box.focus();
    type(box, 'i');
    type(box, 'is');
    type(box, 'ist');
    await waitFor(() => expect(screen.getAllByTestId('search-suggestion')).toHaveLength(2));
    expect(suggests().map((c) => c.q)).toEqual(['ist']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // The matched part is a <mark>, the rest plain text.
    expect(screen.getAllByTestId('search-suggestion')[0]?.querySelector('mark')?.textContent).toBe('İst');
  });

  it('cancels the request a newer text superseded', async () => {
    const box = mount();
    box.focus();
    held.add('ist');
    type(box, 'ist');
    await waitFor(() => expect(suggests()).toHaveLength(1));
    const first = suggests()[0];
    expect(first?.signal?.aborted).toBe(false);
    type(box, 'istan');
    await waitFor(() => expect(suggests().map((c) => c.q)).toEqual(['ist', 'istan']));
    await waitFor(() => expect(first?.signal?.aborted).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('search-suggestion')).toHaveLength(2));
  });

  it('moves through the suggestions with the arrows and opens the highlighted one with Enter', async () => {
    const box = mount();
    box.focus();
    type(box, 'ist');
    await waitFor(() => expect(screen.getAllByTestId('search-suggestion')).toHaveLength(2));
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(3); // two hits and 'all results'
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    key(box, 'ArrowUp');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    key(box, 'ArrowDown');
    key(box, 'Enter');
    expect(where()).toBe('/qa/question/5#answer-9');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the results page with Enter, or from the last option; Escape closes the list', async () => {
    const box = mount();
    box.focus();
    type(box, 'İstanbul');
    await waitFor(() => expect(screen.getAllByTestId('search-suggestion')).toHaveLength(2));
    key(box, 'Escape');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    key(box, 'ArrowUp'); // reopens on the last option: all results
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByTestId('search-see-all').id);
    key(box, 'Enter');
    expect(where()).toBe(`/search?q=${encodeURIComponent('İstanbul')}`);

    type(box, 'ankara');
    key(box, 'Enter');
    expect(where()).toBe('/search?q=ankara');
  });

  it('does not ask for a text the server would refuse', async () => {
    const box = mount();
    box.focus();
    type(box, 'a');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    type(box, ' ! ');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(suggests()).toHaveLength(0);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
