import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';
import { ReadCache } from './read-cache';

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
