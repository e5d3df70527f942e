import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Member, type TestServer } from '../../test/harness';
import { listPostsQuerySchema } from '@mahalle/shared';
import { memberBody, sharedPage, SharedPostPages, type PostPage } from '../../services/posts/shared-pages';
import { listPosts } from '../../services/posts/posts';

/**
 * A member's feed page is the visitors' shared page with the member's own flags, and
 * what a member gets is remembered with that page (services/posts/shared-pages). Each test reads
 * twice before a write, so the second read is answered from memory, then checks the next read.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface FeedPost {
  id: number;
  isLiked: boolean;
  isBookmarked: boolean;
}
const feedOf = async (m: Member): Promise<FeedPost[]> => {
  const res = await m.client.get('/api/posts?limit=50');
  expect(res.status).toBe(200);
  return res.body;
};
/** Reads the feed twice (the second from memory) and gives the second answer. */
const readTwice = async (m: Member) => {
  await feedOf(m);
  return feedOf(m);
};
const find = (feed: FeedPost[], id: number) => feed.find((p) => p.id === id);
async function post(m: Member, content: string): Promise<number> {
  const res = await m.client.post('/api/posts', { content });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('a shared page cut around its flags', () => {
  it("gives each member's flags in place and the visitor's body when there are none", () => {
    const post = (id: number, content: string) => ({ id, content, isLiked: false, isBookmarked: false, hashtags: ['a'], author: { id: 1 } });
    for (const items of [[], [post(1, 'x')], [post(3, '"isLiked":false,"isBookmarked":false'), post(2, '}]'), post(1, '')]]) {
      const shared = sharedPage({ items, nextCursor: null } as unknown as PostPage);
      expect(shared.body).toBe(JSON.stringify(items));
      expect(shared.pieces).toHaveLength(items.length + 1);
      expect(memberBody(shared, new Uint8Array(items.length)).toString()).toBe(shared.body);
      const flags = Uint8Array.from(items, (_, i) => (i + 1) % 4);
      const expected = items.map((p, i) => ({ ...p, isLiked: (((i + 1) % 4) & 1) > 0, isBookmarked: (((i + 1) % 4) & 2) > 0 }));
      expect(JSON.parse(memberBody(shared, flags).toString())).toEqual(expected);
      expect(memberBody(shared, flags).toString()).toBe(JSON.stringify(expected));
    }
  });
});

describe("members' bodies kept with the shared pages", () => {
  it('count against a budget, are given back when a page expires, is replaced or the cache is emptied, and never count on a page the cache let go of', () => {
    const pages = new SharedPostPages(100);
    const page = () => sharedPage({ items: [], nextCursor: null } as unknown as PostPage);
    const a = page();
    pages.set('a', a, pages.generation);
    expect(pages.hold(a, 60)).toBe(true);
    expect(pages.hold(a, 60)).toBe(false);
    expect(pages.held).toBe(60);
    const b = page();
    pages.set('b', b, pages.generation);
    expect(pages.hold(b, 40)).toBe(true);
    expect(pages.held).toBe(100);
    // Replaced under its key: what the old page held is given back.
    const a2 = page();
    pages.set('a', a2, pages.generation);
    expect(pages.held).toBe(40);
    expect(pages.hold(a, 10)).toBe(false);
    expect(pages.hold(a2, 60)).toBe(true);
    // Emptied by a write: nothing held, and the old pages take nothing more.
    pages.clear();
    expect(pages.held).toBe(0);
    expect(pages.hold(b, 1)).toBe(false);
    expect(pages.hold(a2, 1)).toBe(false);
    expect(pages.held).toBe(0);
    // Expired: given back when the cache finds it out of date.
    vi.useFakeTimers();
    try {
      const c = page();
      pages.set('c', c, pages.generation);
      expect(pages.hold(c, 30)).toBe(true);
      vi.setSystemTime(Date.now() + 60_000);
      expect(pages.get('c')).toBeUndefined();
      expect(pages.held).toBe(0);
      expect(pages.hold(c, 1)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a member's feed from the shared page", () => {
  it("is the visitor's page with the member's own flags, byte for byte apart from them", async () => {
    const author = await server.member();
    const reader = await server.member();
    const liked = await post(author, 'Beğenilecek "tırnaklı" "isLiked":false,"isBookmarked":false yazı #deneme');
    const kept = await post(author, 'Kaydedilecek yazı');
    expect((await reader.client.post(`/api/posts/${liked}/like`)).status).toBe(200);
    expect((await reader.client.post('/api/bookmarks/toggle', { postId: kept })).status).toBe(200);
    const visitor = (await server.client().get('/api/posts?limit=50')).body as FeedPost[];
    const mine = await readTwice(reader);
    expect(mine.map((p) => p.id)).toEqual(visitor.map((p) => p.id));
    expect(find(mine, liked)).toMatchObject({ isLiked: true, isBookmarked: false });
    expect(find(mine, kept)).toMatchObject({ isLiked: false, isBookmarked: true });
    // Everything else as the visitor has it (the content with the flags' own text in it too).
    const strip = (list: FeedPost[]) => list.map(({ isLiked: _l, isBookmarked: _b, ...rest }) => rest);
    expect(strip(mine)).toEqual(strip(visitor));
    expect(visitor.every((p) => !p.isLiked && !p.isBookmarked)).toBe(true);
  });

  it('shows a like and a bookmark at the next read, and their undoing', async () => {
    const author = await server.member();
    const reader = await server.member();
    const id = await post(author, 'Bir yazı');
    expect(find(await readTwice(reader), id)).toMatchObject({ isLiked: false, isBookmarked: false });
    await reader.client.post(`/api/posts/${id}/like`);
    expect(find(await feedOf(reader), id)).toMatchObject({ isLiked: true, isBookmarked: false });
    await feedOf(reader);
    await reader.client.post('/api/bookmarks/toggle', { postId: id });
    expect(find(await feedOf(reader), id)).toMatchObject({ isLiked: true, isBookmarked: true });
    await feedOf(reader);
    await reader.client.post(`/api/posts/${id}/like`);
    await reader.client.post('/api/bookmarks/toggle', { postId: id });
    expect(find(await feedOf(reader), id)).toMatchObject({ isLiked: false, isBookmarked: false });
  });

  it('hides a blocked, muted or muted-word author at the next read, and a blocker too', async () => {
    const reader = await server.member();
    const [blocked, blocker, muted] = [await server.member(), await server.member(), await server.member()];
    const ids = {
      blocked: await post(blocked, 'Engellenecek'),
      blocker: await post(blocker, 'Engelleyecek'),
      muted: await post(muted, 'Sessize alınacak'),
      word: await post(muted, 'Ispanaklı börek tarifi'),
    };
    const before = await readTwice(reader);
    for (const id of Object.values(ids)) expect(find(before, id)).toBeDefined();
    await reader.client.post(`/api/users/${blocked.user.id}/block`);
    expect(find(await feedOf(reader), ids.blocked)).toBeUndefined();
    await feedOf(reader);
    // Someone else's write that concerns the reader: being blocked.
    await blocker.client.post(`/api/users/${reader.user.id}/block`);
    expect(find(await feedOf(reader), ids.blocker)).toBeUndefined();
    await feedOf(reader);
    expect((await reader.client.post('/api/users/me/muted-terms', { kind: 'word', value: 'ıspanaklı' })).status).toBe(201);
    const afterWord = await feedOf(reader);
    expect(find(afterWord, ids.word)).toBeUndefined();
    expect(find(afterWord, ids.muted)).toBeDefined();
    await reader.client.post(`/api/users/${muted.user.id}/mute`, { duration: 'forever' });
    expect(find(await feedOf(reader), ids.muted)).toBeUndefined();
    // Unblocked: back at the next read.
    await feedOf(reader);
    await reader.client.delete(`/api/users/${blocked.user.id}/block`);
    expect(find(await feedOf(reader), ids.blocked)).toBeDefined();
    // The visitors' page is as it was.
    const visitor = (await server.client().get('/api/posts?limit=50')).body as FeedPost[];
    for (const id of Object.values(ids)) expect(find(visitor, id)).toBeDefined();
  });

  it("shows a private account's posts to its new follower and to itself at the next read", async () => {
    const priv = await server.member();
    const fan = await server.member();
    expect((await priv.client.patch(`/api/users/${priv.user.id}`, { isPrivate: true })).status).toBe(200);
    const hidden = await post(priv, 'Yalnız takipçilere');
    expect(find(await readTwice(fan), hidden)).toBeUndefined();
    expect(find(await readTwice(priv), hidden)).toBeDefined();
    expect((await fan.client.post(`/api/users/${priv.user.id}/follow`)).body).toMatchObject({ status: 'pending' });
    expect(find(await readTwice(fan), hidden)).toBeUndefined();
    // Accepted by the other member: the follower's view changes without a write of theirs.
    expect((await priv.client.post(`/api/follow-requests/${fan.user.id}/accept`)).body).toEqual({ status: 'accepted' });
    expect(find(await feedOf(fan), hidden)).toBeDefined();
    // Public again: everyone sees it.
    await readTwice(priv);
    expect((await priv.client.patch(`/api/users/${priv.user.id}`, { isPrivate: false })).status).toBe(200);
    expect(find((await server.client().get('/api/posts?limit=50')).body, hidden)).toBeDefined();
    expect(find(await feedOf(priv), hidden)).toBeDefined();
  });

  it("merges the private posts a member may see into the visitors' page, in order, page after page, as their own list has them", async () => {
    const fan = await server.member();
    const [p1, p2, stranger, pub] = [await server.member(), await server.member(), await server.member(), await server.member()];
    for (const m of [p1, p2, stranger, fan]) expect((await m.client.patch(`/api/users/${m.user.id}`, { isPrivate: true })).status).toBe(200);
    for (const m of [p1, p2]) {
      expect((await fan.client.post(`/api/users/${m.user.id}/follow`)).body).toMatchObject({ status: 'pending' });
      expect((await m.client.post(`/api/follow-requests/${fan.user.id}/accept`)).body).toEqual({ status: 'accepted' });
    }
    const ids: Record<string, number[]> = { p1: [], p2: [], stranger: [], pub: [], fan: [] };
    const authors = { p1, p2, stranger, pub, fan };
    const order = ['pub', 'p1', 'pub', 'stranger', 'p2', 'pub', 'fan', 'p1', 'pub', 'pub', 'p2', 'fan', 'pub', 'p1'] as const;
    for (const [k, who] of order.entries()) {
      const res = await authors[who].client.post('/api/posts', { content: `Sıralı gönderi ${k} (${who})`, ...(k % 3 === 0 ? { category: 'Kitaplar' } : {}) });
      expect(res.status).toBe(201);
      ids[who]!.push(res.body.id);
    }
    // Likes, so "popular" orders them otherwise than by time.
    for (const [k, id] of [...ids.p1!, ...ids.pub!, ...ids.p2!].entries()) if (k % 2 === 0) await fan.client.post(`/api/posts/${id}/like`);
    await pub.client.post(`/api/posts/${ids.p2![0]}/like`).catch(() => undefined);
    const walk = async (query: string) => {
      const seen: FeedPost[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 40; page++) {
        const url: string = `/api/posts?limit=3&${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const res: { status: number; body: unknown; headers: Headers } = await fan.client.get(url);
        expect(res.status).toBe(200);
        seen.push(...(res.body as FeedPost[]));
        cursor = res.headers.get('x-next-cursor');
        if (!cursor) break;
      }
      return seen;
    };
    for (const query of ['sort=newest', 'sort=popular', 'sort=commented', 'category=kitaplar', 'category=kitaplar&sort=popular']) {
      const merged = await walk(query);
      const own = [];
      let cursor: string | undefined;
      for (let page = 0; page < 40; page++) {
        const q = listPostsQuerySchema.parse({ ...Object.fromEntries(new URLSearchParams(query)), limit: 3, ...(cursor ? { cursor } : {}) });
        const res = await listPosts(server.ctx.db, q, fan.user.id);
        own.push(...res.items);
        if (!res.nextCursor) break;
        cursor = res.nextCursor;
      }
      expect(
        merged.map((p) => [p.id, p.isLiked]),
        query,
      ).toEqual(own.map((p) => [p.id, p.isLiked]));
      const got = new Set(merged.map((p) => p.id));
      if (!query.includes('category')) {
        for (const id of [...ids.p1!, ...ids.p2!, ...ids.fan!, ...ids.pub!]) expect(got.has(id), `${query} ${id}`).toBe(true);
      }
      for (const id of ids.stranger!) expect(got.has(id), query).toBe(false);
    }
    // The visitor still sees none of them.
    const visitor = new Set(((await server.client().get('/api/posts?limit=50')).body as FeedPost[]).map((p) => p.id));
    for (const id of [...ids.p1!, ...ids.p2!, ...ids.fan!, ...ids.stranger!]) expect(visitor.has(id)).toBe(false);
  }, 90_000);
});

/** Two nodes on one PostgreSQL schema, as behind a load balancer (SQLite is one node by nature). */
describe.skipIf(!process.env.TEST_DATABASE_URL)("a member's feed across nodes", () => {
  it('shows a like and a block made on one node at the next read on the other, within a second', async () => {
    const node2 = await server.anotherNode();
    try {
      const start = Date.now();
      for (;;) {
        const counts = await Promise.all([server, node2].map((n) => n.realtime.io.of('/').adapter.serverCount()));
        if (counts.every((c) => c === 2)) break;
        if (Date.now() - start > 15_000) throw new Error(`the nodes did not find each other: ${counts.join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const author = await server.member();
      const reader = await server.member();
      const id = await post(author, 'İki düğümlü yazı');
      const onNode2 = async () => {
        const res = await fetch(`${node2.url}/api/posts?limit=50`, { headers: { cookie: reader.client.cookieHeader } });
        return find((await res.json()) as FeedPost[], id);
      };
      expect(await onNode2()).toMatchObject({ isLiked: false });
      expect(await onNode2()).toMatchObject({ isLiked: false }); // node 2 now holds the member's flags in memory
      expect((await reader.client.post(`/api/posts/${id}/like`)).status).toBe(200);
      const likedAt = Date.now();
      await expect.poll(async () => (await onNode2())?.isLiked, { timeout: 1000, interval: 20 }).toBe(true);
      expect(Date.now() - likedAt).toBeLessThan(1000);
      expect((await reader.client.post(`/api/users/${author.user.id}/block`)).status).toBe(200);
      const blockedAt = Date.now();
      await expect.poll(onNode2, { timeout: 1000, interval: 20 }).toBeUndefined();
      expect(Date.now() - blockedAt).toBeLessThan(1000);
    } finally {
      await node2.close();
    }
  });
});
