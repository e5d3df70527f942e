import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const encode = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/**
 * Follows a bare list's X-Next-Cursor to its end: every page holds at most `limit` items, every
 * full page names the next one, the last page names none. Answers the ids in the order read.
 */
async function walk(client: ApiClient, url: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const res: ApiResponse = await client.get(`${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, url).toBe(200);
    expect(Array.isArray(res.body), url).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.map((x: { id: number }) => x.id));
    cursor = res.headers.get('x-next-cursor');
    if (res.body.length < limit) expect(cursor, `${url}: a short page is the last`).toBeNull();
    if (!cursor) return ids;
  }
  throw new Error(`${url} did not end`);
}

const expectRefused = (res: { status: number; body: any }, what: string) => {
  expect(res.status, what).toBe(400);
  expect(res.body, what).toEqual({ error: TEXTS.errors.invalidCursor, code: 'invalid_cursor' });
};

describe('the specification-fixed bare lists page with an opaque cursor in X-Next-Cursor', () => {
  it("the feed, a member's posts and a tag's posts, newest first, none repeated or skipped", async () => {
    const m = await server.member();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await m.client.post('/api/posts', { content: `#imleçli sayfa ${i}` })).body.id);
    const newest = [...ids].reverse();
    const visitor = server.client();
    expect(await walk(visitor, `/api/posts?authorId=${m.user.id}`, 2)).toEqual(newest);
    expect(await walk(visitor, `/api/users/${m.user.id}/posts`, 2)).toEqual(newest);
    expect(await walk(visitor, `/api/hashtags/${encodeURIComponent('İMLEÇLİ')}/posts`, 2)).toEqual(newest);
    // A page that ends exactly at the last post names a next page, and that page is empty.
    const full = await visitor.get(`/api/users/${m.user.id}/posts?limit=5`);
    expect(full.headers.get('x-next-cursor')).toBeTruthy();
    const empty = await visitor.get(`/api/users/${m.user.id}/posts?limit=5&cursor=${full.headers.get('x-next-cursor')}`);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('x-next-cursor')).toBeNull();
  });

  it("a post's comments: each page in reading order, the next page further back", async () => {
    const m = await server.member();
    const post = (await m.client.post('/api/posts', { content: 'yorumlu' })).body;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await m.client.post(`/api/posts/${post.id}/comments`, { content: `yorum ${i}` })).body.id);
    const first = await server.client().get(`/api/posts/${post.id}/comments?limit=2`);
    expect(first.body.map((c: { id: number }) => c.id)).toEqual([ids[3], ids[4]]);
    const second = await server.client().get(`/api/posts/${post.id}/comments?limit=2&cursor=${first.headers.get('x-next-cursor')}`);
    expect(second.body.map((c: { id: number }) => c.id)).toEqual([ids[1], ids[2]]);
    const third = await server.client().get(`/api/posts/${post.id}/comments?limit=2&cursor=${second.headers.get('x-next-cursor')}`);
    expect(third.body.map((c: { id: number }) => c.id)).toEqual([ids[0]]);
    expect(third.headers.get('x-next-cursor')).toBeNull();
  });

  it("a post's page: comments newest or oldest first, paged; one comment by its id, 404 when it is not that post's or is hidden from the viewer", async () => {
    const m = await server.member();
    const other = await server.member();
    const post = (await m.client.post('/api/posts', { content: 'sayfalı yorumlar' })).body;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await (i === 2 ? other : m).client.post(`/api/posts/${post.id}/comments`, { content: `yorum ${i}` })).body.id);
    expect(await walk(server.client(), `/api/posts/${post.id}/comments?order=newest`, 2)).toEqual([...ids].reverse());
    expect(await walk(server.client(), `/api/posts/${post.id}/comments?order=oldest`, 2)).toEqual(ids);
    expect((await server.client().get(`/api/posts/${post.id}/comments?order=yanlis`)).status).toBe(400);

    const one = await server.client().get(`/api/posts/${post.id}/comments/${ids[2]}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids[2], postId: post.id, content: 'yorum 2', author: { username: other.user.username } });
    const elsewhere = (await m.client.post('/api/posts', { content: 'başka' })).body;
    const wrong = await server.client().get(`/api/posts/${elsewhere.id}/comments/${ids[2]}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ code: 'comment_not_found', error: TEXTS.social.commentNotFound });
    // The author has blocked the commenter: the comment is not shown to them, alone or in the list.
    expect((await m.client.post(`/api/users/${other.user.id}/block`)).status).toBeLessThan(300);
    expect((await m.client.get(`/api/posts/${post.id}/comments/${ids[2]}`)).status).toBe(404);
    expect(await walk(m.client, `/api/posts/${post.id}/comments?order=oldest`, 2)).toEqual(ids.filter((_, i) => i !== 2));
  });

  it('refuses a cursor it did not make with 400 invalid_cursor, on every list and sort', async () => {
    const m = await server.member();
    const post = (await m.client.post('/api/posts', { content: '#bozuk imleç' })).body;
    const lists = [
      '/api/posts',
      `/api/users/${m.user.id}/posts`,
      `/api/hashtags/bozuk/posts`,
      `/api/posts/${post.id}/comments`,
      `/api/users/${m.user.id}/bookmarks`,
    ];
    const tampered = [
      encode([{ a: 1 }]),
      encode(['7']),
      encode([1.5]),
      encode([0]),
      encode([-3]),
      encode([2 ** 40]),
      encode([1, 2]),
      encode({ a: 1 }),
      encode('bu bir imleç değil'),
      encode('5:9'),
    ];
    for (const list of lists) {
      for (const cursor of tampered) expectRefused(await m.client.get(`${list}?cursor=${cursor}`), `${list} ${Buffer.from(cursor, 'base64url')}`);
      expect((await m.client.get(`${list}?cursor=${encode([post.id + 1])}`)).status, list).toBe(200);
    }
    // The sorted feed's cursor (<count>:<id>) and the newest feed's are not each other's.
    expectRefused(await m.client.get(`/api/posts?sort=popular&cursor=${encode([post.id])}`), 'id cursor on a sort');
    expect((await m.client.get(`/api/posts?sort=popular&cursor=${encode('5:9')}`)).status).toBe(200);
  });
});
