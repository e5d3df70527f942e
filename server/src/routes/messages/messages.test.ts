import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('messages', () => {
  it('sends, lists conversations with unread counts, reads both directions oldest first', async () => {
    const a = await server.member();
    const b = await server.member();
    const c = await server.member();
    const m1 = await a.client.post('/api/messages', { receiverId: b.user.id, content: '  Merhaba!  ', messageType: 'text', senderId: c.user.id });
    expect(m1.status).toBe(201);
    expect(m1.body).toMatchObject({ senderId: a.user.id, receiverId: b.user.id, content: 'Merhaba!', isRead: false, messageType: 'text' });
    await b.client.post('/api/messages', { receiverId: a.user.id, content: 'Selam' });
    await a.client.post('/api/messages', { receiverId: b.user.id, content: 'Nasılsın?' });
    await c.client.post('/api/messages', { receiverId: b.user.id, content: 'Ben de buradayım' });

    const conversations = await b.client.get('/api/messages');
    expect(conversations.body.map((x: { otherUser: { id: number } }) => x.otherUser.id)).toEqual([c.user.id, a.user.id]);
    expect(conversations.body[1].unreadCount).toBe(2);
    expect(conversations.body[1].lastMessage.content).toBe('Nasılsın?');
    expect((await b.client.get('/api/messages/unread-count')).body).toEqual({ count: 3 });

    const thread = await b.client.get(`/api/messages/conversation/${a.user.id}`);
    expect(thread.body.map((m: { content: string }) => m.content)).toEqual(['Merhaba!', 'Selam', 'Nasılsın?']);
    expect((await c.client.get(`/api/messages/conversation/${a.user.id}`)).body).toEqual([]);

    // Only the receiver marks read; only the sender deletes.
    expect((await a.client.patch(`/api/messages/${m1.body.id}/read`)).status).toBe(403);
    expect((await c.client.patch(`/api/messages/${m1.body.id}/read`)).status).toBe(404);
    expect((await b.client.patch(`/api/messages/${m1.body.id}/read`)).status).toBe(200);
    expect((await b.client.patch(`/api/messages/conversation/${a.user.id}/read`)).body).toEqual({ updated: 1 });
    expect((await b.client.get('/api/messages/unread-count')).body).toEqual({ count: 1 });
    expect((await b.client.delete(`/api/messages/${m1.body.id}`)).status).toBe(403);
    expect((await c.client.delete(`/api/messages/${m1.body.id}`)).status).toBe(404);
    const last = thread.body[2].id;
    expect((await a.client.delete(`/api/messages/${last}`)).status).toBe(200);
    const after = await b.client.get('/api/messages');
    expect(after.body.find((x: { otherUser: { id: number } }) => x.otherUser.id === a.user.id).lastMessage.content).toBe('Selam');
  });

  it('refuses blank, too long, to oneself, to nobody, and when signed out', async () => {
    const a = await server.member();
    const b = await server.member();
    const blank = await a.client.post('/api/messages', { receiverId: b.user.id, content: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Mesaj boş olamaz');
    const long = await a.client.post('/api/messages', { receiverId: b.user.id, content: 'x'.repeat(501) });
    expect(long.body.error).toBe('Mesaj en fazla 500 karakter olabilir');
    expect((await a.client.post('/api/messages', { receiverId: b.user.id, content: 'x'.repeat(500) })).status).toBe(201);
    const self = await a.client.post('/api/messages', { receiverId: a.user.id, content: 'ben' });
    expect(self.status).toBe(400);
    expect((await a.client.post('/api/messages', { receiverId: 999999, content: 'kimse' })).status).toBe(404);
    expect((await server.client().post('/api/messages', { receiverId: b.user.id, content: 'x' })).status).toBe(401);
    expect((await server.client().get('/api/messages')).status).toBe(401);
  });

  it('pages a long conversation backwards', async () => {
    const a = await server.member();
    const b = await server.member();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await a.client.post('/api/messages', { receiverId: b.user.id, content: `m${i}` })).body.id);
    const latest = await b.client.get(`/api/messages/conversation/${a.user.id}?limit=2`);
    expect(latest.body.map((m: { content: string }) => m.content)).toEqual(['m3', 'm4']);
    const older = await b.client.get(`/api/messages/conversation/${a.user.id}?limit=2&cursor=${latest.headers.get('x-next-cursor')}`);
    expect(older.body.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2']);
    const oldest = await b.client.get(`/api/messages/conversation/${a.user.id}?limit=2&cursor=${older.headers.get('x-next-cursor')}`);
    expect(oldest.body.map((m: { content: string }) => m.content)).toEqual(['m0']);
    expect(oldest.headers.get('x-next-cursor')).toBeNull();
    const bad = await b.client.get(`/api/messages/conversation/${a.user.id}?cursor=${ids[0]}`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_cursor');
    // The inbox pages the same way: one conversation a page here.
    const c = await server.member();
    await c.client.post('/api/messages', { receiverId: b.user.id, content: 'selam' });
    const inbox = await b.client.get('/api/messages?limit=1');
    expect(inbox.body.map((x: { otherUser: { id: number } }) => x.otherUser.id)).toEqual([c.user.id]);
    const inbox2 = await b.client.get(`/api/messages?limit=1&cursor=${inbox.headers.get('x-next-cursor')}`);
    expect(inbox2.body.map((x: { otherUser: { id: number } }) => x.otherUser.id)).toEqual([a.user.id]);
    expect(inbox2.headers.get('x-next-cursor')).toBeNull();
  });
});
