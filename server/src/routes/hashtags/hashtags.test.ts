import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { tallyTags } from '../../services/hashtags';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What the counters should say: every public, visible tagged post, counted from scratch. */
async function recount(): Promise<Record<string, number>> {
  const rows = await server.ctx.db('post_hashtags as h')
    .join('posts as p', 'p.id', 'h.post_id')
    .join('users as u', 'u.id', 'p.author_id')
    .where('p.is_hidden', false)
    .andWhere('u.is_private', false)
    .groupBy('h.tag')
    .select('h.tag')
    .count({ n: '*' });
  return Object.fromEntries(rows.map((r: any) => [r.tag, Number(r.n)]));
}

async function counters(): Promise<Record<string, number>> {
  const rows = await server.ctx.db('hashtag_counts').groupBy('tag').select('tag').sum({ n: 'posts' });
  return Object.fromEntries(rows.map((r: any) => [r.tag, Number(r.n)]).filter(([, n]) => n !== 0));
}

const trending = async () => (await server.client().get('/api/hashtags/trending')).body as { tag: string; posts: number; growth: number; hot: boolean }[];
const postsOf = async (tag: string) => (await trending()).find((t) => t.tag === tag)?.posts ?? 0;

describe('trending counters', () => {
  it('stay true through posting, editing, deleting, hiding, going private and account deletion', async () => {
    const a = await server.member();
    const b = await server.member();
    const admin = await server.admin();
    const mk = async (m: typeof a, content: string) => (await m.client.post('/api/posts', { content })).body as { id: number };
    const p1 = await mk(a, '#SayaçA ve #sayaçb');
    const p2 = await mk(a, '#sayaça yine');
    const p3 = await mk(b, '#SAYAÇA üçüncü');
    expect(await postsOf('sayaça')).toBe(3);
    expect(await counters()).toEqual(await recount());

    // An edit that drops a tag and adds another.
    expect((await a.client.patch(`/api/posts/${p1.id}`, { content: 'artık #sayaçc' })).status).toBe(200);
    expect(await postsOf('sayaça')).toBe(2);
    expect(await postsOf('sayaçb')).toBe(0);
    expect(await postsOf('sayaçc')).toBe(1);

    // Deleted by the author, then one hidden through a report.
    expect((await a.client.delete(`/api/posts/${p2.id}`)).status).toBe(200);
    expect(await postsOf('sayaça')).toBe(1);
    const report = (await a.client.post('/api/reports', { targetType: 'post', targetId: p3.id, reason: 'spam' })).body;
    expect((await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { action: 'hide' })).status).toBe(200);
    expect(await postsOf('sayaça')).toBe(0);
    expect(await counters()).toEqual(await recount());

    // Going private takes the account's tags out; going public brings them back.
    await mk(b, '#sayaçd bir');
    await mk(b, '#sayaçd iki');
    expect(await postsOf('sayaçd')).toBe(2);
    expect((await b.client.patch(`/api/users/${b.user.id}`, { isPrivate: true })).status).toBe(200);
    expect(await postsOf('sayaçd')).toBe(0);
    expect((await b.client.patch(`/api/users/${b.user.id}`, { isPrivate: false })).status).toBe(200);
    expect(await postsOf('sayaçd')).toBe(2);
    expect(await counters()).toEqual(await recount());

    // An admin deletes the account, and with it its posts; and a post through the admin panel.
    expect((await admin.client.delete(`/api/admin/users/${b.user.id}`)).status).toBe(200);
    expect(await postsOf('sayaçd')).toBe(0);
    const p4 = await mk(a, '#sayaçe');
    expect((await admin.client.delete(`/api/admin/content/post/${p4.id}`)).status).toBe(200);
    expect(await postsOf('sayaçe')).toBe(0);
    expect(await counters()).toEqual(await recount());
  });

  it('counts by hour: a post of ten days ago is last week\'s, and makes this week\'s growth', async () => {
    const m = await server.member();
    for (let i = 0; i < 3; i++) await m.client.post('/api/posts', { content: `#büyüyen ${i}` });
    const db = server.ctx.db;
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const [row] = await db('posts').insert({ author_id: m.user.id, content: '#büyüyen eski', created_at: old, updated_at: old }).returning('id');
    const id = typeof row === 'object' ? row.id : row;
    await db.transaction(async (trx) => {
      await trx('post_hashtags').insert({ post_id: id, tag: 'büyüyen', created_at: old });
      await tallyTags(trx, { postIds: [id] }, 1);
    });
    expect((await trending()).find((t) => t.tag === 'büyüyen')).toEqual({ tag: 'büyüyen', posts: 3, growth: 200, hot: true });
  });

  it('pages a tag\'s posts by the last post id, without repeating or skipping one', async () => {
    const m = await server.member();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await m.client.post('/api/posts', { content: `#sayfalı ${i}` })).body.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 4; page++) {
      const res: { body: { id: number }[]; headers: Headers } = await server.client().get(`/api/hashtags/${encodeURIComponent('SAYFALI')}/posts?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.body.map((p: { id: number }) => p.id));
      cursor = res.headers.get('x-next-cursor');
      if (!cursor) break;
    }
    expect(seen).toEqual([...ids].reverse());
  });
});
