import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type Member, type TestServer } from '../../test/harness';
import { makePng } from '../../test/media';
import { LIMITS } from '@mahalle/shared';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.close();
});

async function post(m: Member, content: string): Promise<number> {
  const res = await m.client.post('/api/posts', { content });
  expect(res.status).toBe(201);
  return res.body.id;
}
const ids = (list: { id: number }[]) => list.map((p) => p.id);
const feed = async (m: Member, extra = '') => ids((await m.client.get(`/api/posts?limit=50${extra}`)).body);

/** Two members, the first of whom blocked the second. */
async function blockedPair() {
  const blocker = await server.member();
  const blocked = await server.member();
  return { blocker, blocked };
}
async function block(a: Member, b: Member) {
  const res = await a.client.post(`/api/users/${b.user.id}/block`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ blocked: true });
}

describe('block', () => {
  it('is listed in settings, answered by the status, undone by unblock; never oneself', async () => {
    const { blocker, blocked } = await blockedPair();
    expect((await blocker.client.post(`/api/users/${blocker.user.id}/block`)).body.code).toBe('cannot_block_self');
    expect((await blocker.client.get(`/api/users/${blocked.user.id}/block`)).body).toEqual({ blocked: false, muted: false, mutedUntil: null });
    await block(blocker, blocked);
    await block(blocker, blocked); // twice is once
    expect((await blocker.client.get(`/api/users/${blocked.user.id}/block`)).body.blocked).toBe(true);
    // The blocked member's own status says nothing about being blocked.
    expect((await blocked.client.get(`/api/users/${blocker.user.id}/block`)).body.blocked).toBe(false);
    const list = await blocker.client.get('/api/users/me/blocks?limit=1');
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { id: number }) => p.id)).toEqual([blocked.user.id]);
    expect(list.body.nextCursor).toBeNull();
    const third = await server.member();
    await block(blocker, third);
    const first = await blocker.client.get('/api/users/me/blocks?limit=1');
    expect(first.body.items[0].id).toBe(third.user.id);
    const second = await blocker.client.get(`/api/users/me/blocks?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.items[0].id).toBe(blocked.user.id);
    expect((await blocker.client.delete(`/api/users/${blocked.user.id}/block`)).body).toEqual({ blocked: false });
    expect((await blocker.client.get('/api/users/me/blocks')).body.items.map((p: { id: number }) => p.id)).toEqual([third.user.id]);
    expect((await server.client().get('/api/users/me/blocks')).status).toBe(401);
  });

  it('ends follows and follow requests either way, and refuses new follows both ways', async () => {
    const { blocker, blocked } = await blockedPair();
    await blocker.client.post(`/api/users/${blocked.user.id}/follow`);
    await blocked.client.post(`/api/users/${blocker.user.id}/follow`);
    expect((await blocker.client.get(`/api/users/${blocked.user.id}/follow-status`)).body.isFollowing).toBe(true);
    const priv = await server.member();
    await priv.client.patch(`/api/users/${priv.user.id}`, { isPrivate: true });
    expect((await blocked.client.post(`/api/users/${priv.user.id}/follow`)).body.status).toBe('pending');
    await block(blocker, blocked);
    await block(priv, blocked);
    expect((await blocker.client.get(`/api/users/${blocked.user.id}/follow-status`)).body.isFollowing).toBe(false);
    expect((await blocked.client.get(`/api/users/${blocker.user.id}/follow-status`)).body.isFollowing).toBe(false);
    expect((await priv.client.get('/api/follow-requests')).body.items).toEqual([]);
    for (const [a, b] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      const res = await a.client.post(`/api/users/${b.user.id}/follow`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('blocked_interaction');
    }
  });

  it('refuses messages both ways, in a new conversation and in an existing one', async () => {
    const { blocker, blocked } = await blockedPair();
    const fresh = await server.member();
    expect((await blocked.client.post('/api/messages', { receiverId: blocker.user.id, content: 'Selam' })).status).toBe(201);
    await block(blocker, blocked);
    await block(fresh, blocked);
    for (const [a, b] of [
      [blocked, blocker],
      [blocker, blocked],
      [blocked, fresh],
    ] as const) {
      const res = await a.client.post('/api/messages', { receiverId: b.user.id, content: 'Merhaba' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('blocked_interaction');
    }
  });

  it('hides posts both ways (feeds, post page, profile list, comments, hashtag lists, bookmarks) and refuses likes and comments', async () => {
    const { blocker, blocked } = await blockedPair();
    const other = await server.member();
    const mine = await post(blocker, 'Benim gönderim #blokdeneme');
    const theirs = await post(blocked, 'Onun gönderisi #blokdeneme');
    const third = await post(other, 'Üçüncü kişinin gönderisi');
    await blocked.client.post(`/api/posts/${third}/comments`, { content: 'Engellinin yorumu' });
    await other.client.post(`/api/posts/${third}/comments`, { content: 'Başkasının yorumu' });
    expect((await blocker.client.post('/api/bookmarks/toggle', { postId: theirs })).body).toEqual({ bookmarked: true });
    await block(blocker, blocked);
    for (const [viewer, hidden] of [
      [blocker, theirs],
      [blocked, mine],
    ] as const) {
      expect(await feed(viewer)).not.toContain(hidden);
      expect(await feed(viewer, '&feed=following')).not.toContain(hidden);
      expect((await viewer.client.get(`/api/posts/${hidden}`)).status).toBe(404);
      expect((await viewer.client.get(`/api/posts/${hidden}/comments`)).status).toBe(404);
      // Reads hide it; an interaction with it is refused, as on every resource.
      for (const res of [
        await viewer.client.post(`/api/posts/${hidden}/like`),
        await viewer.client.post(`/api/posts/${hidden}/comments`, { content: 'Yorum' }),
      ])
        expect([res.status, res.body.code]).toEqual([403, 'blocked_interaction']);
      expect(ids((await viewer.client.get('/api/hashtags/blokdeneme/posts')).body)).not.toContain(hidden);
    }
    const authorId = (await blocker.client.get(`/api/posts/${mine}`)).body.author.id;
    expect(authorId).toBe(blocker.user.id);
    expect(ids((await blocked.client.get(`/api/users/${blocker.user.id}/posts`)).body)).toEqual([]);
    expect(ids((await blocker.client.get(`/api/users/${blocked.user.id}/posts`)).body)).toEqual([]);
    // A third person's post: the blocked member's comment is not shown to the blocker.
    const comments = (await blocker.client.get(`/api/posts/${third}/comments`)).body;
    expect(comments.map((c: { content: string }) => c.content)).toEqual(['Başkasının yorumu']);
    expect(ids((await blocker.client.get(`/api/users/${blocker.user.id}/bookmarks`)).body)).not.toContain(theirs);
    // Others still see both.
    expect(await feed(other)).toEqual(expect.arrayContaining([mine, theirs]));
  });

  it('closes the profile like a private account, both ways, and keeps people out of Discover and search', async () => {
    const { blocker, blocked } = await blockedPair();
    await blocker.client.patch(`/api/users/${blocker.user.id}`, { bio: 'Gizli biyografi', location: 'Kadıköy' });
    await blocked.client.patch(`/api/users/${blocked.user.id}`, { bio: 'Onun biyografisi' });
    await post(blocked, 'Zeytinyağlı enginar tarifi');
    await post(blocker, 'Zeytinyağlı enginar sevenler');
    const before = await blocked.client.get(`/api/users/${blocker.user.id}`);
    expect(before.body.bio).toBe('Gizli biyografi');
    await block(blocker, blocked);
    for (const [viewer, target] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      for (const path of [`/api/users/${target.user.id}`, `/api/users/profile/${target.user.username}`]) {
        const res = await viewer.client.get(path);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: target.user.id, bio: '', location: '', website: '', hobbies: [], isPrivate: true });
      }
      const followers = await viewer.client.get(`/api/users/${target.user.id}/followers`);
      expect(followers.status).toBe(403);
      expect(followers.body.code).toBe('private_account');
      // Discover
      expect(ids((await viewer.client.get('/api/users/recent?limit=50')).body)).not.toContain(target.user.id);
      expect(ids((await viewer.client.get('/api/users/popular?limit=50')).body)).not.toContain(target.user.id);
      // Search and suggest: the person and their posts
      const people = await viewer.client.get(`/api/search?type=people&q=${encodeURIComponent(target.user.username)}`);
      expect(people.status).toBe(200);
      expect(ids(people.body.items)).not.toContain(target.user.id);
      const suggest = await viewer.client.get(`/api/search/suggest?q=${encodeURIComponent(target.user.username)}`);
      expect(suggest.body.items.filter((h: { kind: string; id: number }) => h.kind === 'people' && h.id === target.user.id)).toEqual([]);
      const posts = await viewer.client.get('/api/search?type=posts&q=enginar');
      expect(posts.body.items.map((h: { author: { id: number } }) => h.author.id)).not.toContain(target.user.id);
      expect(posts.body.items.map((h: { author: { id: number } }) => h.author.id)).toContain(viewer.user.id);
    }
    // Someone else still finds and sees them.
    const other = await server.member();
    expect((await other.client.get(`/api/users/${blocker.user.id}`)).body.bio).toBe('Gizli biyografi');
    const found = await other.client.get(`/api/search?type=people&q=${encodeURIComponent(blocker.user.username)}`);
    expect(ids(found.body.items)).toContain(blocker.user.id);
  });

  it("leaves out an attendee's entry (their photos of a past event) across a block, both ways", async () => {
    const { blocker, blocked } = await blockedPair();
    const host = await server.member();
    const past = (await host.client.post('/api/events', { title: 'Blok pikniği', description: 'x', date: new Date(Date.now() - 2 * 86_400_000).toISOString() }))
      .body;
    for (const m of [blocker, blocked])
      await server.ctx.db('event_attendees').insert({ event_id: past.id, user_id: m.user.id, created_at: new Date().toISOString() });
    const photo = async (m: Member) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(makePng(20, 20))], { type: 'image/png' }), 'foto.png');
      expect((await m.client.postForm(`/api/events/${past.id}/photos`, form)).status).toBe(201);
    };
    await photo(blocker);
    await photo(blocked);
    const byWhom = async (m: Member) => (await m.client.get(`/api/events/${past.id}/photos`)).body.items.map((p: { user: { id: number } }) => p.user.id);
    expect(await byWhom(host)).toEqual([blocked.user.id, blocker.user.id]);
    await block(blocker, blocked);
    expect(await byWhom(blocker)).toEqual([blocker.user.id]);
    expect(await byWhom(blocked)).toEqual([blocked.user.id]);
    expect(await byWhom(host)).toEqual([blocked.user.id, blocker.user.id]);
  });

  it('makes a mention across a block neither notify nor link', async () => {
    const { blocker, blocked } = await blockedPair();
    const other = await server.member();
    await block(blocker, blocked);
    const id = await post(blocked, `Merhaba @${blocker.user.username} ve @${other.user.username}`);
    const notes = (await blocker.client.get('/api/notifications')).body;
    expect(notes.filter((n: { type: string }) => n.type === 'mention')).toEqual([]);
    expect((await other.client.get('/api/notifications')).body.filter((n: { type: string }) => n.type === 'mention')).toHaveLength(1);
    const seen = (await other.client.get(`/api/posts/${id}`)).body;
    expect(seen.mentions).toEqual([other.user.username]);
  });

  it('keeps groups and Q&A usable: the other’s content comes flagged for the blocker only, and cannot be liked or answered', async () => {
    const { blocker, blocked } = await blockedPair();
    const admin = await server.admin();
    const group = (await blocker.client.post('/api/hobby-groups', { name: `Blok Grup ${blocked.user.id}`, description: 'Ortak alan denemesi.' })).body;
    await blocked.client.post(`/api/hobby-groups/${group.slug}/join`);
    const theirPost = (await blocked.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: 'Engellinin grup gönderisi' })).body;
    const myPost = (await blocker.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: 'Kurucunun gönderisi' })).body;
    await blocked.client.post(`/api/hobby-groups/posts/${myPost.id}/comments`, { content: 'Engellinin grup yorumu' });
    const question = (await blocker.client.post('/api/questions', { title: 'Engelleme sorusu nedir?', content: 'Ortak alan.' })).body;
    const theirQuestion = (await blocked.client.post('/api/questions', { title: 'Engellinin sorusu nedir?', content: 'Ortak alan.' })).body;
    await blocked.client.post(`/api/questions/${question.id}/answers`, { content: 'Engellinin cevabı' });
    const blog = (await admin.client.post('/api/blog/posts', { title: `Blok yazısı ${blocked.user.id}`, content: '<p>Yazı</p>', published: true })).body;
    await blocked.client.post(`/api/blog/posts/${blog.id}/comments`, { content: 'Engellinin blog yorumu' });
    await block(blocker, blocked);

    const flagged = (items: { author: { id: number }; blockedAuthor?: boolean }[]) =>
      items.filter((i) => i.author.id === blocked.user.id).map((i) => i.blockedAuthor === true);
    const posts = (await blocker.client.get(`/api/hobby-groups/${group.slug}/posts`)).body;
    expect(flagged(posts)).toEqual([true]);
    const comments = (await blocker.client.get(`/api/hobby-groups/posts/${myPost.id}/comments`)).body;
    expect(flagged(comments)).toEqual([true]);
    const answers = (await blocker.client.get(`/api/questions/${question.id}/answers`)).body;
    expect(flagged(answers)).toEqual([true]);
    expect((await blocker.client.get(`/api/questions/${theirQuestion.id}`)).body.blockedAuthor).toBe(true);
    const blogComments = (await blocker.client.get(`/api/blog/posts/${blog.id}/comments`)).body;
    expect(flagged(blogComments)).toEqual([true]);
    // The blocked member sees the blocker's content unflagged (nothing tells them).
    const theirView = (await blocked.client.get(`/api/hobby-groups/${group.slug}/posts`)).body;
    expect(theirView.every((i: { blockedAuthor?: boolean }) => !i.blockedAuthor)).toBe(true);
    expect((await blocked.client.get(`/api/questions/${question.id}`)).body.blockedAuthor).toBeUndefined();
    // No likes, comments or answers across the block.
    for (const res of [
      await blocked.client.post(`/api/hobby-groups/posts/${myPost.id}/like`),
      await blocked.client.post(`/api/hobby-groups/posts/${myPost.id}/comments`, { content: 'Yine yorum' }),
      await blocker.client.post(`/api/hobby-groups/posts/${theirPost.id}/like`),
      await blocked.client.post(`/api/questions/${question.id}/answers`, { content: 'Yine cevap' }),
      await blocked.client.post(`/api/questions/${question.id}/upvote`),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'blocked_interaction']);
  });
});

async function connectedSocket(member: Member) {
  const socket = connect(server.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: member.client.cookieHeader },
  });
  sockets.push(socket);
  const seen: { event: string; payload: any }[] = [];
  socket.onAny((event, payload) => seen.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return {
    seen,
    async next(event: string, from: number) {
      for (let i = 0; i < 250; i += 1) {
        const hit = seen.filter((s) => s.event === event)[from];
        if (hit) return hit.payload;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${event} #${from}; saw ${JSON.stringify(seen.map((s) => s.event))}`);
    },
  };
}

describe('mute', () => {
  it("hides a muted member's posts and comments from the muter's feeds, not from their profile, without telling them", async () => {
    const muter = await server.member();
    const muted = await server.member();
    await muter.client.post(`/api/users/${muted.user.id}/follow`);
    const theirs = await post(muted, 'Sessize alınanın gönderisi');
    const mine = await post(muter, 'Kendi gönderim');
    await muted.client.post(`/api/posts/${mine}/comments`, { content: 'Sessizin yorumu' });
    expect(await feed(muter)).toContain(theirs);
    const res = await muter.client.post(`/api/users/${muted.user.id}/mute`, { duration: 'forever' });
    expect(res.body).toEqual({ muted: true, until: null });
    expect(await feed(muter)).not.toContain(theirs);
    expect(await feed(muter, '&feed=following')).not.toContain(theirs);
    expect(await feed(muter)).toContain(mine);
    expect(ids((await muter.client.get(`/api/users/${muted.user.id}/posts`)).body)).toEqual([theirs]);
    // A hashtag's list leaves them out too.
    const tagged = await post(muted, 'Sessizin etiketi #sessizdeneme');
    expect(ids((await muted.client.get('/api/hashtags/sessizdeneme/posts')).body)).toEqual([tagged]);
    expect(ids((await muter.client.get('/api/hashtags/sessizdeneme/posts')).body)).toEqual([]);
    expect((await muter.client.get(`/api/posts/${mine}/comments`)).body).toEqual([]);
    // The muted member notices nothing: the muter's posts, profile and follow stay.
    expect(await feed(muted)).toContain(mine);
    expect((await muted.client.get(`/api/users/${muter.user.id}/block`)).body).toEqual({ blocked: false, muted: false, mutedUntil: null });
    const list = await muter.client.get('/api/users/me/mutes');
    expect(list.body.items.map((m: { id: number; until: string | null }) => [m.id, m.until])).toEqual([[muted.user.id, null]]);
    // Newest first, one page at a time (the same keyset as the blocks' list).
    const another = await server.member();
    await muter.client.post(`/api/users/${another.user.id}/mute`, { duration: '7d' });
    const first = await muter.client.get('/api/users/me/mutes?limit=1');
    expect(first.body.items.map((m: { id: number }) => m.id)).toEqual([another.user.id]);
    expect(first.body.items[0]).toMatchObject({ username: another.user.username, until: expect.any(String) });
    const second = await muter.client.get(`/api/users/me/mutes?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ items: [{ id: muted.user.id, until: null }], nextCursor: null });
    await muter.client.delete(`/api/users/${another.user.id}/mute`);
    await muter.client.delete(`/api/users/${muted.user.id}/mute`);
    expect(await feed(muter)).toContain(theirs);
    expect((await muter.client.get('/api/users/me/mutes')).body.items).toEqual([]);
  });

  it('lasts for its duration, by the clock', async () => {
    const muter = await server.member();
    const muted = await server.member();
    const theirs = await post(muted, 'Süreli sessiz');
    server.ctx.now = () => new Date('2026-11-24T10:00:00.000Z');
    try {
      const res = await muter.client.post(`/api/users/${muted.user.id}/mute`, { duration: '7d' });
      expect(res.body).toEqual({ muted: true, until: '2026-12-01T10:00:00.000Z' });
      expect((await muter.client.post(`/api/users/${muted.user.id}/mute`, { duration: '2d' })).status).toBe(400);
    } finally {
      server.ctx.now = undefined;
    }
    // A mute that runs in the future hides; once its end is past, it no longer does.
    await server.ctx
      .db('user_mutes')
      .where({ muter_id: muter.user.id })
      .update({ expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await feed(muter)).not.toContain(theirs);
    expect((await muter.client.get(`/api/users/${muted.user.id}/block`)).body.muted).toBe(true);
    await server.ctx
      .db('user_mutes')
      .where({ muter_id: muter.user.id })
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(await feed(muter)).toContain(theirs);
    expect((await muter.client.get(`/api/users/${muted.user.id}/block`)).body).toEqual({ blocked: false, muted: false, mutedUntil: null });
    expect((await muter.client.get('/api/users/me/mutes')).body.items).toEqual([]);
  });

  it('hides posts with a muted hashtag or word from feeds, folded by the Turkish rule', async () => {
    const muter = await server.member();
    const author = await server.member();
    const tagged = await post(author, 'Bugün #İstanbulMaratonu vardı');
    const worded = await post(author, 'ISPANAK yemeği yaptım');
    const longer = await post(author, 'ıspanaklı börek yaptım');
    const plain = await post(author, 'Sade bir gönderi');
    const tag = await muter.client.post('/api/users/me/muted-terms', { kind: 'hashtag', value: '#istanbulmaratonu' });
    expect(tag.status).toBe(201);
    expect(tag.body).toMatchObject({ kind: 'hashtag', term: 'istanbulmaratonu', label: 'istanbulmaratonu' });
    const word = await muter.client.post('/api/users/me/muted-terms', { kind: 'word', value: 'Ispanak' });
    expect(word.body.term).toBe('ispanak');
    expect((await muter.client.post('/api/users/me/muted-terms', { kind: 'word', value: 'ıspanak' })).body.id).toBe(word.body.id);
    expect((await muter.client.post('/api/users/me/muted-terms', { kind: 'word', value: '  ' })).status).toBe(400);
    const seen = await feed(muter);
    expect(seen).not.toContain(tagged);
    expect(seen).not.toContain(worded);
    expect(seen).toEqual(expect.arrayContaining([longer, plain]));
    // A short page is filled from further back, and the cursor goes on from what was read.
    const page = await muter.client.get('/api/posts?limit=1');
    expect(ids(page.body)).toEqual([plain]);
    expect((await author.client.get('/api/posts?limit=50')).body.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([tagged, worded]));
    const list = (await muter.client.get('/api/users/me/muted-terms')).body;
    expect(list.map((t: { term: string }) => t.term)).toEqual(['ispanak', 'istanbulmaratonu']);
    expect((await muter.client.delete(`/api/users/me/muted-terms/${word.body.id}`)).body).toEqual({ ok: true });
    expect((await author.client.delete(`/api/users/me/muted-terms/${tag.body.id}`)).status).toBe(404);
    expect(await feed(muter)).toContain(worded);
  });

  it("leaves a muted hashtag out of the muter's trending list (home and Discover read it), the next tag moving up; counts stay the community's", async () => {
    const [muter, other, poster] = [await server.member(), await server.member(), await server.member()];
    const tag = `trendsessiz${muter.user.id}`;
    for (let i = 0; i < 3; i++) await post(poster, `Çok konuşulan #${tag} ${i}`);
    // More tags than the list shows, so that one leaving lets the next in.
    await post(poster, Array.from({ length: LIMITS.trendingHashtags + 1 }, (_, i) => `#doldur${muter.user.id}x${i}`).join(' '));
    const trending = async (m: Member | null) =>
      (await (m ? m.client : server.client()).get('/api/hashtags/trending')).body as { tag: string; posts: number }[];
    expect((await trending(muter)).find((t) => t.tag === tag)?.posts).toBe(3);

    expect((await muter.client.post('/api/users/me/muted-terms', { kind: 'hashtag', value: `#${tag.toLocaleUpperCase('tr')}` })).status).toBe(201);
    const everyone = await trending(null);
    expect(everyone.length).toBe(LIMITS.trendingHashtags);
    expect(everyone.find((t) => t.tag === tag)?.posts).toBe(3);
    // Read twice: the second may come from a cache, and must still be the muter's own list.
    for (let i = 0; i < 2; i++) {
      const mine = await trending(muter);
      expect(mine.map((t) => t.tag)).not.toContain(tag);
      expect(mine.length).toBe(LIMITS.trendingHashtags);
      expect(mine.slice(0, -1)).toEqual(everyone.filter((t) => t.tag !== tag));
    }
    // Others, signed in or not, still see it, counted alike: counts are community-wide, not per viewer.
    expect(await trending(other)).toEqual(everyone);
    expect(await trending(null)).toEqual(everyone);
  });

  it('stops notifications and their socket events from a muted or blocked member', async () => {
    const me = await server.member();
    const muted = await server.member();
    const blocked = await server.member();
    const friend = await server.member();
    const mine = await post(me, 'Bildirim denemesi');
    const socket = await connectedSocket(me);
    await me.client.post(`/api/users/${muted.user.id}/mute`, { duration: '1d' });
    await block(me, blocked);
    await muted.client.post(`/api/posts/${mine}/comments`, { content: 'Sessizden yorum' });
    await muted.client.post(`/api/posts/${mine}/like`);
    await muted.client.post(`/api/users/${me.user.id}/follow`);
    await blocked.client.post(`/api/posts/${mine}/like`);
    await friend.client.post(`/api/posts/${mine}/comments`, { content: 'Arkadaştan yorum' });
    const first = await socket.next('new_notification', 0);
    expect(first.notification.relatedUserId).toBe(friend.user.id);
    const list = (await me.client.get('/api/notifications')).body;
    expect(list.map((n: { relatedUserId: number }) => n.relatedUserId)).toEqual([friend.user.id]);
    // And messages from a blocked member never arrive at all (refused), so no socket event either.
    expect((await blocked.client.post('/api/messages', { receiverId: me.user.id, content: 'Selam' })).status).toBe(403);
    await friend.client.post('/api/messages', { receiverId: me.user.id, content: 'Merhaba' });
    expect((await socket.next('new_message', 0)).message.senderId ?? (await socket.next('new_message', 0)).message.sender?.id).toBe(friend.user.id);
  });
});
