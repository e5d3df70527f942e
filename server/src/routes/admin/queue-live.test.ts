import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type QueueChangedPayload } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer, ok } from '../../test/harness';

/**
 * The live queue over a real socket (SQLite and PostgreSQL), whichever way it changes: the old
 * report routes (/api/admin/reports) announce the entries they decide, a watched word's flag on a
 * blog comment or a group's post or comment announces its new entry, as a post's does. And the
 * links a queue entry gives for blog comments and group items (the page the item sits on).
 */

let server: TestServer;
let admin: Member;
let mod: Member;
let socket: Socket;
const heard: QueueChangedPayload[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  mod = await server.member({ displayName: 'Canlı Moderatör' });
  ok(await admin.client.patch(`/api/admin/users/${mod.user.id}`, { role: 'moderator' }));
  ok(await admin.client.post('/api/admin/watched-words', { word: 'kaçakbahis', action: 'flag' }));
  socket = connect(server.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: mod.client.cookieHeader },
  });
  socket.on(SOCKET_EVENTS.queueChanged, (p: QueueChangedPayload) => heard.push(p));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
});
afterAll(async () => {
  socket?.disconnect();
  await server?.close();
});

/** Waits for a queue_changed of this kind naming the entry. */
async function hears(change: QueueChangedPayload['change'], entryId: number) {
  const start = Date.now();
  while (Date.now() - start < 5000) {
    const hit = heard.find((p) => p.change === change && p.entryIds.includes(entryId));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no queue_changed ${change} for entry ${entryId}; heard ${JSON.stringify(heard)}`);
}

interface Entry {
  id: number;
  kind: string;
  target: { type: string; id: number; link: string | null };
}

async function entryOf(type: string, id: number): Promise<Entry> {
  const page = ok(await mod.client.get('/api/admin/queue?limit=100'));
  const entry = (page.items as Entry[]).find((e) => e.target.type === type && e.target.id === id && e.kind !== 'appeal');
  if (!entry) throw new Error(`no open entry for ${type} ${id}`);
  return entry;
}

async function reportedPost() {
  const author = await server.member();
  const post = ok(await author.client.post('/api/posts', { content: 'Şikayet edilecek gönderi' }));
  const reporter = await server.member();
  const report = ok(await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'reklam' }));
  return { postId: post.id as number, reportId: report.id as number };
}

describe('the old report routes', () => {
  it('dismissing or resolving one report announces its entry as decided, with the moderator', async () => {
    for (const path of ['dismiss', 'resolve'] as const) {
      const { postId, reportId } = await reportedPost();
      const entry = await entryOf('post', postId);
      await hears('created', entry.id);
      ok(await mod.client.post(`/api/admin/reports/${reportId}/${path}`, { note: 'eski yoldan' }));
      expect(await hears('decided', entry.id)).toEqual({ change: 'decided', entryIds: [entry.id], by: { id: mod.user.id, username: mod.user.username } });
    }
  });

  it('a bulk close announces every entry it touched in one event', async () => {
    const a = await reportedPost();
    const b = await reportedPost();
    const ids = [(await entryOf('post', a.postId)).id, (await entryOf('post', b.postId)).id];
    ok(await mod.client.post('/api/admin/reports/bulk', { ids: [a.reportId, b.reportId], outcome: 'dismissed' }));
    const event = await hears('decided', ids[0]!);
    expect([...event.entryIds].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });
});

describe("a watched word's flag", () => {
  it('on a blog comment is announced live, and its entry links to the comment on the blog post', async () => {
    const blog = ok(await admin.client.post('/api/blog/posts', { title: 'Mahalle şenliği', content: '<p>Cumartesi</p>', published: true }));
    const member = await server.member();
    const comment = ok(await member.client.post(`/api/blog/posts/${blog.id}/comments`, { content: 'kaçakbahis sitesine bakın' }));
    const entry = await entryOf('blog_comment', comment.id);
    await hears('created', entry.id);
    expect(entry).toMatchObject({ kind: 'flag', target: { link: `/blog/${blog.slug}#yorum-${comment.id}` } });
  });

  it("on a group's post and comment is announced live; the entries link to the post on the group's page", async () => {
    const founder = await server.member();
    const group = ok(await founder.client.post('/api/hobby-groups', { name: `Bisiklet ${Date.now()}`, description: 'Hafta sonu turları.' }));
    const post = ok(await founder.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: 'kaçakbahis kazandırıyor' }));
    const postEntry = await entryOf('group_post', post.id);
    await hears('created', postEntry.id);
    expect(postEntry).toMatchObject({ kind: 'flag', target: { link: `/hobby-groups/${group.slug}#post-${post.id}` } });

    const clean = ok(await founder.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: 'Pazar turu saat 9' }));
    const comment = ok(await founder.client.post(`/api/hobby-groups/posts/${clean.id}/comments`, { content: 'kaçakbahis linki' }));
    const commentEntry = await entryOf('group_comment', comment.id);
    await hears('created', commentEntry.id);
    expect(commentEntry).toMatchObject({ kind: 'flag', target: { link: `/hobby-groups/${group.slug}#post-${clean.id}` } });
  });

  it('a clean comment files nothing and is not announced', async () => {
    const blog = ok(await admin.client.post('/api/blog/posts', { title: 'Temiz yazı', content: '<p>Merhaba</p>', published: true }));
    const before = heard.length;
    const comment = ok(await (await server.member()).client.post(`/api/blog/posts/${blog.id}/comments`, { content: 'Çok güzel olmuş' }));
    await expect(entryOf('blog_comment', comment.id)).rejects.toThrow('no open entry');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.slice(before).filter((p) => p.change === 'created')).toEqual([]);
  });
});

describe('links of reported group and blog items', () => {
  it("a member's report on a blog comment or a group item gives the same links", async () => {
    const blog = ok(await admin.client.post('/api/blog/posts', { title: 'Şikayetli yazı', content: '<p>Yazı</p>', published: true }));
    const member = await server.member();
    const comment = ok(await member.client.post(`/api/blog/posts/${blog.id}/comments`, { content: 'Sıradan yorum' }));
    ok(await (await server.member()).client.post('/api/reports', { targetType: 'blog_comment', targetId: comment.id, reason: 'hakaret' }));
    expect((await entryOf('blog_comment', comment.id)).target.link).toBe(`/blog/${blog.slug}#yorum-${comment.id}`);

    const group = ok(await member.client.post('/api/hobby-groups', { name: `Satranç ${Date.now()}`, description: 'Her perşembe.' }));
    const post = ok(await member.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: 'Perşembe buluşması' }));
    ok(await (await server.member()).client.post('/api/reports', { targetType: 'group_post', targetId: post.id, reason: 'reklam' }));
    expect((await entryOf('group_post', post.id)).target.link).toBe(`/hobby-groups/${group.slug}#post-${post.id}`);
  });
});
