import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type Member, type TestServer } from '../../test/harness';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.close();
});

const ALL_ON = {
  likes: { inApp: true, desktop: true },
  comments: { inApp: true, desktop: true },
  mentions: { inApp: true, desktop: true },
  follows: { inApp: true, desktop: true },
  messages: { inApp: true, desktop: true },
  groupActivity: { inApp: true, desktop: true },
  events: { inApp: true, desktop: true },
  moderation: { inApp: true, desktop: true },
};
const DEFAULTS = { kinds: ALL_ON, quietHours: { enabled: false, start: '23:00', end: '08:00', timeZone: 'Europe/Istanbul' } };

async function connectedSocket(member: Member) {
  const socket = connect(server.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: member.client.cookieHeader },
  });
  sockets.push(socket);
  const seen: { event: string; payload: any }[] = [];
  socket.onAny((event, payload) => seen.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return {
    seen,
    /** Waits for the next event of this name after the `from`-th one seen (no timed assertion: a ceiling only). */
    async next(event: string, from: number) {
      for (let i = 0; i < 250; i += 1) {
        const hit = seen.filter((s) => s.event === event)[from];
        if (hit) return hit.payload;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${event} #${from}; saw ${JSON.stringify(seen.map((s) => s.event))}`);
    },
  };
}

describe('notification settings', () => {
  it('answer the defaults until saved, then what was saved; only for the signed-in member', async () => {
    const m = await server.member();
    const got = await m.client.get('/api/users/me/notification-settings');
    expect(got.status).toBe(200);
    expect(got.body).toEqual(DEFAULTS);
    const wanted = {
      kinds: { ...ALL_ON, likes: { inApp: false, desktop: false }, events: { inApp: true, desktop: false } },
      quietHours: { enabled: true, start: '22:30', end: '07:00', timeZone: 'Europe/London' },
    };
    const put = await m.client.put('/api/users/me/notification-settings', wanted);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(wanted);
    expect((await m.client.get('/api/users/me/notification-settings')).body).toEqual(wanted);
    // Another member still has the defaults; a visitor is refused.
    expect((await (await server.member()).client.get('/api/users/me/notification-settings')).body).toEqual(DEFAULTS);
    expect((await server.client().get('/api/users/me/notification-settings')).status).toBe(401);
  });

  it('keep moderation notices (and messages) in-app whatever is sent', async () => {
    const m = await server.member();
    const res = await m.client.put('/api/users/me/notification-settings', {
      ...DEFAULTS,
      kinds: { ...ALL_ON, moderation: { inApp: false, desktop: false }, messages: { inApp: false, desktop: false } },
    });
    expect(res.status).toBe(200);
    expect(res.body.kinds.moderation).toEqual({ inApp: true, desktop: false });
    expect(res.body.kinds.messages).toEqual({ inApp: true, desktop: false });
  });

  it('refuse bad input in Turkish and keep what was saved', async () => {
    const m = await server.member();
    const cases: [unknown, string][] = [
      [{ ...DEFAULTS, quietHours: { ...DEFAULTS.quietHours, start: '25:00' } }, 'Saat SS:DD biçiminde olmalıdır (ör. 23:00)'],
      [{ ...DEFAULTS, quietHours: { ...DEFAULTS.quietHours, end: '7:00' } }, 'Saat SS:DD biçiminde olmalıdır (ör. 23:00)'],
      [{ ...DEFAULTS, quietHours: { ...DEFAULTS.quietHours, timeZone: 'Mars/Olympus' } }, 'Geçerli bir saat dilimi seçin (ör. Europe/Istanbul)'],
      [{ ...DEFAULTS, kinds: { ...ALL_ON, likes: { inApp: 'evet', desktop: true } } }, 'Her bildirim türü için açık ya da kapalı seçilmelidir'],
      [{ ...DEFAULTS, kinds: { ...ALL_ON, likes: undefined } }, 'Her bildirim türü için açık ya da kapalı seçilmelidir'],
      [{ kinds: ALL_ON }, 'Bildirim ayarları eksik ya da hatalı'],
    ];
    for (const [body, error] of cases) {
      const res = await m.client.put('/api/users/me/notification-settings', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await m.client.get('/api/users/me/notification-settings')).body).toEqual(DEFAULTS);
  });

  it('with likes off in-app, a like writes no notification while comments still do; moderation always does', async () => {
    const owner = await server.member();
    const fan = await server.member();
    const admin = await server.admin();
    await owner.client.put('/api/users/me/notification-settings', {
      ...DEFAULTS,
      kinds: { ...ALL_ON, likes: { inApp: false, desktop: true }, moderation: { inApp: false, desktop: true } },
    });
    const post = (await owner.client.post('/api/posts', { content: 'beğeni kapalı' })).body;
    expect((await fan.client.post(`/api/posts/${post.id}/like`)).status).toBe(200);
    expect((await owner.client.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });
    await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'yorum geliyor' });
    expect((await owner.client.get('/api/notifications')).body.map((n: { type: string }) => n.type)).toEqual(['comment']);

    // Likes back on: the next like notifies.
    await owner.client.put('/api/users/me/notification-settings', DEFAULTS);
    const other = await server.member();
    await other.client.post(`/api/posts/${post.id}/like`);
    expect((await owner.client.get('/api/notifications')).body.map((n: { type: string }) => n.type)).toEqual(['like', 'comment']);

    // A moderation notice arrives even though the member tried to turn it off.
    const second = (await owner.client.post('/api/posts', { content: 'kaldırılacak' })).body;
    expect((await admin.client.delete(`/api/posts/${second.id}?reason=kural`)).status).toBe(200);
    expect((await owner.client.get('/api/notifications')).body[0]).toMatchObject({ type: 'moderation' });
  });

  it('a batch (an event cancelled) skips only the attendees who turned events off', async () => {
    const host = await server.member();
    const wants = await server.member();
    const doesNot = await server.member();
    await doesNot.client.put('/api/users/me/notification-settings', { ...DEFAULTS, kinds: { ...ALL_ON, events: { inApp: false, desktop: true } } });
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const event = (await host.client.post('/api/events', { title: 'Piknik', description: 'Parkta', date })).body;
    await wants.client.post(`/api/events/${event.id}/attend`);
    await doesNot.client.post(`/api/events/${event.id}/attend`);
    expect((await host.client.post(`/api/events/${event.id}/cancel`, { reason: 'Yağmur' })).status).toBe(200);
    expect((await wants.client.get('/api/notifications')).body.map((n: { type: string }) => n.type)).toEqual(['event_cancelled']);
    expect((await doesNot.client.get('/api/notifications')).body).toEqual([]);
  });

  it('the socket says whether to show natively: desktop switch on and outside quiet hours, at a set clock', async () => {
    const owner = await server.member();
    const fan = await server.member();
    const events = await connectedSocket(owner);
    const post = (await owner.client.post('/api/posts', { content: 'sessiz saatler' })).body;
    await owner.client.put('/api/users/me/notification-settings', {
      kinds: { ...ALL_ON, comments: { inApp: true, desktop: false } },
      quietHours: { enabled: true, start: '23:00', end: '08:00', timeZone: 'Europe/Istanbul' },
    });
    try {
      // 12:00 in Istanbul: a like shows natively, a comment (desktop off) does not.
      server.ctx.now = () => new Date('2026-11-24T09:00:00Z');
      await fan.client.post(`/api/posts/${post.id}/like`);
      expect(await events.next('new_notification', 0)).toMatchObject({ notification: { type: 'like' }, showNative: true });
      await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'bir' });
      expect(await events.next('new_notification', 1)).toMatchObject({ notification: { type: 'comment' }, showNative: false });
      // 23:30 in Istanbul (20:30Z), the same day there: inside quiet hours, nothing native; still counted.
      server.ctx.now = () => new Date('2026-11-24T20:30:00Z');
      const other = await server.member();
      await other.client.post(`/api/posts/${post.id}/like`);
      expect(await events.next('new_notification', 2)).toMatchObject({ notification: { type: 'like' }, showNative: false });
      // Counted: the two likes of the post, on one day of the community, are one (grouped) item, the comment another.
      expect((await owner.client.get('/api/notifications/unread-count')).body).toEqual({ count: 2 });
      // A message at 23:30 is quiet too; at noon it shows; the sender's copy never does.
      const senderEvents = await connectedSocket(fan);
      await fan.client.post('/api/messages', { receiverId: owner.user.id, content: 'gece mesajı' });
      expect(await events.next('new_message', 0)).toMatchObject({ showNative: false });
      expect(await senderEvents.next('new_message', 0)).toMatchObject({ showNative: false });
      server.ctx.now = () => new Date('2026-11-24T09:00:00Z');
      await fan.client.post('/api/messages', { receiverId: owner.user.id, content: 'öğlen mesajı' });
      expect(await events.next('new_message', 1)).toMatchObject({ showNative: true });
    } finally {
      server.ctx.now = undefined;
    }
  });
});
