import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('questions and answers', () => {
  it('asks as the session user, lists 10 a page with a total, searches Turkish-aware and filters by category', async () => {
    const asker = await server.member();
    const first = await asker.client.post('/api/questions', {
      title: 'İstanbul yolu nasıl?',
      content: 'Trafik durumu',
      category: 'Seyahat',
      tags: 'yol, trafik, yol',
      authorId: 1,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'İstanbul yolu nasıl?',
      authorId: asker.user.id,
      category: { name: 'Seyahat' },
      tags: ['yol', 'trafik'],
      answersCount: 0,
      isAnswered: false,
    });
    for (let i = 0; i < 11; i++) await asker.client.post('/api/questions', { title: `Soru ${i}`, content: 'içerik' });
    const page1 = await server.client().get('/api/questions');
    expect(page1.body.items).toHaveLength(10);
    expect(page1.body.total).toBe(12);
    expect(page1.body.prevCursor).toBeNull();
    const page2 = await server.client().get(`/api/questions?cursor=${page1.body.nextCursor}&page=2`);
    expect(page2.body.items).toHaveLength(2);
    expect(page2.body).toMatchObject({ page: 2, nextCursor: null, total: null });
    const search = await server.client().get(`/api/questions?search=${encodeURIComponent('ISTANBUL')}`);
    expect(search.body.items.map((q: { id: number }) => q.id)).toEqual([first.body.id]);
    const cat = await server.client().get(`/api/questions?category=Seyahat`);
    expect(cat.body.total).toBe(1);
    expect((await server.client().get(`/api/questions?category=${encodeURIComponent('Tümü')}`)).body.total).toBe(12);
    const missing = await asker.client.post('/api/questions', { title: ' ', content: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Lütfen başlık ve içerik alanlarını doldurun.');
    expect((await server.client().post('/api/questions', { title: 'a', content: 'b' })).status).toBe(401);
  });

  it('counts views, toggles upvotes, answers, and only the author accepts', async () => {
    const asker = await server.member();
    const helper = await server.member();
    const q = (await asker.client.post('/api/questions', { title: 'Kabul testi', content: 'Hangisi?' })).body;
    await server.client().get(`/api/questions/${q.id}`);
    expect((await server.client().get(`/api/questions/${q.id}`)).body.views).toBe(2);
    expect((await helper.client.post(`/api/questions/${q.id}/upvote`, { userId: 1 })).body).toEqual({ upvoted: true, upvotes: 1 });
    expect((await helper.client.get(`/api/questions/${q.id}`)).body.userHasUpvoted).toBe(true);
    expect((await helper.client.post(`/api/questions/${q.id}/upvote`)).body).toEqual({ upvoted: false, upvotes: 0 });

    const a1 = await helper.client.post(`/api/questions/${q.id}/answers`, { content: 'Bence bu', authorId: 1 });
    expect(a1.status).toBe(201);
    expect(a1.body.author.id).toBe(helper.user.id);
    expect((await helper.client.post(`/api/questions/${q.id}/answers`, { content: '  ' })).status).toBe(400);
    const a2 = (await asker.client.post(`/api/questions/${q.id}/answers`, { content: 'Kendi cevabım' })).body;
    expect((await asker.client.get('/api/notifications')).body[0]).toMatchObject({ type: 'answer', message: expect.stringContaining('sorunuza cevap verdi') });
    expect((await asker.client.post(`/api/answers/${a1.body.id}/upvote`)).body).toEqual({ upvoted: true, upvotes: 1 });

    expect((await helper.client.post(`/api/answers/${a1.body.id}/accept`)).status).toBe(403);
    const admin = await server.admin();
    expect((await admin.client.post(`/api/answers/${a1.body.id}/accept`)).status).toBe(403);
    expect((await asker.client.post(`/api/answers/${a1.body.id}/accept`)).body).toMatchObject({ accepted: true, isAnswered: true });
    const answers = (await server.client().get(`/api/questions/${q.id}/answers`)).body;
    expect(answers[0]).toMatchObject({ id: a1.body.id, isAccepted: true });
    expect(answers[1].id).toBe(a2.id);
    expect((await server.client().get(`/api/questions/${q.id}`)).body).toMatchObject({ isAnswered: true, answersCount: 2 });
  });

  it('deletes answers and questions (with their answers) for admins only, whatever headers others send', async () => {
    const asker = await server.member();
    const q = (await asker.client.post('/api/questions', { title: 'Silinecek', content: 'x' })).body;
    const a = (await asker.client.post(`/api/questions/${q.id}/answers`, { content: 'cevap' })).body;
    const forged = { 'x-user-role': 'admin', role: 'admin' };
    expect((await asker.client.delete(`/api/answers/${a.id}`, forged)).status).toBe(403);
    expect((await asker.client.delete(`/api/questions/${q.id}`, forged)).status).toBe(403);
    expect((await asker.client.patch(`/api/questions/${q.id}`, { title: 'x' }, forged)).status).toBe(403);
    const admin = await server.admin();
    expect((await admin.client.patch(`/api/questions/${q.id}`, { title: 'Düzeltildi' })).body.title).toBe('Düzeltildi');
    expect((await admin.client.delete(`/api/answers/${a.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/questions/${q.id}`)).body.answersCount).toBe(0);
    await asker.client.post(`/api/questions/${q.id}/answers`, { content: 'yine' });
    expect((await admin.client.delete(`/api/questions/${q.id}`)).status).toBe(200);
    const gone = await server.client().get(`/api/questions/${q.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('Soru bulunamadı');
    const left = await server.ctx.db('answers').where({ question_id: q.id }).count({ n: '*' });
    expect(Number(left[0]?.n)).toBe(0);
    const log = await server.ctx.db('audit_log').whereIn('action', ['question.update', 'comment.delete', 'question.delete']).orderBy('id');
    expect(log.map((l: { action: string; target_type: string }) => `${l.action}:${l.target_type}`)).toEqual([
      'question.update:question',
      'comment.delete:answer_comment',
      'question.delete:question',
    ]);
  });

  it('lists the most upvoted questions first with sort=popular', async () => {
    const m = await server.member();
    const voters = await Promise.all([server.member(), server.member()]);
    const tag = `pop${Date.now().toString(36)}`;
    const low = (await m.client.post('/api/questions', { title: `${tag} az`, content: 'x' })).body;
    const high = (await m.client.post('/api/questions', { title: `${tag} çok`, content: 'x' })).body;
    const mid = (await m.client.post('/api/questions', { title: `${tag} orta`, content: 'x' })).body;
    for (const v of voters) await v.client.post(`/api/questions/${high.id}/upvote`);
    await voters[0].client.post(`/api/questions/${mid.id}/upvote`);
    const list = (await server.client().get(`/api/questions?search=${tag}&sort=popular`)).body.items.map((q: { id: number }) => q.id);
    expect(list).toEqual([high.id, mid.id, low.id]);
    expect((await server.client().get('/api/questions?sort=karışık')).status).toBe(400);
  });

  it('pages ten at a time by cursor, forwards and back, in either sort, without OFFSET', async () => {
    const m = await server.member();
    const cat = 'Spor';
    const before = (await server.client().get(`/api/questions?category=${cat}`)).body.total as number;
    for (let i = 0; i < 23; i++) await m.client.post('/api/questions', { title: `Sayfa sorusu ${i}`, content: 'x', category: cat });
    for (const sort of ['latest', 'popular']) {
      const url = (extra: string) => `/api/questions?category=${cat}&sort=${sort}${extra}`;
      const pages: number[][] = [];
      let res = (await server.client().get(url(''))).body;
      expect(res.total).toBe(before + 23);
      pages.push(res.items.map((q: { id: number }) => q.id));
      while (res.nextCursor) {
        res = (await server.client().get(url(`&cursor=${res.nextCursor}&dir=next&page=${pages.length + 1}`))).body;
        expect(res.page).toBe(pages.length + 1);
        pages.push(res.items.map((q: { id: number }) => q.id));
      }
      const all = pages.flat();
      expect(new Set(all).size).toBe(before + 23);
      expect(pages.slice(0, -1).every((p) => p.length === 10)).toBe(true);
      // And back from the last page: the same pages in reverse.
      for (let i = pages.length - 2; i >= 0; i--) {
        res = (await server.client().get(url(`&cursor=${res.prevCursor}&dir=prev&page=${i + 1}`))).body;
        expect(res.items.map((q: { id: number }) => q.id)).toEqual(pages[i]);
      }
      expect(res.prevCursor).toBeNull();
    }
    // A cursor the server did not hand out is refused (as on every cursor list), not read as the start.
    const bad = await server.client().get('/api/questions?cursor=bm9wZQ');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_cursor');
    // A 'latest' cursor is one id; a 'popular' list does not take it.
    const latest = (await server.client().get(`/api/questions?category=${cat}`)).body.nextCursor as string;
    expect((await server.client().get(`/api/questions?category=${cat}&sort=popular&cursor=${latest}&dir=next`)).status).toBe(400);
  });

  it("pages a long thread's answers by the X-Next-Cursor header, the accepted one first, and refuses a made-up cursor", async () => {
    const asker = await server.member();
    const helper = await server.member();
    const q = (await asker.client.post('/api/questions', { title: 'Uzun konu', content: 'Çok cevap' })).body;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await helper.client.post(`/api/questions/${q.id}/answers`, { content: `Cevap ${i}` })).body.id);
    await asker.client.post(`/api/answers/${ids[2]}/accept`);
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/questions/${q.id}/answers?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await server.client().get(url);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      pages.push(res.body.map((a: { id: number }) => a.id));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor && pages.length < 10);
    expect(pages).toEqual([[ids[2], ids[0]], [ids[1], ids[3]], [ids[4]]]);
    // Without a limit, a thread of this size comes in one answer with no cursor.
    const all = await server.client().get(`/api/questions/${q.id}/answers`);
    expect(all.body).toHaveLength(5);
    expect(all.headers.get('x-next-cursor')).toBeNull();
    const bad = await server.client().get(`/api/questions/${q.id}/answers?cursor=bm9wZQ`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_cursor');
  });
});
