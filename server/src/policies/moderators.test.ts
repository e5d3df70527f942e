import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type Member, type TestServer, ok } from '../test/harness';

/**
 * The site moderator beside the policy table (`policies.test.ts`): who (visitor, member,
 * moderator, admin) may use which part of the admin workspace, over HTTP on SQLite and
 * PostgreSQL; then what a moderator may not do inside the parts they share (suspend past 7 days,
 * act on staff, delete accounts through a report, see e-mail addresses), and the audit entry's
 * role and reason.
 */

type ActorName = 'visitor' | 'member' | 'moderator' | 'admin';
type Answer = number | [number, string];
type Row = Record<ActorName, Answer>;

let server: TestServer;
let people: Record<Exclude<ActorName, 'visitor'>, Member>;

beforeAll(async () => {
  server = await startTestServer();
  const [member, moderator, admin] = [await server.member(), await server.member(), await server.admin()];
  ok(await admin.client.patch(`/api/admin/users/${moderator.user.id}`, { role: 'moderator' }));
  people = { member, moderator, admin };
});
afterAll(async () => {
  await server?.close();
});

const clientOf = (a: ActorName) => (a === 'visitor' ? server.client() : people[a].client);
const target = async () => (await server.member()).user.id as number;
const post = async () => {
  const author = await server.member();
  return ok(await author.client.post('/api/posts', { content: 'Moderasyon gönderisi' })).id as number;
};
const openReport = async () => {
  const reporter = await server.member();
  return ok(await reporter.client.post('/api/reports', { targetType: 'post', targetId: await post(), reason: 'reklam' })).id as number;
};

const U: Answer = [401, 'unauthorized'];
const F: Answer = [403, 'forbidden'];
const moderators = (allowed: number): Row => ({ visitor: U, member: F, moderator: allowed, admin: allowed });
const adminsOnly = (allowed: number): Row => ({ visitor: U, member: F, moderator: F, admin: allowed });

interface Case {
  route: string;
  run: (a: ActorName) => Promise<ApiResponse>;
  expect: Row;
}

const TABLE: Case[] = [
  // The moderation side.
  { route: 'GET /api/admin/reports', run: (a) => clientOf(a).get('/api/admin/reports'), expect: moderators(200) },
  {
    route: 'POST /api/admin/reports/:id/resolve (hide)',
    run: async (a) => clientOf(a).post(`/api/admin/reports/${await openReport()}/resolve`, { note: 'Reklam', action: 'hide' }),
    expect: moderators(200),
  },
  {
    route: 'POST /api/admin/reports/:id/dismiss',
    run: async (a) => clientOf(a).post(`/api/admin/reports/${await openReport()}/dismiss`, { note: 'Sorun yok' }),
    expect: moderators(200),
  },
  {
    route: 'POST /api/admin/reports/bulk',
    run: async (a) => clientOf(a).post('/api/admin/reports/bulk', { ids: [await openReport()], outcome: 'dismissed', note: 'Toplu' }),
    expect: moderators(200),
  },
  { route: 'GET /api/admin/audit', run: (a) => clientOf(a).get('/api/admin/audit'), expect: moderators(200) },
  { route: 'GET /api/admin/users', run: (a) => clientOf(a).get('/api/admin/users'), expect: moderators(200) },
  {
    route: 'POST /api/admin/users/:id/warn',
    run: async (a) => clientOf(a).post(`/api/admin/users/${await target()}/warn`, { reason: 'Kurallara uyun' }),
    expect: moderators(200),
  },
  {
    route: 'POST /api/admin/users/:id/suspend (7 days)',
    run: async (a) => clientOf(a).post(`/api/admin/users/${await target()}/suspend`, { days: 7, reason: 'Spam' }),
    expect: moderators(200),
  },
  {
    route: 'POST /api/admin/users/:id/suspend (30 days)',
    run: async (a) => clientOf(a).post(`/api/admin/users/${await target()}/suspend`, { days: 30, reason: 'Spam' }),
    expect: { visitor: U, member: F, moderator: F, admin: 200 },
  },
  {
    route: 'DELETE /api/admin/users/:id/suspension',
    run: async (a) => {
      const id = await target();
      ok(await people.admin.client.post(`/api/admin/users/${id}/suspend`, { days: 1, reason: 'Kısa' }));
      return clientOf(a).delete(`/api/admin/users/${id}/suspension`);
    },
    expect: moderators(200),
  },
  {
    route: 'POST /api/admin/moderation/post/:id/hide',
    run: async (a) => clientOf(a).post(`/api/admin/moderation/post/${await post()}/hide`, { reason: 'Hakaret' }),
    expect: moderators(200),
  },
  {
    route: 'POST /api/admin/moderation/post/:id/restore',
    run: async (a) => {
      const id = await post();
      ok(await people.admin.client.post(`/api/admin/moderation/post/${id}/hide`, { reason: 'Hakaret' }));
      return clientOf(a).post(`/api/admin/moderation/post/${id}/restore`, { reason: 'Yanlış anlaşılma' });
    },
    expect: moderators(200),
  },

  // The admin's side.
  { route: 'GET /api/admin/stats', run: (a) => clientOf(a).get('/api/admin/stats'), expect: adminsOnly(200) },
  {
    route: 'PATCH /api/admin/users/:id (role)',
    run: async (a) => clientOf(a).patch(`/api/admin/users/${await target()}`, { role: 'moderator' }),
    expect: adminsOnly(200),
  },
  { route: 'DELETE /api/admin/users/:id', run: async (a) => clientOf(a).delete(`/api/admin/users/${await target()}`), expect: adminsOnly(200) },
  {
    route: 'POST /api/admin/users/bulk',
    run: async (a) => clientOf(a).post('/api/admin/users/bulk', { ids: [await target()], action: 'verify' }),
    expect: adminsOnly(200),
  },
  {
    route: 'POST /api/admin/users/:id/password-reset-link',
    run: async (a) => clientOf(a).post(`/api/admin/users/${await target()}/password-reset-link`),
    expect: adminsOnly(200),
  },
  {
    route: 'POST /api/admin/places/districts',
    run: (a) => clientOf(a).post('/api/admin/places/districts', { name: `İlçe ${Math.random().toString(36).slice(2, 8)}` }),
    expect: adminsOnly(201),
  },
  { route: 'GET /api/admin/content', run: (a) => clientOf(a).get('/api/admin/content'), expect: adminsOnly(200) },
  { route: 'GET /api/admin/groups', run: (a) => clientOf(a).get('/api/admin/groups'), expect: adminsOnly(200) },
  {
    route: 'DELETE /api/admin/content/post/:id',
    run: async (a) => clientOf(a).delete(`/api/admin/content/post/${await post()}`),
    expect: adminsOnly(200),
  },
];

describe('the admin workspace by site role', () => {
  it.each(TABLE.flatMap((c) => (Object.keys(c.expect) as ActorName[]).map((actor) => [c.route, actor, c] as const)))('%s as %s', async (_route, actor, c) => {
    const res = await c.run(actor);
    const want = c.expect[actor];
    const [status, code] = Array.isArray(want) ? want : [want, undefined];
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (code) expect(res.body.code).toBe(code);
  });
});

describe("a moderator's limits", () => {
  it('refuses a suspension longer than 7 days with a Turkish text, a date within 7 days is fine', async () => {
    const id = await target();
    const far = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const res = await people.moderator.client.post(`/api/admin/users/${id}/suspend`, { until: far, reason: 'Uzun' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Moderatörler bir üyeyi en fazla 7 gün uzaklaştırabilir');
    const near = new Date(Date.now() + 6 * 86_400_000).toISOString();
    expect((await people.moderator.client.post(`/api/admin/users/${id}/suspend`, { until: near, reason: 'Kısa' })).status).toBe(200);
  });

  it('does not warn or suspend another moderator or an admin; an admin does warn a moderator', async () => {
    const other = await server.member();
    ok(await people.admin.client.patch(`/api/admin/users/${other.user.id}`, { role: 'moderator' }));
    for (const id of [other.user.id, people.admin.user.id]) {
      expect((await people.moderator.client.post(`/api/admin/users/${id}/warn`, { reason: 'x' })).status).toBe(403);
      expect((await people.moderator.client.post(`/api/admin/users/${id}/suspend`, { days: 1, reason: 'x' })).status).toBe(403);
    }
    expect((await people.admin.client.post(`/api/admin/users/${other.user.id}/warn`, { reason: 'Dikkat' })).status).toBe(200);
  });

  it('does not publish a legal text', async () => {
    const res = await people.moderator.client.post('/api/admin/legal/terms', { title: 'Koşullar', body: 'Yeni metin' });
    expect(res.status).toBe(403);
  });

  it('does not delete an account through a report', async () => {
    const reporter = await server.member();
    const id = await target();
    const report = ok(await reporter.client.post('/api/reports', { targetType: 'user', targetId: id, reasonCode: 'spam' }));
    const res = await people.moderator.client.post(`/api/admin/reports/${report.id}/resolve`, { note: 'Sil', action: 'delete' });
    expect(res.status).toBe(403);
    expect(await server.ctx.db('users').where({ id }).first('id')).toBeTruthy();
  });

  it('sees the member list and the audit log without e-mail addresses; an admin sees them', async () => {
    const list = await people.moderator.client.get('/api/admin/users?limit=100');
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    for (const u of list.body.items) expect(u).not.toHaveProperty('email');
    // Searching by an e-mail address finds nobody for a moderator.
    const someone = await server.member({ email: 'gizli.adres@ornek.com' });
    expect((await people.moderator.client.get('/api/admin/users?search=gizli.adres')).body.items).toHaveLength(0);
    expect((await people.admin.client.get('/api/admin/users?search=gizli.adres')).body.items[0].email).toBe('gizli.adres@ornek.com');
    // An account's deletion records its e-mail; the moderator's log leaves it out.
    ok(await people.admin.client.delete(`/api/admin/users/${someone.user.id}`));
    const log = (who: Member) => who.client.get('/api/admin/audit?action=user.delete&limit=100');
    const mine = (await log(people.moderator)).body.items.find((e: { targetId: string }) => e.targetId === String(someone.user.id));
    expect(mine.before).not.toHaveProperty('email');
    const admins = (await log(people.admin)).body.items.find((e: { targetId: string }) => e.targetId === String(someone.user.id));
    expect(admins.before.email).toBe('gizli.adres@ornek.com');
  });

  it('hides and restores a post: gone for members while hidden, each action audited with the role and the reason', async () => {
    const id = await post();
    const hide = await people.moderator.client.post(`/api/admin/moderation/post/${id}/hide`, { reason: 'Hakaret içeriyor' });
    expect(hide.body).toEqual({ type: 'post', id, isHidden: true });
    expect((await people.member.client.get(`/api/posts/${id}`)).status).toBe(404);
    expect((await people.moderator.client.post(`/api/admin/moderation/post/${id}/restore`, { reason: 'İtiraz haklı' })).body.isHidden).toBe(false);
    expect((await people.member.client.get(`/api/posts/${id}`)).status).toBe(200);
    const entries = (await people.admin.client.get('/api/admin/audit?targetType=post&limit=100')).body.items.filter(
      (e: { targetId: string }) => e.targetId === String(id),
    );
    expect(entries.map((e: { action: string; actorRole: string; reason: string; actorId: number }) => [e.action, e.actorRole, e.reason, e.actorId])).toEqual([
      ['post.restore', 'moderator', 'İtiraz haklı', people.moderator.user.id],
      ['post.hide', 'moderator', 'Hakaret içeriyor', people.moderator.user.id],
    ]);
    // A reason is required.
    expect((await people.moderator.client.post(`/api/admin/moderation/post/${id}/hide`, { reason: ' ' })).status).toBe(400);
  });

  it('records the role of an admin, and an admin demotes a moderator (audited) who then loses the workspace', async () => {
    const m = await server.member();
    ok(await people.admin.client.patch(`/api/admin/users/${m.user.id}`, { role: 'moderator' }));
    expect((await m.client.get('/api/admin/reports')).status).toBe(200);
    ok(await people.admin.client.patch(`/api/admin/users/${m.user.id}`, { role: 'user' }));
    expect((await m.client.get('/api/admin/reports')).status).toBe(403);
    const entries = (await people.admin.client.get('/api/admin/audit?action=user.update&limit=100')).body.items.filter(
      (e: { targetId: string }) => e.targetId === String(m.user.id),
    );
    expect(entries.map((e: { after: { role: string }; actorRole: string }) => [e.after.role, e.actorRole])).toEqual([
      ['user', 'admin'],
      ['moderator', 'admin'],
    ]);
  });
});

describe("setting a member's trust level by hand (users policy canSetTrustLevel)", () => {
  type Setter = ActorName | 'groupModerator';
  type Whom = 'member' | 'self' | 'moderator' | 'admin';
  let groupModerator: Member;

  beforeAll(async () => {
    // A group's moderator is no site moderator: the group role gives nothing outside the group.
    const founder = await server.member();
    groupModerator = await server.member();
    const slug = ok(await founder.client.post('/api/hobby-groups', { name: `Güven Grubu ${founder.user.id}`, description: 'Güven seviyesi tablosu.' })).slug;
    ok(await groupModerator.client.post(`/api/hobby-groups/${slug}/join`));
    ok(await founder.client.put(`/api/hobby-groups/${slug}/members/${groupModerator.user.id}/role`, { role: 'moderator' }));
  });

  const setter = (a: Setter) => (a === 'groupModerator' ? groupModerator.client : clientOf(a));
  const whom = async (a: Setter, w: Whom): Promise<number> => {
    if (w === 'member') return target();
    if (w === 'self') return a === 'visitor' ? target() : a === 'groupModerator' ? groupModerator.user.id : people[a].user.id;
    if (w === 'moderator') {
      const m = await server.member();
      ok(await people.admin.client.patch(`/api/admin/users/${m.user.id}`, { role: 'moderator' }));
      return m.user.id;
    }
    const other = await server.member();
    await server.ctx.db('users').where({ id: other.user.id }).update({ role: 'admin' });
    return other.user.id;
  };
  const S = [403, 'forbidden'] as Answer;
  const TRUST: Record<Whom, Record<Setter, Answer>> = {
    member: { visitor: U, member: F, groupModerator: F, moderator: 200, admin: 200 },
    self: { visitor: U, member: F, groupModerator: F, moderator: S, admin: S },
    moderator: { visitor: U, member: F, groupModerator: F, moderator: 200, admin: 200 },
    admin: { visitor: U, member: F, groupModerator: F, moderator: 200, admin: 200 },
  };
  const cases = (Object.keys(TRUST) as Whom[]).flatMap((w) => (Object.keys(TRUST[w]) as Setter[]).map((a) => [w, a, TRUST[w][a]] as const));

  it.each(cases)('of %s as %s', async (w, a, want) => {
    const id = await whom(a, w);
    const before = Number((await server.ctx.db('users').where({ id }).first('trust_level')).trust_level);
    const level = before === 2 ? 0 : 2;
    const res = await setter(a).put(`/api/admin/users/${id}/trust-level`, { level, reason: 'Tablo denemesi' });
    const [status, code] = Array.isArray(want) ? want : [want, undefined];
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (code) expect(res.body.code).toBe(code);
    const after = await server.ctx.db('users').where({ id }).first('trust_level', 'trust_level_by_hand');
    if (status !== 200) {
      // Refused: nothing written, no audit entry.
      expect(Number(after.trust_level)).toBe(before);
      expect(
        await server.ctx
          .db('audit_log')
          .where({ action: 'user.trust_level', target_id: String(id) })
          .first('id'),
      ).toBeUndefined();
      return;
    }
    expect(res.body).toEqual({ id, trustLevel: level });
    expect(Number(after.trust_level)).toBe(level);
    expect(Boolean(after.trust_level_by_hand)).toBe(true);
    const entry = await server.ctx
      .db('audit_log')
      .where({ action: 'user.trust_level', target_id: String(id) })
      .orderBy('id', 'desc')
      .first();
    expect(entry).toMatchObject({ actor_id: people[a as 'moderator' | 'admin'].user.id, actor_role: a, reason: 'Tablo denemesi' });
  });

  it("the users table shows each member's level to moderators", async () => {
    const id = await target();
    ok(await people.moderator.client.put(`/api/admin/users/${id}/trust-level`, { level: 2, reason: 'Tanıdık komşu' }));
    const list = (await people.moderator.client.get('/api/admin/users?limit=100')).body.items as { id: number; trustLevel: number }[];
    expect(list.find((u) => u.id === id)?.trustLevel).toBe(2);
  });
});

describe('group moderators', () => {
  type GroupActor = 'founder' | 'groupModerator' | 'groupMember' | 'outsider' | 'siteModerator';
  let g: Record<Exclude<GroupActor, 'siteModerator'>, Member>;
  let slug: string;
  let otherSlug: string;

  beforeAll(async () => {
    g = { founder: await server.member(), groupModerator: await server.member(), groupMember: await server.member(), outsider: await server.member() };
    slug = ok(
      await g.founder.client.post('/api/hobby-groups', { name: `Moderasyon Grubu ${g.founder.user.id}`, description: 'Grup moderatörleri için.' }),
    ).slug;
    for (const m of [g.groupModerator, g.groupMember]) ok(await m.client.post(`/api/hobby-groups/${slug}/join`));
    // Another group of someone else's, where the group moderator is a plain member.
    const owner = await server.member();
    otherSlug = ok(await owner.client.post('/api/hobby-groups', { name: `Başka Grup ${owner.user.id}`, description: 'Başka bir grup.' })).slug;
    ok(await g.groupModerator.client.post(`/api/hobby-groups/${otherSlug}/join`));
    ok(await g.groupMember.client.post(`/api/hobby-groups/${otherSlug}/join`));
  });

  const as = (a: GroupActor) => (a === 'siteModerator' ? people.moderator : g[a]).client;
  const groupPost = async (where = slug) =>
    ok(await g.groupMember.client.post(`/api/hobby-groups/${where}/posts`, { content: 'Üyenin grup gönderisi' })).id as number;
  const ALL: GroupActor[] = ['founder', 'groupModerator', 'groupMember', 'outsider', 'siteModerator'];

  it('only the founder appoints a moderator; the appointment is audited as the founder', async () => {
    for (const a of ['groupMember', 'outsider', 'siteModerator'] as const)
      expect((await as(a).put(`/api/hobby-groups/${slug}/members/${g.groupModerator.user.id}/role`, { role: 'moderator' })).status).toBe(403);
    const res = await as('founder').put(`/api/hobby-groups/${slug}/members/${g.groupModerator.user.id}/role`, { role: 'moderator' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: g.groupModerator.user.id, role: 'moderator' });
    const members = (await as('outsider').get(`/api/hobby-groups/${slug}/members`)).body as { id: number; role: string }[];
    expect(members.find((m) => m.id === g.groupModerator.user.id)?.role).toBe('moderator');
    // The group moderator does not appoint others.
    expect((await as('groupModerator').put(`/api/hobby-groups/${slug}/members/${g.groupMember.user.id}/role`, { role: 'moderator' })).status).toBe(403);
    const entry = (await people.admin.client.get('/api/admin/audit?action=group.moderator_add&limit=100')).body.items[0];
    expect([entry.actorId, entry.actorRole]).toEqual([g.founder.user.id, 'group_founder']);
  });

  it.each(ALL)("deleting a member's post in the group as %s", async (a) => {
    const res = await as(a).delete(`/api/hobby-groups/posts/${await groupPost()}`);
    expect(res.status).toBe({ founder: 200, groupModerator: 200, groupMember: 200, outsider: 403, siteModerator: 200 }[a]);
  });

  it.each(ALL)('hiding and restoring a post in the group as %s', async (a) => {
    const id = await groupPost();
    const hide = await as(a).post(`/api/hobby-groups/posts/${id}/hide`, { reason: 'Konu dışı' });
    const want = { founder: 200, groupModerator: 200, groupMember: 403, outsider: 403, siteModerator: 200 }[a];
    expect(hide.status).toBe(want);
    if (want !== 200) return;
    expect((await as('outsider').get(`/api/hobby-groups/posts/${id}/like`)).status).toBe(404);
    expect((await as(a).post(`/api/hobby-groups/posts/${id}/restore`, { reason: 'Geri geldi' })).body.isHidden).toBe(false);
    const entry = (await people.admin.client.get('/api/admin/audit?action=group_post.hide&limit=100')).body.items.find(
      (e: { targetId: string }) => e.targetId === String(id),
    );
    expect([entry.actorRole, entry.reason]).toEqual([
      ({ founder: 'group_founder', groupModerator: 'group_moderator', siteModerator: 'moderator' } as Record<string, string>)[a],
      'Konu dışı',
    ]);
  });

  it("the group moderator does not delete a post in another group, nor the member's feed post", async () => {
    expect((await as('groupModerator').delete(`/api/hobby-groups/posts/${await groupPost(otherSlug)}`)).status).toBe(403);
    expect((await as('groupModerator').post(`/api/hobby-groups/posts/${await groupPost(otherSlug)}/hide`, { reason: 'x' })).status).toBe(403);
    expect((await as('groupModerator').post(`/api/admin/moderation/post/${await post()}/hide`, { reason: 'x' })).status).toBe(403);
    const feed = ok(await g.groupMember.client.post('/api/posts', { content: 'Akış gönderisi' })).id as number;
    expect((await as('groupModerator').delete(`/api/posts/${feed}`)).status).toBe(403);
    expect((await as('groupModerator').get('/api/admin/reports')).status).toBe(403);
  });

  it("removes a member's comment in the group, audited as a group moderator", async () => {
    const post = await groupPost();
    const comment = ok(await g.founder.client.post(`/api/hobby-groups/posts/${post}/comments`, { content: 'Kurucunun yorumu' })).id as number;
    const mine = ok(await g.groupMember.client.post(`/api/hobby-groups/posts/${post}/comments`, { content: 'Üyenin yorumu' })).id as number;
    expect((await as('outsider').delete(`/api/hobby-groups/posts/comments/${mine}`)).status).toBe(403);
    expect((await as('groupModerator').delete(`/api/hobby-groups/posts/comments/${mine}`)).status).toBe(200);
    expect((await as('groupModerator').delete(`/api/hobby-groups/posts/comments/${comment}`)).status).toBe(200);
    const entries = (await people.admin.client.get('/api/admin/audit?action=comment.delete&limit=100')).body.items.filter(
      (e: { targetId: string }) => e.targetId === String(mine),
    );
    expect(entries.map((e: { actorRole: string }) => e.actorRole)).toEqual(['group_moderator']);
  });

  it('removes a plain member from the group (never the founder or another moderator); audited with the reason', async () => {
    const leaving = await server.member();
    ok(await leaving.client.post(`/api/hobby-groups/${slug}/join`));
    expect((await as('groupMember').delete(`/api/hobby-groups/${slug}/members/${leaving.user.id}`)).status).toBe(403);
    expect((await as('outsider').delete(`/api/hobby-groups/${slug}/members/${leaving.user.id}`)).status).toBe(403);
    expect((await as('groupModerator').delete(`/api/hobby-groups/${slug}/members/${g.founder.user.id}`)).status).toBe(403);
    const other = await server.member();
    ok(await other.client.post(`/api/hobby-groups/${slug}/join`));
    ok(await g.founder.client.put(`/api/hobby-groups/${slug}/members/${other.user.id}/role`, { role: 'moderator' }));
    expect((await as('groupModerator').delete(`/api/hobby-groups/${slug}/members/${other.user.id}`)).status).toBe(403);
    const res = await as('groupModerator').delete(`/api/hobby-groups/${slug}/members/${leaving.user.id}?reason=${encodeURIComponent('Spam')}`);
    expect(res.status).toBe(200);
    expect(res.body.isMember).toBe(false);
    // In another group they are a plain member: no removing there.
    expect((await as('groupModerator').delete(`/api/hobby-groups/${otherSlug}/members/${g.groupMember.user.id}`)).status).toBe(403);
    const entry = (await people.admin.client.get('/api/admin/audit?action=group.member_remove&limit=100')).body.items[0];
    expect([entry.actorRole, entry.reason, entry.before.userId]).toEqual(['group_moderator', 'Spam', leaving.user.id]);
    // The founder dismisses the moderator: their powers end.
    ok(await g.founder.client.put(`/api/hobby-groups/${slug}/members/${other.user.id}/role`, { role: 'member' }));
    expect((await other.client.delete(`/api/hobby-groups/posts/${await groupPost()}`)).status).toBe(403);
  });

  it("sees the group's hidden posts and events marked: founder, group moderator and site moderator; not members, outsiders, nor a moderator of another group", async () => {
    const SEES: Record<GroupActor, boolean> = { founder: true, groupModerator: true, groupMember: false, outsider: false, siteModerator: true };
    const postId = await groupPost();
    ok(await as('groupModerator').post(`/api/hobby-groups/posts/${postId}/hide`, { reason: 'Grupta ticari ilan yasak' }));
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const eventId = ok(await g.groupMember.client.post(`/api/hobby-groups/${slug}/events`, { title: 'Gizlenecek buluşma', date, location: 'Moda sahili' }))
      .id as number;
    ok(await as('groupModerator').post(`/api/hobby-groups/events/${eventId}/hide`, { reason: 'Kurallara aykırı' }));
    const listed = async (a: GroupActor) => {
      const posts = ok(await as(a).get(`/api/hobby-groups/${slug}/posts?limit=100`));
      const events = ok(await as(a).get(`/api/hobby-groups/${slug}/events?limit=100`));
      return {
        post: ((Array.isArray(posts) ? posts : posts.items) as { id: number; isHidden?: boolean }[]).find((p) => p.id === postId),
        event: ((Array.isArray(events) ? events : events.items) as { id: number; isHidden?: boolean }[]).find((e) => e.id === eventId),
      };
    };
    for (const a of ALL) {
      const { post: p, event: e } = await listed(a);
      if (SEES[a]) {
        expect(p, a).toMatchObject({ isHidden: true });
        expect(e, a).toMatchObject({ isHidden: true });
      } else {
        expect(p, a).toBeUndefined();
        expect(e, a).toBeUndefined();
      }
    }
    // In another group, where they are a plain member, a hidden post stays out of the group moderator's sight.
    const elsewhere = await groupPost(otherSlug);
    ok(await people.moderator.client.post(`/api/hobby-groups/posts/${elsewhere}/hide`, { reason: 'Konu dışı' }));
    const theirs = ok(await as('groupModerator').get(`/api/hobby-groups/${otherSlug}/posts?limit=100`));
    expect(((Array.isArray(theirs) ? theirs : theirs.items) as { id: number }[]).some((p) => p.id === elsewhere)).toBe(false);
    // Restored by the group moderator, both are back for everyone, unmarked.
    ok(await as('groupModerator').post(`/api/hobby-groups/posts/${postId}/restore`, { reason: 'İtiraz haklı' }));
    ok(await as('groupModerator').post(`/api/hobby-groups/events/${eventId}/restore`, { reason: 'İtiraz haklı' }));
    const back = await listed('outsider');
    expect(back.post).toBeTruthy();
    expect(back.post!.isHidden).toBeUndefined();
    expect(back.event).toBeTruthy();
    expect(back.event!.isHidden).toBeUndefined();
  });

  it("the group's answer says who moderates it (canModerate, from the group policy): the group's founder and moderators and the site's", async () => {
    const MODERATES: Record<GroupActor, boolean> = { founder: true, groupModerator: true, groupMember: false, outsider: false, siteModerator: true };
    for (const a of ALL) expect(ok(await as(a).get(`/api/hobby-groups/${slug}`)).canModerate, a).toBe(MODERATES[a]);
    expect(ok(await server.client().get(`/api/hobby-groups/${slug}`)).canModerate).toBe(false);
    // In the other group the group moderator is a plain member.
    expect(ok(await as('groupModerator').get(`/api/hobby-groups/${otherSlug}`)).canModerate).toBe(false);
  });
});
