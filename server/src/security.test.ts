import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STRONG_PASSWORD, startTestServer, type TestServer } from './test/harness';
import { makePng } from './test/media';
import { videoDurationSeconds } from './services/media-duration';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Findings of a security review, each kept fixed by a test. */
describe('security', () => {
  it('reads a WebM whose TimecodeScale claims 2^33 bytes as unreadable, at once', () => {
    const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77]);
    // TimecodeScale with an 8-byte size VINT saying 2^33, followed by three real bytes.
    const scale = Buffer.concat([Buffer.from([0x2a, 0xd7, 0xb1, 0x01, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00]), Buffer.from([0x0f, 0x42, 0x40])]);
    const info = Buffer.concat([Buffer.from([0x15, 0x49, 0xa9, 0x66, 0x80 | scale.length]), scale]);
    const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80 | info.length]), info]);
    expect(videoDurationSeconds(Buffer.concat([header, segment]), 'video/webm')).toBeNull();
  });

  it("refuses a visitor's upload before reading it, and a member's upload to someone else's profile", async () => {
    const fd = new FormData();
    fd.append('content', 'x');
    fd.append('image', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'a.png');
    expect((await server.client().postForm('/api/posts', fd)).status).toBe(401);
    const a = await server.member();
    const b = await server.member();
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'a.png');
    const res = await a.client.patchForm(`/api/users/${b.user.id}`, form);
    expect(res.status).toBe(403);
  });

  it('lets nobody report (and so read) what they cannot see, and never answers with the content', async () => {
    const owner = await server.member();
    const stranger = await server.member();
    await owner.client.patch(`/api/users/${owner.user.id}`, { isPrivate: true });
    const secret = (await owner.client.post('/api/posts', { content: 'GİZLİ: kapı şifresi 4711' })).body;
    expect((await stranger.client.get(`/api/posts/${secret.id}`)).status).toBe(404);
    const probe = await stranger.client.post('/api/reports', { targetType: 'post', targetId: secret.id, reason: 'x' });
    expect(probe.status).toBe(404);
    expect(JSON.stringify(probe.body)).not.toContain('4711');
    const open = (await stranger.client.post('/api/posts', { content: 'herkese açık' })).body;
    const ok = await owner.client.post('/api/reports', { targetType: 'post', targetId: open.id, reason: 'spam' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ id: expect.any(Number), targetType: 'post', targetId: open.id, status: 'open' });
    expect(JSON.stringify(ok.body)).not.toContain('herkese açık');
  });

  it('signs a member out everywhere when ADMIN_USERNAME promotes their account', async () => {
    const m = await server.member();
    expect((await m.client.get('/api/auth/me')).status).toBe(200);
    const node = await server.anotherNode({ adminUsername: m.user.username, adminPassword: ADMIN_PASSWORD });
    try {
      // At once through the nodes' channel on PostgreSQL; within a second (the session cache) on SQLite.
      await expect.poll(async () => (await m.client.get('/api/auth/me')).status, { timeout: 1500, interval: 100 }).toBe(401);
      const login = await node.client().post('/api/auth/login', { username: m.user.username, password: STRONG_PASSWORD });
      expect(login.status).toBe(401);
      expect((await node.client().post('/api/auth/login', { username: m.user.username, password: ADMIN_PASSWORD })).body.role).toBe('admin');
    } finally {
      await node.close();
    }
  });

  it('answers 400, never 500, to ids out of range, bad percent-encoding, NUL characters and non-numeric ids', async () => {
    const m = await server.member();
    for (const path of [
      '/api/posts/3000000000',
      '/api/users/3000000000/stats',
      `/api/posts?cursor=${Buffer.from('[3000000000]').toString('base64url')}`,
      '/api/posts/%ZZ',
      '/api/users/profile/%C0',
    ]) {
      expect((await m.client.get(path)).status, path).toBe(400);
    }
    expect((await m.client.post('/api/bookmarks/toggle', { postId: 3_000_000_000 })).status).toBe(400);
    expect((await m.client.post('/api/messages', { receiverId: true, content: 'x', messageType: 'text' })).status).toBe(400);
    expect((await m.client.post('/api/messages', { receiverId: [m.user.id], content: 'x', messageType: 'text' })).status).toBe(400);
    const nul = await m.client.post('/api/posts', { content: 'a\u0000b' });
    expect(nul.status).toBeLessThan(500);
    expect((await m.client.get('/api/questions?search=a%00')).status).toBeLessThan(500);
  });

  it('keeps counters true and answers without 500 when one member toggles the same thing ten times at once', async () => {
    const author = await server.member();
    const fan = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'yarış' })).body;
    const likes = await Promise.all(Array.from({ length: 10 }, () => fan.client.post(`/api/posts/${post.id}/like`)));
    expect(likes.map((r) => r.status).every((s) => s === 200)).toBe(true);
    const marks = await Promise.all(Array.from({ length: 10 }, () => fan.client.post('/api/bookmarks/toggle', { postId: post.id })));
    expect(marks.map((r) => r.status).every((s) => s === 200)).toBe(true);
    const q = (await author.client.post('/api/questions', { title: 'Yarış sorusu', content: 'x' })).body;
    await Promise.all(Array.from({ length: 9 }, () => fan.client.post(`/api/questions/${q.id}/upvote`)));
    const rows = await server.ctx.db('post_likes').where({ post_id: post.id }).count({ n: '*' });
    const shown = (await server.client().get(`/api/posts/${post.id}`)).body.likesCount;
    expect(shown).toBe(Number(rows[0]?.n));
    expect(shown).toBe(0); // ten toggles: liked, unliked, ... five times each
    expect((await server.client().get(`/api/questions/${q.id}`)).body.upvotes).toBe(1);
  });

  // The search index reads words, so % and _ are never wildcards: '%50' is the word 50 (the last word
  // also as a prefix, so '500' would match, but not '150'), and 'a_b' the words a and b (not 'axb').
  it('treats % and _ in a search as text, not wildcards, on both databases', async () => {
    const m = await server.member();
    const q = (await m.client.post('/api/questions', { title: 'İndirim %50 mi / a_b test', content: 'x' })).body;
    await m.client.post('/api/questions', { title: 'İndirim 150 mü / axb test', content: 'x' });
    const ids = async (search: string) =>
      (await server.client().get(`/api/questions?search=${encodeURIComponent(search)}`)).body.items.map((x: { id: number }) => x.id);
    expect(await ids('%50')).toEqual([q.id]);
    expect(await ids('a_b')).toEqual([q.id]);
  });

  it("keeps a private account's hashtags out of the public trending list", async () => {
    const owner = await server.member();
    await owner.client.patch(`/api/users/${owner.user.id}`, { isPrivate: true });
    await owner.client.post('/api/posts', { content: 'Sadece takipçilerime #gizlietiketim' });
    const open = await server.member();
    await open.client.post('/api/posts', { content: 'Herkese #acıketiket' });
    const tags = (await server.client().get('/api/hashtags/trending')).body.map((t: { tag: string }) => t.tag);
    expect(tags).toContain('acıketiket');
    expect(tags).not.toContain('gizlietiketim');
  });

  it('allows a few e-mail changes an hour, so the 409 for a taken address cannot list who is registered', async () => {
    const m = await server.member();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await m.client.patch(`/api/users/${m.user.id}`, { email: `yeni${i}_${m.user.username}@ornek.com` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await m.client.patch(`/api/users/${m.user.id}`, { bio: 'e-posta değil' })).status).toBe(200);
  });
});
