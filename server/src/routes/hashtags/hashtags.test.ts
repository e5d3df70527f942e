import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashtagKey } from '@mahalle/shared';
import { startTestServer, type TestServer } from '../../test/harness';
import { tallyTags } from '../../services/hashtags';
import { trendingFromCounters } from '../../services/trending';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What the counters should say: every public, visible tagged post, counted from scratch. */
async function recount(): Promise<Record<string, number>> {
  const rows = await server.ctx
    .db('post_hashtags as h')
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
  const hourly = Object.fromEntries(rows.map((r: any) => [r.tag, Number(r.n)]).filter(([, n]) => n !== 0));
  // The daily counters say the same, day by day.
  const days = await server.ctx.db('hashtag_daily_counts').select('tag', 'day', 'posts');
  const hours = await server.ctx.db('hashtag_counts').select('tag', 'bucket', 'posts');
  const byDay = new Map<string, number>();
  for (const h of hours) byDay.set(`${h.tag}/${Math.floor(h.bucket / 24)}`, (byDay.get(`${h.tag}/${Math.floor(h.bucket / 24)}`) ?? 0) + h.posts);
  expect(Object.fromEntries(days.map((d: any) => [`${d.tag}/${d.day}`, d.posts]))).toEqual(Object.fromEntries([...byDay].filter(([, n]) => n !== 0)));
  return hourly;
}

const trending = async () => (await server.client().get('/api/hashtags/trending')).body as { tag: string; posts: number; growth: number; hot: boolean }[];
// Trending shows each tag in its most used typed form; the tests name tags by their folded key.
const postsOf = async (tag: string) => (await trending()).find((t) => hashtagKey(t.tag) === hashtagKey(tag))?.posts ?? 0;

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

  it("counts by hour: a post of ten days ago is last week's, and makes this week's growth", async () => {
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

  it('reads whole days and edge hours to the same figures as every hour of the two weeks', async () => {
    const m = await server.member();
    const db = server.ctx.db;
    const HOUR = 3_600_000;
    const base = Math.floor(Date.now() / HOUR) * HOUR;
    // Tagged posts at 61 different hours over 16 days (some before, some after every window edge).
    const ids: number[] = [];
    for (let k = 0; k < 61; k++) {
      const at = new Date(base - (k * 6 + (k % 5)) * HOUR - 60_000).toISOString();
      const [row] = await db('posts')
        .insert({ author_id: m.user.id, content: `#kenar${k % 3}`, created_at: at, updated_at: at })
        .returning('id');
      const id = typeof row === 'object' ? row.id : row;
      await db('post_hashtags').insert({ post_id: id, tag: `kenar${k % 3}`, created_at: at });
      ids.push(id);
    }
    await db.transaction((trx) => tallyTags(trx, { postIds: ids }, 1));
    // By the hour, from every hourly counter of the two weeks.
    const byHour = async (now: number) => {
      const weekAgo = Math.floor((now - 7 * 86_400_000) / HOUR);
      const twoWeeksAgo = Math.floor((now - 14 * 86_400_000) / HOUR);
      const rows = await db('hashtag_counts').where('tag', 'like', 'kenar%').andWhere('bucket', '>=', twoWeeksAgo).select('tag', 'bucket', 'posts');
      const out: Record<string, [number, number]> = {};
      for (const r of rows) {
        const counts = (out[r.tag] ??= [0, 0]);
        counts[r.bucket >= weekAgo ? 0 : 1] += r.posts;
      }
      return out;
    };
    // Every hour of a day as "now", so the windows' edges fall on every hour of a day.
    for (let h = 0; h < 24; h++) {
      const now = base + h * HOUR + 30 * 60_000;
      const expected = await byHour(now);
      const got = (await trendingFromCounters(db, now)).filter((t) => t.tag.startsWith('kenar'));
      for (const t of got) {
        const [recent, previous] = expected[t.tag] ?? [0, 0];
        expect([t.tag, h, t.posts]).toEqual([t.tag, h, recent]);
        expect(t.growth).toBe(previous === 0 ? 100 : Math.round(((recent - previous) / previous) * 100));
      }
      expect(got.map((t) => t.tag).sort()).toEqual(
        Object.keys(expected)
          .filter((k) => (expected[k]?.[0] ?? 0) > 0)
          .sort(),
      );
    }
    expect(await counters()).toEqual(await recount());
  });

  it("pages a tag's posts by the last post id, without repeating or skipping one", async () => {
    const m = await server.member();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await m.client.post('/api/posts', { content: `#sayfalı ${i}` })).body.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 4; page++) {
      const res: { body: { id: number }[]; headers: Headers } = await server
        .client()
        .get(`/api/hashtags/${encodeURIComponent('SAYFALI')}/posts?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.body.map((p: { id: number }) => p.id));
      cursor = res.headers.get('x-next-cursor');
      if (!cursor) break;
    }
    expect(seen).toEqual([...ids].reverse());
  });
});
