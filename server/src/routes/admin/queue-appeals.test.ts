import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { ApiClient, STRONG_PASSWORD, startTestServer, type Member, type TestServer, ok } from '../../test/harness';

/**
 * Appeals in the review queue (SQLite and PostgreSQL): an appeal is an entry of its own kind with
 * its context (the hidden item or the suspended member, the note, earlier actions), claimed and
 * decided like the others (approve upholds, hide rejects), the member told, undone within 10 s;
 * the İtirazlar list and its route decide the same appeal. On PostgreSQL, two moderators on two
 * server nodes race to decide one appeal: exactly one wins.
 */

const Q = TEXTS.reviewQueue;

let server: TestServer;
let admin: Member;
let mod1: Member;
let mod2: Member;

async function moderator(): Promise<Member> {
  const m = await server.member({ displayName: `Moderatör ${Math.random().toString(36).slice(2, 7)}` });
  ok(await admin.client.patch(`/api/admin/users/${m.user.id}`, { role: 'moderator' }));
  return m;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  mod1 = await moderator();
  mod2 = await moderator();
});
afterEach(() => {
  server.ctx.now = undefined;
});
afterAll(async () => {
  await server?.close();
});

interface Entry {
  id: number;
  kind: string;
  target: { type: string; id: number; exists: boolean; preview: string; isHidden: boolean; link: string | null };
  author: { id: number; pastActions: { action: string; reason: string | null }[] } | null;
  claim: { mine: boolean } | null;
  appeal: { id: number; targetType: string; note: string; suspendedUntil: string | null; stillInForce: boolean } | null;
}

/** A member's post hidden by a moderator, appealed by its author. */
async function appealedPost(author: Member, content = 'Gizlenen ama masum gönderi', note = 'Bu gönderi kurallara uygundu.') {
  const post = ok(await author.client.post('/api/posts', { content }));
  ok(await mod1.client.post(`/api/admin/moderation/post/${post.id}/hide`, { reason: 'reklam gibi duruyor' }));
  const appeal = ok(await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note }));
  return { postId: post.id as number, appealId: appeal.id as number };
}

async function appealEntry(appealId: number, as: Member = mod1): Promise<Entry | undefined> {
  const page = ok(await as.client.get('/api/admin/queue?kind=appeal&limit=100'));
  return (page.items as Entry[]).find((e) => e.appeal?.id === appealId);
}

const visible = async (postId: number) => (await server.client().get(`/api/posts/${postId}`)).status === 200;
const appealRow = (id: number) => server.ctx.db('appeals').where({ id }).first('status', 'decision_note');
const notificationsOf = async (m: Member) => ok(await m.client.get('/api/notifications')) as { type: string; title: string; message: string }[];

describe('an appeal in the queue', () => {
  it('is listed as its own kind with the hidden item, the note and the earlier actions against the author', async () => {
    const author = await server.member();
    const { postId, appealId } = await appealedPost(author, 'Bahçede kedi gördüm');
    const entry = await appealEntry(appealId);
    expect(entry).toMatchObject({
      kind: 'appeal',
      target: { type: 'post', id: postId, exists: true, preview: 'Bahçede kedi gördüm', isHidden: true, link: `/posts/${postId}` },
      appeal: { id: appealId, targetType: 'post', note: 'Bu gönderi kurallara uygundu.', suspendedUntil: null, stillInForce: true },
      author: { id: author.user.id },
      claim: null,
    });
    expect(entry!.author!.pastActions[0]).toMatchObject({ action: 'post.hide', reason: 'reklam gibi duruyor' });
    // The whole queue lists it too; the other kinds' filter does not.
    const all = ok(await mod1.client.get('/api/admin/queue?limit=100'));
    expect(all.items.some((e: Entry) => e.id === entry!.id)).toBe(true);
    const reports = ok(await mod1.client.get('/api/admin/queue?kind=report&limit=100'));
    expect(reports.items.some((e: Entry) => e.id === entry!.id)).toBe(false);
    // Members cannot read the queue.
    expect((await author.client.get('/api/admin/queue?kind=appeal')).status).toBe(403);
  });

  it("a suspension's appeal shows the member, the suspension's end and whether it still runs", async () => {
    const member = await server.member();
    ok(await mod1.client.post(`/api/admin/users/${member.user.id}/suspend`, { days: 1, reason: 'hakaret' }));
    const res = await server
      .client()
      .post('/api/auth/suspension-appeal', { username: member.user.username, password: STRONG_PASSWORD, note: 'Özür dilerim, bir daha olmaz.' });
    expect(res.status).toBe(201);
    const entry = await appealEntry(res.body.id);
    expect(entry).toMatchObject({
      kind: 'appeal',
      target: { type: 'user', id: member.user.id, exists: true, link: `/profile/${member.user.username}` },
      appeal: { targetType: 'suspension', note: 'Özür dilerim, bir daha olmaz.', stillInForce: true },
      author: { id: member.user.id },
    });
    expect(entry!.appeal!.suspendedUntil).not.toBeNull();
    expect(entry!.author!.pastActions[0]).toMatchObject({ action: 'user.suspend', reason: 'hakaret' });

    // Approve upholds it: the suspension is lifted and the member told.
    const done = ok(await mod2.client.post(`/api/admin/queue/${entry!.id}/decide`, { action: 'approve' }));
    expect(done.entryIds).toEqual([entry!.id]);
    expect((await server.ctx.db('users').where({ id: member.user.id }).first('suspended_until')).suspended_until).toBeNull();
    expect((await appealRow(res.body.id)).status).toBe('upheld');
    // Undo puts the suspension back and opens the appeal again.
    ok(await mod2.client.post(`/api/admin/queue/actions/${done.actionId}/undo`));
    expect((await server.ctx.db('users').where({ id: member.user.id }).first('suspended_until')).suspended_until).not.toBeNull();
    expect((await appealRow(res.body.id)).status).toBe('open');
    expect(await appealEntry(res.body.id)).toMatchObject({ id: entry!.id, appeal: { stillInForce: true } });
  });

  it('is claimed like any entry: a second moderator gets the Turkish 409 naming the holder', async () => {
    const { appealId } = await appealedPost(await server.member());
    const entry = (await appealEntry(appealId))!;
    ok(await mod1.client.post(`/api/admin/queue/${entry.id}/claim`));
    expect((await appealEntry(appealId, mod1))!.claim).toMatchObject({ mine: true });
    const taken = await mod2.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'queue_entry_claimed', error: Q.claimedBy(mod1.user.displayName) });
    expect((await appealRow(appealId)).status).toBe('open');
    ok(await mod1.client.delete(`/api/admin/queue/${entry.id}/claim`));
  });

  it('approve upholds it: the item is shown again, the author told, the entry closed; undo hides it again', async () => {
    const author = await server.member();
    const { postId, appealId } = await appealedPost(author);
    const entry = (await appealEntry(appealId))!;
    const done = ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' }));
    expect(done).toMatchObject({ action: 'approve', entryIds: [entry.id] });
    expect(await visible(postId)).toBe(true);
    expect(await appealRow(appealId)).toMatchObject({ status: 'upheld', decision_note: null });
    expect(await appealEntry(appealId)).toBeUndefined();
    expect((await notificationsOf(author))[0]).toMatchObject({ type: 'appeal', title: 'İtirazınız kabul edildi', message: 'Gönderiniz yeniden gösteriliyor.' });
    const audit = await server.ctx
      .db('audit_log')
      .where({ action: 'appeal.uphold', target_id: String(appealId) })
      .first();
    expect(audit).toMatchObject({ actor_id: mod1.user.id, actor_role: 'moderator' });
    // The İtirazlar list shows it decided.
    const closed = ok(await mod1.client.get('/api/admin/appeals?status=upheld&limit=100'));
    expect(closed.items.some((a: { id: number }) => a.id === appealId)).toBe(true);

    ok(await mod1.client.post(`/api/admin/queue/actions/${done.actionId}/undo`));
    expect(await visible(postId)).toBe(false);
    expect((await appealRow(appealId)).status).toBe('open');
    expect(await appealEntry(appealId)).toMatchObject({ id: entry.id, appeal: { stillInForce: true } });
    expect((await notificationsOf(author)).some((n) => n.type === 'appeal')).toBe(false);
  });

  it('hide rejects it with the reason as the note; the item stays hidden; warn and suspend are refused', async () => {
    const author = await server.member();
    const { postId, appealId } = await appealedPost(author);
    const entry = (await appealEntry(appealId))!;
    for (const action of ['warn', 'suspend'] as const) {
      const res = await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action, reason: 'olmaz', days: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'queue_appeal_action', error: Q.appealActionInvalid });
    }
    expect((await appealRow(appealId)).status).toBe('open');
    ok(await mod1.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'hide', reason: 'Reklam içeriyor.' }));
    expect(await visible(postId)).toBe(false);
    expect(await appealRow(appealId)).toMatchObject({ status: 'rejected', decision_note: 'Reklam içeriyor.' });
    expect((await notificationsOf(author))[0]).toMatchObject({
      type: 'appeal',
      title: 'İtirazınız reddedildi',
      message: expect.stringContaining('Not: Reklam içeriyor.'),
    });
    const again = await mod2.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('queue_entry_closed');
  });

  it('a bulk decision refused midway (the second appeal held by another moderator) writes nothing', async () => {
    const author = await server.member();
    const a = await appealedPost(author);
    const b = await appealedPost(author);
    const ids = [(await appealEntry(a.appealId))!.id, (await appealEntry(b.appealId))!.id];
    ok(await mod2.client.post(`/api/admin/queue/${ids[1]}/claim`));
    const res = await mod1.client.post('/api/admin/queue/bulk', { ids, action: 'approve' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('queue_entry_claimed');
    expect(await visible(a.postId)).toBe(false);
    expect((await appealRow(a.appealId)).status).toBe('open');
    expect((await notificationsOf(author)).some((n) => n.type === 'appeal')).toBe(false);
    ok(await mod2.client.delete(`/api/admin/queue/${ids[1]}/claim`));
    ok(await mod1.client.post('/api/admin/queue/bulk', { ids, action: 'approve' }));
    expect(await visible(a.postId)).toBe(true);
    expect(await visible(b.postId)).toBe(true);
  });

  it('decided from the İtirazlar route, its queue entry closes; decided in the queue, the route says it is closed', async () => {
    const first = await appealedPost(await server.member());
    const entry = (await appealEntry(first.appealId))!;
    ok(await mod1.client.post(`/api/admin/appeals/${first.appealId}/decide`, { outcome: 'rejected', note: 'Kalsın.' }));
    expect(await appealEntry(first.appealId)).toBeUndefined();
    expect((await mod2.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve' })).body.code).toBe('queue_entry_closed');

    const second = await appealedPost(await server.member());
    ok(await mod1.client.post(`/api/admin/queue/${(await appealEntry(second.appealId))!.id}/decide`, { action: 'approve' }));
    const late = await mod2.client.post(`/api/admin/appeals/${second.appealId}/decide`, { outcome: 'rejected' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'appeal_closed', error: TEXTS.appeals.closed });
  });
});

describe('an appeal whose member is gone', () => {
  it('shows as gone, and a decision clears its entry without a notice', async () => {
    const author = await server.member();
    const { appealId } = await appealedPost(author, 'Hesabıyla gidecek gönderi');
    const entryId = (await appealEntry(appealId))!.id;
    ok(await admin.client.delete(`/api/admin/users/${author.user.id}`));
    const page = ok(await mod1.client.get('/api/admin/queue?kind=appeal&limit=100'));
    const gone = (page.items as Entry[]).find((e) => e.id === entryId);
    expect(gone).toMatchObject({ kind: 'appeal', target: { exists: false }, appeal: null, author: null });
    ok(await mod1.client.post(`/api/admin/queue/${entryId}/decide`, { action: 'approve' }));
    const after = ok(await mod1.client.get('/api/admin/queue?kind=appeal&limit=100'));
    expect((after.items as Entry[]).some((e) => e.id === entryId)).toBe(false);
  });
});

describe('a page of appeals', () => {
  it('is read with its context in a fixed number of queries, whatever its size', async () => {
    // Only this test's appeals are open: the ones before are upheld.
    for (;;) {
      const open = ok(await admin.client.get('/api/admin/queue?kind=appeal&limit=100'));
      if (open.items.length === 0) break;
      ok(await admin.client.post('/api/admin/queue/bulk', { ids: open.items.map((e: Entry) => e.id), action: 'approve' }));
    }
    const authors = await Promise.all([0, 1, 2, 3].map(() => server.member()));
    for (let i = 0; i < 12; i++) await appealedPost(authors[i % 4]!, `Sayfa gönderisi ${i}`);
    const count = async (limit: number) => {
      let n = 0;
      const onQuery = () => (n += 1);
      server.ctx.db.on('query', onQuery);
      const page = ok(await mod1.client.get(`/api/admin/queue?kind=appeal&limit=${limit}`));
      server.ctx.db.off('query', onQuery);
      expect(page.items).toHaveLength(limit);
      return n;
    };
    await count(2);
    const small = await count(2);
    expect(await count(12)).toBeLessThanOrEqual(small);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two moderators deciding one appeal on two server nodes (PostgreSQL)', () => {
  it('exactly one decision wins each race; the other gets a Turkish 409', async () => {
    const node2 = await server.anotherNode();
    try {
      const author = await server.member();
      const appeals: { postId: number; appealId: number; entryId: number }[] = [];
      for (let i = 0; i < 8; i++) {
        const a = await appealedPost(author, `Yarış gönderisi ${i}`);
        appeals.push({ ...a, entryId: (await appealEntry(a.appealId))!.id });
      }
      const onNode2 = new ApiClient(node2.url, { cookie: mod2.client.cookieHeader });
      const results = await Promise.all(
        appeals.map(async ({ entryId }) => {
          // One upholds through node 1, the other rejects through node 2, at once.
          const [a, b] = await Promise.all([
            mod1.client.post(`/api/admin/queue/${entryId}/decide`, { action: 'approve' }),
            onNode2.post(`/api/admin/queue/${entryId}/decide`, { action: 'hide', reason: 'Kurallara aykırı.' }),
          ]);
          return [a, b];
        }),
      );
      for (const [i, [a, b]] of results.entries()) {
        expect([a!.status, b!.status].sort()).toEqual([200, 409]);
        const loser = a!.status === 409 ? a! : b!;
        expect(['queue_entry_claimed', 'queue_entry_closed']).toContain(loser.body.code);
        expect([Q.entryClosed, Q.claimedBy(mod1.user.displayName), Q.claimedBy(mod2.user.displayName)]).toContain(loser.body.error);
        // The winner's decision is the one written, once: one outcome, one notice, one audit row.
        const { appealId, postId } = appeals[i]!;
        const row = await appealRow(appealId);
        expect(row.status).toBe(a!.status === 200 ? 'upheld' : 'rejected');
        expect(await visible(postId)).toBe(row.status === 'upheld');
        const decisions = await server.ctx
          .db('audit_log')
          .whereIn('action', ['appeal.uphold', 'appeal.reject'])
          .where({ target_id: String(appealId) });
        expect(decisions).toHaveLength(1);
      }
      const notices = await server.ctx.db('notifications').where({ user_id: author.user.id, type: 'appeal' }).count({ n: '*' });
      expect(Number(notices[0]!.n)).toBe(appeals.length);
    } finally {
      await node2.close();
    }
  });
});
