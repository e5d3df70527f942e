import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('notifications', () => {
  it('are created by actions, listed newest first with the actor, and touched only by their owner', async () => {
    const owner = await server.member();
    const fan = await server.member({ displayName: 'Hayran Kişi' });
    const post = (await owner.client.post('/api/posts', { content: 'bildirim testi' })).body;
    await fan.client.post(`/api/posts/${post.id}/like`);
    await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'süper' });
    await fan.client.post(`/api/users/${owner.user.id}/follow`);

    const list = await owner.client.get('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.body.map((n: { type: string }) => n.type)).toEqual(['follow', 'comment', 'like']);
    expect(list.body[2]).toMatchObject({
      type: 'like',
      message: 'gönderinizi beğendi',
      isRead: false,
      relatedPostId: post.id,
      relatedUserId: fan.user.id,
      relatedUser: { username: fan.user.username, displayName: 'Hayran Kişi' },
    });
    expect((await owner.client.get('/api/notifications/unread-count')).body).toEqual({ count: 3 });

    const first = list.body[0].id;
    // Another member can neither read, mark nor delete it: 404 as if it did not exist.
    expect((await fan.client.patch(`/api/notifications/${first}/read`)).status).toBe(404);
    expect((await fan.client.delete(`/api/notifications/${first}`)).status).toBe(404);
    expect((await fan.client.get('/api/notifications')).body).toEqual([]);
    expect((await server.client().get('/api/notifications')).status).toBe(401);

    expect((await owner.client.patch(`/api/notifications/${first}/read`)).status).toBe(200);
    expect((await owner.client.get('/api/notifications/unread-count')).body).toEqual({ count: 2 });
    expect((await owner.client.patch('/api/notifications/read-all')).body).toEqual({ updated: 2 });
    expect((await owner.client.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });
    expect((await owner.client.delete(`/api/notifications/${first}`)).status).toBe(200);
    expect((await owner.client.get('/api/notifications')).body).toHaveLength(2);
    const firstPage = await owner.client.get('/api/notifications?limit=1');
    expect(firstPage.body).toHaveLength(1);
    const paged = await owner.client.get(`/api/notifications?limit=1&cursor=${firstPage.headers.get('x-next-cursor')}`);
    expect(paged.body.map((n: { type: string }) => n.type)).toEqual(['like']);
    expect(paged.headers.get('x-next-cursor')).toBeNull();
    expect((await owner.client.get('/api/notifications?cursor=bm9wZQ')).body.code).toBe('invalid_cursor');
  });

  it('never notifies people about their own actions', async () => {
    const me = await server.member();
    const post = (await me.client.post('/api/posts', { content: 'kendime @' + me.user.username })).body;
    await me.client.post(`/api/posts/${post.id}/like`);
    await me.client.post(`/api/posts/${post.id}/comments`, { content: 'kendi yorumum' });
    expect((await me.client.get('/api/notifications')).body).toEqual([]);
  });
});
