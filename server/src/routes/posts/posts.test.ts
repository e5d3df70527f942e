import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { makeMp4, makePng, makeWebm } from '../../test/media';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function form(fields: Record<string, string>, file?: { field: string; data: Buffer; name: string; type: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return fd;
}

function uploadedFiles(): string[] {
  return fs.readdirSync(server.ctx.config.uploadsDir);
}

describe('posts', () => {
  it('creates a text post as the session user, ignoring a sent authorId, with hashtags', async () => {
    const { client, user } = await server.member();
    const res = await client.postForm('/api/posts', form({ content: 'Merhaba #Eskişehir ve #doğa', authorId: '1', type: 'text' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content: 'Merhaba #Eskişehir ve #doğa', type: 'text', likesCount: 0, commentsCount: 0, isLiked: false });
    expect(res.body.author.id).toBe(user.id);
    expect(res.body.category.name).toBe('Genel');
    expect(res.body.hashtags.sort()).toEqual(['doğa', 'eskişehir']);
    const list = await server.client().get('/api/posts');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body[0].id).toBe(res.body.id);
  });

  it('accepts JSON too and refuses an empty post or one over 280 characters', async () => {
    const { client } = await server.member();
    const empty = await client.post('/api/posts', { content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Lütfen bir metin yazın veya dosya ekleyin', code: 'post_empty' });
    const long = await client.post('/api/posts', { content: 'a'.repeat(281) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Gönderi en fazla 280 karakter olabilir');
    const ok = await client.post('/api/posts', { content: 'ğ'.repeat(280) });
    expect(ok.status).toBe(201);
  });

  it('needs a session to post', async () => {
    const res = await server.client().post('/api/posts', { content: 'selam' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Giriş yapmalısınız');
  });

  it('stores a real image and serves it with its type and nosniff', async () => {
    const { client } = await server.member();
    const res = await client.postForm('/api/posts', form({ content: '' }, { field: 'image', data: makePng(), name: 'a.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    expect(res.body.type).toBe('image');
    expect(res.body.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
    const file = await fetch(server.url + res.body.imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a fake image (415) and an oversized one (413), leaving no file behind', async () => {
    const { client } = await server.member();
    const before = uploadedFiles().length;
    const fake = await client.postForm(
      '/api/posts',
      form({ content: 'x' }, { field: 'image', data: Buffer.from('<script>alert(1)</script>'), name: 'a.png', type: 'image/png' }),
    );
    expect(fake.status).toBe(415);
    expect(fake.body.error).toBe('Sadece görsel dosyalarını yükleyebilirsiniz');
    const big = await client.postForm(
      '/api/posts',
      form({ content: 'x' }, { field: 'image', data: makePng(2, 2, 5 * 1024 * 1024 + 10), name: 'b.png', type: 'image/png' }),
    );
    expect(big.status).toBe(413);
    expect(big.body.error).toBe("Resim boyutu 5MB'yi geçemez");
    expect(uploadedFiles().length).toBe(before);
    const count = await server.ctx.db('posts').where({ content: 'x' }).count({ n: '*' });
    expect(Number(count[0]?.n)).toBe(0);
  });

  it('takes a short video and refuses one over 17 seconds', async () => {
    const { client } = await server.member();
    const mp4 = await client.postForm('/api/posts', form({ content: 'kısa' }, { field: 'video', data: makeMp4(12), name: 'v.mp4', type: 'video/mp4' }));
    expect(mp4.status).toBe(201);
    expect(mp4.body.type).toBe('video');
    expect(mp4.body.videoUrl).toMatch(/\.mp4$/);
    const webm = await client.postForm('/api/posts', form({ content: '' }, { field: 'video', data: makeWebm(3), name: 'v.webm', type: 'video/webm' }));
    expect(webm.status).toBe(201);
    const before = uploadedFiles().length;
    const long = await client.postForm('/api/posts', form({ content: 'uzun' }, { field: 'video', data: makeMp4(20), name: 'l.mp4', type: 'video/mp4' }));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Video süresi 17 saniyeyi geçemez');
    const notVideo = await client.postForm('/api/posts', form({ content: 'v' }, { field: 'video', data: makePng(), name: 'v.mp4', type: 'video/mp4' }));
    expect(notVideo.status).toBe(415);
    expect(uploadedFiles().length).toBe(before);
  });

  it('likes toggle with a count and notify the author once', async () => {
    const author = await server.member();
    const fan = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'beğen beni' })).body;
    const like = await fan.client.post(`/api/posts/${post.id}/like`, { userId: 1 });
    expect(like.body).toEqual({ liked: true, likesCount: 1 });
    const again = await fan.client.post(`/api/posts/${post.id}/like`);
    expect(again.body).toEqual({ liked: false, likesCount: 0 });
    const self = await author.client.post(`/api/posts/${post.id}/like`);
    expect(self.body.liked).toBe(true);
    const notes = await server.ctx.db('notifications').where({ user_id: author.user.id, type: 'like' });
    expect(notes).toHaveLength(1);
    expect(notes[0].related_user_id).toBe(fan.user.id);
    expect((await fan.client.get(`/api/posts/${post.id}`)).body.isLiked).toBe(false);
    expect((await author.client.get(`/api/posts/${post.id}`)).body.isLiked).toBe(true);
  });

  it('comments: 1 to 300 characters, listed oldest first, deleted by author or admin only', async () => {
    const author = await server.member();
    const other = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'yorum yapın' })).body;
    expect((await other.client.post(`/api/posts/${post.id}/comments`, { content: '   ' })).status).toBe(400);
    const tooLong = await other.client.post(`/api/posts/${post.id}/comments`, { content: 'a'.repeat(301) });
    expect(tooLong.body.error).toBe('Yorum en fazla 300 karakter olabilir');
    const c1 = await other.client.post(`/api/posts/${post.id}/comments`, { content: ' ilk ', authorId: 1 });
    expect(c1.status).toBe(201);
    expect(c1.body).toMatchObject({ content: 'ilk', author: { id: other.user.id } });
    await author.client.post(`/api/posts/${post.id}/comments`, { content: 'ikinci' });
    const list = await server.client().get(`/api/posts/${post.id}/comments`);
    expect(list.body.map((c: { content: string }) => c.content)).toEqual(['ilk', 'ikinci']);
    expect((await server.client().get(`/api/posts/${post.id}`)).body.commentsCount).toBe(2);
    const third = await server.member();
    expect((await third.client.delete(`/api/comments/${c1.body.id}`)).status).toBe(403);
    const admin = await server.admin();
    expect((await admin.client.delete(`/api/comments/${c1.body.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/posts/${post.id}`)).body.commentsCount).toBe(1);
    expect((await other.client.delete(`/api/comments/999999`)).status).toBe(404);
  });

  it('edits by the author only and deletes by author or admin, taking likes, comments and the file along', async () => {
    const author = await server.member();
    const other = await server.member();
    const post = (
      await author.client.postForm('/api/posts', form({ content: 'ilk hali' }, { field: 'image', data: makePng(), name: 'a.png', type: 'image/png' }))
    ).body;
    expect((await other.client.patch(`/api/posts/${post.id}`, { content: 'hack' })).status).toBe(403);
    const edited = await author.client.patch(`/api/posts/${post.id}`, { content: 'yeni hali #yeni' });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe('yeni hali #yeni');
    expect(edited.body.hashtags).toEqual(['yeni']);
    await other.client.post(`/api/posts/${post.id}/like`);
    await other.client.post(`/api/posts/${post.id}/comments`, { content: 'güzel' });
    await other.client.post('/api/bookmarks/toggle', { postId: post.id });
    expect((await other.client.delete(`/api/posts/${post.id}`)).status).toBe(403);
    expect((await author.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/posts/${post.id}`)).status).toBe(404);
    for (const table of ['post_likes', 'comments', 'bookmarks', 'post_hashtags']) {
      const n = await server.ctx.db(table).where({ post_id: post.id }).count({ n: '*' });
      expect(Number(n[0]?.n)).toBe(0);
    }
    expect(fs.existsSync(path.join(server.ctx.config.uploadsDir, path.basename(post.imageUrl)))).toBe(false);
    const admin = await server.admin();
    const p2 = (await author.client.post('/api/posts', { content: 'admin siler' })).body;
    expect((await admin.client.delete(`/api/posts/${p2.id}`)).status).toBe(200);
  });

  it('mentions notify the mentioned member', async () => {
    const target = await server.member({ username: 'bahsedilen' });
    const author = await server.member();
    await author.client.post('/api/posts', { content: 'Merhaba @Bahsedilen ve @yokboylebiri' });
    const notes = await server.ctx.db('notifications').where({ user_id: target.user.id, type: 'mention' });
    expect(notes).toHaveLength(1);
  });

  it('pages newest first with limit and the X-Next-Cursor cursor, and filters by category and author', async () => {
    const { client, user } = await server.member();
    const cats = (await server.client().get('/api/categories')).body;
    const kitap = cats.find((c: { key: string }) => c.key === 'kitaplar');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await client.post('/api/posts', { content: `sayfa ${i}`, categoryId: kitap.id })).body.id);
    const page1 = await server.client().get(`/api/posts?authorId=${user.id}&limit=2`);
    expect(page1.body.map((p: { id: number }) => p.id)).toEqual([ids[4], ids[3]]);
    const page2 = await server.client().get(`/api/posts?authorId=${user.id}&limit=2&cursor=${page1.headers.get('x-next-cursor')}`);
    expect(page2.body.map((p: { id: number }) => p.id)).toEqual([ids[2], ids[1]]);
    const byKey = await server.client().get(`/api/posts?category=${encodeURIComponent('kitaplar')}&limit=100`);
    expect(byKey.body.every((p: { category: { name: string } }) => p.category.name === 'Kitaplar')).toBe(true);
    expect(byKey.body.length).toBeGreaterThanOrEqual(5);
    expect((await server.client().get('/api/posts?category=uzay')).status).toBe(404);
    expect((await server.client().get('/api/posts?limit=1000')).status).toBe(400);
    expect((await server.client().get('/api/posts?cursor=abc')).status).toBe(400);
  });

  it('sorts a category by most liked with a cursor', async () => {
    const a = await server.member();
    const fans = await Promise.all([server.member(), server.member(), server.member()]);
    const cats = (await server.client().get('/api/categories')).body;
    const araba = cats.find((c: { key: string }) => c.key === 'araba');
    const p = [] as number[];
    for (let i = 0; i < 3; i++) p.push((await a.client.post('/api/posts', { content: `araba ${i}`, categoryId: araba.id })).body.id);
    for (let i = 0; i < 3; i++) for (const f of fans.slice(0, i + 1)) await f.client.post(`/api/posts/${p[i]}/like`);
    const first = await server.client().get('/api/posts?category=araba&sort=popular&limit=2');
    expect(first.body.map((x: { id: number }) => x.id)).toEqual([p[2], p[1]]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await server.client().get(`/api/posts?category=araba&sort=popular&limit=2&cursor=${cursor}`);
    expect(second.body.map((x: { id: number }) => x.id)).toEqual([p[0]]);
  });

  it("counts a member's share once per post, and a visitor's not at all", async () => {
    const { client } = await server.member();
    const other = await server.member();
    const post = (await client.post('/api/posts', { content: 'paylaş' })).body;
    expect((await server.client().post(`/api/posts/${post.id}/share`)).body).toEqual({ sharesCount: 0 });
    expect((await other.client.post(`/api/posts/${post.id}/share`)).body).toEqual({ sharesCount: 1 });
    expect((await other.client.post(`/api/posts/${post.id}/share`)).body).toEqual({ sharesCount: 1 });
    expect((await client.post(`/api/posts/${post.id}/share`)).body).toEqual({ sharesCount: 2 });
  });
});

describe('authors carry their verified mark', () => {
  it('a post and its comment say whether an admin verified their author', async () => {
    const admin = await server.admin();
    const author = await server.member();
    const other = await server.member();
    expect((await admin.client.patch(`/api/admin/users/${author.user.id}`, { isVerified: true })).status).toBe(200);
    const post = (await author.client.post('/api/posts', { content: 'doğrulanmış yazar' })).body;
    expect(post.author).toMatchObject({ id: author.user.id, isVerified: true });
    await other.client.post(`/api/posts/${post.id}/comments`, { content: 'doğrulanmamış yorumcu' });
    const [comment] = (await other.client.get(`/api/posts/${post.id}/comments`)).body;
    expect(comment.author).toMatchObject({ id: other.user.id, isVerified: false });
  });
});

describe('the feed shared between visitors and members', () => {
  it("gives each member the visitors' page with their own likes and bookmarks, and private accounts' posts only to who may see them", async () => {
    const priv = await server.member();
    await priv.client.patch(`/api/users/${priv.user.id}`, { isPrivate: true });
    const secret = (await priv.client.post('/api/posts', { content: 'paylaşılan sayfada gizli' })).body;
    const author = await server.member();
    const open = (await author.client.post('/api/posts', { content: 'paylaşılan sayfada açık' })).body;
    const fan = await server.member();
    const reader = await server.member();
    await reader.client.post(`/api/posts/${open.id}/like`);
    await reader.client.post('/api/bookmarks/toggle', { postId: open.id });
    await fan.client.post(`/api/users/${priv.user.id}/follow`);
    await priv.client.post(`/api/follow-requests/${fan.user.id}/accept`);
    type Item = { id: number; isLiked: boolean; isBookmarked: boolean };
    const feed = async (client: { get: (url: string) => Promise<{ body: Item[] }> }) => (await client.get('/api/posts?limit=50')).body;
    // Each asks right after the others, so the first one's page is in memory for the rest.
    const visitor = await feed(server.client());
    const [readerPage, fanPage, privPage, authorPage] = [await feed(reader.client), await feed(fan.client), await feed(priv.client), await feed(author.client)];
    const ids = (items: Item[]) => items.map((p) => p.id);
    expect(ids(visitor)).toContain(open.id);
    expect(ids(visitor)).not.toContain(secret.id);
    expect(ids(readerPage)).toEqual(ids(visitor));
    expect(ids(authorPage)).toEqual(ids(visitor));
    // The private account and its accepted follower see its post; nobody else does.
    expect(ids(fanPage)).toContain(secret.id);
    expect(ids(privPage)).toContain(secret.id);
    // Flags are the viewer's own, never another member's.
    expect(readerPage.find((p) => p.id === open.id)).toMatchObject({ isLiked: true, isBookmarked: true });
    expect(authorPage.find((p) => p.id === open.id)).toMatchObject({ isLiked: false, isBookmarked: false });
    expect(visitor.find((p) => p.id === open.id)).toMatchObject({ isLiked: false, isBookmarked: false });
    expect(fanPage.find((p) => p.id === open.id)).toMatchObject({ isLiked: false, isBookmarked: false });
    // A write (the fan unfollows) is seen by the next read.
    expect((await fan.client.delete(`/api/users/${priv.user.id}/unfollow`)).status).toBe(200);
    expect(ids(await feed(fan.client))).not.toContain(secret.id);
  });
});
