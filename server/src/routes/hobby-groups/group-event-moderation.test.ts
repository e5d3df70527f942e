import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Member, type TestServer, ok } from '../../test/harness';

/**
 * A hobby group's events as report targets, over HTTP on SQLite and PostgreSQL: reported from the
 * group page, hidden by the community once the reports weigh the threshold, queued with their
 * group page's anchor, appealed by their author; the group's event count follows hides and
 * restores. Held by a watched word ("onaya gönder"), an event is seen only by its creator and the
 * group's and the site's moderators until approved; flagged ("işaretle"), it is published and
 * queued. Then the group policy's `notHidden`: no one adds a like, comment or report to a hidden
 * group post or event, not even those who see it to moderate it.
 */

let server: TestServer;
let admin: Member;
let moderator: Member;
let founder: Member;
let groupModerator: Member;
let author: Member;
let slug: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  moderator = await server.member();
  ok(await admin.client.patch(`/api/admin/users/${moderator.user.id}`, { role: 'moderator' }));
  founder = await server.member();
  groupModerator = await server.member();
  author = await server.member();
  slug = ok(await founder.client.post('/api/hobby-groups', { name: `Etkinlik Şikayeti ${founder.user.id}`, description: 'Grup etkinlikleri.' })).slug;
  for (const m of [groupModerator, author]) ok(await m.client.post(`/api/hobby-groups/${slug}/join`));
  ok(await founder.client.put(`/api/hobby-groups/${slug}/members/${groupModerator.user.id}/role`, { role: 'moderator' }));
  ok(await admin.client.post('/api/admin/watched-words', { word: 'patates', action: 'require_approval' }));
  ok(await admin.client.post('/api/admin/watched-words', { word: 'lahana', action: 'flag' }));
});
afterAll(async () => {
  await server?.close();
});

const date = () => new Date(Date.now() + 5 * 86_400_000).toISOString();
const newEvent = async (title = 'Sahilde buluşma') =>
  ok(await author.client.post(`/api/hobby-groups/${slug}/events`, { title, date: date(), location: 'Moda' })).id as number;
const eventCount = async () => ok(await server.client().get(`/api/hobby-groups/${slug}`)).eventCount as number;
const listedEvents = async (viewer: Member) => (ok(await viewer.client.get(`/api/hobby-groups/${slug}/events?limit=100`)) as { id: number }[]).map((e) => e.id);
const report = (reporter: Member, id: number) => reporter.client.post('/api/reports', { targetType: 'group_event', targetId: id, reason: 'Sahte etkinlik' });

interface QueueEntry {
  id: number;
  kind: string;
  appeal: { id: number } | null;
  target: { type: string; id: number; preview: string; isHidden: boolean; link: string | null } | null;
  author: { id: number } | null;
}
const queue = async () => ok(await moderator.client.get('/api/admin/queue?limit=100')).items as QueueEntry[];

describe('a group event reported', () => {
  it('is hidden by the community at the threshold, its author told; the count drops; queued with the group page anchor; appealed and shown again', async () => {
    const id = await newEvent('Bedava konser bileti');
    const before = await eventCount();
    for (let i = 0; i < 3; i++) {
      const reporter = await server.member();
      ok(await reporter.client.post(`/api/hobby-groups/${slug}/join`));
      expect((await report(reporter, id)).status).toBe(201);
    }
    // Hidden at once: gone for members, the group's count one lower, the community hide remembered.
    expect(await listedEvents(founder)).toContain(id);
    expect(await listedEvents(author)).not.toContain(id);
    expect(await eventCount()).toBe(before - 1);
    expect(await server.ctx.db('community_hides').where({ target_type: 'group_event', target_id: id }).first()).toBeTruthy();

    const entry = (await queue()).find((e) => e.target?.type === 'group_event' && e.target.id === id);
    expect(entry).toMatchObject({
      kind: 'report',
      target: { preview: 'Bedava konser bileti', isHidden: true, link: `/hobby-groups/${slug}#event-${id}` },
      author: { id: author.user.id },
    });

    const notice = (ok(await author.client.get('/api/notifications')) as { type: string; title: string; appeal: unknown }[]).find(
      (n) => n.type === 'moderation',
    );
    expect(notice).toMatchObject({ title: 'Grup etkinliğiniz yönetim tarafından gizlendi', appeal: { targetType: 'group_event', targetId: id, status: null } });

    // Only the author appeals; upheld, it is shown again and counted again.
    expect((await founder.client.post('/api/appeals', { targetType: 'group_event', targetId: id, note: 'benim değil' })).status).toBe(403);
    const appeal = ok(await author.client.post('/api/appeals', { targetType: 'group_event', targetId: id, note: 'Gerçek bir konser.' }));
    const appealEntry = (await queue()).find((e) => e.kind === 'appeal' && e.appeal?.id === appeal.id);
    expect(appealEntry?.target).toMatchObject({ type: 'group_event', id, link: `/hobby-groups/${slug}#event-${id}` });
    ok(await moderator.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'upheld', note: 'Haklısınız.' }));
    expect(await listedEvents(author)).toContain(id);
    expect(await eventCount()).toBe(before);
  });

  it('a moderator hides it from the queue (the count drops once) and restores it (back once); a delete from a report takes a shown one out of the count', async () => {
    const id = await newEvent();
    const before = await eventCount();
    const reporter = await server.member();
    ok(await reporter.client.post(`/api/hobby-groups/${slug}/join`));
    expect((await report(reporter, id)).status).toBe(201);
    const entry = (await queue()).find((e) => e.target?.type === 'group_event' && e.target.id === id)!;
    ok(await moderator.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'hide', reason: 'Sahte' }));
    expect(await eventCount()).toBe(before - 1);
    // Hiding again through the group's route changes nothing.
    expect(ok(await groupModerator.client.post(`/api/hobby-groups/events/${id}/hide`, { reason: 'yine' }))).toEqual({ id, isHidden: true });
    expect(await eventCount()).toBe(before - 1);
    ok(await moderator.client.post(`/api/admin/moderation/group_event/${id}/restore`, { reason: 'Yanlış anlaşılma' }));
    expect(await eventCount()).toBe(before);

    const other = await newEvent('Silinecek etkinlik');
    const count = await eventCount();
    const reportId = (await report(reporter, other)).body.id as number;
    ok(await moderator.client.post(`/api/admin/reports/${reportId}/resolve`, { note: 'Dolandırıcılık', action: 'delete' }));
    expect(await server.ctx.db('group_events').where({ id: other }).first()).toBeUndefined();
    expect(await eventCount()).toBe(count - 1);
  });

  it('is reported only by who sees it: a private group keeps it from outsiders (404); a hidden one is refused (403 hidden_item)', async () => {
    const id = await newEvent();
    ok(await groupModerator.client.post(`/api/hobby-groups/events/${id}/hide`, { reason: 'Konu dışı' }));
    const refused = await report(founder, id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'hidden_item',
      error: 'Gizlenmiş ya da onay bekleyen bir içerik beğenilemez, yorumlanamaz ve şikayet edilemez',
    });
    expect((await report(await server.member(), id)).status).toBe(404);

    const owner = await server.member();
    const closed = ok(await owner.client.post('/api/hobby-groups', { name: `Kapalı ${owner.user.id}`, description: 'Kapalı grup.', isPrivate: true })).slug;
    const inside = ok(await owner.client.post(`/api/hobby-groups/${closed}/events`, { title: 'Gizli toplantı', date: date(), location: 'Ev' })).id;
    const outsider = await report(await server.member(), inside);
    expect(outsider.status).toBe(404);
    expect(outsider.body.code).toBe('report_target_missing');
    expect((await report(await server.member(), 999999)).status).toBe(404);
  });
});

describe('a group event a watched word holds or flags', () => {
  /** A word nobody else writes, so a search finds only this event. */
  const token = () => `kzv${Math.random().toString(36).slice(2, 9).replace(/\d/g, 'x')}`;
  const anchor = (id: number) => `/hobby-groups/${slug}#event-${id}`;
  const listed = async (viewer: Member | null) =>
    ok(await (viewer ? viewer.client : server.client()).get(`/api/hobby-groups/${slug}/events?limit=100`)) as {
      id: number;
      pendingApproval?: boolean;
      isHidden?: boolean;
    }[];
  const found = async (viewer: Member | null, word: string, id: number) => {
    const res = await (viewer ? viewer.client : server.client()).get(`/api/search?q=${encodeURIComponent(word)}&type=events`);
    expect(res.status).toBe(200);
    return (res.body.items as { path: string }[]).some((h) => h.path === anchor(id));
  };
  /** The queue entries announced live to the moderators ('report:created', which the socket relays), while `run` runs. */
  const announced = async <T>(run: () => Promise<T>): Promise<[T, number[]]> => {
    const ids: number[] = [];
    const stop = server.ctx.bus.on('report:created', ({ reportId }) => ids.push(reportId));
    try {
      return [await run(), ids];
    } finally {
      stop();
    }
  };
  const reportIdOf = async (id: number) => Number((await server.ctx.db('reports').where({ target_type: 'group_event', target_id: id }).first('id')).id);
  const write = (title: string, description: string) =>
    author.client.post(`/api/hobby-groups/${slug}/events`, { title, description, date: date(), location: 'Moda' });

  it('held: saved pending and uncounted; only its creator and the moderators see it, marked; queued and announced; approved, everyone does and it counts', async () => {
    const member = await server.member();
    ok(await member.client.post(`/api/hobby-groups/${slug}/join`));
    const word = token();
    const before = await eventCount();
    const [res, live] = await announced(() => write(`${word} buluşması`, 'Ucuz p@t4tes burada'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.pendingApproval).toBe(true);
    expect(res.body.isHidden).toBeUndefined();
    const id = res.body.id as number;
    expect(live).toEqual([await reportIdOf(id)]);
    expect(await eventCount()).toBe(before);

    // Another member and a visitor: not in the group's events, not in search; the creator's own search does not find it either.
    for (const viewer of [member, null]) {
      expect((await listed(viewer)).map((e) => e.id)).not.toContain(id);
      expect(await found(viewer, word, id)).toBe(false);
    }
    expect(await found(author, word, id)).toBe(false);
    // Its creator sees it marked "Onay bekliyor"; the group's founder and moderator and a site moderator see it marked the same.
    for (const viewer of [author, founder, groupModerator, moderator]) {
      const mine = (await listed(viewer)).find((e) => e.id === id);
      expect(mine).toMatchObject({ pendingApproval: true });
      expect(mine!.isHidden).toBeUndefined();
    }
    // Nobody reports what is not there for them; its creator, who sees it, adds nothing to it.
    expect((await report(member, id)).status).toBe(404);
    expect((await report(author, id)).body.code).toBe('hidden_item');

    const entry = (await queue()).find((e) => e.target?.type === 'group_event' && e.target.id === id);
    expect(entry).toMatchObject({ kind: 'approval', target: { isHidden: true, link: anchor(id) }, author: { id: author.user.id } });
    ok(await moderator.client.post(`/api/admin/queue/${entry!.id}/decide`, { action: 'approve', reason: '' }));

    for (const viewer of [member, null, author]) {
      const shown = (await listed(viewer)).find((e) => e.id === id);
      expect(shown).toBeTruthy();
      expect(shown!.pendingApproval).toBeUndefined();
      expect(await found(viewer, word, id)).toBe(true);
    }
    expect(await eventCount()).toBe(before + 1);
    const log = await server.ctx
      .db('audit_log')
      .where({ action: 'group_event.approve', target_id: String(id) })
      .first();
    expect(log).toMatchObject({ actor_id: moderator.user.id, subject_user_id: author.user.id });
  });

  it('rejected: it stays hidden and uncounted, its creator is told and appeals; upheld, it is shown and counted', async () => {
    const before = await eventCount();
    const res = await write('Pazar buluşması', 'Ucuz patates');
    expect(res.body.pendingApproval).toBe(true);
    const id = res.body.id as number;
    const entry = (await queue()).find((e) => e.target?.type === 'group_event' && e.target.id === id)!;
    ok(await moderator.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'hide', reason: 'Reklam' }));
    expect((await listed(author)).map((e) => e.id)).not.toContain(id);
    // The group's moderator sees it as hidden now (with a restore), no longer pending.
    expect((await listed(groupModerator)).find((e) => e.id === id)).toMatchObject({ isHidden: true });
    expect(await eventCount()).toBe(before);

    const notice = (ok(await author.client.get('/api/notifications')) as { type: string; appeal: { targetType: string; targetId: number } | null }[]).find(
      (n) => n.type === 'moderation' && n.appeal?.targetId === id,
    );
    expect(notice?.appeal?.targetType).toBe('group_event');
    const appeal = ok(await author.client.post('/api/appeals', { targetType: 'group_event', targetId: id, note: 'Gerçek bir pazar buluşması.' }));
    ok(await moderator.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'upheld', note: 'Haklısınız.' }));
    expect((await listed(null)).find((e) => e.id === id)).toBeTruthy();
    expect(await eventCount()).toBe(before + 1);
  });

  it('flagged: published and counted at once, queued as a flag and announced', async () => {
    const word = token();
    const before = await eventCount();
    const [res, live] = await announced(() => write(`${word} hasadı`, 'Taze l4hana topluyoruz'));
    expect(res.status).toBe(201);
    expect(res.body.pendingApproval).toBeUndefined();
    const id = res.body.id as number;
    expect(live).toEqual([await reportIdOf(id)]);
    expect(await eventCount()).toBe(before + 1);
    expect((await listed(null)).map((e) => e.id)).toContain(id);
    expect(await found(null, word, id)).toBe(true);
    const entry = (await queue()).find((e) => e.target?.type === 'group_event' && e.target.id === id);
    expect(entry).toMatchObject({ kind: 'flag', target: { isHidden: false, link: anchor(id) }, author: { id: author.user.id } });
  });
});

describe('a hidden group post takes no new interaction (group policy notHidden)', () => {
  it('its group moderator, the founder and a site moderator see it but cannot like, comment or report it; taking a like back works', async () => {
    const post = ok(await author.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'Gizlenecek grup gönderisi' })).id as number;
    ok(await groupModerator.client.post(`/api/hobby-groups/posts/${post}/like`));
    ok(await groupModerator.client.post(`/api/hobby-groups/posts/${post}/hide`, { reason: 'Konu dışı' }));
    for (const m of [groupModerator, founder, moderator]) {
      // They still see it (to restore it)...
      expect((await m.client.get(`/api/hobby-groups/posts/${post}/like`)).status).toBe(200);
      // ...and add nothing to it (the group moderator's like from before it was hidden stays: liking again changes nothing).
      for (const res of [
        ...(m === groupModerator ? [] : [await m.client.post(`/api/hobby-groups/posts/${post}/like`)]),
        await m.client.post(`/api/hobby-groups/posts/${post}/comments`, { content: 'Bir yorum' }),
        await m.client.post('/api/reports', { targetType: 'group_post', targetId: post, reason: 'spam' }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('hidden_item');
      }
    }
    expect((await groupModerator.client.delete(`/api/hobby-groups/posts/${post}/like`)).status).toBe(200);
    // A member who does not see it gets the missing post's answer, as before.
    expect((await author.client.post(`/api/hobby-groups/posts/${post}/like`)).status).toBe(404);
    ok(await groupModerator.client.post(`/api/hobby-groups/posts/${post}/restore`, { reason: 'Uygun' }));
    expect((await founder.client.post(`/api/hobby-groups/posts/${post}/comments`, { content: 'Artık yorum yapılabilir' })).status).toBe(201);
  });
});
