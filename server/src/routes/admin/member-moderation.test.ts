import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { LIMITS } from '@mahalle/shared';
import { startTestServer, STRONG_PASSWORD, type ApiResponse, type Member, type TestServer } from '../../test/harness';

/** Reporting a person, the queue's order, and what admins do about a member. */

let server: TestServer;
let admin: Member;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.close();
});

function socketFor(cookie: string): Socket {
  const socket = connect(server.url, { path: '/ws', transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie } });
  sockets.push(socket);
  return socket;
}

/** Resolves on connect, rejects with the refusal. */
function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', (err) => reject(err));
  });
}

/** Every report of the open queue in the priority order, read `limit` at a time. */
async function priorityQueue(limit: number) {
  const all: { id: number; targetType: string; targetId: number; subject: { id: number; openReports: number } | null }[] = [];
  let cursor: string | null = null;
  do {
    const res: ApiResponse = await admin.client.get(`/api/admin/reports?sort=priority&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    all.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return all;
}

async function closeAllOpen() {
  for (const r of await priorityQueue(100)) await admin.client.post(`/api/admin/reports/${r.id}/dismiss`, { note: 'temizlik' });
}

describe('reporting a person', () => {
  it('takes a reason from the fixed list and an optional note within its limit', async () => {
    const reporter = await server.member();
    const target = await server.member();
    const report = (body: object) => reporter.client.post('/api/reports', { targetType: 'user', targetId: target.user.id, ...body });

    const noCode = await report({ reason: 'serbest metin' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe('validation_failed');
    expect(JSON.stringify(noCode.body)).toContain('Lütfen listeden bir şikayet nedeni seçin');
    const badCode = await report({ reasonCode: 'kotu' });
    expect(badCode.status).toBe(400);
    expect(JSON.stringify(badCode.body)).toContain('Geçersiz şikayet nedeni');
    const longNote = await report({ reasonCode: 'spam', note: 'x'.repeat(LIMITS.reportNoteMax + 1) });
    expect(longNote.status).toBe(400);
    expect(JSON.stringify(longNote.body)).toContain('Not en fazla 500 karakter olabilir');
    expect(Number((await server.ctx.db('reports').where({ target_id: target.user.id, target_type: 'user' }).count({ n: '*' }))[0]?.n)).toBe(0);

    const ok = await report({ reasonCode: 'harassment', note: '  Mesajlarla rahatsız ediyor  ' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ targetType: 'user', targetId: target.user.id, reason: 'Taciz / zorbalık', status: 'open' });
    const queued = (await admin.client.get('/api/admin/reports?targetType=user&limit=100')).body.items.find((r: { id: number }) => r.id === ok.body.id);
    expect(queued).toMatchObject({ reasonCode: 'harassment', note: 'Mesajlarla rahatsız ediyor', subject: { id: target.user.id, openReports: 1 } });
    // A content report still takes a written reason.
    const post = (await target.client.post('/api/posts', { content: 'bir gönderi' })).body;
    expect((await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'reklam' })).status).toBe(201);
    await closeAllOpen();
  });

  it('shows the admin the reported member’s latest posts, comments and answers, a few of each, newest first', async () => {
    const reporter = await server.member();
    const target = await server.member();
    const posts = [];
    for (let i = 0; i < 4; i++) posts.push((await target.client.post('/api/posts', { content: `gönderi ${i}` })).body);
    const c1 = (await target.client.post(`/api/posts/${posts[0].id}/comments`, { content: 'yorum bir' })).body;
    const q = (await reporter.client.post('/api/questions', { title: 'Hangi park güzel?', content: 'Öneri lütfen', category: 'Seyahat' })).body;
    const a1 = (await target.client.post(`/api/questions/${q.id}/answers`, { content: 'Maçka parkı' })).body;
    const other = await server.member();
    await other.client.post('/api/posts', { content: 'başkasının gönderisi' });

    const r = (await reporter.client.post('/api/reports', { targetType: 'user', targetId: target.user.id, reasonCode: 'spam' })).body;
    const item = (await admin.client.get('/api/admin/reports?targetType=user&limit=100')).body.items.find((x: { id: number }) => x.id === r.id);
    expect(item.recentContent.posts.map((p: { text: string }) => p.text)).toEqual(['gönderi 3', 'gönderi 2', 'gönderi 1']);
    expect(item.recentContent.posts).toHaveLength(LIMITS.reportRecentContent);
    expect(item.recentContent.posts[0].link).toBe(`/posts/${posts[3].id}`);
    expect(item.recentContent.comments).toEqual([expect.objectContaining({ id: c1.id, text: 'yorum bir', link: `/posts/${posts[0].id}` })]);
    expect(item.recentContent.answers).toEqual([expect.objectContaining({ id: a1.id, text: 'Maçka parkı', link: `/qa/question/${q.id}` })]);
    // A content report carries no person's content.
    const pr = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: posts[1].id, reason: 'reklam' })).body;
    const postItem = (await admin.client.get('/api/admin/reports?targetType=post&limit=100')).body.items.find((x: { id: number }) => x.id === pr.id);
    expect(postItem.recentContent).toBeNull();
    expect(postItem.subject).toMatchObject({ id: target.user.id, openReports: 2 });
    await closeAllOpen();
  });

  it('puts the member with the most open reports first, then the oldest; paging follows that order and closing reorders', async () => {
    const [a, b, c, d] = [await server.member(), await server.member(), await server.member(), await server.member()];
    const lone = await server.member();
    const crowd = await server.member();
    // lone: one report, the oldest. crowd: three (two in person, one on a post), later.
    const loneReport = (await a.client.post('/api/reports', { targetType: 'user', targetId: lone.user.id, reasonCode: 'spam' })).body;
    const post = (await crowd.client.post('/api/posts', { content: 'şikayet edilecek' })).body;
    const c1 = (await b.client.post('/api/reports', { targetType: 'user', targetId: crowd.user.id, reasonCode: 'harassment' })).body;
    const c2 = (await c.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'hakaret' })).body;
    const c3 = (await d.client.post('/api/reports', { targetType: 'user', targetId: crowd.user.id, reasonCode: 'fake_account' })).body;

    const whole = await priorityQueue(100);
    expect(whole.map((r) => r.id)).toEqual([c1.id, c2.id, c3.id, loneReport.id]);
    expect(whole.map((r) => r.subject?.openReports)).toEqual([3, 3, 3, 1]);
    // One at a time, across the boundary between members: the same order, nothing twice or lost.
    expect((await priorityQueue(1)).map((r) => r.id)).toEqual(whole.map((r) => r.id));
    expect((await priorityQueue(2)).map((r) => r.id)).toEqual(whole.map((r) => r.id));
    // The default order is still by time.
    const byTime = (await admin.client.get('/api/admin/reports?direction=asc&limit=100')).body.items.map((r: { id: number }) => r.id);
    expect(byTime).toEqual([loneReport.id, c1.id, c2.id, c3.id]);
    expect((await admin.client.get('/api/admin/reports?sort=priority&cursor=bm9wZQ')).status).toBe(400);

    // Two of crowd's reports dismissed: one left, and now lone's older report comes first.
    await admin.client.post(`/api/admin/reports/${c1.id}/dismiss`, { note: '' });
    await admin.client.post(`/api/admin/reports/${c2.id}/dismiss`, { note: '' });
    const after = await priorityQueue(1);
    expect(after.map((r) => [r.id, r.subject?.openReports])).toEqual([
      [loneReport.id, 1],
      [c3.id, 1],
    ]);
    await closeAllOpen();
  });
});

describe('admins act on a member', () => {
  it('refuses warn, suspend and lift to members and visitors', async () => {
    const member = await server.member();
    const target = await server.member();
    const calls = [
      (c: Member['client']) => c.post(`/api/admin/users/${target.user.id}/warn`, { reason: 'kural' }),
      (c: Member['client']) => c.post(`/api/admin/users/${target.user.id}/suspend`, { days: 7 }),
      (c: Member['client']) => c.delete(`/api/admin/users/${target.user.id}/suspension`),
    ];
    for (const call of calls) {
      expect((await call(member.client)).status).toBe(403);
      expect((await call(server.client())).status).toBe(401);
    }
    expect(await server.ctx.db('users').where({ id: target.user.id }).first('suspended_until')).toEqual({ suspended_until: null });
    expect(await server.ctx.db('notifications').where({ user_id: target.user.id, type: 'warning' }).first()).toBeUndefined();
  });

  it('warns: the member gets a warning notification with the reason, and the audit log has it', async () => {
    const target = await server.member();
    expect((await admin.client.post(`/api/admin/users/${target.user.id}/warn`, { reason: ' ' })).status).toBe(400);
    const res = await admin.client.post(`/api/admin/users/${target.user.id}/warn`, { reason: 'Lütfen hakaret etme' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: target.user.id, suspendedUntil: null });
    const list = (await target.client.get('/api/notifications')).body;
    const items = Array.isArray(list) ? list : list.items;
    expect(items[0]).toMatchObject({ type: 'warning', title: 'Yönetimden uyarı', message: 'Yönetim seni uyardı. Gerekçe: Lütfen hakaret etme' });
    const entries = (await admin.client.get(`/api/admin/audit?action=user.warn&limit=100`)).body.items;
    expect(entries.find((e: { targetId: string }) => e.targetId === String(target.user.id))).toMatchObject({ action: 'user.warn' });
    expect((await admin.client.post(`/api/admin/users/${admin.user.id}/warn`, { reason: 'x' })).body.code).toBe('cannot_moderate_self');
    expect((await admin.client.post(`/api/admin/users/999999/warn`, { reason: 'x' })).status).toBe(404);
  });

  it('suspends: every session and socket ends, sign-in is refused with the end date in Turkish; lifting lets them back', async () => {
    const target = await server.member();
    const second = server.client();
    expect((await second.post('/api/auth/login', { username: target.user.username, password: STRONG_PASSWORD })).status).toBe(200);
    const socket = socketFor(target.client.cookieHeader);
    await connected(socket);
    const gone = new Promise((resolve) => socket.on('disconnect', resolve));
    const oldCookie = target.client.cookieHeader;

    // Bad choices are refused and change nothing.
    expect((await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, { days: 3 })).status).toBe(400);
    expect((await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, {})).status).toBe(400);
    expect((await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, { until: '2001-01-01T00:00:00Z' })).status).toBe(400);
    expect((await admin.client.post(`/api/admin/users/${admin.user.id}/suspend`, { days: 1 })).body.code).toBe('cannot_moderate_self');
    expect((await target.client.get('/api/auth/me')).status).toBe(200);

    // 2 December 2030, 11:00 UTC is 14:00 in Istanbul.
    const res = await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, { until: '2030-12-02T11:00:00.000Z', reason: 'tekrarlayan taciz' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: target.user.id, suspendedUntil: '2030-12-02T11:00:00.000Z' });

    expect(await gone).toBe('io server disconnect');
    for (const client of [target.client, second]) {
      const me = await client.get('/api/auth/me');
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('unauthorized');
    }
    await expect(connected(socketFor(oldCookie))).rejects.toThrow('unauthorized');

    const login = await server.client().post('/api/auth/login', { username: target.user.username, password: STRONG_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'account_suspended', error: 'Hesabın 2 Aralık 2030 14:00 tarihine kadar askıya alındı.' });
    // A wrong password is told nothing about the suspension.
    const wrong = await server.client().post('/api/auth/login', { username: target.user.username, password: 'Yanlis.Sifre9' });
    expect(wrong.body.code).toBe('invalid_credentials');

    const queued = (await admin.client.get('/api/admin/audit?action=user.suspend&limit=100')).body.items;
    expect(queued.find((e: { targetId: string }) => e.targetId === String(target.user.id))).toBeTruthy();

    // Lifting early: sign-in works again; lifting twice is a conflict.
    const lifted = await admin.client.delete(`/api/admin/users/${target.user.id}/suspension`);
    expect(lifted.body).toEqual({ id: target.user.id, suspendedUntil: null });
    expect((await admin.client.delete(`/api/admin/users/${target.user.id}/suspension`)).body.code).toBe('not_suspended');
    const back = server.client();
    expect((await back.post('/api/auth/login', { username: target.user.username, password: STRONG_PASSWORD })).status).toBe(200);
    await connected(socketFor(back.cookieHeader));
    const unsuspends = (await admin.client.get('/api/admin/audit?action=user.unsuspend&limit=100')).body.items;
    expect(unsuspends.find((e: { targetId: string }) => e.targetId === String(target.user.id))).toBeTruthy();
  });

  it('suspends for a number of days, and an admin cannot be suspended', async () => {
    const target = await server.member();
    const before = Date.now();
    const res = await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, { days: 7 });
    const until = Date.parse(res.body.suspendedUntil);
    expect(until - before).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000 - 1000);
    expect(until - before).toBeLessThanOrEqual(7 * 24 * 3600 * 1000 + 60_000);
    const login = await server.client().post('/api/auth/login', { username: target.user.username, password: STRONG_PASSWORD });
    expect(login.body.code).toBe('account_suspended');
    // The report queue shows the suspension with the reported member.
    const reporter = await server.member();
    const r = (await reporter.client.post('/api/reports', { targetType: 'user', targetId: target.user.id, reasonCode: 'spam' })).body;
    const item = (await admin.client.get('/api/admin/reports?targetType=user&limit=100')).body.items.find((x: { id: number }) => x.id === r.id);
    expect(item.subject.suspendedUntil).toBe(res.body.suspendedUntil);
    // And the members table.
    const listed = (await admin.client.get(`/api/admin/users?search=${target.user.username}`)).body.items;
    expect(listed[0]).toMatchObject({ id: target.user.id, suspendedUntil: res.body.suspendedUntil });

    const other = await server.member();
    await admin.client.patch(`/api/admin/users/${other.user.id}`, { role: 'admin' });
    expect((await admin.client.post(`/api/admin/users/${other.user.id}/suspend`, { days: 1 })).body.code).toBe('cannot_suspend_admin');

    // Deleting the member: reports about their content no longer rank them first.
    const content = await server.member();
    const p = (await content.client.post('/api/posts', { content: 'silinecek üyenin gönderisi' })).body;
    const pr = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: p.id, reason: 'reklam' })).body;
    await reporter.client.post('/api/reports', { targetType: 'user', targetId: content.user.id, reasonCode: 'spam' });
    expect((await admin.client.delete(`/api/admin/users/${content.user.id}`)).status).toBe(200);
    const queue = await priorityQueue(100);
    expect(queue.find((r) => r.targetType === 'post' && r.targetId === p.id)?.subject).toBeNull();
    expect((await server.ctx.db('reports').where({ id: pr.id }).first('subject_open_reports')).subject_open_reports).toBe(0);
    await closeAllOpen();
  });
});

/** Two nodes on one PostgreSQL schema, as behind a load balancer (SQLite is one node by nature). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('suspension across nodes', () => {
  it("refuses the member's session on another node within a second of the suspension", async () => {
    const node2 = await server.anotherNode();
    try {
      const start = Date.now();
      for (;;) {
        const counts = await Promise.all([server, node2].map((n) => n.realtime.io.of('/').adapter.serverCount()));
        if (counts.every((c) => c === 2)) break;
        if (Date.now() - start > 15_000) throw new Error(`the nodes did not find each other: ${counts.join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const target = await server.member();
      const onNode2 = async () => (await fetch(`${node2.url}/api/auth/me`, { headers: { cookie: target.client.cookieHeader } })).status;
      expect(await onNode2()).toBe(200);
      expect(await onNode2()).toBe(200); // node 2 now holds the session in memory
      expect((await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, { days: 1 })).status).toBe(200);
      const suspendedAt = Date.now();
      await expect.poll(onNode2, { timeout: 400, interval: 20 }).toBe(401);
      expect(Date.now() - suspendedAt).toBeLessThan(1000);
    } finally {
      await node2.close();
    }
  });
});
