import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@mahalle/shared';
import { startTestServer, type ApiResponse, type Member, type TestServer } from '../../test/harness';

/** Likes of one post, and follows, of one day are one item of the list ('12 kişi gönderinizi beğendi'). */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function all(member: Member, limit = 100): Promise<Notification[]> {
  const out: Notification[] = [];
  let cursor: string | null = null;
  do {
    const res: ApiResponse<Notification[]> = await member.client.get(`/api/notifications?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    out.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return out;
}

const unread = async (m: Member) => (await m.client.get('/api/notifications/unread-count')).body.count as number;

describe('notification groups', () => {
  it('lists a post’s likes and the day’s follows once each, at the newest, with their size; pages see each group once; unread counts groups', async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'beğenilecek' })).body;
    const other = (await author.client.post('/api/posts', { content: 'öteki' })).body;
    const fans = [await server.member(), await server.member(), await server.member()];
    for (const f of fans) expect((await f.client.post(`/api/posts/${post.id}/like`)).status).toBeLessThan(300);
    await fans[0]!.client.post(`/api/posts/${post.id}/comments`, { content: 'güzel' });
    await fans[1]!.client.post(`/api/posts/${other.id}/like`);
    for (const f of fans) await f.client.post(`/api/users/${author.user.id}/follow`);

    const list = await all(author);
    expect(list.map((n) => [n.type, n.relatedPostId, n.groupCount])).toEqual([
      ['follow', null, 3],
      ['like', other.id, 1],
      ['comment', post.id, 1],
      ['like', post.id, 3],
    ]);
    // The group's item is its newest row: the last fan's like.
    expect(list[3]?.relatedUser?.username).toBe(fans[2]!.user.username);
    // One at a time: the same items, none twice.
    expect((await all(author, 1)).map((n) => n.id)).toEqual(list.map((n) => n.id));
    expect(await unread(author)).toBe(4);

    // Reading the likes' item reads all three; deleting the follows' item deletes all three.
    const likes = list[3]!;
    expect((await author.client.patch(`/api/notifications/${likes.id}/read`)).status).toBe(200);
    expect(await unread(author)).toBe(3);
    expect((await all(author)).find((n) => n.id === likes.id)).toMatchObject({ isRead: true, groupCount: 3 });
    expect(
      Number(
        (await server.ctx.db('notifications').where({ user_id: author.user.id, type: 'like', related_post_id: post.id, is_read: false }).count({ n: '*' }))[0]
          ?.n,
      ),
    ).toBe(0);
    expect((await author.client.delete(`/api/notifications/${list[0]!.id}`)).status).toBe(200);
    expect((await all(author)).map((n) => n.type)).toEqual(['like', 'comment', 'like']);
    expect(Number((await server.ctx.db('notifications').where({ user_id: author.user.id, type: 'follow' }).count({ n: '*' }))[0]?.n)).toBe(0);
    expect(await unread(author)).toBe(2);
    // Someone else's notification is not there for them.
    expect((await fans[0]!.client.patch(`/api/notifications/${likes.id}/read`)).status).toBe(404);
  });

  it("groups by the community's day (Europe/Istanbul), not the UTC date: midnight there splits, midnight UTC does not", async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'gece yarısı' })).body;
    const fans = [await server.member(), await server.member(), await server.member(), await server.member()];
    const likeAt = async (fan: Member, iso: string) => {
      server.ctx.now = () => new Date(iso);
      expect((await fan.client.post(`/api/posts/${post.id}/like`)).status).toBeLessThan(300);
    };
    try {
      // 23:59 and 00:01 in Istanbul (UTC+3): the same UTC date, two days of the community.
      await likeAt(fans[0]!, '2026-11-24T20:59:00.000Z');
      await likeAt(fans[1]!, '2026-11-24T21:01:00.000Z');
      // 02:30 and 23:30 Istanbul time on the 25th: two UTC dates, one day of the community.
      await likeAt(fans[2]!, '2026-11-24T23:30:00.000Z');
      await likeAt(fans[3]!, '2026-11-25T20:30:00.000Z');
    } finally {
      server.ctx.now = undefined;
    }
    const likes = (await all(author)).filter((n) => n.relatedPostId === post.id);
    expect(likes.map((n) => [n.groupKey, n.groupCount])).toEqual([
      [`like:${post.id}:2026-11-25`, 3],
      [`like:${post.id}:2026-11-24`, 1],
    ]);
    expect(likes[0]?.createdAt).toBe('2026-11-25T20:30:00.000Z');
  });

  it('groups by the day of the zone the community set (TIME_ZONE)', async () => {
    const utc = await startTestServer({ timeZone: 'UTC' });
    try {
      const author = await utc.member();
      const post = (await author.client.post('/api/posts', { content: 'utc' })).body;
      const [a, b] = [await utc.member(), await utc.member()];
      utc.ctx.now = () => new Date('2026-11-24T20:59:00.000Z');
      await a.client.post(`/api/posts/${post.id}/like`);
      utc.ctx.now = () => new Date('2026-11-24T21:01:00.000Z');
      await b.client.post(`/api/posts/${post.id}/like`);
      utc.ctx.now = undefined;
      const list = (await author.client.get('/api/notifications?limit=100')).body as Notification[];
      expect(list.filter((n) => n.type === 'like').map((n) => [n.groupKey, n.groupCount])).toEqual([[`like:${post.id}:2026-11-24`, 2]]);
    } finally {
      await utc.close();
    }
  });

  it('keeps likes of another day apart', async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'iki gün' })).body;
    const [a, b] = [await server.member(), await server.member()];
    await a.client.post(`/api/posts/${post.id}/like`);
    // a's like as if it came yesterday.
    await server.ctx
      .db('notifications')
      .where({ user_id: author.user.id, type: 'like' })
      .update({ group_key: `like:${post.id}:2000-01-01`, created_at: '2000-01-01T10:00:00.000Z' });
    await b.client.post(`/api/posts/${post.id}/like`);
    expect((await all(author)).map((n) => n.groupCount)).toEqual([1, 1]);
  });
});
