import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Member, type TestServer } from '../../test/harness';
import { makePng } from '../../test/media';
import { nth } from '../../test/nth';

let server: TestServer;
let admin: Member;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

const ADMIN_GETS = [
  '/api/admin/stats',
  '/api/admin/users',
  '/api/admin/groups',
  '/api/admin/blog',
  '/api/admin/questions',
  '/api/admin/comments',
  '/api/admin/content',
  '/api/admin/events',
  '/api/admin/audit',
  '/api/admin/reports',
];

describe('admin API', () => {
  it('refuses every admin endpoint to a member and a visitor, whatever headers they send', async () => {
    const member = await server.member();
    const forged = { 'x-user-role': 'admin', role: 'admin', 'x-role': 'admin' };
    for (const path of ADMIN_GETS) {
      const res = await member.client.get(path, forged);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe('Yetki gerekli');
      expect((await server.client().get(path, forged)).status, path).toBe(401);
    }
    expect((await member.client.patch(`/api/admin/users/${member.user.id}`, { role: 'admin' }, forged)).status).toBe(403);
    expect((await member.client.post('/api/admin/users/bulk', { ids: [member.user.id], action: 'make_admin' }, forged)).status).toBe(403);
    expect((await member.client.get('/api/auth/me')).body.role).toBe('user');
  });

  it('counts the totals and lists recent activity', async () => {
    const m = await server.member();
    await m.client.post('/api/posts', { content: 'istatistik' });
    const stats = (await admin.client.get('/api/admin/stats')).body;
    expect(stats).toMatchObject({ totalUsers: expect.any(Number), totalPosts: 1, totalBlogs: 0, totalQuestions: 0 });
    expect(stats.recentActivity.some((a: { type: string }) => a.type === 'post')).toBe(true);
  });

  it('finds users, changes role and verification, deletes non-admins, and audits each step', async () => {
    const target = await server.member({ username: 'aranan_kisi', displayName: 'Aranan Kişi' });
    const found = (await admin.client.get('/api/admin/users?search=ARANAN')).body.items;
    expect(found.map((u: { id: number }) => u.id)).toEqual([target.user.id]);
    expect(found[0]).toMatchObject({ email: target.user.email, isVerified: false, role: 'user' });
    const verified = await admin.client.patch(`/api/admin/users/${target.user.id}`, { isVerified: true });
    expect(verified.body.isVerified).toBe(true);
    expect((await admin.client.patch(`/api/admin/users/${target.user.id}`, { role: 'boss' })).status).toBe(400);
    expect((await admin.client.patch(`/api/admin/users/${admin.user.id}`, { role: 'user' })).status).toBe(400);
    const promoted = await server.member();
    await admin.client.patch(`/api/admin/users/${promoted.user.id}`, { role: 'admin' });
    const noAdminDelete = await admin.client.delete(`/api/admin/users/${promoted.user.id}`);
    expect(noAdminDelete.status).toBe(403);
    expect(noAdminDelete.body.error).toBe('Yönetici hesapları silinemez');
    expect((await admin.client.delete(`/api/admin/users/${admin.user.id}`)).status).toBe(400);

    const post = (await target.client.post('/api/posts', { content: 'gidecek' })).body;
    const q = (await target.client.post('/api/questions', { title: 'Kalacak soru', content: 'x' })).body;
    expect((await admin.client.delete(`/api/admin/users/${target.user.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/posts/${post.id}`)).status).toBe(404);
    const kept = (await server.client().get(`/api/questions/${q.id}`)).body;
    expect(kept.author.displayName).toBe('Silinmiş kullanıcı');
    expect((await target.client.get('/api/auth/me')).status).toBe(401);

    const actions = (await admin.client.get('/api/admin/audit?targetType=user')).body.items.map((a: { action: string }) => a.action);
    expect(actions).toEqual(['user.delete', 'user.update', 'user.update']);
    const update = (await admin.client.get('/api/admin/audit?action=user.update')).body.items.at(-1);
    expect(update).toMatchObject({ actorUsername: 'yonetici', before: { isVerified: false }, after: { isVerified: true } });
  });

  it('bulk-verifies in one transaction, or changes nothing', async () => {
    const people = await Promise.all([server.member(), server.member(), server.member()]);
    const ids = people.map((p) => p.user.id);
    expect((await admin.client.post('/api/admin/users/bulk', { ids, action: 'verify' })).body).toEqual({ updated: 3 });
    const rows = await server.ctx.db('users').whereIn('id', ids).select('is_verified');
    expect(rows.every((r: { is_verified: unknown }) => Boolean(r.is_verified))).toBe(true);
    const failing = await admin.client.post('/api/admin/users/bulk', { ids: [...ids, 999999], action: 'unverify' });
    expect(failing.status).toBe(404);
    const still = await server.ctx.db('users').whereIn('id', ids).select('is_verified');
    expect(still.every((r: { is_verified: unknown }) => Boolean(r.is_verified))).toBe(true);
  });

  it('lists comments of every kind together, edits and deletes them with counters kept true', async () => {
    const m = await server.member();
    const post = (await m.client.post('/api/posts', { content: 'yorumlanacak' })).body;
    await m.client.post(`/api/posts/${post.id}/comments`, { content: 'gönderi yorumu' });
    const q = (await m.client.post('/api/questions', { title: 'Soru', content: 'x' })).body;
    await m.client.post(`/api/questions/${q.id}/answers`, { content: 'bir cevap' });
    const blog = (await admin.client.post('/api/blog/posts', { title: 'Blog', content: '<p>x</p>', published: true })).body;
    await m.client.post(`/api/blog/posts/${blog.id}/comments`, { content: 'blog yorumu' });
    const all = (await admin.client.get('/api/admin/comments')).body.items;
    expect(
      all
        .slice(0, 3)
        .map((c: { kind: string }) => c.kind)
        .sort(),
    ).toEqual(['answer', 'blog', 'post']);
    const postComment = all.find((c: { kind: string }) => c.kind === 'post');
    expect(postComment).toMatchObject({ content: 'gönderi yorumu', link: `/posts/${post.id}`, status: 'active' });
    expect((await admin.client.patch(`/api/admin/comments/post/${postComment.id}`, { content: 'düzeltildi' })).body.content).toBe('düzeltildi');
    expect((await admin.client.delete(`/api/admin/comments/post/${postComment.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/posts/${post.id}`)).body.commentsCount).toBe(0);
    const answer = all.find((c: { kind: string }) => c.kind === 'answer');
    await admin.client.delete(`/api/admin/comments/answer/${answer.id}`);
    expect((await server.client().get(`/api/questions/${q.id}`)).body.answersCount).toBe(0);
    expect((await admin.client.delete('/api/admin/comments/uzay/1')).status).toBe(400);
    const search = (await admin.client.get('/api/admin/comments?search=BLOG')).body.items;
    expect(search.map((c: { content: string }) => c.content)).toEqual(['blog yorumu']);
  });

  it('searches comments of every kind through the search index, Turkish-folded, in step with edits and deletes', async () => {
    const tag = `İzmir${Date.now().toString(36)}`;
    const m = await server.member();
    const post = (await m.client.post('/api/posts', { content: 'yorumlanacak gönderi' })).body;
    const postComment = (await m.client.post(`/api/posts/${post.id}/comments`, { content: `${tag} gönderi yorumu` })).body;
    const q = (await m.client.post('/api/questions', { title: 'Arama sorusu', content: 'x' })).body;
    await m.client.post(`/api/questions/${q.id}/answers`, { content: `${tag} cevabı` });
    const blog = (await admin.client.post('/api/blog/posts', { title: 'Arama yazısı', content: '<p>x</p>', published: true })).body;
    await m.client.post(`/api/blog/posts/${blog.id}/comments`, { content: `${tag} blog yorumu` });
    const slug = (await m.client.post('/api/hobby-groups', { name: `Arama grubu ${tag}`, description: 'Yorum araması için bir grup.' })).body.slug;
    const groupPost = (await m.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'grup gönderisi' })).body;
    await m.client.post(`/api/hobby-groups/posts/${groupPost.id}/comments`, { content: `${tag} grup yorumu` });
    const found = async (search: string) =>
      ((await admin.client.get(`/api/admin/comments?search=${encodeURIComponent(search)}`)).body.items as { kind: string; content: string }[])
        .map((c) => c.kind)
        .sort();
    // Written in any case (the dotted capital İ of the tag folds to i): every kind is found, from the index.
    expect(await found(tag.toLocaleLowerCase('tr'))).toEqual(['answer', 'blog', 'group', 'post']);
    expect(await found(tag.toLocaleUpperCase('tr'))).toEqual(['answer', 'blog', 'group', 'post']);
    const docs = await server.ctx.db('search_docs').where({ kind: 'comments' }).whereIn('source', ['post_comment', 'blog_comment', 'group_comment']);
    expect(
      docs
        .filter((d: { body: string }) => d.body.includes(tag.toLocaleLowerCase('tr')))
        .map((d: { source: string }) => d.source)
        .sort(),
    ).toEqual(['blog_comment', 'group_comment', 'post_comment']);
    // An edit moves the comment's words; a delete (here by its post's cascade) drops it.
    await admin.client.patch(`/api/admin/comments/post/${postComment.id}`, { content: 'başka sözcükler' });
    expect(await found(tag)).toEqual(['answer', 'blog', 'group']);
    expect((await admin.client.get('/api/admin/comments?search=sözcükler')).body.items.map((c: { id: number }) => c.id)).toContain(postComment.id);
    await m.client.delete(`/api/hobby-groups/posts/${groupPost.id}`);
    expect(await found(tag)).toEqual(['answer', 'blog']);
  });

  it('lists and deletes content and events of both kinds', async () => {
    const m = await server.member();
    const post = (await m.client.post('/api/posts', { content: 'aranacak içerik' })).body;
    const found = (await admin.client.get('/api/admin/content?search=aranacak')).body.items;
    expect(found.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect((await admin.client.delete(`/api/admin/content/post/${post.id}`)).status).toBe(200);
    const slug = (await m.client.post('/api/hobby-groups', { name: 'Admin Test Grubu', description: 'Yönetim testleri için.' })).body.slug;
    const gp = (await m.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'grup içeriği' })).body;
    expect((await admin.client.get('/api/admin/content?kind=group_post')).body.items[0].id).toBe(gp.id);
    await admin.client.delete(`/api/admin/content/group_post/${gp.id}`);
    expect((await server.client().get(`/api/hobby-groups/${slug}`)).body.postCount).toBe(0);
    const ev = (await m.client.post('/api/events', { title: 'Silinecek', description: 'x', date: new Date(Date.now() + 86_400_000).toISOString() })).body;
    expect((await admin.client.get('/api/admin/events')).body.items[0].id).toBe(ev.id);
    expect((await admin.client.delete(`/api/admin/events/event/${ev.id}`)).status).toBe(200);
    const ge = (
      await m.client.post(`/api/hobby-groups/${slug}/events`, {
        title: 'Grup etkinliği',
        date: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'Park',
      })
    ).body;
    expect((await admin.client.delete(`/api/admin/events/group_event/${ge.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/hobby-groups/${slug}`)).body.eventCount).toBe(0);
  });
});

describe('server-side sorting of the workspace tables', () => {
  it('sorts users by any column in both directions and pages with a cursor, no OFFSET', async () => {
    const tag = `sira${Date.now().toString(36)}`;
    for (const name of ['c', 'a', 'd', 'b']) await server.member({ username: `${tag}_${name}`, displayName: `Sıra ${name.toUpperCase()}` });
    const asc = await admin.client.get(`/api/admin/users?search=${tag}&sort=username&direction=asc&limit=3`);
    expect(asc.body.items.map((u: { username: string }) => u.username)).toEqual([`${tag}_a`, `${tag}_b`, `${tag}_c`]);
    expect(asc.body.nextCursor).toBeTruthy();
    const rest = await admin.client.get(`/api/admin/users?search=${tag}&sort=username&direction=asc&limit=3&cursor=${asc.body.nextCursor}`);
    expect(rest.body.items.map((u: { username: string }) => u.username)).toEqual([`${tag}_d`]);
    expect(rest.body.nextCursor).toBeNull();
    const desc = await admin.client.get(`/api/admin/users?search=${tag}&sort=displayName&direction=desc`);
    expect(desc.body.items.map((u: { displayName: string }) => u.displayName)).toEqual(['Sıra D', 'Sıra C', 'Sıra B', 'Sıra A']);
    expect((await admin.client.get('/api/admin/users?sort=password')).status).toBe(400);
  });

  it('sorts content by likes and lists and deletes hobby groups', async () => {
    const m = await server.member();
    const fan = await server.member();
    const p1 = (await m.client.post('/api/posts', { content: 'az beğenilen' })).body;
    const p2 = (await m.client.post('/api/posts', { content: 'çok beğenilen' })).body;
    await fan.client.post(`/api/posts/${p2.id}/like`);
    await m.client.post(`/api/posts/${p2.id}/like`);
    await fan.client.post(`/api/posts/${p1.id}/like`);
    const top = (await admin.client.get('/api/admin/content?sort=likesCount&direction=desc&limit=2')).body.items;
    expect(top[0].id).toBe(p2.id);
    const slug = (await m.client.post('/api/hobby-groups', { name: 'Silinecek Grup', description: 'Yönetim için bir test grubu.' })).body.slug;
    const groups = (await admin.client.get('/api/admin/groups?search=silinecek')).body.items;
    expect(groups.map((g: { slug: string }) => g.slug)).toEqual([slug]);
    expect((await m.client.delete(`/api/admin/groups/${groups[0].id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/admin/groups/${groups[0].id}`)).status).toBe(200);
    expect((await server.client().get(`/api/hobby-groups/${slug}`)).status).toBe(404);
    const log = (await admin.client.get('/api/admin/audit?action=hobby_group.delete')).body.items;
    expect(log[0]).toMatchObject({ targetType: 'hobby_group', before: { slug } });
  });
});

describe('every workspace table sorts, filters and pages on the server', () => {
  /** Walks every page of a table and returns its rows in order. */
  async function walk(path: string, limit = 2) {
    const rows: any[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res: { status: number; body: { items: any[]; nextCursor: string | null } } = await admin.client.get(
        `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status, path).toBe(200);
      rows.push(...res.body.items);
      cursor = res.body.nextCursor;
      if (!cursor) return rows;
    }
    throw new Error('too many pages');
  }

  it('questions by votes, views and answers, searched and filtered by state', async () => {
    const tag = `ksoru${Date.now().toString(36)}`;
    const m = await server.member();
    const voter = await server.member();
    const qs = [];
    for (const n of [1, 2, 3]) qs.push((await m.client.post('/api/questions', { title: `${tag} soru ${n}`, content: 'içerik' })).body);
    await voter.client.post(`/api/questions/${qs[1].id}/upvote`);
    await m.client.post(`/api/questions/${qs[1].id}/upvote`);
    await voter.client.post(`/api/questions/${qs[2].id}/upvote`);
    const byVotes = await walk(`/api/admin/questions?search=${tag.toUpperCase()}&sort=upvotes&direction=desc`);
    expect(byVotes.map((q) => q.id)).toEqual([qs[1].id, qs[2].id, qs[0].id]);
    const answer = (await voter.client.post(`/api/questions/${qs[0].id}/answers`, { content: 'cevap' })).body;
    await m.client.post(`/api/answers/${answer.id}/accept`);
    const answered = await walk(`/api/admin/questions?search=${tag}&answered=true`);
    expect(answered.map((q) => q.id)).toEqual([qs[0].id]);
    const byAnswers = await walk(`/api/admin/questions?search=${tag}&sort=answersCount&direction=asc`);
    expect(byAnswers.map((q) => q.id)).toEqual([qs[1].id, qs[2].id, qs[0].id]);
    expect((await admin.client.get('/api/admin/questions?sort=title')).status).toBe(400);
  });

  it('events by date, title and attendance, city and group events alike', async () => {
    const tag = `ketk${Date.now().toString(36)}`;
    const m = await server.member();
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    const late = (await m.client.post('/api/events', { title: `${tag} A geç`, description: 'x', date: day(9) })).body;
    const soon = (await m.client.post('/api/events', { title: `${tag} C yakın`, description: 'x', date: day(2) })).body;
    const mid = (await m.client.post('/api/events', { title: `${tag} B orta`, description: 'x', date: day(5) })).body;
    await (await server.member()).client.post(`/api/events/${mid.id}/attend`);
    expect((await walk(`/api/admin/events?search=${tag}&sort=date&direction=asc`)).map((e) => e.id)).toEqual([soon.id, mid.id, late.id]);
    expect((await walk(`/api/admin/events?search=${tag}&sort=title&direction=asc`)).map((e) => e.id)).toEqual([late.id, mid.id, soon.id]);
    expect((await walk(`/api/admin/events?search=${tag}&sort=attendeesCount&direction=desc`))[0].id).toBe(mid.id);
    const slug = (await m.client.post('/api/hobby-groups', { name: `${tag} grubu`, description: 'Etkinlik sıralama testi.' })).body.slug;
    const g1 = (await m.client.post(`/api/hobby-groups/${slug}/events`, { title: `${tag} grup 2`, date: day(3), location: 'Park' })).body;
    const g2 = (await m.client.post(`/api/hobby-groups/${slug}/events`, { title: `${tag} grup 1`, date: day(1), location: 'Park' })).body;
    const groupEvents = await walk(`/api/admin/events?kind=group_event&search=${tag}&sort=date&direction=asc`, 1);
    expect(groupEvents.map((e) => e.id)).toEqual([g2.id, g1.id]);
    expect(groupEvents[0].group.slug).toBe(slug);
  });

  it('blog posts with drafts, by views and by title, filtered by state', async () => {
    const tag = `kblog${Date.now().toString(36)}`;
    const draft = (await admin.client.post('/api/blog/posts', { title: `${tag} B taslak`, content: '<p>x</p>', published: false })).body;
    const live = (await admin.client.post('/api/blog/posts', { title: `${tag} A yayında`, content: '<p>x</p>', published: true })).body;
    await server.client().get(`/api/blog/posts/slug/${live.slug}`);
    expect((await walk(`/api/admin/blog?search=${tag}&sort=title&direction=asc`, 1)).map((b) => b.id)).toEqual([live.id, draft.id]);
    expect((await walk(`/api/admin/blog?search=${tag}&sort=views&direction=desc`)).map((b) => b.id)).toEqual([live.id, draft.id]);
    expect((await walk(`/api/admin/blog?search=${tag}&status=draft`)).map((b) => b.id)).toEqual([draft.id]);
    expect((await (await server.member()).client.get('/api/admin/blog')).status).toBe(403);
  });

  it('comments of four kinds page through equal times without losing or repeating one, both ways', async () => {
    const tag = `kyorum${Date.now().toString(36)}`;
    const m = await server.member();
    const post = (await m.client.post('/api/posts', { content: 'sayfalama' })).body;
    const q = (await m.client.post('/api/questions', { title: 'Sayfalama sorusu', content: 'x' })).body;
    for (let i = 0; i < 3; i++) await m.client.post(`/api/posts/${post.id}/comments`, { content: `${tag} gönderi ${i}` });
    for (let i = 0; i < 2; i++) await m.client.post(`/api/questions/${q.id}/answers`, { content: `${tag} cevap ${i}` });
    // Same instant for all: the cursor must still walk them one by one.
    const same = new Date().toISOString();
    await server.ctx.db('comments').where('content', 'like', `${tag}%`).update({ created_at: same });
    await server.ctx.db('answers').where('content', 'like', `${tag}%`).update({ created_at: same });
    const newest = await walk(`/api/admin/comments?search=${tag}`, 2);
    expect(newest.map((c) => c.key)).toHaveLength(5);
    expect(new Set(newest.map((c) => c.key)).size).toBe(5);
    const oldest = await walk(`/api/admin/comments?search=${tag}&direction=asc`, 2);
    expect(oldest.map((c) => c.key)).toEqual([...newest.map((c) => c.key)].reverse());
  });

  it('the reports queue oldest first and by kind; the audit log by actor', async () => {
    const author = await server.member();
    const reporter = await server.member();
    const p = (await author.client.post('/api/posts', { content: 'şikayetlik' })).body;
    const r1 = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: p.id, reason: 'ilk' })).body;
    const r2 = (await reporter.client.post('/api/reports', { targetType: 'user', targetId: author.user.id, reasonCode: 'spam', note: 'ikinci' })).body;
    const queue = await walk('/api/admin/reports?direction=asc', 1);
    const ids = queue.map((r) => r.id);
    expect(ids.indexOf(r1.id)).toBeLessThan(ids.indexOf(r2.id));
    expect((await walk('/api/admin/reports?targetType=user')).map((r) => r.id)).toContain(r2.id);
    expect((await walk('/api/admin/reports?targetType=user')).map((r) => r.id)).not.toContain(r1.id);
    expect((await admin.client.get('/api/admin/reports?targetType=uzay')).status).toBe(400);
    const mine = await walk(`/api/admin/audit?actor=${reporter.user.username.toUpperCase()}`, 1);
    expect(mine.map((a) => a.action)).toEqual(['report.create', 'report.create']);
    for (const r of [r1, r2]) await admin.client.post(`/api/admin/reports/${r.id}/dismiss`, { note: 'test' });
  });
});

describe('content reports', () => {
  it('members report; admins see the queue, delete the reported post from it, and the audit log shows each step', async () => {
    const author = await server.member();
    const reporter = await server.member();
    const other = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'kötü içerik' })).body;
    expect((await server.client().post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'spam' })).status).toBe(401);
    const noReason = await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: ' ' });
    expect(noReason.body.error).toBe('Lütfen şikayet nedenini yazın');
    expect((await reporter.client.post('/api/reports', { targetType: 'post', targetId: 999999, reason: 'spam' })).status).toBe(404);
    const report = await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'Spam içerik' });
    expect(report.status).toBe(201);
    expect((await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'yine' })).status).toBe(409);
    await other.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'Rahatsız edici' });

    const queue = (await admin.client.get('/api/admin/reports')).body.items;
    expect(queue).toHaveLength(2);
    expect(queue[1]).toMatchObject({
      targetType: 'post',
      targetId: post.id,
      reason: 'Spam içerik',
      status: 'open',
      target: { exists: true, preview: 'kötü içerik', author: { id: author.user.id } },
    });
    expect((await reporter.client.get('/api/admin/reports')).status).toBe(403);

    const resolved = await admin.client.post(`/api/admin/reports/${queue[1].id}/resolve`, { note: 'Silindi', action: 'delete' });
    expect(resolved.body).toEqual({ id: queue[1].id, status: 'resolved' });
    expect((await server.client().get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await admin.client.get('/api/admin/reports')).body.items).toHaveLength(0);
    expect((await admin.client.get('/api/admin/reports?status=resolved')).body.items).toHaveLength(2);
    expect((await admin.client.post(`/api/admin/reports/${queue[1].id}/resolve`, {})).status).toBe(409);

    const audit = (await admin.client.get('/api/admin/audit?limit=10')).body.items.map((a: { action: string }) => a.action);
    expect(audit.slice(0, 5)).toEqual(['report.resolve', 'report.resolve', 'post.delete', 'report.create', 'report.create']);
  });

  it('hides a reported comment from readers, and dismisses without touching content', async () => {
    const author = await server.member();
    const reporter = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'temiz gönderi' })).body;
    const comment = (await author.client.post(`/api/posts/${post.id}/comments`, { content: 'kaba yorum' })).body;
    const r1 = (await reporter.client.post('/api/reports', { targetType: 'comment', targetId: comment.id, reason: 'Hakaret' })).body;
    await admin.client.post(`/api/admin/reports/${r1.id}/resolve`, { action: 'hide', note: 'gizlendi' });
    expect((await server.client().get(`/api/posts/${post.id}/comments`)).body).toEqual([]);
    const r2 = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'yanlışlıkla' })).body;
    await admin.client.post(`/api/admin/reports/${r2.id}/dismiss`, { note: 'sorun yok', action: 'delete' });
    expect((await server.client().get(`/api/posts/${post.id}`)).status).toBe(200);
    const userReport = await reporter.client.post('/api/reports', { targetType: 'user', targetId: reporter.user.id, reasonCode: 'other' });
    expect(userReport.status).toBe(400);
  });
});

describe('admins acting through the ordinary routes', () => {
  it('enters the audit log when an admin deletes or edits what someone else owns, not their own', async () => {
    const m = await server.member();
    const post = (await m.client.post('/api/posts', { content: 'moderasyon' })).body;
    const comment = (await m.client.post(`/api/posts/${post.id}/comments`, { content: 'bir yorum' })).body;
    const ev = (await m.client.post('/api/events', { title: 'Moderasyon', description: 'x', date: new Date(Date.now() + 86_400_000).toISOString() })).body;
    const slug = (await m.client.post('/api/hobby-groups', { name: 'Moderasyon Grubu', description: 'Denetim kaydı testi.' })).body.slug;
    const gp = (await m.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'grup' })).body;
    const gc = (await m.client.post(`/api/hobby-groups/posts/${gp.id}/comments`, { content: 'grup yorumu' })).body;
    expect((await admin.client.delete(`/api/comments/${comment.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/events/${ev.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/hobby-groups/posts/comments/${gc.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/hobby-groups/posts/${gp.id}`)).status).toBe(200);
    expect((await admin.client.patch(`/api/users/${m.user.id}`, { bio: 'Yönetici düzeltti' })).status).toBe(200);
    const own = (await admin.client.post('/api/posts', { content: 'benim' })).body;
    await admin.client.delete(`/api/posts/${own.id}`);
    const log = (await admin.client.get('/api/admin/audit?limit=6')).body.items;
    expect(log.map((a: { action: string; targetType: string }) => `${a.action}:${a.targetType}`)).toEqual([
      'user.profile_update:user',
      'group_post.delete:group_post',
      'comment.delete:group_comment',
      'event.delete:event',
      'post.delete:post',
      'comment.delete:post_comment',
    ]);
    expect(log[0]).toMatchObject({ after: { bio: 'Yönetici düzeltti' } });
    expect(log[0].before).toHaveProperty('bio');
    expect(log.some((a: { targetId: string }) => a.targetId === String(own.id))).toBe(false);
  });
});

describe('bulk moderation: one confirm, one transaction', () => {
  it('resolves several reports at once, or none when one of them is already closed', async () => {
    const author = await server.member();
    const reporter = await server.member();
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push((await author.client.post('/api/posts', { content: `toplu şikayet ${i}` })).body);
    const reports: { id: number }[] = [];
    for (const p of posts) reports.push((await reporter.client.post('/api/reports', { targetType: 'post', targetId: p.id, reason: 'spam' })).body);
    const first = nth(reports, 0);
    const second = nth(reports, 1);
    const third = nth(reports, 2);
    await admin.client.post(`/api/admin/reports/${third.id}/dismiss`, { note: 'önce kapandı' });
    const refused = await admin.client.post('/api/admin/reports/bulk', { ids: reports.map((r) => r.id), outcome: 'resolved', note: 'toplu' });
    expect(refused.status).toBe(409);
    const open = (await admin.client.get('/api/admin/reports?limit=100')).body.items.map((r: { id: number }) => r.id);
    expect(open).toEqual(expect.arrayContaining([first.id, second.id]));
    const done = await admin.client.post('/api/admin/reports/bulk', { ids: [first.id, second.id], outcome: 'resolved', note: 'toplu' });
    expect(done.body).toEqual({ updated: 2 });
    const resolved = (await admin.client.get('/api/admin/reports?status=resolved&limit=100')).body.items;
    expect(resolved.filter((r: { id: number }) => [first.id, second.id].includes(r.id)).map((r: { resolutionNote: string }) => r.resolutionNote)).toEqual([
      'toplu',
      'toplu',
    ]);
    expect((await admin.client.post('/api/admin/reports/bulk', { ids: [], outcome: 'resolved' })).body.error).toBe('Hiçbir kayıt seçilmedi');
    expect((await reporter.client.post('/api/admin/reports/bulk', { ids: [first.id], outcome: 'dismissed' })).status).toBe(403);
  });

  it('deletes several posts with their files, or none (and keeps the files) when one is missing', async () => {
    const m = await server.member();
    const fd = new FormData();
    fd.append('content', 'resimli');
    fd.append('image', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'a.png');
    const withImage = (await m.client.postForm('/api/posts', fd)).body;
    const plain = (await m.client.post('/api/posts', { content: 'düz' })).body;
    const file = withImage.imageUrl as string;
    expect((await server.client().get(file)).status).toBe(200);
    const refused = await admin.client.post('/api/admin/content/bulk-delete', { kind: 'post', ids: [withImage.id, plain.id, 999999] });
    expect(refused.status).toBe(404);
    expect((await server.client().get(`/api/posts/${withImage.id}`)).status).toBe(200);
    expect((await server.client().get(file)).status).toBe(200);
    expect((await admin.client.post('/api/admin/content/bulk-delete', { kind: 'post', ids: [withImage.id, plain.id] })).body).toEqual({ deleted: 2 });
    expect((await server.client().get(`/api/posts/${plain.id}`)).status).toBe(404);
    expect((await server.client().get(file)).status).toBe(404);
  });

  it('deletes questions, events, blog posts, groups or categories together, or none', async () => {
    const m = await server.member();
    const q1 = (await m.client.post('/api/questions', { title: 'Toplu silinecek 1', content: 'x' })).body;
    const q2 = (await m.client.post('/api/questions', { title: 'Toplu silinecek 2', content: 'x' })).body;
    const refused = await admin.client.post('/api/admin/bulk-delete', { type: 'question', ids: [q1.id, q2.id, 999999] });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Soru bulunamadı');
    expect((await server.client().get(`/api/questions/${q1.id}`)).status).toBe(200);
    expect((await admin.client.post('/api/admin/bulk-delete', { type: 'question', ids: [q1.id, q2.id] })).body).toEqual({ deleted: 2 });
    expect((await server.client().get(`/api/questions/${q2.id}`)).status).toBe(404);
    const log = (await admin.client.get('/api/admin/audit?action=question.delete&limit=2')).body.items;
    expect(log.map((a: { targetId: string }) => Number(a.targetId)).sort()).toEqual([q1.id, q2.id].sort());
    const c1 = (await admin.client.post('/api/blog/categories', { name: 'Toplu Kategori A' })).body;
    const c2 = (await admin.client.post('/api/blog/categories', { name: 'Toplu Kategori B' })).body;
    expect((await admin.client.post('/api/admin/bulk-delete', { type: 'blog_category', ids: [c1.id, c2.id] })).body).toEqual({ deleted: 2 });
    expect((await admin.client.post('/api/admin/bulk-delete', { type: 'uzay', ids: [1] })).status).toBe(400);
    expect((await m.client.post('/api/admin/bulk-delete', { type: 'question', ids: [1] })).status).toBe(403);
  });

  it('deletes comments of several kinds together, counters kept true', async () => {
    const m = await server.member();
    const post = (await m.client.post('/api/posts', { content: 'toplu yorum' })).body;
    const c1 = (await m.client.post(`/api/posts/${post.id}/comments`, { content: 'bir' })).body;
    const q = (await m.client.post('/api/questions', { title: 'Toplu yorum sorusu', content: 'x' })).body;
    const a1 = (await m.client.post(`/api/questions/${q.id}/answers`, { content: 'cevap' })).body;
    expect(
      (
        await admin.client.post('/api/admin/comments/bulk-delete', {
          items: [
            { kind: 'post', id: c1.id },
            { kind: 'answer', id: a1.id },
            { kind: 'blog', id: 999999 },
          ],
        })
      ).status,
    ).toBe(404);
    expect((await server.client().get(`/api/posts/${post.id}`)).body.commentsCount).toBe(1);
    await admin.client.post('/api/admin/comments/bulk-delete', {
      items: [
        { kind: 'post', id: c1.id },
        { kind: 'answer', id: a1.id },
      ],
    });
    expect((await server.client().get(`/api/posts/${post.id}`)).body.commentsCount).toBe(0);
    expect((await server.client().get(`/api/questions/${q.id}`)).body.answersCount).toBe(0);
  });
});
