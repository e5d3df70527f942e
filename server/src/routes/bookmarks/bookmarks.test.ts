import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('bookmarks', () => {
  it("toggles, lists and clears only one's own", async () => {
    const me = await server.member();
    const other = await server.member();
    const post = (await other.client.post('/api/posts', { content: 'kaydet' })).body;
    expect((await me.client.post('/api/bookmarks/toggle', { postId: post.id, userId: other.user.id })).body).toEqual({ bookmarked: true });
    const list = await me.client.get(`/api/users/${me.user.id}/bookmarks`);
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect(list.body[0].isBookmarked).toBe(true);
    expect((await other.client.get(`/api/users/${me.user.id}/bookmarks`)).status).toBe(403);
    expect((await other.client.delete(`/api/users/${me.user.id}/bookmarks`)).status).toBe(403);
    expect((await me.client.post('/api/bookmarks/toggle', { postId: post.id })).body).toEqual({ bookmarked: false });
    await me.client.post('/api/bookmarks/toggle', { postId: post.id });
    expect((await me.client.delete(`/api/users/${me.user.id}/bookmarks`)).body).toEqual({ removed: 1 });
    expect((await me.client.get(`/api/users/${me.user.id}/bookmarks`)).body).toEqual([]);
    expect((await me.client.post('/api/bookmarks/toggle', { postId: 999999 })).status).toBe(404);
    expect((await me.client.post('/api/bookmarks/toggle', {})).status).toBe(400);
  });
});

describe('the bookmarks list', () => {
  it('pages most recently saved first by X-Next-Cursor, and leaves out posts one may no longer see', async () => {
    const me = await server.member();
    const other = await server.member();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await other.client.post('/api/posts', { content: `kayıt ${i}` })).body.id);
    // Saved in another order than written: the list follows when they were saved.
    const saved = [ids[2], ids[0], ids[4], ids[1], ids[3]];
    for (const id of saved) expect((await me.client.post('/api/bookmarks/toggle', { postId: id })).body).toEqual({ bookmarked: true });
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: ApiResponse = await me.client.get(`/api/users/${me.user.id}/bookmarks?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((p: { id: number }) => p.id));
      expect(res.body.every((p: { bookmarkId: number; bookmarkedAt: string }) => p.bookmarkId > 0 && !Number.isNaN(Date.parse(p.bookmarkedAt)))).toBe(true);
      cursor = res.headers.get('x-next-cursor');
      if (!cursor) break;
    }
    expect(seen).toEqual([...saved].reverse());
    // The author goes private: their posts leave the list of someone who does not follow them.
    expect((await other.client.patch(`/api/users/${other.user.id}`, { isPrivate: true })).status).toBe(200);
    expect((await me.client.get(`/api/users/${me.user.id}/bookmarks`)).body).toEqual([]);
  });
});
