import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { nth } from '../../test/nth';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What the counters should say: every visible post per category (private accounts' included), counted from scratch. */
async function recount(): Promise<Record<number, number>> {
  const cats = await server.ctx.db('categories').select('id');
  const rows = await server.ctx
    .db('posts')
    .where('is_hidden', false)
    .whereNotNull('category_id')
    .groupBy('category_id')
    .select('category_id')
    .count({ n: '*' });
  const counts: Record<number, number> = Object.fromEntries(cats.map((c: { id: number }) => [c.id, 0]));
  for (const r of rows as { category_id: number; n: number | string }[]) counts[r.category_id] = Number(r.n);
  return counts;
}

/** What GET /api/categories answers, by id. */
async function listed(): Promise<Record<number, number>> {
  const res = await server.client().get('/api/categories');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body as { id: number; postCount: number }[]).map((c) => [c.id, c.postCount]));
}

/** The counter column itself, by id. */
async function counters(): Promise<Record<number, number>> {
  const rows = await server.ctx.db('categories').select('id', 'post_count');
  return Object.fromEntries(rows.map((r: { id: number; post_count: number }) => [r.id, Number(r.post_count)]));
}

async function expectTrue() {
  const fresh = await recount();
  expect(await counters()).toEqual(fresh);
  expect(await listed()).toEqual(fresh);
}

describe("categories' post counts", () => {
  it('stay equal to a fresh recount through every write that changes which posts a category shows', async () => {
    const cats = (await server.client().get('/api/categories')).body as { id: number; slug: string }[];
    const [genel, c1, c2, c3] = [nth(cats, 0).id, nth(cats, 1).id, nth(cats, 2).id, nth(cats, 3).id];
    const a = await server.member();
    const b = await server.member();
    const admin = await server.admin();
    const mk = async (m: typeof a, categoryId?: number) => {
      const res = await m.client.post('/api/posts', { content: 'sayaç gönderisi', ...(categoryId ? { categoryId } : {}) });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const before = await listed();
    const was = (id: number) => before[id] ?? 0;

    // Created: in a category, and in the default one ('Genel').
    const p1 = await mk(a, c1);
    const p2 = await mk(a, c1);
    const p3 = await mk(b, c2);
    const pg = await mk(b);
    const after = await listed();
    expect(after[c1]).toBe(was(c1) + 2);
    expect(after[c2]).toBe(was(c2) + 1);
    expect(after[genel]).toBe(was(genel) + 1);
    await expectTrue();

    // An edit that moves a post to another category, and one that keeps it where it was.
    expect((await a.client.patch(`/api/posts/${p1}`, { content: 'taşındı', categoryId: c3 })).status).toBe(200);
    expect((await b.client.patch(`/api/posts/${p3}`, { content: 'yerinde' })).status).toBe(200);
    expect((await listed())[c1]).toBe(was(c1) + 1);
    expect((await listed())[c3]).toBe(was(c3) + 1);
    await expectTrue();

    // Deleted by the author; hidden through a report (and the hidden post's later deletion takes nothing more away).
    expect((await a.client.delete(`/api/posts/${p2}`)).status).toBe(200);
    const report = (await a.client.post('/api/reports', { targetType: 'post', targetId: p3, reason: 'spam' })).body;
    expect((await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { action: 'hide' })).status).toBe(200);
    expect((await listed())[c2]).toBe(was(c2));
    expect((await admin.client.delete(`/api/admin/content/post/${p3}`)).status).toBe(200);
    expect((await listed())[c2]).toBe(was(c2));
    await expectTrue();

    // Private accounts' posts count, as they always did: going private changes nothing here.
    expect((await b.client.patch(`/api/users/${b.user.id}`, { isPrivate: true })).status).toBe(200);
    const p4 = await mk(b, c2);
    expect((await listed())[c2]).toBe(was(c2) + 1);
    await expectTrue();

    // Deleted by an admin: one post, several at once, a report's 'delete', and a whole account with its posts.
    const q1 = await mk(a, c1);
    const q2 = await mk(a, c1);
    const q3 = await mk(a, c2);
    expect((await admin.client.delete(`/api/admin/content/post/${q1}`)).status).toBe(200);
    expect((await admin.client.post('/api/admin/content/bulk-delete', { kind: 'post', ids: [q2, q3] })).status).toBe(200);
    const r2 = (await b.client.post('/api/reports', { targetType: 'post', targetId: p1, reason: 'spam' })).body;
    expect((await admin.client.post(`/api/admin/reports/${r2.id}/resolve`, { action: 'delete' })).status).toBe(200);
    await expectTrue();
    expect((await admin.client.delete(`/api/admin/users/${b.user.id}`)).status).toBe(200);
    expect((await listed())[c2]).toBe(was(c2));
    expect((await listed())[genel]).toBe(was(genel));
    await expectTrue();

    // Accounts deleted in bulk.
    const c = await server.member();
    await mk(c, c3);
    await mk(c, c3);
    expect((await admin.client.post('/api/admin/users/bulk', { ids: [c.user.id], action: 'delete' })).status).toBe(200);
    expect((await listed())[c3]).toBe(was(c3));
    await expectTrue();
    expect(p4).toBeGreaterThan(0);
    expect(pg).toBeGreaterThan(0);
  });

  it('a bulk delete that fails part-way leaves the counts as they were', async () => {
    const m = await server.member();
    const admin = await server.admin();
    const cat = nth((await server.client().get('/api/categories')).body as { id: number }[], 2).id;
    const id = (await m.client.post('/api/posts', { content: 'kalacak', categoryId: cat })).body.id as number;
    const before = await listed();
    const res = await admin.client.post('/api/admin/content/bulk-delete', { kind: 'post', ids: [id, 999_999] });
    expect(res.status).toBe(404);
    expect(await listed()).toEqual(before);
    await expectTrue();
  });
  it('edits moving posts both ways between two categories at once all succeed and leave the counts true', async () => {
    const m = await server.member();
    const cats = ((await server.client().get('/api/categories')).body as { id: number }[]).slice(4, 6).map((c) => c.id);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await m.client.post('/api/posts', { content: `gidip gelen ${i}`, categoryId: cats[i % 2] })).body.id);
    for (let round = 0; round < 3; round++) {
      const res = await Promise.all(ids.map((id, i) => m.client.patch(`/api/posts/${id}`, { content: `tur ${round}`, categoryId: cats[(i + round + 1) % 2] })));
      expect(res.map((r) => r.status)).toEqual(ids.map(() => 200));
    }
    await expectTrue();
  });
});
