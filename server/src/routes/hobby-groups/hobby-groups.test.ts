import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../test/media';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('hobby groups', () => {
  it('are created by members with the rules, a derived unique slug, and the creator as first member', async () => {
    const creator = await server.member();
    const res = await creator.client.post('/api/hobby-groups', {
      name: 'Doğa Yürüyüşçüleri',
      description: 'Hafta sonu yürüyüşleri yapıyoruz.',
      icon: 'Camera',
      color: '#EC4899',
      slug: 'hack',
      creatorId: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'doga-yuruyusculeri',
      creatorId: creator.user.id,
      memberCount: 1,
      postCount: 0,
      eventCount: 0,
      isMember: true,
      isPrivate: false,
      icon: 'Camera',
    });
    const again = await creator.client.post('/api/hobby-groups', { name: 'Doğa yürüyüşçüleri!', description: 'Aynı isimli ikinci grup.' });
    expect(again.body.slug).toBe('doga-yuruyusculeri-2');
    expect(again.body).toMatchObject({ icon: 'BookOpen', color: '#8B5CF6' });

    const short = await creator.client.post('/api/hobby-groups', { name: 'A', description: 'yeterince uzun açıklama' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Grup adı en az 2 karakter olmalıdır');
    const desc = await creator.client.post('/api/hobby-groups', { name: 'Grup', description: 'kısa' });
    expect(desc.body.error).toBe('Açıklama en az 10 karakter olmalıdır');
    expect((await server.client().post('/api/hobby-groups', { name: 'Grup', description: 'yeterince uzun açıklama' })).status).toBe(401);
    expect((await server.client().get('/api/hobby-groups/yok-boyle')).body.error).toBe('Grup bulunamadı');
  });

  it('join and leave keep the member count true; only members post and create events', async () => {
    const creator = await server.member();
    const joiner = await server.member();
    const slug = (await creator.client.post('/api/hobby-groups', { name: 'Satranç Kulübü', description: 'Her hafta turnuva yapıyoruz.' })).body.slug;
    expect((await joiner.client.get(`/api/hobby-groups/${slug}/is-member`)).body).toBe(false);
    expect((await joiner.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'selam' })).status).toBe(403);
    expect((await joiner.client.post(`/api/hobby-groups/${slug}/join`)).body).toEqual({ isMember: true, isPending: false, memberCount: 2 });
    expect((await joiner.client.post(`/api/hobby-groups/${slug}/join`)).body.memberCount).toBe(2);
    expect((await joiner.client.get(`/api/hobby-groups/${slug}/is-member`)).body).toBe(true);

    const post = await joiner.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'Merhaba grup!', authorId: 1 });
    expect(post.status).toBe(201);
    expect(post.body).toMatchObject({ content: 'Merhaba grup!', authorId: joiner.user.id, likesCount: 0, commentsCount: 0 });
    expect((await joiner.client.post(`/api/hobby-groups/${slug}/posts`, { content: ' ' })).body.error).toBe('İçerik gereklidir');
    const event = await joiner.client.post(`/api/hobby-groups/${slug}/events`, { title: 'Turnuva', date: inDays(3), location: 'Kafe', maxAttendees: 16 });
    expect(event.status).toBe(201);
    expect(event.body).toMatchObject({ title: 'Turnuva', location: 'Kafe', maxAttendees: 16, isOnline: false });
    const badEvent = await joiner.client.post(`/api/hobby-groups/${slug}/events`, { title: 'x', date: inDays(1) });
    expect(badEvent.body.error).toBe('Konum gereklidir');

    const group = (await server.client().get(`/api/hobby-groups/${slug}`)).body;
    expect(group).toMatchObject({ memberCount: 2, postCount: 1, eventCount: 1 });
    const members = (await server.client().get(`/api/hobby-groups/${slug}/members`)).body;
    expect(members.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [creator.user.id, 'admin'],
      [joiner.user.id, 'member'],
    ]);
    expect((await server.client().get(`/api/hobby-groups/${slug}/events`)).body).toHaveLength(1);

    expect((await creator.client.post(`/api/hobby-groups/${slug}/leave`)).status).toBe(400);
    expect((await joiner.client.post(`/api/hobby-groups/${slug}/leave`)).body).toEqual({ isMember: false, memberCount: 1 });
  });

  it('likes, comments and deletions by author, group creator or admin', async () => {
    const creator = await server.member();
    const a = await server.member();
    const b = await server.member();
    const slug = (await creator.client.post('/api/hobby-groups', { name: 'Kitap Kurdu', description: 'Aylık kitap okuma grubu.' })).body.slug;
    await a.client.post(`/api/hobby-groups/${slug}/join`);
    await b.client.post(`/api/hobby-groups/${slug}/join`);
    const post = (await a.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'Ayın kitabı?' })).body;
    expect((await b.client.post(`/api/hobby-groups/posts/${post.id}/like`)).body).toEqual({ liked: true, likesCount: 1 });
    expect((await b.client.get(`/api/hobby-groups/posts/${post.id}/like`)).body).toEqual({ isLiked: true });
    expect((await b.client.delete(`/api/hobby-groups/posts/${post.id}/like`)).body).toEqual({ liked: false, likesCount: 0 });
    const comment = await b.client.post(`/api/hobby-groups/posts/${post.id}/comments`, { content: 'Sabahattin Ali!' });
    expect(comment.status).toBe(201);
    expect((await b.client.post(`/api/hobby-groups/posts/${post.id}/comments`, { content: '' })).body.error).toBe('Yorum gereklidir');
    expect((await server.client().get(`/api/hobby-groups/posts/${post.id}/comments`)).body.map((c: { content: string }) => c.content)).toEqual([
      'Sabahattin Ali!',
    ]);
    expect((await a.client.delete(`/api/hobby-groups/posts/comments/${comment.body.id}`)).status).toBe(403);
    expect((await creator.client.delete(`/api/hobby-groups/posts/comments/${comment.body.id}`)).status).toBe(200);
    expect((await b.client.delete(`/api/hobby-groups/posts/${post.id}`)).status).toBe(403);
    const admin = await server.admin();
    expect((await admin.client.delete(`/api/hobby-groups/posts/${post.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/hobby-groups/${slug}`)).body.postCount).toBe(0);
  });

  it('a private group shows its card to all but its inside to members only', async () => {
    const creator = await server.member();
    const outsider = await server.member();
    const slug = (await creator.client.post('/api/hobby-groups', { name: 'Gizli Kulüp', description: 'Sadece üyeler için bir grup.', isPrivate: true })).body
      .slug;
    await creator.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'gizli' });
    expect((await outsider.client.get(`/api/hobby-groups/${slug}`)).body.isPrivate).toBe(true);
    for (const path of ['posts', 'members', 'events']) {
      expect((await outsider.client.get(`/api/hobby-groups/${slug}/${path}`)).status).toBe(403);
      expect((await server.client().get(`/api/hobby-groups/${slug}/${path}`)).status).toBe(403);
    }
    const list = (await server.client().get('/api/hobby-groups')).body;
    expect(list.some((g: { slug: string }) => g.slug === slug)).toBe(true);
  });

  it('a private group is joined by request: the founder hears of it and accepts or rejects; others may not decide', async () => {
    const founder = await server.member();
    const asker = await server.member({ displayName: 'İstekli Ayşe' });
    const other = await server.member();
    const slug = (await founder.client.post('/api/hobby-groups', { name: 'Davetli Kulüp', description: 'Katılım isteğiyle girilen grup.', isPrivate: true }))
      .body.slug;
    const asked = await asker.client.post(`/api/hobby-groups/${slug}/join`);
    expect(asked.body).toEqual({ isMember: false, isPending: true, memberCount: 1 });
    expect((await asker.client.post(`/api/hobby-groups/${slug}/join`)).body.isPending).toBe(true);
    expect((await asker.client.get(`/api/hobby-groups/${slug}/posts`)).status).toBe(403);
    expect((await asker.client.get(`/api/hobby-groups/${slug}`)).body).toMatchObject({ isMember: false, isPending: true });
    const note = (await founder.client.get('/api/notifications')).body[0];
    expect(note).toMatchObject({ type: 'group_activity', message: 'İstekli Ayşe "Davetli Kulüp" grubuna katılmak istiyor', link: `/groups/${slug}` });
    expect((await other.client.get(`/api/hobby-groups/${slug}/join-requests`)).status).toBe(403);
    expect((await other.client.post(`/api/hobby-groups/${slug}/join-requests/${asker.user.id}/accept`)).status).toBe(403);
    const waiting = (await founder.client.get(`/api/hobby-groups/${slug}/join-requests`)).body.items;
    expect(waiting.map((r: { user: { id: number } }) => r.user.id)).toEqual([asker.user.id]);
    expect((await founder.client.post(`/api/hobby-groups/${slug}/join-requests/${asker.user.id}/accept`)).body).toEqual({ accepted: true, memberCount: 2 });
    expect((await asker.client.get(`/api/hobby-groups/${slug}/posts`)).status).toBe(200);
    expect((await asker.client.get('/api/notifications')).body[0].message).toBe('"Davetli Kulüp" grubuna katılma isteğiniz kabul edildi');
    expect((await founder.client.post(`/api/hobby-groups/${slug}/join-requests/${asker.user.id}/accept`)).status).toBe(404);
    await other.client.post(`/api/hobby-groups/${slug}/join`);
    expect((await founder.client.post(`/api/hobby-groups/${slug}/join-requests/${other.user.id}/reject`)).body).toEqual({ accepted: false, memberCount: 2 });
    expect((await other.client.get(`/api/hobby-groups/${slug}`)).body).toMatchObject({ isMember: false, isPending: false });
    const admin = await server.admin();
    expect((await admin.client.post(`/api/hobby-groups/${slug}/join`)).body).toMatchObject({ isMember: true, isPending: false });
  });

  it("a member posts with an image (checked like any image); an outsider's upload is refused before it is read; deleting the post removes the file", async () => {
    const founder = await server.member();
    const outsider = await server.member();
    const slug = (await founder.client.post('/api/hobby-groups', { name: 'Fotoğraf Yürüyüşü', description: 'Resimli grup gönderileri.' })).body.slug;
    const form = (content: string, data: Buffer, type = 'image/png') => {
      const fd = new FormData();
      fd.append('content', content);
      fd.append('image', new Blob([new Uint8Array(data)], { type }), 'a.png');
      return fd;
    };
    const created = await founder.client.postForm(`/api/hobby-groups/${slug}/posts`, form('Köprüden manzara', makePng()));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ content: 'Köprüden manzara', imageUrl: expect.stringMatching(/^\/uploads\//) });
    expect((await server.client().get(created.body.imageUrl)).status).toBe(200);
    const fake = await founder.client.postForm(`/api/hobby-groups/${slug}/posts`, form('sahte', Buffer.from('<svg/>')));
    expect(fake.status).toBe(415);
    expect((await outsider.client.postForm(`/api/hobby-groups/${slug}/posts`, form('dışarıdan', makePng()))).status).toBe(403);
    expect((await founder.client.delete(`/api/hobby-groups/posts/${created.body.id}`)).status).toBe(200);
    expect((await server.client().get(created.body.imageUrl)).status).toBe(404);
  });
});

describe('hobby group lists page with an opaque cursor', () => {
  it('groups, posts, members, events and comments stay bare lists with the next cursor in X-Next-Cursor; a bad cursor is 400', async () => {
    const founder = await server.member();
    const joiner = await server.member();
    const slug = (await founder.client.post('/api/hobby-groups', { name: 'Sayfalı Grup', description: 'Sayfa sayfa okunan grup.' })).body.slug;
    await joiner.client.post(`/api/hobby-groups/${slug}/join`);
    const posts = [];
    for (const content of ['bir', 'iki', 'üç']) posts.push((await founder.client.post(`/api/hobby-groups/${slug}/posts`, { content })).body);
    for (const [title, days] of [
      ['Yakın', 2],
      ['Uzak', 9],
    ] as const)
      await founder.client.post(`/api/hobby-groups/${slug}/events`, { title, date: inDays(days), location: 'Park' });
    for (const content of ['y1', 'y2', 'y3']) await joiner.client.post(`/api/hobby-groups/posts/${posts[0].id}/comments`, { content });

    /** Reads a whole list two at a time through X-Next-Cursor. */
    const readAll = async (path: string) => {
      const seen: unknown[][] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const res = await founder.client.get(`${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(Array.isArray(res.body)).toBe(true);
        seen.push(res.body);
        cursor = res.headers.get('x-next-cursor') ?? undefined;
        if (!cursor) break;
      }
      return seen;
    };
    const postPages = await readAll(`/api/hobby-groups/${slug}/posts`);
    expect(postPages.flat().map((p) => (p as { content: string }).content)).toEqual(['üç', 'iki', 'bir']);
    expect(postPages[0]).toHaveLength(2);
    expect((await readAll(`/api/hobby-groups/${slug}/members`)).flat().map((m) => (m as { id: number }).id)).toEqual([founder.user.id, joiner.user.id]);
    expect((await readAll(`/api/hobby-groups/${slug}/events`)).flat().map((e) => (e as { title: string }).title)).toEqual(['Yakın', 'Uzak']);
    // Comments: each page oldest first, pages going back in time.
    expect((await readAll(`/api/hobby-groups/posts/${posts[0].id}/comments`)).map((p) => p.map((c) => (c as { content: string }).content))).toEqual([
      ['y2', 'y3'],
      ['y1'],
    ]);
    const groups = await founder.client.get('/api/hobby-groups?limit=1');
    expect(groups.body).toHaveLength(1);
    expect(groups.headers.get('x-next-cursor')).toBeTruthy();

    for (const path of [
      '/api/hobby-groups',
      `/api/hobby-groups/${slug}/posts`,
      `/api/hobby-groups/${slug}/members`,
      `/api/hobby-groups/${slug}/events`,
      `/api/hobby-groups/posts/${posts[0].id}/comments`,
      `/api/hobby-groups/${slug}/join-requests`,
    ]) {
      const bad = await founder.client.get(`${path}?cursor=${Buffer.from('["x"]').toString('base64url')}`);
      expect(bad.status, path).toBe(400);
      expect(bad.body.code).toBe('invalid_cursor');
    }
  });
});
