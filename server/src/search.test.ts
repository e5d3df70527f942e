import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('search query rule', () => {
  it('refuses an empty, too short or too long query with search_query_invalid and a Turkish text', async () => {
    for (const q of ['', '   ', 'a', '#', 'x'.repeat(101)]) {
      const res = await server.client().get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('search_query_invalid');
      expect(res.body.error).toMatch(/Arama|aranacak|harf/);
    }
    const res = await server.client().get('/api/search/suggest?q=a');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('search_query_invalid');
  });

  it('answers a valid query on both routes', async () => {
    expect((await server.client().get('/api/search?q=merhaba')).status).toBe(200);
    expect((await server.client().get('/api/search/suggest?q=me')).status).toBe(200);
  });
});
