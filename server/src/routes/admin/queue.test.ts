import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { LIMITS, SOCKET_EVENTS, TEXTS } from '@mahalle/shared';
import { ApiClient, startTestServer, type Member, type TestServer, ok } from '../../test/harness';

/**
 * The one review queue over HTTP (SQLite and PostgreSQL): its order and paging, each entry's
 * context, claims (409 naming the holder, expiry), decisions and their undo within 10 s, bulk
 * decisions in one transaction, the socket event a moderator hears, and (PostgreSQL) two
 * moderators racing for the same entries on two server nodes.
 */

const Q = TEXTS.reviewQueue;

let server: TestServer;
let admin: Member;
let mod1: Member;
let mod2: Member;
const sockets: Socket[] = [];

async function moderator(s: TestServer, a: Member): Promise<Member> {
  const m = await s.member({ displayName: `Moderatör ${Math.random().toString(36).slice(2, 7)}` });
  ok(await a.client.patch(`/api/admin/users/${m.user.id}`, { role: 'moderator' }));
  return m;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  mod1 = await moderator(server, admin);
  mod2 = await moderator(server, admin);
  ok(await admin.client.post('/api/admin/watched-words', { word: 'kumar', action: 'require_approval' }));
  ok(await admin.client.post('/api/admin/watched-words', { word: 'bahis', action: 'flag' }));
});
afterEach(() => {
  server.ctx.now = undefined;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.close();
});

/** Moves the server's clock `ms` ahead of the real one (claims and undo read it). */
const later = (ms: number) => {
  server.ctx.now = () => new Date(Date.now() + ms);
};

/** Empties the queue so each test reads only its own entries (approve everything open, as the admin). */
async function clearQueue() {
  for (;;) {
    const page = ok(await admin.client.get('/api/admin/queue?limit=100'));
    if (page.items.length === 0) return;
    ok(await admin.client.post('/api/admin/queue/bulk', { ids: page.items.map((e: { id: number }) => e.id), action: 'approve' }));
  }
}

async function reportedPost(author: Member, reporters: number, content = 'Sıradan bir gönderi') {
  const post = ok(await author.client.post('/api/posts', { content }));
  for (let i = 0; i < reporters; i++) {
    const r = await server.member();
    ok(await r.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'reklam' }));
  }
  return post.id as number;
}

async function entryOf(postId: number, as: Member = mod1) {
  const page = ok(await as.client.get('/api/admin/queue?limit=100'));
  return page.items.find((e: { target: { type: string; id: number } }) => e.target.type === 'post' && e.target.id === postId);
}

describe('the queue', () => {
  it('puts the most reported first, then the oldest; pages by cursor; shows each kind', async () => {
    await clearQueue();
    const author = await server.member({ trustLevel: 0 });
    const once = await reportedPost(author, 1, 'önce şikayet edilen');
    const twice = await reportedPost(author, 2, 'iki kez şikayet edilen');
    const held = ok(await author.client.post('/api/posts', { content: 'k.u.m.a.r oynayın' })).id as number;
    const flagged = ok(await author.client.post('/api/posts', { content: 'b4his siteleri' })).id as number;

    const all = ok(await mod1.client.get('/api/admin/queue?limit=100'));
    expect(all.items.map((e: { target: { id: number } }) => e.target.id)).toEqual([twice, once, held, flagged]);
    expect(all.items.map((e: { kind: string }) => e.kind)).toEqual(['report', 'report', 'approval', 'flag']);
    expect(all.items.map((e: { reportCount: number }) => e.reportCount)).toEqual([2, 1, 1, 1]);
    expect(all.total).toBe(4);
    expect(all.items[2].target.isHidden).toBe(true);
    expect(all.items[2].reports[0]).toMatchObject({ kind: 'approval', reasonCode: 'watched_word', reporter: null });

    const first = ok(await mod1.client.get('/api/admin/queue?limit=3'));
    expect(first.items).toHaveLength(3);
    const rest = ok(await mod1.client.get(`/api/admin/queue?limit=3&cursor=${encodeURIComponent(first.nextCursor)}`));
    expect([...first.items, ...rest.items].map((e: { id: number }) => e.id)).toEqual(all.items.map((e: { id: number }) => e.id));
    expect(rest.nextCursor).toBeNull();

    const approvals = ok(await mod1.client.get('/api/admin/queue?kind=approval'));
    expect(approvals.items.map((e: { target: { id: number } }) => e.target.id)).toEqual([held]);
    expect((await mod1.client.get('/api/admin/queue?cursor=bozuk')).status).toBe(400);
    expect((await (await server.member()).client.get('/api/admin/queue')).status).toBe(403);
  });

  it("carries the author's context: trust level, join date, recent items and earlier actions", async () => {
    await clearQueue();
    const author = await server.member({ trustLevel: 0 });
    for (let i = 0; i < 7; i++) ok(await author.client.post('/api/posts', { content: `eski gönderi ${i}` }));
    ok(await admin.client.post(`/api/admin/users/${author.user.id}/warn`, { reason: 'ilk uyarı' }));
    const postId = await reportedPost(author, 1, 'şikayetlik');
    const entry = await entryOf(postId);
    expect(entry.target).toMatchObject({ type: 'post', id: postId, exists: true, preview: 'şikayetlik', isHidden: false, link: `/posts/${postId}` });
    expect(entry.author).toMatchObject({ id: author.user.id, username: author.user.username, trustLevel: 0, suspendedUntil: null });
    expect(Date.parse(entry.author.joinedAt)).toBeGreaterThan(Date.now() - 3600_000);
    expect(entry.author.recentItems).toHaveLength(LIMITS.queueRecentItems);
    expect(entry.author.recentItems[0]).toMatchObject({ type: 'post', id: postId, text: 'şikayetlik' });
    expect(entry.author.pastActions).toEqual([expect.objectContaining({ action: 'user.warn', reason: 'ilk uyarı', actorRole: 'admin' })]);
    expect(entry.reports).toEqual([
      expect.objectContaining({ kind: 'report', reason: 'reklam', reporter: expect.objectContaining({ id: expect.any(Number) }) }),
    ]);
  });

  it("lists the author's recent questions and events among their items, newest first, with their titles and pages", async () => {
    await clearQueue();
    const author = await server.member();
    const question = ok(await author.client.post('/api/questions', { title: 'Kedim kayboldu, gören var mı?', content: 'Tekir, boynunda mavi tasma.' }));
    const event = ok(
      await author.client.post('/api/events', { title: 'Pazar kahvaltısı', description: 'Herkes bir şey getirsin.', date: '2099-10-04T07:00:00.000Z' }),
    );
    const postId = await reportedPost(author, 1, 'şikayetlik gönderi');
    const { recentItems } = (await entryOf(postId)).author;
    expect(recentItems.slice(0, 3)).toEqual([
      expect.objectContaining({ type: 'post', id: postId, text: 'şikayetlik gönderi', link: `/posts/${postId}` }),
      expect.objectContaining({ type: 'event', id: event.id, text: 'Pazar kahvaltısı', link: `/events/${event.id}`, isHidden: false }),
      expect.objectContaining({ type: 'question', id: question.id, text: 'Kedim kayboldu, gören var mı?', link: `/qa/question/${question.id}` }),
    ]);
  });

  it('answers a page of 12 entries with their context in a fixed number of queries', async () => {
    await clearQueue();
    const authors = await Promise.all([0, 1, 2, 3].map(() => server.member({ trustLevel: 0 })));
    for (let i = 0; i < 12; i++) ok(await authors[i % 4]!.client.post('/api/posts', { content: `bahis ${i}` }));
    const count = async (limit: number) => {
      let n = 0;
      const onQuery = () => (n += 1);
      server.ctx.db.on('query', onQuery);
      ok(await mod1.client.get(`/api/admin/queue?limit=${limit}`));
      server.ctx.db.off('query', onQuery);
      return n;
    };
    await count(2);
    const small = await count(2);
    expect(small).toBeLessThanOrEqual(16);
    expect(await count(12)).toBeLessThanOrEqual(small);
  });
});

describe('claims', () => {
  it('a second moderator gets 409 naming the holder; acting or releasing is refused; release frees it', async () => {
    const entry = await entryOf(await reportedPost(await server.member(), 1));
    const claim = await mod1.client.post(`/api/admin/queue/${entry.id}/claim`);
    expect(claim.status).toBe(200);
    expect(claim.body.claim).toMatchObject({ by: { id: mod1.user.id }, mine: true });
    expect((await entryOf(entry.target.id, mod2)).claim).toMatchObject({ by: { id: mod1.user.id }, mine: false });

    const taken = await mod2.client.post(`/api/admin/queue/${entry.id}/claim`);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'queue_entry_claimed', error: Q.claimedBy(mod1.user.displayName) });
    const decide = await mod2.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' });
    expect(decide.status).toBe(409);
    expect(decide.body.code).toBe('queue_entry_claimed');
    expect((await mod2.client.delete(`/api/admin/queue/${entry.id}/claim`)).status).toBe(409);
    expect((await entryOf(entry.target.id)).reportCount).toBe(1);

    expect((await mod1.client.post(`/api/admin/queue/${entry.id}/claim`)).status).toBe(200);
    expect((await mod1.client.delete(`/api/admin/queue/${entry.id}/claim`)).status).toBe(200);
    expect((await entryOf(entry.target.id)).claim).toBeNull();
    expect((await mod2.client.post(`/api/admin/queue/${entry.id}/claim`)).status).toBe(200);
    expect((await mod1.client.post('/api/admin/queue/999999/claim')).body.code).toBe('queue_entry_not_found');
  });

  it(`expires after ${LIMITS.queueClaimMinutes} minutes`, async () => {
    const entry = await entryOf(await reportedPost(await server.member(), 1));
    expect((await mod1.client.post(`/api/admin/queue/${entry.id}/claim`)).status).toBe(200);
    later((LIMITS.queueClaimMinutes - 1) * 60_000);
    expect((await mod2.client.post(`/api/admin/queue/${entry.id}/claim`)).status).toBe(409);
    later(LIMITS.queueClaimMinutes * 60_000 + 1000);
    expect((await entryOf(entry.target.id)).claim).toBeNull();
    const res = await mod2.client.post(`/api/admin/queue/${entry.id}/claim`);
    expect(res.status).toBe(200);
    expect(res.body.claim.by.id).toBe(mod2.user.id);
  });

  it('a decided entry leaves the queue and cannot be claimed again', async () => {
    const entry = await entryOf(await reportedPost(await server.member(), 1));
    ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' }));
    expect(await entryOf(entry.target.id)).toBeUndefined();
    expect((await mod2.client.post(`/api/admin/queue/${entry.id}/claim`)).body.code).toBe('queue_entry_closed');
    expect((await mod2.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' })).body.code).toBe('queue_entry_closed');
  });
});

describe('decisions and undo', () => {
  it('approve publishes a held post; undo within 10 s holds it again and reopens the entry', async () => {
    const author = await server.member({ trustLevel: 0 });
    const held = ok(await author.client.post('/api/posts', { content: 'kumaaar geceleri' })).id as number;
    const visitor = server.client();
    expect((await visitor.get(`/api/posts/${held}`)).status).toBe(404);
    const entry = await entryOf(held);
    expect(entry.kind).toBe('approval');
    ok(await mod1.client.post(`/api/admin/queue/${entry.id}/claim`));
    const done = ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' }));
    expect(done).toMatchObject({ action: 'approve', entryIds: [entry.id] });
    expect(Date.parse(done.undoUntil) - Date.now()).toBeLessThanOrEqual(LIMITS.queueUndoSeconds * 1000);
    expect((await visitor.get(`/api/posts/${held}`)).status).toBe(200);
    expect(await entryOf(held)).toBeUndefined();

    expect((await mod2.client.post(`/api/admin/queue/actions/${done.actionId}/undo`)).body.code).toBe('queue_action_not_found');
    const undone = ok(await mod1.client.post(`/api/admin/queue/actions/${done.actionId}/undo`));
    expect(undone).toEqual({ actionId: done.actionId, entryIds: [entry.id] });
    expect((await visitor.get(`/api/posts/${held}`)).status).toBe(404);
    expect(await entryOf(held)).toMatchObject({ id: entry.id, kind: 'approval', reportCount: 1, claim: null });
    const twice = await mod1.client.post(`/api/admin/queue/actions/${done.actionId}/undo`);
    expect(twice.status).toBe(410);
    expect(twice.body.error).toBe(Q.undoDone);
  });

  it('hide hides the item and tells the author; undo shows it again and takes the notice back', async () => {
    const author = await server.member();
    const postId = await reportedPost(author, 1, 'gizlenecek');
    const entry = await entryOf(postId);
    const notices = async () => Number((await server.ctx.db('notifications').where({ user_id: author.user.id }).count({ n: '*' }))[0]!.n);
    const before = await notices();
    const done = ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'hide', reason: 'Reklam' }));
    expect((await server.client().get(`/api/posts/${postId}`)).status).toBe(404);
    expect(await notices()).toBe(before + 1);
    const audit = ok(await admin.client.get('/api/admin/audit?action=post.hide'));
    expect(audit.items[0]).toMatchObject({ actorRole: 'moderator', reason: 'Reklam' });
    ok(await mod1.client.post(`/api/admin/queue/actions/${done.actionId}/undo`));
    expect((await server.client().get(`/api/posts/${postId}`)).status).toBe(200);
    expect(await notices()).toBe(before);
    expect((await entryOf(postId)).reportCount).toBe(1);
  });

  it('suspend (1 or 7 days) ends the sessions; undo lifts it; a reason is required', async () => {
    const author = await server.member();
    const postId = await reportedPost(author, 1);
    const entry = await entryOf(postId);
    const noReason = await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'suspend', days: 7 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0].message).toBe(Q.reasonRequired);
    expect((await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'suspend', days: 30, reason: 'spam' })).status).toBe(400);
    const done = ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'suspend', days: 7, reason: 'spam' }));
    const row = await server.ctx.db('users').where({ id: author.user.id }).first('suspended_until');
    expect(row.suspended_until).not.toBeNull();
    expect((await author.client.get('/api/auth/me')).status).toBe(401);
    ok(await mod1.client.post(`/api/admin/queue/actions/${done.actionId}/undo`));
    expect((await server.ctx.db('users').where({ id: author.user.id }).first('suspended_until')).suspended_until).toBeNull();
    expect((await entryOf(postId)).reportCount).toBe(1);
  });

  it('warn notifies the author and closes the entry; undo removes the warning', async () => {
    const author = await server.member();
    const postId = await reportedPost(author, 1);
    const entry = await entryOf(postId);
    const done = ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'warn', reason: 'Dikkat edin' }));
    const warnings = () => server.ctx.db('notifications').where({ user_id: author.user.id, type: 'warning' }).count({ n: '*' });
    expect(Number((await warnings())[0]!.n)).toBe(1);
    expect(await entryOf(postId)).toBeUndefined();
    ok(await mod1.client.post(`/api/admin/queue/actions/${done.actionId}/undo`));
    expect(Number((await warnings())[0]!.n)).toBe(0);
  });

  it(`refuses undo after ${LIMITS.queueUndoSeconds} s with 410`, async () => {
    const postId = await reportedPost(await server.member(), 1);
    const entry = await entryOf(postId);
    const done = ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'hide', reason: 'Reklam' }));
    later(LIMITS.queueUndoSeconds * 1000 + 500);
    const res = await mod1.client.post(`/api/admin/queue/actions/${done.actionId}/undo`);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ code: 'queue_undo_expired', error: Q.undoExpired });
    expect((await server.client().get(`/api/posts/${postId}`)).status).toBe(404);
  });
});

describe('bulk', () => {
  it('decides many entries in one transaction; a refusal midway leaves nothing written', async () => {
    const author = await server.member();
    const ids = [await reportedPost(author, 1), await reportedPost(author, 1), await reportedPost(author, 1)];
    const entries = await Promise.all(ids.map((id) => entryOf(id)));
    ok(await mod2.client.post(`/api/admin/queue/${entries[2].id}/claim`));
    const refused = await mod1.client.post('/api/admin/queue/bulk', { ids: entries.map((e) => e.id), action: 'hide', reason: 'Toplu' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('queue_entry_claimed');
    for (const id of ids) {
      expect((await server.client().get(`/api/posts/${id}`)).status).toBe(200);
      expect((await entryOf(id)).reportCount).toBe(1);
    }
    expect(Number((await server.ctx.db('reports').whereIn('target_id', ids).where({ target_type: 'post', status: 'open' }).count({ n: '*' }))[0]!.n)).toBe(3);

    // A member's entry cannot be hidden: the third entry fails after two were decided, and rolls them back.
    const person = await server.member();
    ok(await (await server.member()).client.post('/api/reports', { targetType: 'user', targetId: person.user.id, reasonCode: 'spam' }));
    const personEntry = ok(await mod1.client.get('/api/admin/queue?limit=100')).items.find(
      (e: { target: { type: string; id: number } }) => e.target.type === 'user' && e.target.id === person.user.id,
    );
    const midway = await mod1.client.post('/api/admin/queue/bulk', { ids: [entries[0].id, entries[1].id, personEntry.id], action: 'hide', reason: 'Toplu' });
    expect(midway.status).toBe(400);
    expect(midway.body.code).toBe('cannot_hide_user');
    expect((await server.client().get(`/api/posts/${ids[0]}`)).status).toBe(200);
    expect((await entryOf(ids[0]!)).claim).toBeNull();

    const done = ok(await mod1.client.post('/api/admin/queue/bulk', { ids: [entries[0].id, entries[1].id], action: 'suspend', days: 1, reason: 'Toplu' }));
    expect(done.entryIds).toEqual([entries[0].id, entries[1].id]);
    expect(await entryOf(ids[0]!)).toBeUndefined();
    expect(await entryOf(ids[1]!)).toBeUndefined();
    const suspensions = await server.ctx
      .db('audit_log')
      .where({ action: 'user.suspend', target_id: String(author.user.id) })
      .count({ n: '*' });
    expect(Number(suspensions[0]!.n)).toBe(1);
    ok(await mod1.client.post(`/api/admin/queue/actions/${done.actionId}/undo`));
    expect((await entryOf(ids[0]!)).reportCount).toBe(1);
    expect((await server.ctx.db('users').where({ id: author.user.id }).first('suspended_until')).suspended_until).toBeNull();
  });
});

describe('live updates', () => {
  it("a moderator's socket hears claims, decisions and new entries", async () => {
    const socket = connect(server.url, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: mod2.client.cookieHeader },
    });
    sockets.push(socket);
    const seen: { event: string; payload: any }[] = [];
    socket.onAny((event, payload) => seen.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const waitFor = async (match: (p: any) => boolean) => {
      const start = Date.now();
      while (Date.now() - start < 5000) {
        const hit = seen.find((s) => s.event === SOCKET_EVENTS.queueChanged && match(s.payload));
        if (hit) return hit.payload;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no queue_changed; saw ${JSON.stringify(seen)}`);
    };
    const postId = await reportedPost(await server.member(), 1);
    const entry = await entryOf(postId);
    expect(await waitFor((p) => p.change === 'created')).toMatchObject({ entryIds: [entry.id], by: null });
    ok(await mod1.client.post(`/api/admin/queue/${entry.id}/claim`));
    expect(await waitFor((p) => p.change === 'claimed')).toEqual({
      change: 'claimed',
      entryIds: [entry.id],
      by: { id: mod1.user.id, username: mod1.user.username },
    });
    ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' }));
    expect(await waitFor((p) => p.change === 'decided')).toMatchObject({ entryIds: [entry.id] });
    // A moderator's socket is in the moderators' room from the start: it got the open-report count too.
    expect(seen.some((s) => s.event === SOCKET_EVENTS.reportCount)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two moderators on two server nodes (PostgreSQL)', () => {
  it('exactly one claim wins each race', async () => {
    const node2 = await server.anotherNode();
    try {
      const author = await server.member();
      const entries: number[] = [];
      for (let i = 0; i < 10; i++) entries.push((await entryOf(await reportedPost(author, 1))).id);
      const results = await Promise.all(
        entries.map(async (id) => {
          const [a, b] = await Promise.all([
            mod1.client.post(`/api/admin/queue/${id}/claim`),
            // The same session cookie works on either node: the second moderator asks node 2.
            new ApiClient(node2.url, { cookie: mod2.client.cookieHeader }).post(`/api/admin/queue/${id}/claim`),
          ]);
          return [a.status, b.status].sort();
        }),
      );
      expect(results).toEqual(entries.map(() => [200, 409]));
      const holders = await server.ctx.db('review_entries').whereIn('id', entries).select('claimed_by');
      expect(holders.every((h: { claimed_by: number }) => h.claimed_by === mod1.user.id || h.claimed_by === mod2.user.id)).toBe(true);
      // Deciding races the same way: one decision per entry, the other 409.
      const decided = await Promise.all(
        entries.map(async (id) => {
          const holder = (await server.ctx.db('review_entries').where({ id }).first('claimed_by')).claimed_by;
          const other = holder === mod1.user.id ? mod2 : mod1;
          const res = await other.client.post(`/api/admin/queue/${id}/decide`, { action: 'approve' });
          return res.status;
        }),
      );
      expect(decided.every((s) => s === 409)).toBe(true);
    } finally {
      await node2.close();
    }
  });
});
