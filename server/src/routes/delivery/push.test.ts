import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer } from '../../test/harness';
import { startPushService, type PushService } from '../../test/push-service';
import { GROUP_WINDOW_MS } from '../../services/delivery/enqueue';

/*
 * Web Push end to end: a member's browser subscribes (keys made here as a browser makes them), a
 * notification is written, the `deliveries` job sends it to a push service on 127.0.0.1 that
 * checks the VAPID signature and decrypts the payload with the device's private key.
 */

let server: TestServer;
let push: PushService;
let devices = 0;

beforeAll(async () => {
  push = await startPushService();
  server = await startTestServer();
  // The tests send by ticking at chosen times, never from the wake-up after each write.
  await server.jobs.deliveries.stop();
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

const later = (ms: number) => new Date(Date.now() + ms);
/** Runs the queue as the job would at `at` (a moment after any group window by default). */
async function drain(node: TestServer = server, at = later(GROUP_WINDOW_MS + 1000)) {
  node.jobs.deliveries.now = () => at;
  return node.jobs.deliveries.tick();
}

async function withDevice(m: Member): Promise<string> {
  devices += 1;
  const name = `d${devices}`;
  const res = await m.client.post('/api/push/subscriptions', push.device(name), {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  expect(res.status).toBe(201);
  return name;
}

const deliveriesOf = (userId: number) => server.ctx.db('notification_deliveries').where({ user_id: userId, channel: 'push' });

describe('push subscriptions', () => {
  it('gives the VAPID key to members, and keeps each member’s devices: add, list, remove', async () => {
    const m = await server.member();
    const key = await m.client.get('/api/push/key');
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toBe(server.ctx.config.vapid.publicKey);
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);
    expect((await server.client().get('/api/push/key')).status).toBe(401);

    const sub = push.device('list-a');
    const added = await m.client.post('/api/push/subscriptions', sub, {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ label: 'Firefox, Windows', endpoint: sub.endpoint, lastSuccessAt: null });
    // The same browser subscribing again is the same device.
    expect((await m.client.post('/api/push/subscriptions', sub)).body.id).toBe(added.body.id);
    const list = await m.client.get('/api/push/subscriptions');
    expect(list.body.map((d: { id: number }) => d.id)).toEqual([added.body.id]);

    const other = await server.member();
    expect((await other.client.get('/api/push/subscriptions')).body).toEqual([]);
    const refused = await other.client.delete(`/api/push/subscriptions/${added.body.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('push_subscription_not_found');
    expect((await m.client.delete(`/api/push/subscriptions/${added.body.id}`)).body).toEqual({ ok: true });
    expect((await m.client.get('/api/push/subscriptions')).body).toEqual([]);
  });

  it('refuses a subscription without its keys, with a Turkish error and nothing stored', async () => {
    const m = await server.member();
    const bad = await m.client.post('/api/push/subscriptions', { endpoint: 'bir-adres-değil', keys: { p256dh: 'x', auth: 'y' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(TEXTS.delivery.invalidSubscription);
    expect(Number((await server.ctx.db('push_subscriptions').where({ user_id: m.user.id }).count({ n: '*' }))[0]!.n)).toBe(0);
  });
});

describe('pushes', () => {
  let author: Member;
  let fan: Member;
  let device: string;
  beforeEach(async () => {
    author = await server.member();
    fan = await server.member();
    device = await withDevice(author);
  });

  it('a comment reaches the device, encrypted for it and signed with the server’s key, and opens the post', async () => {
    const post = (await author.client.post('/api/posts', { content: 'yorumlanacak' })).body;
    expect((await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'Çok güzel!' })).status).toBe(201);
    // Sending never happened in the request: the push waits in the queue.
    expect(push.to(device)).toHaveLength(0);
    expect((await deliveriesOf(author.user.id)).map((d) => d.state)).toEqual(['pending']);

    expect(await drain()).toMatchObject({ sent: 1 });
    const [got] = push.to(device);
    expect(got?.vapidKey).toBe(server.ctx.config.vapid.publicKey);
    expect(got?.headers.ttl).toBeDefined();
    expect(got?.payload).toMatchObject({ title: 'Mahalle', body: `${fan.user.displayName} ${TEXTS.notificationTexts.comment}`, url: `/posts/${post.id}` });
    expect(got?.payload?.tag).toMatch(/^n:\d+$/);
    const devicesNow = (await author.client.get('/api/push/subscriptions')).body;
    expect(devicesNow[0].lastSuccessAt).not.toBeNull();
    expect(devicesNow[0].label).toBe('Chrome, Linux');
  });

  it('twelve likes of a post are one push with the group’s count, and a thirteenth updates it under the same tag', async () => {
    const post = (await author.client.post('/api/posts', { content: 'beğenilecek' })).body;
    const fans = await Promise.all(Array.from({ length: 12 }, () => server.member()));
    for (const f of fans) expect((await f.client.post(`/api/posts/${post.id}/like`)).status).toBeLessThan(300);
    // Within the group's window nothing goes out yet.
    expect(await drain(server, later(0))).toMatchObject({ sent: 0 });
    expect(await drain()).toMatchObject({ sent: 1 });
    const [first] = push.to(device);
    expect(first?.payload).toMatchObject({ body: TEXTS.notificationSettings.likedByMany(12), count: 12, url: `/posts/${post.id}` });
    expect(first?.payload?.tag).toMatch(new RegExp(`^like:${post.id}:\\d{4}-\\d\\d-\\d\\d$`));

    await fan.client.post(`/api/posts/${post.id}/like`);
    await drain(server, later(2 * GROUP_WINDOW_MS));
    const all = push.to(device);
    expect(all).toHaveLength(2);
    expect(all[1]?.payload).toMatchObject({ body: TEXTS.notificationSettings.likedByMany(13), count: 13, tag: first?.payload?.tag });
  });

  it('follows the member’s switches and quiet hours: no push for a kind whose notices are off, none in quiet hours', async () => {
    const settings = (await author.client.get('/api/users/me/notification-settings')).body;
    const post = (await author.client.post('/api/posts', { content: 'ayarlar' })).body;

    // Comments' notices off: the in-app notification is there, the push is not.
    await author.client.put('/api/users/me/notification-settings', { ...settings, kinds: { ...settings.kinds, comments: { inApp: true, desktop: false } } });
    await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'bir' });
    expect(await deliveriesOf(author.user.id)).toHaveLength(0);
    expect(Number((await server.ctx.db('notifications').where({ user_id: author.user.id, type: 'comment' }).count({ n: '*' }))[0]!.n)).toBe(1);

    // In-app off: nothing at all.
    await author.client.put('/api/users/me/notification-settings', { ...settings, kinds: { ...settings.kinds, likes: { inApp: false, desktop: true } } });
    await fan.client.post(`/api/posts/${post.id}/like`);
    expect(await deliveriesOf(author.user.id)).toHaveLength(0);

    // Quiet hours around now (UTC): no push; outside them: a push.
    const hour = new Date().getUTCHours();
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    await author.client.put('/api/users/me/notification-settings', {
      ...settings,
      quietHours: { enabled: true, start: hh(hour - 1), end: hh(hour + 1), timeZone: 'UTC' },
    });
    await fan.client.post(`/api/users/${author.user.id}/follow`);
    expect(await deliveriesOf(author.user.id)).toHaveLength(0);
    await author.client.put('/api/users/me/notification-settings', {
      ...settings,
      quietHours: { enabled: true, start: hh(hour + 2), end: hh(hour + 3), timeZone: 'UTC' },
    });
    await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'iki' });
    expect(await deliveriesOf(author.user.id)).toHaveLength(1);
  });

  it('a direct message pushes the sender’s words and opens the conversation', async () => {
    expect((await fan.client.post('/api/messages', { receiverId: author.user.id, content: 'Merhaba komşu!' })).status).toBe(201);
    await drain();
    expect(push.to(device)[0]?.payload).toEqual({
      title: TEXTS.delivery.newMessage(fan.user.displayName),
      body: 'Merhaba komşu!',
      url: `/messages?user=${fan.user.id}`,
      tag: `message:${fan.user.id}`,
    });
  });

  it('deletes a device the push service says is gone (404 and 410)', async () => {
    const second = await withDevice(author);
    push.answer(device, 410);
    push.answer(second, 404);
    const post = (await author.client.post('/api/posts', { content: 'gitti' })).body;
    await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'hey' });
    expect(await drain()).toMatchObject({ dropped: 2, sent: 0 });
    expect(push.to(device).map((p) => p.status)).toEqual([410]);
    expect(push.to(second).map((p) => p.status)).toEqual([404]);
    expect((await author.client.get('/api/push/subscriptions')).body).toEqual([]);
    expect(await deliveriesOf(author.user.id)).toHaveLength(0);
  });

  it('tries again with growing waits when the push service fails (500), and gives up after the last try', async () => {
    push.answer(device, 500, 503);
    const post = (await author.client.post('/api/posts', { content: 'tekrar' })).body;
    await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'deneme' });
    const t0 = Date.now() + 1000;
    expect(await drain(server, new Date(t0))).toMatchObject({ retried: 1 });
    let [row] = await deliveriesOf(author.user.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: 'push service answered 500' });
    expect(new Date(row.next_attempt_at).getTime()).toBe(t0 + 30_000);
    // Not before its time.
    expect(await drain(server, new Date(t0 + 29_000))).toMatchObject({ sent: 0, retried: 0 });
    expect(await drain(server, new Date(t0 + 30_000))).toMatchObject({ retried: 1 });
    [row] = await deliveriesOf(author.user.id);
    expect(new Date(row.next_attempt_at).getTime()).toBe(t0 + 30_000 + 60_000);
    expect(await drain(server, new Date(t0 + 90_000))).toMatchObject({ sent: 1 });
    expect(push.to(device).map((p) => p.status)).toEqual([500, 503, 201]);

    // A service that keeps failing: the row ends failed after PUSH_MAX_ATTEMPTS tries.
    push.answer(device, ...Array.from({ length: 20 }, () => 500));
    await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'yine' });
    let at = t0 + 100_000;
    for (let i = 0; i < 10; i++) {
      await drain(server, new Date(at));
      at += 7 * 3600_000;
    }
    const rows = await deliveriesOf(author.user.id).orderBy('id');
    expect(rows.at(-1)).toMatchObject({ state: 'failed', attempts: 8 });
  });
});

describe('the queue survives a restart', () => {
  it('what one node queued and did not send, a node started later on the same database sends', async () => {
    const author = await server.member();
    const fan = await server.member();
    const device = await withDevice(author);
    const first = await server.anotherNode();
    await first.jobs.deliveries.stop();
    const post = (await author.client.post('/api/posts', { content: 'yeniden başlat' })).body;
    const fanOnFirst = first.client();
    await fanOnFirst.post('/api/auth/login', { username: fan.user.username, password: 'Guclu.Sifre1' });
    expect((await fanOnFirst.post(`/api/posts/${post.id}/comments`, { content: 'ilk düğümden' })).status).toBe(201);
    await first.close();
    expect(push.to(device)).toHaveLength(0);

    const second = await server.anotherNode();
    try {
      await second.jobs.deliveries.stop();
      expect(await drain(second)).toMatchObject({ sent: 1 });
      expect(push.to(device)[0]?.payload?.url).toBe(`/posts/${post.id}`);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two nodes on PostgreSQL', () => {
  it('drain the same queue side by side and send each push once', async () => {
    const author = await server.member();
    const device = await withDevice(author);
    const fans = await Promise.all(Array.from({ length: 6 }, () => server.member()));
    const posts = await Promise.all(Array.from({ length: 10 }, (_, i) => author.client.post('/api/posts', { content: `gönderi ${i}` })));
    for (const f of fans) for (const p of posts) await f.client.post(`/api/posts/${p.body.id}/comments`, { content: 'yorum' });
    expect(await deliveriesOf(author.user.id)).toHaveLength(60);

    const other = await server.anotherNode();
    try {
      await other.jobs.deliveries.stop();
      const at = later(1000);
      const [a, b] = await Promise.all([drain(server, at), drain(other, at)]);
      expect(a!.sent + b!.sent).toBe(60);
      // Both did some of the work.
      expect(a!.sent).toBeGreaterThan(0);
      expect(b!.sent).toBeGreaterThan(0);
      const tags = push.to(device).map((p) => p.payload?.tag);
      expect(tags).toHaveLength(60);
      expect(new Set(tags).size).toBe(60);
    } finally {
      await other.close();
    }
  });
});
