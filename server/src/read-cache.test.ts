import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';
import { ReadCache } from './read-cache';
import http from 'node:http';
import zlib from 'node:zlib';

/** A GET with exactly this Accept-Encoding (fetch would add its own and decode). */
function raw(url: string, acceptEncoding: string): Promise<{ body: Buffer; encoding?: string; vary?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'], vary: res.headers.vary as string | undefined }));
      })
      .on('error', reject);
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const visitorGet = (path: string) => server.client().get(path);

describe('read caches', () => {
  it("answer visitors' hot lists from memory, and the next read after a write sees it", async () => {
    const m = await server.member();
    // Read twice so the answer is cached, then write and read again.
    for (let i = 0; i < 2; i++) {
      await visitorGet('/api/posts');
      await visitorGet('/api/hashtags/trending');
      await visitorGet('/api/stats');
      await visitorGet('/api/categories');
    }
    const feedBefore = (await visitorGet('/api/posts')).body as { id: number }[];
    const statsBefore = (await visitorGet('/api/stats')).body;
    const genelBefore = ((await visitorGet('/api/categories')).body as { key: string; postCount: number }[]).find((c) => c.key === 'genel')!.postCount;
    const post = (await m.client.post('/api/posts', { content: 'Önbellek denemesi #önbellekli' })).body;
    expect((await visitorGet('/api/posts')).body[0].id).toBe(post.id);
    expect(feedBefore.some((p) => p.id === post.id)).toBe(false);
    expect(((await visitorGet('/api/hashtags/trending')).body as { tag: string }[]).some((t) => t.tag === 'önbellekli')).toBe(true);
    expect(((await visitorGet('/api/categories')).body as { key: string; postCount: number }[]).find((c) => c.key === 'genel')!.postCount).toBe(
      genelBefore + 1,
    );
    await server.member();
    expect((await visitorGet('/api/stats')).body.members).toBe(statsBefore.members + 1);
    // Deleted: gone from the next read too.
    expect((await m.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
    expect(((await visitorGet('/api/posts')).body as { id: number }[]).some((p) => p.id === post.id)).toBe(false);
  });

  it('answer every public list from memory for visitors, once read, until a write', async () => {
    const author = await server.member();
    const admin = await server.admin();
    const post = (await author.client.post('/api/posts', { content: 'Liste denemesi #listeli' })).body;
    await author.client.post(`/api/posts/${post.id}/comments`, { content: 'ilk yorum' });
    const question = (await author.client.post('/api/questions', { title: 'Önbellek sorusu nedir?', content: 'x' })).body;
    const blog = (await admin.client.post('/api/blog/posts', { title: 'Önbellek yazısı', content: '<p>Yazı</p>', published: true })).body;
    const group = (await author.client.post('/api/hobby-groups', { name: 'Önbellek Grubu', description: 'Liste denemesi.' })).body;
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const event = (await author.client.post('/api/events', { title: 'Önbellek buluşması', description: 'x', date: soon })).body;
    const lists = [
      `/api/hashtags/${encodeURIComponent('listeli')}/posts`,
      `/api/posts/${post.id}`,
      `/api/posts/${post.id}/comments`,
      `/api/users/${author.user.id}/posts`,
      '/api/questions',
      `/api/questions/${question.id}/answers`,
      '/api/blog/posts',
      `/api/blog/posts/${blog.id}/comments`,
      '/api/hobby-groups',
      `/api/hobby-groups/${group.slug}`,
      `/api/hobby-groups/${group.slug}/posts`,
      `/api/hobby-groups/${group.slug}/events`,
      '/api/events',
      `/api/events/${event.id}`,
    ];
    const first = new Map<string, string>();
    for (const path of lists) {
      const res = await visitorGet(path);
      expect(res.status, path).toBe(200);
      first.set(path, res.text);
    }
    // Read again: not one query (rate limits aside, which PostgreSQL keeps in a table).
    const queries: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (!q.sql.includes('rate_limits')) queries.push(q.sql);
    };
    server.ctx.db.on('query', onQuery);
    try {
      for (const path of lists) expect((await visitorGet(path)).text, path).toBe(first.get(path));
    } finally {
      server.ctx.db.off('query', onQuery);
    }
    expect(queries).toEqual([]);
    // A member is never answered a visitor's copy (their flags, what they muted).
    await author.client.post(`/api/posts/${post.id}/like`);
    expect((await author.client.get(`/api/posts/${post.id}`)).body.isLiked).toBe(true);
    // The write emptied them: the visitor's next read sees the like.
    expect((await visitorGet(`/api/posts/${post.id}`)).body.likesCount).toBe(1);
    // A read that counts itself is never answered from memory: each visitor's view of a question counts.
    const views = (await visitorGet(`/api/questions/${question.id}`)).body.views as number;
    expect((await visitorGet(`/api/questions/${question.id}`)).body.views).toBe(views + 1);
  });

  it('sends shared answers precompressed to clients that accept brotli or gzip, and plain to those that do not', async () => {
    const m = await server.member();
    for (let i = 0; i < 30; i++) await m.client.post('/api/posts', { content: `Sıkıştırılacak gönderi ${i} `.repeat(4) });
    const url = `${server.url}/api/posts`;
    const plain = await raw(url, '');
    expect(plain.encoding).toBeUndefined();
    const expected = plain.body.toString();
    expect(expected.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=1', 'gzip'],
      ['identity', undefined],
    ] as const) {
      // Twice: the first may be read from the database (and compressed by compression(), which
      // prefers gzip), the second comes from memory with its precompressed copy.
      for (let i = 0; i < 2; i++) {
        const res = await raw(url, accept);
        if (i === 1) expect(res.encoding, accept).toBe(encoding);
        if (res.encoding) expect(res.vary ?? '', accept).toMatch(/Accept-Encoding/i);
        const text = res.encoding === 'br' ? zlib.brotliDecompressSync(res.body) : res.encoding === 'gzip' ? zlib.gunzipSync(res.body) : res.body;
        expect(text.toString(), accept).toBe(expected);
      }
    }
  });

  it('are not emptied (nor other nodes told) by writes that were refused', async () => {
    const m = await server.member();
    let announced = 0;
    const off = server.ctx.bus.on('data:changed', ({ remote }) => {
      if (!remote) announced += 1;
    });
    try {
      // A wrong password (401) and an empty post (400) changed nothing.
      expect((await server.client().post('/api/auth/login', { username: m.user.username, password: 'Yanlis.Sifre1' })).status).toBe(401);
      expect((await m.client.post('/api/posts', { content: '' })).status).toBe(400);
      expect(announced).toBe(0);
      expect((await m.client.post('/api/posts', { content: 'Bu yazıldı' })).status).toBe(201);
      expect(announced).toBe(1);
    } finally {
      off();
    }
  });

  it("keeps members' feeds their own (isLiked) while visitors' is shared", async () => {
    const a = await server.member();
    const b = await server.member();
    const post = (await a.client.post('/api/posts', { content: 'beğenilecek' })).body;
    await b.client.post(`/api/posts/${post.id}/like`);
    await visitorGet('/api/posts');
    expect((await b.client.get('/api/posts')).body.find((p: { id: number }) => p.id === post.id).isLiked).toBe(true);
    expect((await a.client.get('/api/posts')).body.find((p: { id: number }) => p.id === post.id).isLiked).toBe(false);
    const visitor = (await visitorGet('/api/posts')).body.find((p: { id: number }) => p.id === post.id);
    expect(visitor.likesCount).toBe(1);
    expect(visitor.isLiked).toBe(false);
  });

  it("refuses a session at once after logout, and an admin's rights at once after demotion", async () => {
    const m = await server.member();
    const cookie = m.client.cookieHeader;
    const me = () => fetch(`${server.url}/api/auth/me`, { headers: { cookie } }).then((r) => r.status);
    expect(await me()).toBe(200);
    expect(await me()).toBe(200); // now cached
    expect((await m.client.post('/api/auth/logout')).status).toBe(200);
    expect(await me()).toBe(401);

    const admin = await server.admin();
    const other = await server.member();
    expect((await admin.client.patch(`/api/admin/users/${other.user.id}`, { role: 'admin' })).status).toBe(200);
    expect((await other.client.get('/api/admin/stats')).status).toBe(200);
    expect((await other.client.get('/api/admin/stats')).status).toBe(200);
    expect((await admin.client.patch(`/api/admin/users/${other.user.id}`, { role: 'user' })).status).toBe(200);
    expect((await other.client.get('/api/admin/stats')).status).toBe(403);
    // Deleted by an admin: the session goes with the account.
    expect((await admin.client.delete(`/api/admin/users/${other.user.id}`)).status).toBe(200);
    expect((await other.client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('ReadCache', () => {
  it('lets one caller refresh an aged entry while the others get the old one, and drops all at a write', () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache<string>(1000, 10);
      cache.set('k', 'eski', cache.generation);
      expect(cache.peek('k')).toEqual({ value: 'eski', fresh: true });
      vi.advanceTimersByTime(1500);
      expect(cache.peek('k')).toEqual({ value: 'eski', fresh: false });
      expect(cache.claim('k')).toBe(true);
      expect(cache.claim('k')).toBe(false); // the others are answered 'eski' meanwhile
      const generation = cache.generation;
      cache.set('k', 'yeni', generation);
      cache.release('k');
      expect(cache.peek('k')).toEqual({ value: 'yeni', fresh: true });
      // A write in between: what a read began before it is not stored.
      const before = cache.generation;
      cache.clear();
      cache.set('k', 'eskimiş', before);
      expect(cache.peek('k')).toBeUndefined();
      expect(cache.get('k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
