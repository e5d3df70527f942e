import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { TEXTS } from '@mahalle/shared';
import { startTestServer, STRONG_PASSWORD, type Member, type TestServer } from '../../test/harness';
import { makePng } from '../../test/media';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const P = TEXTS.privacy;

function registration(name: string, over: Record<string, unknown> = {}) {
  return { displayName: `Üye ${name}`, username: name, email: `${name}@ornek.com`, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, ...over };
}

async function auditActions(action: string) {
  const admin = await server.admin();
  const res = await admin.client.get(`/api/admin/audit?action=${encodeURIComponent(action)}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.items as { action: string; actorUsername: string; targetId: string | null }[];
}

/** Runs the privacy job at `at` (the test's clock), then puts the clock back. */
async function tickAt(at: number) {
  const before = server.jobs.privacy.now;
  server.jobs.privacy.now = () => new Date(at);
  try {
    const done = await server.jobs.privacy.tick();
    // Null only for a single-node job another node holds; this one runs on every node.
    if (!done) throw new Error('the privacy job did not run');
    return done;
  } finally {
    server.jobs.privacy.now = before;
  }
}

describe('consent to the legal texts', () => {
  it('is required at registration, with a Turkish error, and nothing is written without it', async () => {
    const c = server.client();
    const none = await c.post('/api/auth/register', registration('rizasiz'));
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'consent_required', error: P.termsRequired });
    const onlyTerms = await c.post('/api/auth/register', registration('rizasiz', { acceptTerms: true }));
    expect(onlyTerms.body).toMatchObject({ code: 'consent_required', error: P.privacyRequired });
    const falseBoth = await c.post('/api/auth/register', registration('rizasiz', { acceptTerms: false, acceptPrivacy: false }));
    expect(falseBoth.status).toBe(400);
    expect(await server.ctx.db('users').where({ username: 'rizasiz' }).first()).toBeUndefined();
  });

  it('records which version of each text was accepted, and when', async () => {
    const c = server.client();
    const before = Date.now();
    const res = await c.post('/api/auth/register', registration('rizali', { acceptTerms: true, acceptPrivacy: true }));
    expect(res.status).toBe(201);
    const terms = (await c.get('/api/legal/terms')).body;
    const privacy = (await c.get('/api/legal/privacy')).body;
    const state = (await c.get('/api/users/me/consents')).body;
    expect(state.pending).toEqual([]);
    expect(state.records.map((r: { kind: string; version: number }) => `${r.kind}:${r.version}`).sort()).toEqual(
      [`privacy:${privacy.version}`, `terms:${terms.version}`].sort(),
    );
    for (const r of state.records) expect(Date.parse(r.acceptedAt)).toBeGreaterThanOrEqual(before - 1000);
    const rows = await server.ctx.db('consents').where({ user_id: res.body.id });
    expect(rows).toHaveLength(2);
  });

  it('serves version 1 of both texts from the start, in Turkish, with the KVKK notice shape', async () => {
    const c = server.client();
    const terms = await c.get('/api/legal/terms?version=1');
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({ kind: 'terms', version: 1, title: 'Kullanım Koşulları' });
    const privacy = (await c.get('/api/legal/privacy?version=1')).body;
    expect(privacy.title).toBe('Kişisel Verilerin Korunması Aydınlatma Metni');
    for (const part of ['Veri sorumlusu', 'md. 11', 'Saklama süresi', 'İletişim']) expect(privacy.body).toContain(part);
    expect((await c.get('/api/legal/privacy?version=999')).body.code).toBe('legal_document_not_found');
    expect((await c.get('/api/legal/nope')).status).toBe(400);
  });

  it('asks members to accept again when the organiser publishes a new version; admins only publish', async () => {
    const member = await server.member();
    const admin = await server.admin();
    expect((await member.client.post('/api/admin/legal/privacy', { title: 'X', body: 'Y' })).status).toBe(403);
    expect((await admin.client.post('/api/admin/legal/privacy', { title: ' ', body: 'Y' })).body.error).toBe(TEXTS.legalAdmin.titleRequired);

    const published = await admin.client.post('/api/admin/legal/privacy', { title: 'Aydınlatma Metni', body: '## Yeni\nGüncellendi.' });
    expect(published.status).toBe(201);
    const version = published.body.version as number;
    expect(version).toBeGreaterThan(1);
    expect((await server.client().get('/api/legal/privacy')).body).toMatchObject({ version, title: 'Aydınlatma Metni' });
    // The older version is kept.
    expect((await server.client().get(`/api/legal/privacy?version=${version - 1}`)).status).toBe(200);
    const versions = (await admin.client.get('/api/admin/legal/privacy/versions?limit=1')).body;
    expect(versions.items[0].version).toBe(version);
    expect(versions.nextCursor).toBeTruthy();
    const older = (await admin.client.get(`/api/admin/legal/privacy/versions?limit=50&cursor=${versions.nextCursor}`)).body;
    expect(older.items[0].version).toBe(version - 1);

    const state = (await member.client.get('/api/users/me/consents')).body;
    expect(state.pending.map((d: { kind: string; version: number }) => [d.kind, d.version])).toEqual([['privacy', version]]);
    expect((await admin.client.get('/api/users/me/consents')).body.pending).toEqual([]);

    const stale = await member.client.post('/api/users/me/consents', { documents: [{ kind: 'privacy', version: version - 1 }] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'consent_outdated', error: P.consentOutdated });
    const accepted = await member.client.post('/api/users/me/consents', { documents: [{ kind: 'privacy', version }] });
    expect(accepted.status).toBe(200);
    expect(accepted.body.pending).toEqual([]);
    expect(accepted.body.records.some((r: { kind: string; version: number }) => r.kind === 'privacy' && r.version === version)).toBe(true);
    // A new member accepts the new version at registration.
    const fresh = await server.member();
    expect((await fresh.client.get('/api/users/me/consents')).body.pending).toEqual([]);

    const log = await auditActions('legal.publish');
    expect(log.some((e) => e.targetId === `privacy:${version}`)).toBe(true);
  });
});

/** A member with something of every kind, and a neighbour who talks and follows back. */
async function busyMember(): Promise<{ me: Member; other: Member; imageName: string; png: Buffer }> {
  const me = await server.member();
  const other = await server.member();
  const png = makePng(3, 3);
  const fd = new FormData();
  fd.append('content', 'Parkta piknik #mahalle');
  fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const post = (await me.client.postForm('/api/posts', fd)).body;
  for (let i = 0; i < 3; i++) await me.client.postForm('/api/posts', formOf({ content: `Gönderi ${i}` }));
  const theirs = (await other.client.postForm('/api/posts', formOf({ content: 'Komşunun gönderisi' }))).body;
  await me.client.post(`/api/posts/${theirs.id}/comments`, { content: 'Güzel olmuş' });
  await me.client.post('/api/messages', { receiverId: other.user.id, content: 'Merhaba komşu' });
  await other.client.post('/api/messages', { receiverId: me.user.id, content: 'Selam, hoş geldin' });
  await me.client.post('/api/bookmarks/toggle', { postId: theirs.id });
  await me.client.post(`/api/users/${other.user.id}/follow`);
  await other.client.post(`/api/users/${me.user.id}/follow`);
  const event = (await me.client.post('/api/events', { title: 'Mahalle temizliği', description: 'Hep birlikte', date: '2099-05-01T09:00:00.000Z' })).body;
  const theirEvent = (await other.client.post('/api/events', { title: 'Kahvaltı', description: 'Sabah', date: '2099-05-02T09:00:00.000Z' })).body;
  await me.client.post(`/api/events/${theirEvent.id}/attend`);
  const question = (await me.client.post('/api/questions', { title: 'En iyi fırın?', content: 'Hangisi?' })).body;
  const theirQuestion = (await other.client.post('/api/questions', { title: 'Otopark?', content: 'Nerede?' })).body;
  await me.client.post(`/api/questions/${theirQuestion.id}/answers`, { content: 'Meydanda' });
  const group = (await me.client.post('/api/hobby-groups', { name: `Koşucular ${me.user.id}`, description: 'Sabah koşusu yapanlar' })).body;
  await me.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: 'Yarın 7de' });
  expect([post.id, event.id, question.id, group.slug].every(Boolean)).toBe(true);
  return { me, other, imageName: path.basename(post.imageUrl as string), png };
}

function formOf(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

async function download(m: Member, url: string) {
  const res = await fetch(server.url + url, { headers: { cookie: m.client.cookieHeader } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

/** Gives the member what reaches them outside the site: the digest on (with a past week), mail choices, a push device and a message pushed to it. */
async function reachedMember(me: Member, other: Member) {
  const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') };
  expect((await me.client.put('/api/users/me/digest-settings', { enabled: true, weekday: 3, hour: 8, timeZone: 'Europe/Istanbul' })).status).toBe(200);
  await server.ctx.db('digest_runs').insert({ user_id: me.user.id, week: '2030-01-07', status: 'queued', items: 3, created_at: new Date().toISOString() });
  const prefs = (await me.client.get('/api/users/me/email-notifications')).body;
  expect((await me.client.put('/api/users/me/email-notifications', { kinds: { ...prefs.kinds, comments: true } })).status).toBe(200);
  // A push service address nothing answers on this machine: the queue keeps what it could not send.
  const endpoint = `http://127.0.0.1:9/push/${me.user.id}`;
  expect((await me.client.post('/api/push/subscriptions', { endpoint, keys })).status).toBe(201);
  expect((await other.client.post('/api/messages', { receiverId: me.user.id, content: 'Kargonuz kapıda' })).status).toBe(201);
  return { endpoint, keys };
}

describe("'Verilerimi indir'", () => {
  it('prepares a ZIP in the background with everything the member owns, announced by a notification', async () => {
    const { me, other, imageName, png } = await busyMember();
    const asked = await me.client.post('/api/users/me/data-export');
    expect(asked.status).toBe(201);
    expect(asked.body.latest).toMatchObject({ status: 'pending', downloadUrl: null });
    expect(asked.body.nextRequestAt).toBeTruthy();
    await server.jobs.privacy.tick();

    const state = (await me.client.get('/api/users/me/data-export')).body;
    expect(state.latest.status).toBe('ready');
    expect(Date.parse(state.latest.expiresAt) - Date.parse(state.latest.readyAt)).toBe(DAY);
    const notes = (await me.client.get('/api/notifications?limit=20')).body as { type: string; message: string }[];
    expect(notes.find((n) => n.type === 'data_export')?.message).toBe(P.exportReadyNotice);

    const file = await download(me, state.latest.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/zip');
    expect(file.disposition).toContain('attachment');
    const zip = unzipSync(file.bytes);
    const json = (name: string) => {
      const entry = zip[name];
      if (!entry) throw new Error(`${name} missing from the archive: ${Object.keys(zip).join(', ')}`);
      return JSON.parse(strFromU8(entry));
    };
    expect(json('profile.json')).toMatchObject({ id: me.user.id, username: me.user.username, email: me.user.email });
    expect(JSON.stringify(json('profile.json'))).not.toContain('password');
    const posts = json('posts.json') as { content: string; image: string | null }[];
    expect(posts).toHaveLength(4);
    const withImage = posts.find((p) => p.image);
    expect(withImage?.image).toBe(`files/${imageName}`);
    const stored = zip[`files/${imageName}`];
    expect(stored && stored.length).toBeGreaterThan(0);
    expect(Buffer.from(stored as Uint8Array).equals(fs.readFileSync(path.join(server.ctx.config.uploadsDir, imageName)))).toBe(true);
    expect(png.length).toBeGreaterThan(0);
    expect(json('comments.json').map((c: { content: string }) => c.content)).toEqual(['Güzel olmuş']);
    const messages = json('messages.json') as { direction: string; content: string; from: string; to: string }[];
    expect(messages.map((m) => [m.direction, m.content]).sort()).toEqual([
      ['received', 'Selam, hoş geldin'],
      ['sent', 'Merhaba komşu'],
    ]);
    expect(json('bookmarks.json')).toHaveLength(1);
    expect(json('following.json').map((f: { username: string }) => f.username)).toEqual([other.user.username]);
    expect(json('followers.json').map((f: { username: string }) => f.username)).toEqual([other.user.username]);
    expect(json('events_created.json').map((e: { title: string }) => e.title)).toEqual(['Mahalle temizliği']);
    expect(json('events_attending.json').map((e: { title: string }) => e.title)).toEqual(expect.arrayContaining(['Kahvaltı']));
    expect(json('questions.json').map((q: { title: string }) => q.title)).toEqual(['En iyi fırın?']);
    expect(json('answers.json').map((a: { content: string }) => a.content)).toEqual(['Meydanda']);
    expect(json('group_posts.json').map((p: { content: string }) => p.content)).toEqual(['Yarın 7de']);
    expect(
      json('consents.json')
        .map((c: { document: string }) => c.document)
        .sort(),
    ).toEqual(['privacy', 'terms']);
    // Nothing of the neighbour's own content.
    expect(strFromU8(zip['posts.json'] as Uint8Array)).not.toContain('Komşunun gönderisi');

    const log = await auditActions('privacy.export_request');
    expect(log.some((e) => e.actorUsername === me.user.username)).toBe(true);
  });

  it('includes the digest setting and its weeks, the e-mail choices, push devices without their keys and what was sent out', async () => {
    const me = await server.member();
    const other = await server.member();
    const { endpoint, keys } = await reachedMember(me, other);
    expect((await me.client.post('/api/users/me/data-export')).status).toBe(201);
    await server.jobs.privacy.tick();
    const state = (await me.client.get('/api/users/me/data-export')).body;
    const zip = unzipSync((await download(me, state.latest.downloadUrl)).bytes);
    const json = (name: string) => JSON.parse(strFromU8(zip[name] as Uint8Array));
    expect(json('digest_settings.json')).toEqual([
      expect.objectContaining({ enabled: true, weekday: 3, hour: 8, timeZone: 'Europe/Istanbul', nextDigestAt: expect.any(String) }),
    ]);
    expect(json('digest_weeks.json')).toEqual([expect.objectContaining({ week: '2030-01-07', status: 'queued', items: 3 })]);
    expect(json('mail_preferences.json')).toEqual([expect.objectContaining({ kinds: expect.objectContaining({ comments: true }), pausedAt: null })]);
    expect(json('push_devices.json')).toEqual([expect.objectContaining({ endpoint, createdAt: expect.any(String) })]);
    const devices = strFromU8(zip['push_devices.json'] as Uint8Array);
    expect(devices).not.toContain(keys.p256dh);
    expect(devices).not.toContain(keys.auth);
    const sent = json('notification_deliveries.json') as { channel: string; kind: string; content: { body: string } | null }[];
    expect(sent).toEqual([expect.objectContaining({ channel: 'push', kind: 'messages', content: expect.objectContaining({ body: 'Kargonuz kapıda' }) })]);
    // Not another member's.
    const theirs = await server.ctx.db('notification_deliveries').where({ user_id: other.user.id }).count({ n: '*' });
    expect(Number(theirs[0]!.n)).toBe(0);
  });

  it('reads a member with many posts page by page and misses none across the pages', async () => {
    const me = await server.member();
    const now = new Date().toISOString();
    const rows = Array.from({ length: 450 }, (_, i) => ({
      author_id: me.user.id,
      content: `Toplu gönderi ${i}`,
      type: 'text',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 150) await server.ctx.db('posts').insert(rows.slice(i, i + 150));
    await me.client.post('/api/users/me/data-export');
    await server.jobs.privacy.tick();
    const { downloadUrl } = (await me.client.get('/api/users/me/data-export')).body.latest;
    const zip = unzipSync((await download(me, downloadUrl)).bytes);
    const posts = JSON.parse(strFromU8(zip['posts.json'] as Uint8Array)) as { id: number; content: string }[];
    expect(posts).toHaveLength(450);
    expect(new Set(posts.map((p) => p.id)).size).toBe(450);
    expect(posts.map((p) => p.id)).toEqual([...posts.map((p) => p.id)].sort((a, b) => a - b));
  });

  it('downloads only for the member it belongs to (404 for anyone else), and asks once a day', async () => {
    const me = await server.member();
    const stranger = await server.member();
    const asked = await me.client.post('/api/users/me/data-export');
    await server.jobs.privacy.tick();
    const { downloadUrl, id } = (await me.client.get('/api/users/me/data-export')).body.latest;
    expect((await download(stranger, downloadUrl)).status).toBe(404);
    expect((await stranger.client.get(downloadUrl)).body.code).toBe('data_export_not_found');
    expect((await server.client().get(downloadUrl)).status).toBe(401);
    expect((await me.client.get(`/api/users/me/data-export/${id + 1000}/download`)).status).toBe(404);
    expect((await download(me, downloadUrl)).status).toBe(200);
    // The archive's name on disk is random and not under a public path.
    const row = await server.ctx.db('data_exports').where({ id }).first();
    expect(row.file_name).toMatch(/^[A-Za-z0-9_-]{32}\.zip$/);
    expect((await fetch(`${server.url}/uploads/${row.file_name}`)).status).toBe(404);

    const again = await me.client.post('/api/users/me/data-export');
    expect(again.status).toBe(429);
    expect(again.body.error).toBe(P.exportTooSoon);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(asked.body.nextRequestAt).toBeTruthy();
    // A day later the member may ask again.
    server.ctx.now = () => new Date(Date.now() + DAY + 60_000);
    try {
      expect((await me.client.post('/api/users/me/data-export')).status).toBe(201);
    } finally {
      delete server.ctx.now;
    }
  });

  it('is removed after its day: the file goes (by the scheduled job) and the link answers 404', async () => {
    const me = await server.member();
    await me.client.post('/api/users/me/data-export');
    await server.jobs.privacy.tick();
    const { downloadUrl, id } = (await me.client.get('/api/users/me/data-export')).body.latest;
    const row = await server.ctx.db('data_exports').where({ id }).first();
    const onDisk = path.join(server.ctx.config.dataDir, 'exports', row.file_name);
    expect(fs.existsSync(onDisk)).toBe(true);

    expect((await tickAt(Date.now() + 23 * HOUR)).expired).toBe(0);
    expect((await download(me, downloadUrl)).status).toBe(200);
    expect((await tickAt(Date.now() + DAY + HOUR)).expired).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await download(me, downloadUrl)).status).toBe(404);
    expect((await me.client.get('/api/users/me/data-export')).body.latest).toMatchObject({ status: 'expired', downloadUrl: null });
  });
});

describe("'Hesabımı sil'", () => {
  it('refuses a wrong password in Turkish and schedules nothing', async () => {
    const me = await server.member();
    const res = await me.client.post('/api/users/me/deletion', { password: 'Yanlis.Sifre9' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'wrong_password', error: P.wrongPassword });
    expect((await me.client.post('/api/users/me/deletion', {})).body.error).toBe(P.deletePasswordRequired);
    expect(await server.ctx.db('account_deletions').where({ user_id: me.user.id }).first()).toBeUndefined();
    expect((await me.client.get('/api/auth/me')).status).toBe(200);
  });

  it('signs the member out everywhere for 14 days; signing in cancels it and says so', async () => {
    const me = await server.member();
    const laptop = server.client();
    expect((await laptop.post('/api/auth/login', { username: me.user.username, password: STRONG_PASSWORD })).status).toBe(200);
    const before = Date.now();
    const res = await me.client.post('/api/users/me/deletion', { password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.deleteAt) - Date.parse(res.body.requestedAt)).toBe(14 * DAY);
    expect(Date.parse(res.body.requestedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await me.client.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);

    const back = await me.client.post('/api/auth/login', { username: me.user.username, password: STRONG_PASSWORD });
    expect(back.status).toBe(200);
    expect(back.body.deletionCancelled).toBe(true);
    expect(P.deletionCancelled).toContain('iptal edildi');
    expect(await server.ctx.db('account_deletions').where({ user_id: me.user.id }).first()).toBeUndefined();
    // Nothing left to cancel on the next sign-in, and the job deletes nobody.
    expect((await laptop.post('/api/auth/login', { username: me.user.username, password: STRONG_PASSWORD })).body.deletionCancelled).toBeUndefined();
    expect((await tickAt(Date.now() + 15 * DAY)).deleted).toBe(0);
    expect(await server.ctx.db('users').where({ id: me.user.id }).first()).toBeTruthy();

    const requested = await auditActions('privacy.deletion_request');
    const cancelled = await auditActions('privacy.deletion_cancel');
    expect(requested.some((e) => e.targetId === String(me.user.id))).toBe(true);
    expect(cancelled.some((e) => e.targetId === String(me.user.id))).toBe(true);
  });

  it('deletes the account when the grace period is over, by the admin deletion rules', async () => {
    const me = await server.member();
    const other = await server.member();
    await me.client.postForm('/api/posts', formOf({ content: 'Silinecek gönderi' }));
    const question = (await me.client.post('/api/questions', { title: 'Kalıcı soru?', content: 'Kalır mı?' })).body;
    await other.client.post(`/api/questions/${question.id}/answers`, { content: 'Kalır' });
    await me.client.post('/api/messages', { receiverId: other.user.id, content: 'Gizli mesaj' });
    await reachedMember(me, other);
    await me.client.post('/api/users/me/data-export');
    await server.jobs.privacy.tick();
    const archive = (await server.ctx.db('data_exports').where({ user_id: me.user.id }).first()).file_name as string;
    const archivePath = path.join(server.ctx.config.dataDir, 'exports', archive);
    expect(fs.existsSync(archivePath)).toBe(true);
    const scheduled = (await me.client.post('/api/users/me/deletion', { password: STRONG_PASSWORD })).body;
    const deleteAt = Date.parse(scheduled.deleteAt);

    expect((await tickAt(deleteAt - HOUR)).deleted).toBe(0);
    expect(await server.ctx.db('users').where({ id: me.user.id }).first()).toBeTruthy();
    expect((await tickAt(deleteAt + 1)).deleted).toBe(1);

    expect(await server.ctx.db('users').where({ id: me.user.id }).first()).toBeUndefined();
    // Their archive went with them.
    expect(fs.existsSync(archivePath)).toBe(false);
    expect((await other.client.get(`/api/users/profile/${me.user.username}`)).status).toBe(404);
    expect(await server.ctx.db('posts').where({ author_id: me.user.id }).first()).toBeUndefined();
    expect(await server.ctx.db('messages').where({ sender_id: me.user.id }).first()).toBeUndefined();
    // What reached them outside the site goes too.
    for (const table of ['digest_settings', 'digest_runs', 'mail_preferences', 'push_subscriptions', 'notification_deliveries'])
      expect(await server.ctx.db(table).where({ user_id: me.user.id }).first(), table).toBeUndefined();
    const q = await other.client.get(`/api/questions/${question.id}`);
    expect(q.status).toBe(200);
    expect(JSON.stringify(q.body)).toContain(TEXTS.users.deletedUser);
    expect((await me.client.post('/api/auth/login', { username: me.user.username, password: STRONG_PASSWORD })).status).toBe(401);
    const log = await auditActions('user.delete');
    expect(log.some((e) => e.targetId === String(me.user.id) && e.actorUsername === 'sistem:hesap-silme')).toBe(true);
  });

  it('is not for admins', async () => {
    const admin = await server.admin();
    const res = await admin.client.post('/api/users/me/deletion', { password: 'Yonetici.Sifre1' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cannot_delete_admin');
  });
});

describe('rate limits', () => {
  it("limit 'Hesabımı sil' attempts per member", async () => {
    const limited = await startTestServer({ rateLimits: { accountDeletionPerMember: { points: 2, durationSec: 3600 } } });
    try {
      const me = await limited.member();
      expect((await me.client.post('/api/users/me/deletion', { password: 'Yanlis.1' })).status).toBe(400);
      expect((await me.client.post('/api/users/me/deletion', { password: 'Yanlis.2' })).status).toBe(400);
      const third = await me.client.post('/api/users/me/deletion', { password: STRONG_PASSWORD });
      expect(third.status).toBe(429);
      expect(third.body.error).toBe(P.tooManyAttempts);
      expect(await limited.ctx.db('account_deletions').where({ user_id: me.user.id }).first()).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});
