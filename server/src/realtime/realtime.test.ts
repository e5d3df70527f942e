import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type Member, type TestServer } from '../test/harness';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.close();
});

/** A real socket.io client over the network, authenticated like a browser: by its cookie. */
function socketFor(member: Member | null, opts: { token?: string } = {}): Socket {
  const socket = connect(server.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: member ? { cookie: member.client.cookieHeader } : {},
    auth: opts.token ? { token: opts.token } : {},
  });
  sockets.push(socket);
  return socket;
}

/** Collects every event so a test can wait for one that matches. */
function recorder(socket: Socket) {
  const seen: { event: string; payload: any }[] = [];
  socket.onAny((event, payload) => seen.push({ event, payload }));
  return {
    seen,
    async waitFor(event: string, match: (p: any) => boolean = () => true, timeoutMs = 5000) {
      const start = Date.now();
      while (Date.now() - start < timeoutMs) {
        const hit = seen.find((s) => s.event === event && match(s.payload));
        if (hit) return hit.payload;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${event} within ${timeoutMs} ms; saw ${JSON.stringify(seen)}`);
    },
  };
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', (err) => reject(err));
  });
}

describe('real-time socket at /ws', () => {
  it('refuses a connection without a session, whatever userId it claims', async () => {
    const socket = connect(server.url, { path: '/ws', transports: ['websocket'], reconnection: false, forceNew: true, auth: { userId: 1, type: 'auth' } });
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow(/unauthorized/);
  });

  it('pushes counts on connect and new notifications to the right user only', async () => {
    const owner = await server.member();
    const fan = await server.member();
    const ownerSocket = socketFor(owner);
    const fanSocket = socketFor(fan);
    const ownerEvents = recorder(ownerSocket);
    const fanEvents = recorder(fanSocket);
    await Promise.all([connected(ownerSocket), connected(fanSocket)]);
    expect(await ownerEvents.waitFor('notification_count')).toEqual({ count: 0 });
    expect(await ownerEvents.waitFor('message_count')).toEqual({ count: 0 });

    const post = (await owner.client.post('/api/posts', { content: 'canlı' })).body;
    await fan.client.post(`/api/posts/${post.id}/like`);
    const pushed = await ownerEvents.waitFor('new_notification');
    expect(pushed.notification).toMatchObject({ type: 'like', relatedPostId: post.id, relatedUserId: fan.user.id });
    await ownerEvents.waitFor('notification_count', (p) => p.count === 1);

    await owner.client.patch('/api/notifications/read-all');
    await ownerEvents.waitFor('notification_count', (p) => p.count === 0);
    expect(fanEvents.seen.some((s) => s.event === 'new_notification')).toBe(false);
  });

  it("pushes a notification that joins a group as the list's row: same id and key, the new size; the count counts the group once", async () => {
    const owner = await server.member();
    const fans = [await server.member(), await server.member(), await server.member()];
    const socket = socketFor(owner);
    const events = recorder(socket);
    await connected(socket);
    await events.waitFor('notification_count', (p) => p.count === 0);
    const post = (await owner.client.post('/api/posts', { content: 'gruplanacak beğeniler' })).body;
    const listed = async () => (await owner.client.get('/api/notifications?limit=100')).body as { id: number; groupKey: string | null }[];

    await fans[0]!.client.post(`/api/posts/${post.id}/like`);
    const first = (await events.waitFor('new_notification')).notification;
    expect(first).toMatchObject({ type: 'like', groupCount: 1, groupKey: expect.stringMatching(/^like:/) });
    expect(await listed()).toEqual([first]);

    for (const [i, fan] of fans.slice(1).entries()) {
      await fan.client.post(`/api/posts/${post.id}/like`);
      const pushed = (await events.waitFor('new_notification', (p) => p.notification.groupCount === i + 2)).notification;
      // The list's one row for the group, as the list shows it now: the newest like's id, the group's key and size.
      const list = await listed();
      expect(list).toEqual([pushed]);
      expect(pushed).toMatchObject({ groupKey: first.groupKey, relatedUserId: fan.user.id, isRead: false });
      expect(pushed.id).toBeGreaterThan(first.id);
    }
    // Three likes, one row: the badge says 1, on every push.
    const counts = events.seen.filter((e) => e.event === 'notification_count').map((e) => e.payload.count);
    expect(counts.at(-1)).toBe(1);
    expect(Math.max(...counts)).toBe(1);
    expect((await owner.client.get('/api/notifications/unread-count')).body.count).toBe(1);

    // A read group stays one row; a new like makes it unread again, still one row of four.
    await owner.client.patch(`/api/notifications/${(await listed())[0]!.id}/read`);
    await events.waitFor('notification_count', (p) => p.count === 0);
    const late = await server.member();
    await late.client.post(`/api/posts/${post.id}/like`);
    const fourth = (await events.waitFor('new_notification', (p) => p.notification.groupCount === 4)).notification;
    expect(fourth).toMatchObject({ isRead: false, groupKey: first.groupKey });
    expect(await listed()).toEqual([fourth]);
    await events.waitFor('notification_count', (p) => p.count === 1);
  });

  it('delivers new messages live with the unread count, and not to a third person', async () => {
    const a = await server.member();
    const b = await server.member();
    const c = await server.member();
    const bSocket = socketFor(b);
    const cSocket = socketFor(c);
    const bEvents = recorder(bSocket);
    const cEvents = recorder(cSocket);
    await Promise.all([connected(bSocket), connected(cSocket)]);
    await a.client.post('/api/messages', { receiverId: b.user.id, content: 'Canlı mesaj' });
    const { message } = await bEvents.waitFor('new_message');
    expect(message).toMatchObject({ content: 'Canlı mesaj', senderId: a.user.id, receiverId: b.user.id });
    await bEvents.waitFor('message_count', (p) => p.count === 1);
    await b.client.patch(`/api/messages/conversation/${a.user.id}/read`);
    await bEvents.waitFor('message_count', (p) => p.count === 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(cEvents.seen.filter((s) => s.event === 'new_message')).toHaveLength(0);
  });

  it("accepts the desktop app's bearer token and disconnects a session at logout", async () => {
    const m = await server.member({ username: 'soketmasa' });
    const desktop = await server.client().post('/api/auth/login', { username: 'soketmasa', password: 'Guclu.Sifre1' }, { 'x-mahalle-client': 'desktop' });
    const tokenSocket = socketFor(null, { token: desktop.body.token });
    await connected(tokenSocket);
    const cookieSocket = socketFor(m);
    await connected(cookieSocket);
    const gone = new Promise<string>((resolve) => cookieSocket.on('disconnect', (reason) => resolve(reason)));
    await m.client.post('/api/auth/logout');
    expect(await gone).toBe('io server disconnect');
    expect(tokenSocket.connected).toBe(true);
  });

  it('refuses a browser handshake from another site', async () => {
    const m = await server.member();
    const socket = connect(server.url, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: m.client.cookieHeader, origin: 'https://kotu.example' },
    });
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow();
  });

  it('tells admins the open report count live, and members nothing', async () => {
    const admin = await server.admin();
    const member = await server.member();
    const author = await server.member();
    const adminSocket = socketFor(admin);
    const memberSocket = socketFor(member);
    const adminEvents = recorder(adminSocket);
    const memberEvents = recorder(memberSocket);
    await Promise.all([connected(adminSocket), connected(memberSocket)]);
    await adminEvents.waitFor('report_count', (p) => p.count === 0);
    const post = (await author.client.post('/api/posts', { content: 'şikayetlik' })).body;
    const report = (await member.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'spam' })).body;
    await adminEvents.waitFor('report_created', (p) => p.reportId === report.id);
    await adminEvents.waitFor('report_count', (p) => p.count === 1);
    await admin.client.post(`/api/admin/reports/${report.id}/dismiss`, { note: 'sorun yok' });
    await adminEvents.waitFor('report_count', (p) => p.count === 0);
    expect(memberEvents.seen.some((s) => s.event.startsWith('report'))).toBe(false);
  });

  it("moves a promoted or demoted admin's open sockets into or out of the admins' room", async () => {
    const admin = await server.admin();
    const dave = await server.member();
    const author = await server.member();
    const reporter = await server.member();
    await admin.client.patch(`/api/admin/users/${dave.user.id}`, { role: 'admin' });
    const socket = socketFor(dave);
    const events = recorder(socket);
    await connected(socket);
    await events.waitFor('report_count');
    await admin.client.patch(`/api/admin/users/${dave.user.id}`, { role: 'user' });
    const p1 = (await author.client.post('/api/posts', { content: 'rol testi 1' })).body;
    const r1 = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: p1.id, reason: 'spam' })).body;
    const adminSocket = socketFor(admin);
    const adminEvents = recorder(adminSocket);
    await connected(adminSocket);
    const p2 = (await author.client.post('/api/posts', { content: 'rol testi 2' })).body;
    const r2 = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: p2.id, reason: 'spam' })).body;
    await adminEvents.waitFor('report_created', (p) => p.reportId === r2.id);
    expect(events.seen.some((s) => s.event === 'report_created' && [r1.id, r2.id].includes(s.payload.reportId))).toBe(false);
    await admin.client.patch(`/api/admin/users/${dave.user.id}`, { role: 'admin' });
    const p3 = (await author.client.post('/api/posts', { content: 'rol testi 3' })).body;
    const r3 = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: p3.id, reason: 'spam' })).body;
    await events.waitFor('report_created', (p) => p.reportId === r3.id);
    for (const r of [r1, r2, r3]) await admin.client.post(`/api/admin/reports/${r.id}/dismiss`, { note: 'test' });
  });

  it('closes a socket when its session ends, and refuses it afterwards', async () => {
    const m = await server.member();
    await server.ctx
      .db('sessions')
      .where({ user_id: m.user.id })
      .update({ expires_at: new Date(Date.now() + 1200).toISOString() });
    const socket = socketFor(m);
    await connected(socket);
    const reason = await new Promise<string>((resolve) => socket.on('disconnect', (r) => resolve(r)));
    expect(reason).toBe('io server disconnect');
    await expect(connected(socketFor(m))).rejects.toThrow(/unauthorized/);
  });
});
