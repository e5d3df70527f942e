import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { makePng } from '../../test/media';
import { nth } from '../../test/nth';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('profiles', () => {
  it('shows a profile by username (case-insensitive) and hides the e-mail from others', async () => {
    const { client, user } = await server.member({ username: 'Selin_A' });
    const other = await server.client().get('/api/users/profile/selin_a');
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ id: user.id, username: 'Selin_A', hobbies: [], isPrivate: false });
    expect(other.body).not.toHaveProperty('email');
    expect(other.body).not.toHaveProperty('passwordHash');
    expect((await client.get(`/api/users/${user.id}`)).body.email).toBe(user.email);
    const missing = await server.client().get('/api/users/profile/yok_boyle');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Kullanıcı bulunamadı');
  });

  it('is edited by its owner or an admin, hobbies from comma text, image checked', async () => {
    const me = await server.member();
    const other = await server.member();
    const fd = new FormData();
    fd.append('displayName', 'Yeni Ad');
    fd.append('bio', 'Merhaba');
    fd.append('hobbies', 'kitap, koşu ,, satranç');
    fd.append('website', 'https://ornek.com');
    fd.append('profileImage', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'p.png');
    const res = await me.client.patchForm(`/api/users/${me.user.id}`, fd);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'Yeni Ad', bio: 'Merhaba', hobbies: ['kitap', 'koşu', 'satranç'], website: 'https://ornek.com' });
    expect(res.body.profileImage).toMatch(/^\/uploads\//);
    const json = await me.client.patch(`/api/users/${me.user.id}`, { hobbies: ['a', 'b'], location: 'Eskişehir' });
    expect(json.body.hobbies).toEqual(['a', 'b']);
    const badSite = await me.client.patch(`/api/users/${me.user.id}`, { website: 'javascript:alert(1)' });
    expect(badSite.status).toBe(400);
    expect(badSite.body.error).toBe('Web sitesi http:// veya https:// ile başlamalıdır');
    expect((await other.client.patch(`/api/users/${me.user.id}`, { bio: 'hack' })).status).toBe(403);
    expect((await server.client().patch(`/api/users/${me.user.id}`, { bio: 'hack' })).status).toBe(401);
    const clash = await me.client.patch(`/api/users/${me.user.id}`, { email: other.user.email.toUpperCase() });
    expect(clash.status).toBe(409);
    const admin = await server.admin();
    expect((await admin.client.patch(`/api/users/${me.user.id}`, { bio: 'admin düzeltti' })).body.bio).toBe('admin düzeltti');
  });

  it('counts stats: posts, followers, following and likes received', async () => {
    const a = await server.member();
    const b = await server.member();
    const post = (await a.client.post('/api/posts', { content: 'istatistik' })).body;
    await b.client.post(`/api/posts/${post.id}/like`);
    await b.client.post(`/api/users/${a.user.id}/follow`);
    const stats = await server.client().get(`/api/users/${a.user.id}/stats`);
    expect(stats.body).toEqual({ posts: 1, followers: 1, following: 0, likes: 1 });
    const posts = await server.client().get(`/api/users/${a.user.id}/posts`);
    expect(posts.body.map((p: { id: number }) => p.id)).toEqual([post.id]);
  });

  it('lists the newest members', async () => {
    const { user } = await server.member();
    const res = await server.client().get('/api/users/recent?limit=4');
    expect(res.body).toHaveLength(4);
    expect(res.body[0].id).toBe(user.id);
    expect(res.body[0]).not.toHaveProperty('email');
  });
});

describe('follows', () => {
  it('follows a public account at once and notifies; unfollows', async () => {
    const a = await server.member();
    const b = await server.member();
    const res = await a.client.post(`/api/users/${b.user.id}/follow`, { followerId: 1 });
    expect(res.body).toEqual({ status: 'following' });
    expect((await a.client.get(`/api/users/${b.user.id}/follow-status`)).body).toEqual({ isFollowing: true, isPending: false });
    const followers = await server.client().get(`/api/users/${b.user.id}/followers`);
    expect(followers.body.map((u: { id: number }) => u.id)).toEqual([a.user.id]);
    const following = await server.client().get(`/api/users/${a.user.id}/following`);
    expect(following.body.map((u: { id: number }) => u.id)).toEqual([b.user.id]);
    expect(await server.ctx.db('notifications').where({ user_id: b.user.id, type: 'follow' })).toHaveLength(1);
    expect((await a.client.delete(`/api/users/${b.user.id}/unfollow`)).body).toEqual({ status: 'none' });
    expect((await a.client.get(`/api/users/${b.user.id}/follow-status`)).body).toEqual({ isFollowing: false, isPending: false });
  });

  it('refuses following oneself and unknown users', async () => {
    const a = await server.member();
    const self = await a.client.post(`/api/users/${a.user.id}/follow`);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('Kendinizi takip edemezsiniz');
    expect((await a.client.post('/api/users/999999/follow')).status).toBe(404);
    expect((await server.client().post(`/api/users/${a.user.id}/follow`)).status).toBe(401);
  });

  it('a private account gets a request; only its owner accepts or rejects; posts open up after', async () => {
    const priv = await server.member();
    await priv.client.patch(`/api/users/${priv.user.id}`, { isPrivate: true });
    const secret = (await priv.client.post('/api/posts', { content: 'gizli gönderi' })).body;
    const fan = await server.member();
    const stranger = await server.member();
    expect((await fan.client.get(`/api/posts/${secret.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/users/${priv.user.id}/followers`)).status).toBe(403);

    expect((await fan.client.post(`/api/users/${priv.user.id}/follow`)).body).toEqual({ status: 'pending' });
    expect((await fan.client.get(`/api/users/${priv.user.id}/follow-status`)).body).toEqual({ isFollowing: false, isPending: true });
    const incoming = await priv.client.get('/api/follow-requests');
    expect(incoming.body.items.map((r: { user: { id: number } }) => r.user.id)).toEqual([fan.user.id]);
    expect(incoming.body.nextCursor).toBeNull();
    expect(await server.ctx.db('notifications').where({ user_id: priv.user.id, type: 'follow_request' })).toHaveLength(1);

    // Nobody else can answer the request, and answering a request that does not exist is a 404.
    expect((await stranger.client.post(`/api/follow-requests/${fan.user.id}/accept`)).status).toBe(404);
    expect((await priv.client.post(`/api/follow-requests/${stranger.user.id}/accept`)).status).toBe(404);

    expect((await priv.client.post(`/api/follow-requests/${fan.user.id}/accept`)).body).toEqual({ status: 'accepted' });
    expect((await fan.client.get(`/api/users/${priv.user.id}/follow-status`)).body).toEqual({ isFollowing: true, isPending: false });
    expect((await fan.client.get(`/api/posts/${secret.id}`)).status).toBe(200);
    expect((await stranger.client.get(`/api/posts/${secret.id}`)).status).toBe(404);
    expect(await server.ctx.db('notifications').where({ user_id: fan.user.id, type: 'follow_accepted' })).toHaveLength(1);

    expect((await stranger.client.post(`/api/users/${priv.user.id}/follow`)).body.status).toBe('pending');
    expect((await priv.client.post(`/api/follow-requests/${stranger.user.id}/reject`)).body).toEqual({ status: 'rejected' });
    expect((await stranger.client.get(`/api/users/${priv.user.id}/follow-status`)).body).toEqual({ isFollowing: false, isPending: false });

    // Withdrawing a pending request.
    const third = await server.member();
    await third.client.post(`/api/users/${priv.user.id}/follow`);
    await third.client.delete(`/api/users/${priv.user.id}/unfollow`);
    expect((await priv.client.get('/api/follow-requests')).body).toEqual({ items: [], nextCursor: null });
  });

  it('pages followers, followings, follow requests and new members by an opaque cursor; a cursor it did not make is 400', async () => {
    const star = await server.member();
    const fans = [await server.member(), await server.member(), await server.member()];
    for (const f of fans) await f.client.post(`/api/users/${star.user.id}/follow`);
    const first = await server.client().get(`/api/users/${star.user.id}/followers?limit=2`);
    expect(first.body.map((u: { id: number }) => u.id)).toEqual([nth(fans, 2).user.id, nth(fans, 1).user.id]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const rest = await server.client().get(`/api/users/${star.user.id}/followers?limit=2&cursor=${cursor}`);
    expect(rest.body.map((u: { id: number }) => u.id)).toEqual([nth(fans, 0).user.id]);
    expect(rest.headers.get('x-next-cursor')).toBeNull();
    // Exactly a page's worth: no empty page after it.
    expect((await server.client().get(`/api/users/${star.user.id}/followers?limit=3`)).headers.get('x-next-cursor')).toBeNull();
    const following = await server.client().get(`/api/users/${nth(fans, 0).user.id}/following?limit=1`);
    expect(following.body.map((u: { id: number }) => u.id)).toEqual([star.user.id]);

    const recent = await server.client().get('/api/users/recent?limit=2');
    const older = await server.client().get(`/api/users/recent?limit=2&cursor=${recent.headers.get('x-next-cursor')}`);
    expect(older.body[0].id).toBeLessThan(recent.body[1].id);

    const priv = await server.member();
    await priv.client.patch(`/api/users/${priv.user.id}`, { isPrivate: true });
    for (const f of fans) await f.client.post(`/api/users/${priv.user.id}/follow`);
    const requests = await priv.client.get('/api/follow-requests?limit=2');
    expect(requests.body.items.map((r: { user: { id: number } }) => r.user.id)).toEqual([nth(fans, 2).user.id, nth(fans, 1).user.id]);
    const more = await priv.client.get(`/api/follow-requests?limit=2&cursor=${requests.body.nextCursor}`);
    expect(more.body).toMatchObject({ items: [{ user: { id: nth(fans, 0).user.id } }], nextCursor: null });

    for (const bad of [
      'nonsense',
      Buffer.from('[1.5]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[3000000000]').toString('base64url'),
    ]) {
      for (const path of [`/api/users/${star.user.id}/followers`, '/api/users/recent', '/api/follow-requests']) {
        const res = await priv.client.get(`${path}?cursor=${bad}`);
        expect(res.status, `${path} ${bad}`).toBe(400);
        expect(res.body.code).toBe('invalid_cursor');
      }
    }
  });
});

describe('hashtags', () => {
  it("trends from real posts and lists a tag's posts, Turkish letters included", async () => {
    const a = await server.member();
    for (let i = 0; i < 5; i++) await a.client.post('/api/posts', { content: `koşu günü ${i} #Koşu #Şehir` });
    await a.client.post('/api/posts', { content: 'tek #yalnız' });
    const trending = await server.client().get('/api/hashtags/trending');
    expect(trending.status).toBe(200);
    // One tag however it is typed, shown in the form used most ('#Koşu' here, not its folded key).
    const kosu = trending.body.find((t: { tag: string }) => t.tag === 'Koşu');
    expect(kosu).toEqual({ tag: 'Koşu', posts: 5, growth: 100, hot: true });
    expect(trending.body.find((t: { tag: string }) => t.tag === 'yalnız').hot).toBe(false);
    const posts = await server.client().get(`/api/hashtags/${encodeURIComponent('ŞEHİR')}/posts?limit=3`);
    expect(posts.body).toHaveLength(3);
    expect(posts.body[0].content).toContain('#Şehir');
  });
});

describe('GET /api/users/popular', () => {
  it('lists the most followed members first, with follower and post counts', async () => {
    const star = await server.member({ displayName: 'Yıldız' });
    const fans = await Promise.all([server.member(), server.member(), server.member()]);
    for (const f of fans) await f.client.post(`/api/users/${star.user.id}/follow`);
    await star.client.post('/api/posts', { content: 'bir' });
    await star.client.post('/api/posts', { content: 'iki' });
    await fans[0].client.post(`/api/users/${fans[1].user.id}/follow`);
    const list = (await server.client().get('/api/users/popular?limit=100')).body as { id: number; followersCount: number }[];
    const counts = list.map((p) => p.followersCount);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(list.find((p) => p.id === star.user.id)).toMatchObject({ displayName: 'Yıldız', followersCount: 3, postsCount: 2 });
    expect(list.find((p) => p.id === fans[1].user.id)).toMatchObject({ followersCount: 1, postsCount: 0 });
    expect(list[0]).not.toHaveProperty('email');
    expect((await server.client().get('/api/users/popular?limit=1')).body).toHaveLength(1);
  });
});
