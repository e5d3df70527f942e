// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { call, urlOf } from './call';

describe('call', () => {
  it('fills path parameters and leaves empty query values out', () => {
    expect(urlOf('/api/posts/:id/comments', { id: 7 })).toBe('/api/posts/7/comments');
    expect(urlOf('/api/hashtags/:tag/posts', { tag: 'İstanbul güzel' }, { cursor: undefined, limit: 10, q: '' })).toBe(
      '/api/hashtags/%C4%B0stanbul%20g%C3%BCzel/posts?limit=10',
    );
  });

  it('is typed by the contract: an unknown route or a missing parameter does not compile', () => {
    // Type-level checks (npm run typecheck); the functions are never called.
    const typed = () => {
      const stats: Promise<{ members: number }> = call('GET /api/stats');
      // @ts-expect-error not a route of the contract
      void call('GET /api/nowhere');
      return stats;
    };
    expect(typeof typed).toBe('function');
  });
});
