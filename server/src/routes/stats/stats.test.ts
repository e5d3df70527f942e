import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/stats', () => {
  it('counts members, questions, published blog posts, public events of the coming week and categories', async () => {
    const before = (await server.client().get('/api/stats')).body;
    const m = await server.member();
    const admin = await server.admin();
    await m.client.post('/api/questions', { title: 'Sayaç sorusu', content: 'x' });
    await admin.client.post('/api/blog/posts', { title: 'Yayında', content: '<p>x</p>', published: true });
    await admin.client.post('/api/blog/posts', { title: 'Taslak', content: '<p>x</p>', published: false });
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    await m.client.post('/api/events', { title: 'Bu hafta', description: 'x', date: day(2) });
    await m.client.post('/api/events', { title: 'Gizli', description: 'x', date: day(3), isPrivate: true });
    await m.client.post('/api/events', { title: 'Gelecek ay', description: 'x', date: day(30) });
    const after = await server.client().get('/api/stats');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      members: before.members + 1,
      questions: before.questions + 1,
      blogPosts: before.blogPosts + 1,
      eventsThisWeek: before.eventsThisWeek + 1,
      categories: before.categories,
    });
    expect(after.body.categories).toBeGreaterThan(0);
  });

  it('keeps its kept counters true through deleting, unpublishing and account deletion', async () => {
    const m = await server.member();
    const gone = await server.member();
    const admin = await server.admin();
    const q = (await m.client.post('/api/questions', { title: 'Silinecek soru', content: 'x' })).body;
    await gone.client.post('/api/questions', { title: 'Kalan soru', content: 'x' });
    const a = (await admin.client.post('/api/blog/posts', { title: 'Geri çekilecek', content: '<p>x</p>', published: true })).body;
    const b = (await admin.client.post('/api/blog/posts', { title: 'Silinecek', content: '<p>x</p>', published: true })).body;
    const draft = (await admin.client.post('/api/blog/posts', { title: 'Sonra yayında', content: '<p>x</p>', published: false })).body;
    expect((await admin.client.delete(`/api/questions/${q.id}`)).status).toBe(200);
    expect((await admin.client.patch(`/api/blog/posts/${a.id}`, { published: false })).status).toBe(200);
    expect((await admin.client.patch(`/api/blog/posts/${draft.id}`, { published: true })).status).toBe(200);
    expect((await admin.client.delete(`/api/blog/posts/${b.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/admin/users/${gone.user.id}`)).status).toBe(200);
    const db = server.ctx.db;
    const count = async (q: any) => Number((await q.count({ n: '*' }))[0].n);
    const stats = (await server.client().get('/api/stats')).body;
    expect([stats.members, stats.questions, stats.blogPosts]).toEqual([
      await count(db('users')),
      await count(db('questions')),
      await count(db('blog_posts').where('published', true)),
    ]);
  });
});

describe('GET /api/stats/today', () => {
  it("counts the last day's new content, active members and the share of posts that got a like or comment", async () => {
    const before = (await server.client().get('/api/stats/today')).body;
    const a = await server.member();
    const b = await server.member();
    const liked = (await a.client.post('/api/posts', { content: 'beğenilecek' })).body;
    await a.client.post('/api/posts', { content: 'sessiz' });
    await a.client.post('/api/questions', { title: 'Günün sorusu', content: 'x' });
    await b.client.post(`/api/posts/${liked.id}/like`);
    const after = (await server.client().get('/api/stats/today')).body;
    expect(after.newContent).toBe(before.newContent + 3);
    expect(after.activeUsers).toBe(before.activeUsers + 2);
    // This server's only posts today are these two, one of them liked.
    expect(after.engagement).toBe(50);
  });
});
