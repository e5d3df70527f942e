import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer } from '../../test/harness';

/** The watched-word list: the admin's API, and what each action does to a member's write. */

let server: TestServer;
let admin: Member;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

const W = TEXTS.watchedWords;

async function setList(rows: [string, string][]) {
  if (rows.length === 0) {
    for (const w of (await admin.client.get('/api/admin/watched-words')).body) await admin.client.delete(`/api/admin/watched-words/${w.id}`);
    return;
  }
  const csv = ['word,action', ...rows.map(([w, a]) => `${w},${a}`)].join('\n');
  const res = await admin.client.post('/api/admin/watched-words/import', { csv, replace: true });
  expect(res.status).toBe(200);
}

describe('the admin list', () => {
  it('is for admins only', async () => {
    const m = await server.member();
    expect((await m.client.get('/api/admin/watched-words')).status).toBe(403);
    expect((await m.client.post('/api/admin/watched-words', { word: 'soğan', action: 'block' })).status).toBe(403);
  });

  it('adds, edits and removes words, audited, one entry per folded word', async () => {
    await setList([]);
    const created = await admin.client.post('/api/admin/watched-words', { word: 'Soğan', action: 'censor' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ word: 'Soğan', action: 'censor' });
    const twin = await admin.client.post('/api/admin/watched-words', { word: 'SOGAN', action: 'block' });
    expect(twin.status).toBe(409);
    expect(twin.body.code).toBe('watched_word_taken');
    const bad = await admin.client.post('/api/admin/watched-words', { word: 's*n', action: 'yasakla' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(W.wordInvalid);
    expect(JSON.stringify(bad.body)).toContain(W.actionInvalid);

    const edited = await admin.client.patch(`/api/admin/watched-words/${created.body.id}`, { action: 'flag' });
    expect(edited.status).toBe(200);
    expect(edited.body.action).toBe('flag');
    expect((await admin.client.get('/api/admin/watched-words')).body.map((w: { word: string }) => w.word)).toEqual(['Soğan']);
    expect((await admin.client.delete(`/api/admin/watched-words/${created.body.id}`)).status).toBe(200);
    expect((await admin.client.get('/api/admin/watched-words')).body).toEqual([]);

    const audit = await admin.client.get('/api/admin/audit?limit=10');
    const actions = audit.body.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['watched_word.create', 'watched_word.update', 'watched_word.delete']));
  });

  it('imports a CSV all or nothing, Turkish headers and labels read, row errors in Turkish by line', async () => {
    await setList([]);
    const bad = await admin.client.post('/api/admin/watched-words/import', { csv: 'kelime;işlem\nsoğan;Engelle\n;Sansürle\nbiber;yok\nSOGAN;işaretle' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('watched_words_import_invalid');
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { path: 'satır 3', message: W.wordRequired },
        { path: 'satır 4', message: W.actionInvalid },
        { path: 'satır 5', message: W.rowDuplicate(2) },
      ]),
    );
    expect((await admin.client.get('/api/admin/watched-words')).body).toEqual([]);

    const ok = await admin.client.post('/api/admin/watched-words/import', { csv: 'kelime;işlem\nsoğan;Engelle\nbiber*;Onaya gönder\n"kötü söz";sansürle' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ created: 3, updated: 0, removed: 0 });
    const again = await admin.client.post('/api/admin/watched-words/import', { csv: 'word,action\nsoğan,flag', replace: true });
    expect(again.body).toEqual({ created: 0, updated: 1, removed: 2 });
    expect((await admin.client.get('/api/admin/watched-words')).body).toMatchObject([{ word: 'soğan', action: 'flag' }]);
  });
});

describe('what a match does', () => {
  beforeEach(async () => {
    await setList([
      ['domates', 'block'],
      ['patates', 'require_approval'],
      ['biber', 'flag'],
      ['soğan', 'censor'],
    ]);
  });

  it('block: refuses every kind of write with a message naming no word, whatever the dodge', async () => {
    const m = await server.member();
    const other = await server.member();
    for (const content of ['DOMATES', 'd0m4tes', 'd.o.m.a.t.e.s', 'dooomaaates', 'd o m a t e s']) {
      const res = await m.client.post('/api/posts', { content: `bugün ${content} aldım` });
      expect(res.status, content).toBe(400);
      expect(res.body.code).toBe('content_blocked');
      expect(res.body.error).toBe(W.blocked);
      expect(res.body.error).not.toMatch(/domates/i);
    }
    const post = await m.client.post('/api/posts', { content: 'temiz bir gönderi' });
    expect(post.status).toBe(201);
    expect((await other.client.post(`/api/posts/${post.body.id}/comments`, { content: 'domates!' })).body.code).toBe('content_blocked');
    expect((await m.client.patch(`/api/posts/${post.body.id}`, { content: 'domates' })).body.code).toBe('content_blocked');
    expect((await m.client.post('/api/questions', { title: 'Domates nerede?', content: 'soru' })).body.code).toBe('content_blocked');
    expect((await m.client.post('/api/messages', { receiverId: other.user.id, content: 'domates' })).body.code).toBe('content_blocked');
    expect((await m.client.patch(`/api/users/${m.user.id}`, { bio: 'domates seven biri' })).body.code).toBe('content_blocked');
    const reg = await server.client().post('/api/auth/register', {
      displayName: 'Deneme',
      username: 'domates_1',
      email: 'domates@ornek.com',
      password: 'Guclu.Parola-2026',
      confirmPassword: 'Guclu.Parola-2026',
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(reg.status).toBe(400);
    expect(reg.body.code).toBe('content_blocked');
  });

  it('flag: the post is published and a system report enters the queue', async () => {
    const m = await server.member();
    const res = await m.client.post('/api/posts', { content: 'b1b3r aldım' });
    expect(res.status).toBe(201);
    expect(res.body.pendingApproval).toBeUndefined();
    expect((await server.client().get(`/api/posts/${res.body.id}`)).status).toBe(200);
    const queue = await admin.client.get('/api/admin/reports?status=open&limit=100');
    const report = queue.body.items.find((r: { targetType: string; targetId: number }) => r.targetType === 'post' && r.targetId === res.body.id);
    expect(report).toMatchObject({ reporter: null });
    expect(report.reason).toContain(W.reportNote);

    const comment = await m.client.post(`/api/posts/${res.body.id}/comments`, { content: 'BİBER' });
    expect(comment.status).toBe(201);
    const after = await admin.client.get('/api/admin/reports?status=open&limit=100');
    expect(after.body.items.some((r: { targetType: string; targetId: number }) => r.targetType === 'comment' && r.targetId === comment.body.id)).toBe(true);
  });

  it('require approval: the post is saved hidden, its author told it waits, and it enters the queue', async () => {
    const m = await server.member();
    const res = await m.client.post('/api/posts', { content: 'p@t4tes kızartması' });
    expect(res.status).toBe(201);
    expect(res.body.pendingApproval).toBe(true);
    expect((await server.client().get(`/api/posts/${res.body.id}`)).status).toBe(404);
    const queue = await admin.client.get('/api/admin/reports?status=open&limit=100');
    const entry = queue.body.items.find((r: { targetType: string; targetId: number }) => r.targetType === 'post' && r.targetId === res.body.id);
    expect(entry).toBeTruthy();
    // Dismissing the entry approves the post: everyone sees it from then on.
    expect((await admin.client.post(`/api/admin/reports/${entry.id}/dismiss`, { note: 'uygun' })).status).toBe(200);
    expect((await server.client().get(`/api/posts/${res.body.id}`)).status).toBe(200);
  });

  it('censor: shown with the word replaced by ■ everywhere it is read, stored as written', async () => {
    const m = await server.member();
    const res = await m.client.post('/api/posts', { content: 'Taze SOĞAN ve s.o.g.a.n aldım' });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe('Taze ■■■■■ ve ■■■■■■■■■ aldım');
    expect((await server.client().get(`/api/posts/${res.body.id}`)).body.content).toBe('Taze ■■■■■ ve ■■■■■■■■■ aldım');
    await m.client.post(`/api/posts/${res.body.id}/comments`, { content: 'soğanlı değil, soğan!' });
    const comments = await server.client().get(`/api/posts/${res.body.id}/comments`);
    expect((Array.isArray(comments.body) ? comments.body : comments.body.items).map((c: { content: string }) => c.content)).toEqual(['soğanlı değil, ■■■■■!']);
    // Taken off the list, the text shows as written again.
    for (const w of (await admin.client.get('/api/admin/watched-words')).body) await admin.client.delete(`/api/admin/watched-words/${w.id}`);
    expect((await server.client().get(`/api/posts/${res.body.id}`)).body.content).toBe('Taze SOĞAN ve s.o.g.a.n aldım');
  });
});
