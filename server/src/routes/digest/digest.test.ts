import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer } from '../../test/harness';
import { mailHeader, mailPart, startMailSink, type MailSink } from '../../test/mail-sink';
import { buildDigest } from '../../services/digest/content';

const T = TEXTS.digest;
const PUBLIC_URL = 'http://mahalle.test';
const DAY = 86_400_000;

let server: TestServer;
let sink: MailSink;
let admin: Member;
let seq = 0;
const unique = (s: string) => `${s}${++seq}${Date.now() % 100000}`;

beforeAll(async () => {
  sink = await startMailSink();
  server = await startTestServer({ mail: { smtpUrl: sink.url, from: 'Mahalle <mahalle@ornek.org>' }, publicUrl: PUBLIC_URL });
  // The queue is drained by the tests, at the clock they give.
  await server.jobs.deliveries.stop();
  admin = await server.admin();
});

/** Sends what the queue holds at `at` (the `deliveries` job's tick on that node). */
const drainAt = (at: Date, node: TestServer = server) => {
  node.jobs.deliveries.now = () => at;
  return node.jobs.deliveries.tick();
};
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

/** A fresh district with two neighbourhoods. */
async function place() {
  const district = unique('İlçe');
  await admin.client.post('/api/admin/places/import', { csv: `name,district\nMerkez,${district}\nÖte,${district}\n` });
  const list = (await server.client().get('/api/places')).body as { districts: { id: number; name: string; neighbourhoods: { id: number; name: string }[] }[] };
  const d = list.districts.find((x) => x.name === district)!;
  return { districtId: d.id, merkez: d.neighbourhoods.find((n) => n.name === 'Merkez')!.id, ote: d.neighbourhoods.find((n) => n.name === 'Öte')!.id };
}

async function memberIn(neighbourhoodId: number | null) {
  const m = await server.member();
  if (neighbourhoodId) expect((await m.client.put('/api/users/me/neighbourhood', { neighbourhoodId, visibility: 'nobody' })).status).toBe(200);
  return m;
}

async function event(host: Member, title: string, date: Date, neighbourhoodId?: number) {
  const res = await host.client.post('/api/events', {
    title,
    description: 'Hep birlikte',
    date: date.toISOString(),
    location: 'Park',
    ...(neighbourhoodId ? { neighbourhoodId } : {}),
  });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

async function likedPost(author: Member, content: string, neighbourhoodId: number, likers: Member[]) {
  const post = (await author.client.post('/api/posts', { content, neighbourhoodId })).body as { id: number };
  for (const l of likers) expect((await l.client.post(`/api/posts/${post.id}/like`)).status).toBeLessThan(300);
  return post;
}

const setDigest = (m: Member, body: object) => m.client.put('/api/users/me/digest-settings', body);

describe('weekly digest: the setting', () => {
  it('is off by default in the community zone, validated, and saved whole', async () => {
    const m = await memberIn(null);
    expect((await server.client().get('/api/users/me/digest-settings')).status).toBe(401);
    const initial = await m.client.get('/api/users/me/digest-settings');
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ enabled: false, weekday: 1, hour: 9, timeZone: 'Europe/Istanbul' });

    const badZone = await setDigest(m, { enabled: true, weekday: 1, hour: 9, timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.error).toBe(T.invalidTimeZone);
    expect((await setDigest(m, { enabled: true, weekday: 8, hour: 9, timeZone: 'Europe/Istanbul' })).body.error).toBe(T.invalidWeekday);
    expect((await setDigest(m, { enabled: true, weekday: 1, hour: 24, timeZone: 'Europe/Istanbul' })).body.error).toBe(T.invalidHour);
    expect((await m.client.get('/api/users/me/digest-settings')).body.enabled).toBe(false);

    const saved = await setDigest(m, { enabled: true, weekday: 5, hour: 18, timeZone: 'America/New_York' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ enabled: true, weekday: 5, hour: 18, timeZone: 'America/New_York' });
    expect((await m.client.get('/api/users/me/digest-settings')).body).toEqual(saved.body);
  });
});

describe("weekly digest: a member's content", () => {
  it('has the week of their district, neighbourhood, groups and categories; nothing across a block, hidden, or their own', async () => {
    const p = await place();
    const me = await memberIn(p.merkez);
    const [neighbour, far, blocked, blocker, liker1, liker2, asker, joiner] = (await Promise.all(Array.from({ length: 8 }, () => memberIn(p.merkez)))) as [
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
    ];
    const now = new Date();

    await event(neighbour, '<Piknik & Çay>', new Date(now.getTime() + 2 * DAY), p.ote);
    await event(blocked, 'Engelli kişinin etkinliği', new Date(now.getTime() + 2 * DAY), p.merkez);
    await event(neighbour, 'Çok ileride', new Date(now.getTime() + 10 * DAY), p.merkez);
    await event(far, 'Şehirde konser', new Date(now.getTime() + 3 * DAY));
    const hiddenEvent = await event(neighbour, 'Gizlenen etkinlik', new Date(now.getTime() + 2 * DAY), p.merkez);
    expect((await admin.client.post(`/api/admin/moderation/event/${hiddenEvent.id}/hide`, { reason: 'Yanıltıcı' })).status).toBe(200);

    await likedPost(neighbour, 'Mahallede bu hafta çöp toplama günü var', p.merkez, [liker1]);
    await likedPost(blocked, 'Engellenen kişinin gönderisi', p.merkez, [liker1, liker2]);
    await likedPost(blocker, 'Beni engelleyenin gönderisi', p.merkez, [liker1, liker2]);
    const hidden = await likedPost(neighbour, 'Gizlenen gönderi', p.merkez, [liker1, liker2]);
    expect((await admin.client.post(`/api/admin/moderation/post/${hidden.id}/hide`, { reason: 'Hakaret' })).status).toBe(200);
    await likedPost(me, 'Kendi gönderim', p.merkez, [liker1, liker2]);
    await likedPost(neighbour, 'Öte mahallenin gönderisi', p.ote, [liker1, liker2]);

    const group = (await neighbour.client.post('/api/hobby-groups', { name: unique('Bahçe '), description: 'Bahçecilik' })).body as {
      slug: string;
      name: string;
    };
    expect((await me.client.post(`/api/hobby-groups/${group.slug}/join`)).status).toBeLessThan(300);
    expect((await joiner.client.post(`/api/hobby-groups/${group.slug}/join`)).status).toBeLessThan(300);
    expect((await blocked.client.post(`/api/hobby-groups/${group.slug}/join`)).status).toBeLessThan(300);
    const gp = (await neighbour.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: 'Fideler geldi' })).body as { id: number };
    expect((await liker1.client.post(`/api/hobby-groups/${group.slug}/join`)).status).toBeLessThan(300);
    expect((await liker1.client.post(`/api/hobby-groups/posts/${gp.id}/like`)).status).toBeLessThan(300);

    await me.client.post('/api/questions', { title: 'Bilgisayar tamircisi?', content: 'Önerisi olan?', category: 'Teknoloji' });
    const open = (await asker.client.post('/api/questions', { title: 'Fiber internet hangi sokaklarda?', content: 'Bilen var mı?', category: 'Teknoloji' }))
      .body as {
      id: number;
    };
    const answered = (await asker.client.post('/api/questions', { title: 'Yazıcı önerisi', content: '?', category: 'Teknoloji' })).body as { id: number };
    await neighbour.client.post(`/api/questions/${answered.id}/answers`, { content: 'Şu mağazaya bakın' });
    await asker.client.post('/api/questions', { title: 'Başka kategoride', content: '?', category: 'Sağlık' });
    await blocked.client.post('/api/questions', { title: 'Engellenenin sorusu', content: '?', category: 'Teknoloji' });
    const hiddenQuestion = (await asker.client.post('/api/questions', { title: 'Gizlenen soru', content: '?', category: 'Teknoloji' })).body as { id: number };
    expect((await admin.client.post(`/api/admin/moderation/question/${hiddenQuestion.id}/hide`, { reason: 'Yanıltıcı' })).status).toBe(200);

    expect((await me.client.post(`/api/users/${blocked.user.id}/block`)).status).toBeLessThan(300);
    expect((await blocker.client.post(`/api/users/${me.user.id}/block`)).status).toBeLessThan(300);

    const digest = await buildDigest(server.ctx.db, me.user.id, new Date());
    expect(digest).not.toBeNull();
    const titles = (items: { title: string }[]) => items.map((i) => i.title);
    // The district's event first, then the city's; not the blocked member's, not beyond 7 days.
    expect(titles(digest!.events).slice(0, 1)).toEqual(['<Piknik & Çay>']);
    expect(titles(digest!.events)).toContain('Şehirde konser');
    expect(titles(digest!.events)).not.toContain('Engelli kişinin etkinliği');
    expect(titles(digest!.events)).not.toContain('Çok ileride');
    expect(titles(digest!.events)).not.toContain('Gizlenen etkinlik');
    expect(digest!.events[0]!.link).toMatch(/^\/events\/\d+$/);
    // Posts: the neighbourhood's and the group's, by likes; nothing across a block, hidden, own or of another neighbourhood.
    expect(titles(digest!.posts).sort()).toEqual(
      [`${neighbour.user.displayName}: Fideler geldi`, `${neighbour.user.displayName}: Mahallede bu hafta çöp toplama günü var`].sort(),
    );
    expect(digest!.posts).toHaveLength(2);
    expect(digest!.posts.find((x) => x.title.endsWith('Fideler geldi'))!.link).toBe(`/hobby-groups/${group.slug}`);
    // Questions: unanswered, this week, in a category the member asked in, not their own, not across a block, not hidden.
    expect(digest!.questions).toEqual([{ title: 'Fiber internet hangi sokaklarda?', detail: 'Teknoloji', link: `/qa/question/${open.id}` }]);
    // New members of the group: the joiners of the week but not the member, nor the blocked one.
    expect(digest!.newMembers).toHaveLength(1);
    expect(digest!.newMembers[0]!.title).toContain(joiner.user.displayName);
    expect(digest!.newMembers[0]!.title).not.toContain(blocked.user.displayName);
    expect(digest!.newMembers[0]!.title).not.toContain(me.user.displayName);
  });

  it('is null when there is nothing new (nothing near in time, no groups, no categories)', async () => {
    const p = await place();
    const quiet = await memberIn(p.merkez);
    expect(await buildDigest(server.ctx.db, quiet.user.id, new Date(Date.UTC(2040, 0, 1)))).toBeNull();
  });
});

describe('weekly digest: the schedule, once a week, the mail and its unsubscribe', () => {
  // Monday 10 June 2030 in New York; the chosen time is Wednesday 08:00 there (12:00 UTC, summer time).
  const monday = new Date('2030-06-10T12:00:00.000Z');
  const slot = new Date('2030-06-12T12:00:00.000Z');

  it('sends at the chosen local time, once per week, across a restart; skips a week with nothing new; unsubscribes without a session', async () => {
    const p = await place();
    const me = await memberIn(p.merkez);
    const host = await memberIn(p.merkez);
    await event(host, '<Piknik & Çay>', new Date('2030-06-14T15:00:00.000Z'), p.merkez);
    const placeless = await memberIn(null);

    server.ctx.now = () => monday;
    try {
      expect((await setDigest(me, { enabled: true, weekday: 3, hour: 8, timeZone: 'America/New_York' })).status).toBe(200);
      expect((await setDigest(placeless, { enabled: true, weekday: 3, hour: 8, timeZone: 'America/New_York' })).status).toBe(200);
    } finally {
      server.ctx.now = undefined;
    }
    const job = server.jobs.digest;
    const tickAt = async (at: Date) => {
      job.now = () => at;
      return job.tick();
    };
    const mailsTo = (email: string) => sink.received.filter((m) => m.to.includes(email));

    const runsOf = (userId: number) => server.ctx.db('digest_runs').where({ user_id: userId }).orderBy('week').select('week', 'status');
    // (Other tests' members are due too: every check here is about this test's two.)
    await tickAt(new Date(slot.getTime() - 60_000));
    expect(await runsOf(me.user.id)).toEqual([]);
    expect(mailsTo(me.user.email)).toHaveLength(0);

    await tickAt(slot);
    // The job queued it; the queue sends it.
    expect(mailsTo(me.user.email)).toHaveLength(0);
    await drainAt(new Date(slot.getTime() + 1000));
    const mail = await sink.next(me.user.email);
    expect(mail.subject).toBe(T.subject('Merkez'));

    // Headers (RFC 8058) and both bodies from the one template, HTML escaped.
    const listUnsubscribe = mailHeader(mail.raw, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/unsubscribe/digest/${me.user.id}\\.[A-Za-z0-9_-]{43}>$`));
    expect(mailHeader(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const text = mailPart(mail.raw, 'text/plain')!;
    const html = mailPart(mail.raw, 'text/html')!;
    expect(text).toContain('<Piknik & Çay>');
    expect(text).toContain(`${PUBLIC_URL}/events/`);
    expect(html).toContain('&lt;Piknik &amp; Çay&gt;');
    expect(html).not.toContain('<Piknik');
    const link = listUnsubscribe!.slice(1, -1);
    expect(text).toContain(link);
    expect(html).toContain(link);
    // The same path on the server under test (PUBLIC_URL names a host this machine does not resolve).
    const url = link.replace(PUBLIC_URL, server.url);

    // Once: the same tick again, a restart (a new node on the same database) and changing the hour the same week.
    await tickAt(new Date(slot.getTime() + 5 * 60_000));
    const restarted = await server.anotherNode();
    try {
      restarted.jobs.digest.now = () => new Date(slot.getTime() + 10 * 60_000);
      await restarted.jobs.digest.tick();
    } finally {
      await restarted.close();
    }
    server.ctx.now = () => new Date(slot.getTime() + 15 * 60_000);
    try {
      expect((await setDigest(me, { enabled: true, weekday: 3, hour: 9, timeZone: 'America/New_York' })).status).toBe(200);
    } finally {
      server.ctx.now = undefined;
    }
    await tickAt(new Date(slot.getTime() + 2 * 3_600_000));
    await drainAt(new Date(slot.getTime() + 2 * 3_600_000 + 1000));
    expect(mailsTo(me.user.email)).toHaveLength(1);
    expect(await runsOf(me.user.id)).toEqual([{ week: '2030-06-10', status: 'queued' }]);
    // A member without a neighbourhood still hears of the city's events.
    expect(await runsOf(placeless.user.id)).toEqual([{ week: '2030-06-10', status: 'queued' }]);
    await sink.next(placeless.user.email);

    // Next week at the new hour (09:00 New York = 13:00 UTC): nothing new (the event is past), so skipped, no mail.
    await tickAt(new Date('2030-06-19T12:59:00.000Z'));
    expect(await runsOf(me.user.id)).toEqual([{ week: '2030-06-10', status: 'queued' }]);
    await tickAt(new Date('2030-06-19T13:00:00.000Z'));
    await drainAt(new Date('2030-06-19T13:00:01.000Z'));
    expect(await runsOf(me.user.id)).toEqual([
      { week: '2030-06-10', status: 'queued' },
      { week: '2030-06-17', status: 'skipped' },
    ]);
    expect(mailsTo(me.user.email)).toHaveLength(1);

    // Unsubscribe without a session: GET is a page with a button and changes nothing; POST (as a mail client sends it) turns it off.
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await anonymous.text();
    expect(page).toContain(T.unsubscribeQuestion);
    expect(page).toContain(`<form method="post">`);
    expect((await me.client.get('/api/users/me/digest-settings')).body.enabled).toBe(true);
    const posted = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain(T.unsubscribedTitle);
    expect((await me.client.get('/api/users/me/digest-settings')).body).toMatchObject({ enabled: false, weekday: 3, hour: 9 });
    expect(await server.ctx.db('digest_settings').where({ user_id: me.user.id }).first('due_at')).toEqual({ due_at: null });

    // A token not signed by this server, or for another member, is refused and changes nothing.
    const forged = url.replace(/\/digest\/(\d+)\./, `/digest/${placeless.user.id}.`);
    expect((await fetch(forged, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${server.url}/unsubscribe/digest/abc`)).status).toBe(404);
    expect((await placeless.client.get('/api/users/me/digest-settings')).body.enabled).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('weekly digest on two PostgreSQL nodes', () => {
  it('sends each due digest once when two nodes work through the same members at the same moment', async () => {
    const p = await place();
    const host = await memberIn(p.merkez);
    await event(host, 'İki düğüm pikniği', new Date('2031-03-06T10:00:00.000Z'), p.merkez);
    const members = await Promise.all(Array.from({ length: 8 }, () => memberIn(p.merkez)));
    server.ctx.now = () => new Date('2031-03-03T05:00:00.000Z');
    try {
      for (const m of members) expect((await setDigest(m, { enabled: true, weekday: 1, hour: 9, timeZone: 'Europe/Istanbul' })).status).toBe(200);
    } finally {
      server.ctx.now = undefined;
    }
    const node2 = await server.anotherNode();
    try {
      const at = new Date('2031-03-03T06:00:00.000Z');
      // Both nodes' sending, side by side, without the job's advisory lock: only the per-member claim stands between them.
      const { sendDueDigests } = await import('../../services/digest/send');
      await Promise.all([sendDueDigests(server.ctx, at), sendDueDigests(node2.ctx, at), sendDueDigests(server.ctx, at)]);
      // And both jobs ticking at once (the lock lets one through; the other skips).
      server.jobs.digest.now = () => at;
      node2.jobs.digest.now = () => at;
      const ticks = await Promise.all([server.jobs.digest.tick(), node2.jobs.digest.tick()]);
      expect(ticks.filter((t) => t !== null).length).toBeGreaterThanOrEqual(1);
      // And both nodes draining the queue side by side: each row is claimed by one.
      await node2.jobs.deliveries.stop();
      const sendAt = new Date(at.getTime() + 1000);
      await Promise.all([drainAt(sendAt), drainAt(sendAt, node2)]);
      for (const m of members) {
        await sink.next(m.user.email);
        expect(sink.received.filter((x) => x.to.includes(m.user.email))).toHaveLength(1);
        expect(await server.ctx.db('digest_runs').where({ user_id: m.user.id }).select('week', 'status', 'attempts')).toEqual([
          { week: '2031-03-03', status: 'queued', attempts: 1 },
        ]);
        expect(await server.ctx.db('notification_deliveries').where({ user_id: m.user.id, kind: 'digest' }).select('state')).toEqual([{ state: 'sent' }]);
      }
    } finally {
      await node2.close();
    }
  });
});

describe('weekly digest through the delivery queue', () => {
  // A server of its own: the members due here are this block's only.
  let own: TestServer;
  let ownSink: MailSink;
  let ownAdmin: Member;
  beforeAll(async () => {
    ownSink = await startMailSink();
    own = await startTestServer({ mail: { smtpUrl: ownSink.url, from: 'Mahalle <mahalle@ornek.org>' }, publicUrl: PUBLIC_URL });
    await own.jobs.deliveries.stop();
    ownAdmin = await own.admin();
  });
  afterAll(async () => {
    await own?.close();
    await ownSink?.close();
  });

  // Monday 5 April 2032; the chosen time is Monday 09:00 in Istanbul (06:00 UTC).
  const monday = new Date('2032-04-05T03:00:00.000Z');
  const slot = new Date('2032-04-05T06:00:00.000Z');
  const later = (ms: number) => new Date(slot.getTime() + ms);

  async function dueMember() {
    const district = unique('Kuyruk');
    await ownAdmin.client.post('/api/admin/places/import', { csv: `name,district\nMerkez,${district}\n` });
    const places = (await own.client().get('/api/places')).body as { districts: { name: string; neighbourhoods: { id: number }[] }[] };
    const hood = places.districts.find((d) => d.name === district)!.neighbourhoods[0]!.id;
    const [me, host] = [await own.member(), await own.member()];
    for (const m of [me, host]) expect((await m.client.put('/api/users/me/neighbourhood', { neighbourhoodId: hood, visibility: 'nobody' })).status).toBe(200);
    const title = unique('Kuyruk pikniği ');
    expect(
      (await host.client.post('/api/events', { title, description: 'Gel', date: later(2 * DAY).toISOString(), location: 'Park', neighbourhoodId: hood }))
        .status,
    ).toBe(201);
    own.ctx.now = () => monday;
    try {
      expect((await me.client.put('/api/users/me/digest-settings', { enabled: true, weekday: 1, hour: 9, timeZone: 'Europe/Istanbul' })).status).toBe(200);
    } finally {
      own.ctx.now = undefined;
    }
    return { me, title };
  }
  const digestRows = (m: Member) => own.ctx.db('notification_deliveries').where({ user_id: m.user.id, kind: 'digest' }).select('state', 'attempts', 'payload');
  const mailsTo = (m: Member) => ownSink.received.filter((x) => x.to.includes(m.user.email));

  it('is built and queued by the job and sent by the queue: a restart between the two loses nothing, a refused send is retried, two drains send it once', async () => {
    const { me, title } = await dueMember();

    // Built and queued on a node that stops before anything is sent.
    const first = await own.anotherNode();
    try {
      await first.jobs.deliveries.stop();
      first.jobs.digest.now = () => slot;
      expect(await first.jobs.digest.tick()).toMatchObject({ queued: 1, skipped: 0, paused: 0 });
    } finally {
      await first.close();
    }
    const [queued] = await digestRows(me);
    expect(queued).toMatchObject({ state: 'pending', attempts: 0 });
    expect(queued!.payload).toContain(title);
    expect(mailsTo(me)).toHaveLength(0);

    // The mail server refuses the first try: retried after the backoff (30 s), not before.
    ownSink.refuseNext(1);
    expect(await drainAt(later(1000), own)).toMatchObject({ retried: 1, sent: 0 });
    expect(await digestRows(me)).toMatchObject([{ state: 'pending', attempts: 1 }]);
    expect(await own.ctx.db('mail_preferences').where({ user_id: me.user.id }).first('consecutive_failures')).toEqual({ consecutive_failures: 1 });
    expect(await drainAt(later(10_000), own)).toMatchObject({ sent: 0, retried: 0 });

    // Two nodes drain at the same moment: one sends it, once.
    const second = await own.anotherNode();
    try {
      await second.jobs.deliveries.stop();
      const results = await Promise.all([drainAt(later(60_000), own), drainAt(later(60_000), second)]);
      expect(results.reduce((n, r) => n + (r?.sent ?? 0), 0)).toBe(1);
    } finally {
      await second.close();
    }
    expect(mailsTo(me)).toHaveLength(1);
    const mail = mailsTo(me)[0]!;
    expect(mail.subject).toBe(T.subject('Merkez'));
    expect(mail.text).toContain(title);
    expect(mail.text).toContain(T.greeting(me.user.displayName));
    expect(mail.headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/unsubscribe/digest/${me.user.id}\\.[A-Za-z0-9_-]{43}>$`));
    expect(await digestRows(me)).toMatchObject([{ state: 'sent', attempts: 2, payload: null }]);
    // A success clears the address's failures.
    expect(await own.ctx.db('mail_preferences').where({ user_id: me.user.id }).first('consecutive_failures')).toEqual({ consecutive_failures: 0 });
    expect(await own.ctx.db('digest_runs').where({ user_id: me.user.id }).select('week', 'status', 'items')).toEqual([
      { week: '2032-04-05', status: 'queued', items: 1 },
    ]);
  });

  it('counts towards the paused address: its failures pause the address, and a paused address gets no digest', async () => {
    const { me } = await dueMember();
    // Four failed sends already; the digest's is the fifth.
    await own.ctx.db('mail_preferences').insert({ user_id: me.user.id, kinds: '{}', consecutive_failures: 4, updated_at: new Date().toISOString() });
    own.jobs.digest.now = () => slot;
    await own.jobs.digest.tick();
    ownSink.refuseNext(1);
    expect(await drainAt(later(1000), own)).toMatchObject({ failed: 1 });
    expect(await digestRows(me)).toMatchObject([{ state: 'failed', attempts: 1 }]);
    expect((await me.client.get('/api/users/me/email-notifications')).body.pausedAt).not.toBeNull();
    const notes = (await me.client.get('/api/notifications')).body as { type: string }[];
    expect(notes.map((n) => n.type)).toContain('mail_paused');

    // Next week, paused: the week is recorded, nothing is queued or sent.
    own.jobs.digest.now = () => later(7 * DAY);
    await own.jobs.digest.tick();
    expect(await own.ctx.db('digest_runs').where({ user_id: me.user.id }).orderBy('week').select('week', 'status')).toEqual([
      { week: '2032-04-05', status: 'queued' },
      { week: '2032-04-12', status: 'paused' },
    ]);
    expect(await digestRows(me)).toHaveLength(1);
    expect(mailsTo(me)).toHaveLength(0);
  });

  it('is not sent when the member turned the digest off after it was queued', async () => {
    const { me } = await dueMember();
    own.jobs.digest.now = () => slot;
    await own.jobs.digest.tick();
    expect(await digestRows(me)).toMatchObject([{ state: 'pending' }]);
    expect((await me.client.put('/api/users/me/digest-settings', { enabled: false, weekday: 1, hour: 9, timeZone: 'Europe/Istanbul' })).status).toBe(200);
    await drainAt(later(1000), own);
    expect(await digestRows(me)).toMatchObject([{ state: 'dropped' }]);
    expect(mailsTo(me)).toHaveLength(0);
  });
});
