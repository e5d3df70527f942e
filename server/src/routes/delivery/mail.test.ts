import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_FAILURES_BEFORE_PAUSE, TEXTS } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer } from '../../test/harness';
import { startMailSink, type MailSink } from '../../test/mail-sink';

/*
 * Notification e-mails from the same queue: off by default except direct messages to a member
 * away for 30 minutes; one template for both bodies; RFC 8058 one-click unsubscribe without a
 * session; an address that fails 5 times in a row is paused and its member told in the app.
 */

const PUBLIC = 'https://mahalle.example.org';
let sink: MailSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startMailSink();
  server = await startTestServer({ mail: { smtpUrl: sink.url, from: 'Mahalle <m@example.org>' }, publicUrl: PUBLIC });
  await server.jobs.deliveries.stop();
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const drain = (node: TestServer = server) => {
  node.jobs.deliveries.now = () => new Date(Date.now() + 60_000);
  return node.jobs.deliveries.tick();
};
/** The member was last on the site 31 minutes ago. */
const away = (m: Member) =>
  server.ctx
    .db('sessions')
    .where({ user_id: m.user.id })
    .update({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() });
const mailRows = (m: Member) => server.ctx.db('notification_deliveries').where({ user_id: m.user.id, channel: 'mail' });

describe('notification e-mails', () => {
  it('are off by default except messages, which wait until the member has been away 30 minutes', async () => {
    const me = await server.member();
    const other = await server.member();
    const prefs = await me.client.get('/api/users/me/email-notifications');
    expect(prefs.status).toBe(200);
    expect(prefs.body).toMatchObject({ pausedAt: null, mailConfigured: true });
    expect(prefs.body.kinds).toMatchObject({ messages: true, likes: false, comments: false, follows: false, digest: false });

    // Online (a session seen just now): no mail for a message.
    await other.client.post('/api/messages', { receiverId: me.user.id, content: 'Orada mısın?' });
    expect(await mailRows(me)).toHaveLength(0);
    // Away: the message is mailed; a follow (off by default) is not.
    await away(me);
    await other.client.post('/api/messages', { receiverId: me.user.id, content: 'Yarın pazara gidiyor musun?' });
    await other.client.post(`/api/users/${me.user.id}/follow`);
    expect(await mailRows(me)).toHaveLength(1);
    await drain();
    const mail = await sink.next(me.user.email);
    expect(mail.subject).toBe(TEXTS.delivery.mailSubject(TEXTS.delivery.newMessage(other.user.displayName)));
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/mahalle\.example\.org\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // One template: the HTML body says what the plain text says, the link clickable.
    expect(mail.html).toContain('Yarın pazara gidiyor musun?');
    expect(mail.html).toContain(`<a href="${PUBLIC}/messages?user=${other.user.id}">`);
    expect(mail.html).toContain(`<a href="${mail.headers.get('list-unsubscribe')!.slice(1, -1)}">`);
    expect(mail.text).toContain('Yarın pazara gidiyor musun?');
    expect(mail.text).toContain(`${PUBLIC}/messages?user=${other.user.id}`);
    expect(mail.text).toContain(TEXTS.delivery.mailGreeting(me.user.displayName));
  });

  it('follow the member’s switch per kind', async () => {
    const me = await server.member();
    const fan = await server.member();
    const prefs = (await me.client.get('/api/users/me/email-notifications')).body;
    const saved = await me.client.put('/api/users/me/email-notifications', { kinds: { ...prefs.kinds, comments: true, messages: false } });
    expect(saved.status).toBe(200);
    expect(saved.body.kinds).toMatchObject({ comments: true, messages: false });
    const bad = await me.client.put('/api/users/me/email-notifications', { kinds: { comments: 'evet' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(TEXTS.delivery.invalidEmailPrefs);

    await away(me);
    const post = (await me.client.post('/api/posts', { content: 'e-posta' })).body;
    await away(me);
    await fan.client.post(`/api/posts/${post.id}/comments`, { content: 'Harika bir paylaşım' });
    await fan.client.post('/api/messages', { receiverId: me.user.id, content: 'mesaj' });
    expect((await mailRows(me)).map((r) => r.kind)).toEqual(['comments']);
    await drain();
    const mail = await sink.next(me.user.email);
    expect(mail.text).toContain(`${fan.user.displayName} ${TEXTS.notificationTexts.comment}`);
    expect(mail.text).toContain(`${PUBLIC}/posts/${post.id}`);
  });

  it('one click unsubscribes without a session: GET asks, POST (the button, or the mail program per RFC 8058) turns that kind off', async () => {
    const me = await server.member();
    const other = await server.member();
    await away(me);
    await other.client.post('/api/messages', { receiverId: me.user.id, content: 'abonelik' });
    await drain();
    const mail = await sink.next(me.user.email);
    const link = mail.headers.get('list-unsubscribe')!.slice(1, -1);
    const path = link.slice(PUBLIC.length);

    const visitor = server.client();
    const ask = await visitor.get(path);
    expect(ask.status).toBe(200);
    expect(ask.headers.get('content-type')).toMatch(/text\/html/);
    expect(ask.text).toContain(TEXTS.delivery.unsubscribeAsk(TEXTS.notificationSettings.groups.messages));
    // Opening the link changed nothing.
    expect((await me.client.get('/api/users/me/email-notifications')).body.kinds.messages).toBe(true);

    // The mail program's one-click POST comes from elsewhere, with no cookie.
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(TEXTS.delivery.unsubscribeDone(TEXTS.notificationSettings.groups.messages));
    expect((await me.client.get('/api/users/me/email-notifications')).body.kinds).toMatchObject({ messages: false });

    // A token changed by one character, or naming another member, does nothing.
    const token = new URL(link).searchParams.get('token')!;
    const forged = token.replace(/^\d+/, String(other.user.id));
    const refused = await visitor.request('POST', `/unsubscribe?token=${encodeURIComponent(forged)}`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(TEXTS.delivery.unsubscribeInvalid);
    expect((await other.client.get('/api/users/me/email-notifications')).body.kinds.messages).toBe(true);
  });

  it('survive a restart: a node started later sends what was queued', async () => {
    const me = await server.member();
    const other = await server.member();
    await away(me);
    const first = await server.anotherNode();
    await first.jobs.deliveries.stop();
    const otherOnFirst = first.client();
    await otherOnFirst.post('/api/auth/login', { username: other.user.username, password: 'Guclu.Sifre1' });
    expect((await otherOnFirst.post('/api/messages', { receiverId: me.user.id, content: 'yeniden başlatmadan önce' })).status).toBe(201);
    await first.close();
    const second = await server.anotherNode();
    try {
      await second.jobs.deliveries.stop();
      expect(await drain(second)).toMatchObject({ sent: 1 });
      expect((await sink.next(me.user.email)).text).toContain('yeniden başlatmadan önce');
    } finally {
      await second.close();
    }
  });
});

/** A port nothing listens on: every mail to it fails at the connection. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe('an address that keeps failing', () => {
  let failing: TestServer;
  beforeAll(async () => {
    failing = await startTestServer({ mail: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'Mahalle <m@example.org>' }, publicUrl: PUBLIC });
    await failing.jobs.deliveries.stop();
  });
  afterAll(async () => {
    await failing?.close();
  });

  it('is paused after 5 failures in a row, the member is told in the app, and can resume it; admin health reads the database', async () => {
    const me = await failing.member();
    const other = await failing.member();
    await failing.ctx
      .db('sessions')
      .where({ user_id: me.user.id })
      .update({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() });
    await other.client.post('/api/messages', { receiverId: me.user.id, content: 'bir' });
    await other.client.post(`/api/users/${me.user.id}/follow`);
    let at = Date.now() + 1000;
    for (let i = 0; i < MAIL_FAILURES_BEFORE_PAUSE; i++) {
      failing.jobs.deliveries.now = () => new Date(at);
      await failing.jobs.deliveries.tick();
      at += 7 * 3600_000;
    }
    const prefs = (await me.client.get('/api/users/me/email-notifications')).body;
    expect(prefs.pausedAt).not.toBeNull();
    const [row] = await failing.ctx.db('notification_deliveries').where({ user_id: me.user.id, channel: 'mail' });
    expect(row).toMatchObject({ state: 'failed', attempts: 5 });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    const notes = (await me.client.get('/api/notifications')).body as { type: string; title: string; link: string }[];
    expect(notes.find((n) => n.type === 'mail_paused')).toMatchObject({ title: TEXTS.delivery.pausedNoticeTitle, link: '/profile?tab=notification-settings' });

    // Paused: a new message queues no mail.
    await other.client.post('/api/messages', { receiverId: me.user.id, content: 'iki' });
    expect(await failing.ctx.db('notification_deliveries').where({ user_id: me.user.id, channel: 'mail' })).toHaveLength(1);

    // The admin panel counts every node's sends from the database.
    const admin = await failing.admin();
    const health = (await admin.client.get('/api/admin/health')).body;
    expect(health.mail).toMatchObject({ configured: true, failed: 5, consecutiveFailures: 5, sent: 0 });

    expect((await me.client.post('/api/users/me/email-notifications/resume')).body).toEqual({ ok: true });
    expect((await me.client.get('/api/users/me/email-notifications')).body.pausedAt).toBeNull();
    await failing.ctx
      .db('sessions')
      .where({ user_id: me.user.id })
      .update({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() });
    await other.client.post('/api/messages', { receiverId: me.user.id, content: 'üç' });
    expect(await failing.ctx.db('notification_deliveries').where({ user_id: me.user.id, channel: 'mail', state: 'pending' })).toHaveLength(1);
  });
});
