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
});

describe('GET /api/stats/today', () => {
  it('counts the last day\'s new content, active members and the share of posts that got a like or comment', async () => {
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

