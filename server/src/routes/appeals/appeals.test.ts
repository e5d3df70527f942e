import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startTestServer, type Member, type TestServer } from '../../test/harness';

/**
 * Appeals: the author of a hidden item or a suspended member appeals once with a note; the appeal
 * is listed for the moderators beside the reports, decided (upheld: shown again / lifted;
 * rejected: kept), the member told and the decision audited. Both databases.
 */

let server: TestServer;
let admin: Member;
let moderator: Member;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  moderator = await server.member();
  expect((await admin.client.patch(`/api/admin/users/${moderator.user.id}`, { role: 'moderator' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

const visible = async (postId: number) => (await server.client().get(`/api/posts/${postId}`)).status === 200;
const auditOf = (action: string, targetId: number | string) =>
  server.ctx
    .db('audit_log')
    .where({ action, target_id: String(targetId) })
    .orderBy('id');

/** A member's post, hidden by the site moderator with a reason. */
async function hiddenPost(author: Member, content = 'gizlenecek bir gönderi') {
  const post = (await author.client.post('/api/posts', { content })).body;
  expect((await moderator.client.post(`/api/admin/moderation/post/${post.id}/hide`, { reason: 'kurallara aykırı' })).status).toBe(200);
  return post as { id: number };
}

async function notifications(member: Member) {
  const res = await member.client.get('/api/notifications');
  expect(res.status).toBe(200);
  return res.body as { type: string; title: string; message: string; appeal: { targetType: string; targetId: number; status: string | null } | null }[];
}

describe('appealing a hidden item', () => {
  it('is offered on the hide notice, taken once from the author, and shows as sent', async () => {
    const author = await server.member();
    const post = await hiddenPost(author);
    const [notice] = await notifications(author);
    expect(notice).toMatchObject({ type: 'moderation', appeal: { targetType: 'post', targetId: post.id, status: null } });

    const res = await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'Bu gönderi kurallara uygundu.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ targetType: 'post', targetId: post.id, status: 'open', note: 'Bu gönderi kurallara uygundu.', decisionNote: null });
    expect((await auditOf('appeal.create', res.body.id))[0]).toMatchObject({ actor_id: author.user.id });

    const again = await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'bir daha' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('appeal_exists');
    expect((await notifications(author))[0]?.appeal?.status).toBe('open');
  });

  it('refuses anyone but the author, a visitor, an item not hidden, a missing one and a bad note', async () => {
    const author = await server.member();
    const post = await hiddenPost(author);
    const other = await server.member();
    const theirs = await other.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'benim değil ama' });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe('Yalnızca kendi gizlenen içeriğinize itiraz edebilirsiniz.');
    expect((await server.client().post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'ziyaretçi' })).status).toBe(401);

    const shown = (await author.client.post('/api/posts', { content: 'görünen gönderi' })).body;
    const notHidden = await author.client.post('/api/appeals', { targetType: 'post', targetId: shown.id, note: 'neden' });
    expect(notHidden.status).toBe(409);
    expect(notHidden.body.code).toBe('appeal_not_hidden');
    const missing = await author.client.post('/api/appeals', { targetType: 'comment', targetId: 999999, note: 'yok' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('appeal_target_missing');

    const empty = await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('Lütfen itiraz notunuzu yazın');
    const long = await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'a'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('İtiraz notu en fazla 1000 karakter olabilir');
    expect(
      await server.ctx
        .db('appeals')
        .where({ subject_key: `post:${post.id}` })
        .first(),
    ).toBeUndefined();
  });

  it("enters the moderators' list as an appeal; members cannot read it", async () => {
    const author = await server.member();
    const post = await hiddenPost(author, 'listede görünecek gönderi');
    const appeal = (await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'lütfen bakın' })).body;
    const list = await moderator.client.get('/api/admin/appeals?status=open&limit=100');
    expect(list.status).toBe(200);
    const entry = list.body.items.find((a: { id: number }) => a.id === appeal.id);
    expect(entry).toMatchObject({
      kind: 'appeal',
      targetType: 'post',
      targetId: post.id,
      text: 'listede görünecek gönderi',
      stillInForce: true,
      member: { id: author.user.id },
    });
    expect((await author.client.get('/api/admin/appeals')).status).toBe(403);
    expect((await server.client().get('/api/admin/appeals')).status).toBe(401);
  });

  it('pages the list oldest first through a cursor', async () => {
    const author = await server.member();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const post = await hiddenPost(author, `sayfalı ${i}`);
      ids.push((await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'not' })).body.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { id: number }[]; nextCursor: string | null } } = await admin.client.get(
        `/api/admin/appeals?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.body.items.map((a) => a.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen).toEqual(expect.arrayContaining(ids));
  });

  it('upheld: the item is shown again, the author told, the decision audited with role and note; decided once', async () => {
    const author = await server.member();
    const post = await hiddenPost(author);
    const appeal = (await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'haksız gizlendi' })).body;
    expect(await visible(post.id)).toBe(false);

    const res = await moderator.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'upheld', note: 'Haklısınız.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'upheld', decisionNote: 'Haklısınız.' });
    expect(await visible(post.id)).toBe(true);

    const [notice] = await notifications(author);
    expect(notice).toMatchObject({ type: 'appeal', title: 'İtirazınız kabul edildi', message: 'Gönderiniz yeniden gösteriliyor. Not: Haklısınız.' });
    expect((await auditOf('appeal.uphold', appeal.id))[0]).toMatchObject({ actor_id: moderator.user.id, actor_role: 'moderator', reason: 'Haklısınız.' });
    expect((await auditOf('post.restore', post.id))[0]).toMatchObject({ actor_id: moderator.user.id, actor_role: 'moderator' });
    expect((await notifications(author)).find((n) => n.type === 'moderation')?.appeal?.status).toBe('upheld');

    const twice = await moderator.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'rejected' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('appeal_closed');
    expect((await moderator.client.post('/api/admin/appeals/999999/decide', { outcome: 'rejected' })).body.code).toBe('appeal_not_found');
    expect((await author.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'upheld' })).status).toBe(403);
  });

  it('rejected: the item stays hidden and the author is told', async () => {
    const author = await server.member();
    const post = await hiddenPost(author);
    const appeal = (await author.client.post('/api/appeals', { targetType: 'post', targetId: post.id, note: 'bence uygun' })).body;
    const res = await admin.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'rejected', note: 'Reklam içeriyor.' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(await visible(post.id)).toBe(false);
    const [notice] = await notifications(author);
    expect(notice).toMatchObject({ type: 'appeal', title: 'İtirazınız reddedildi', message: 'Gönderiniz gizli kalacak. Not: Reklam içeriyor.' });
    expect((await auditOf('appeal.reject', appeal.id))[0]).toMatchObject({ actor_id: admin.user.id, actor_role: 'admin', reason: 'Reklam içeriyor.' });
    const bad = await admin.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'belki' });
    expect(bad.status).toBe(400);
  });

  it('an item the community hid: appealed by its author, upheld, shown again with the community hide forgotten', async () => {
    const author = await server.member();
    const comment = (
      await author.client.post(`/api/posts/${(await author.client.post('/api/posts', { content: 'gönderi' })).body.id}/comments`, {
        content: 'tartışmalı yorum',
      })
    ).body;
    for (let i = 0; i < 3; i++) {
      const r = await server.member();
      expect((await r.client.post('/api/reports', { targetType: 'comment', targetId: comment.id, reason: 'hakaret' })).status).toBe(201);
    }
    expect(await server.ctx.db('community_hides').where({ target_type: 'comment', target_id: comment.id }).first()).toBeTruthy();
    const notice = (await notifications(author)).find((n) => n.type === 'moderation');
    expect(notice?.appeal).toEqual({ targetType: 'comment', targetId: comment.id, status: null });
    const appeal = (await author.client.post('/api/appeals', { targetType: 'comment', targetId: comment.id, note: 'hakaret yok' })).body;
    expect((await moderator.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'upheld' })).status).toBe(200);
    expect(Boolean((await server.ctx.db('comments').where({ id: comment.id }).first('is_hidden')).is_hidden)).toBe(false);
    expect(await server.ctx.db('community_hides').where({ target_type: 'comment', target_id: comment.id }).first()).toBeUndefined();
  });
});

describe('appealing a suspension', () => {
  const credentials = (m: Member) => ({ username: m.user.username, password: STRONG_PASSWORD });

  it('a suspended member appeals from the sign-in form with name and password, once; upheld lifts the suspension', async () => {
    const member = await server.member();
    expect((await moderator.client.post(`/api/admin/users/${member.user.id}/suspend`, { days: 7, reason: 'spam' })).status).toBe(200);
    const refused = await server.client().post('/api/auth/login', credentials(member));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_suspended');

    const wrong = await server.client().post('/api/auth/suspension-appeal', { ...credentials(member), password: 'Yanlis.Sifre9', note: 'spam yapmadım' });
    expect(wrong.status).toBe(401);
    const anon = server.client();
    const res = await anon.post('/api/auth/suspension-appeal', { ...credentials(member), note: 'Spam yapmadım, yanlışlık olmalı.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ targetType: 'suspension', targetId: member.user.id, status: 'open' });
    // No session comes with it.
    expect((await anon.get('/api/auth/session')).body.user).toBeNull();
    const again = await server.client().post('/api/auth/suspension-appeal', { ...credentials(member), note: 'tekrar' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('appeal_exists');

    const list = (await moderator.client.get('/api/admin/appeals?limit=100')).body.items;
    expect(list.find((a: { id: number }) => a.id === res.body.id)).toMatchObject({ kind: 'appeal', targetType: 'suspension', stillInForce: true, text: null });
    expect((await moderator.client.post(`/api/admin/appeals/${res.body.id}/decide`, { outcome: 'upheld', note: 'Kaldırıldı.' })).status).toBe(200);
    expect((await auditOf('user.unsuspend', member.user.id))[0]).toMatchObject({ actor_id: moderator.user.id, actor_role: 'moderator' });

    const back = server.client();
    expect((await back.post('/api/auth/login', credentials(member))).status).toBe(200);
    const items = (await back.get('/api/notifications')).body;
    expect(items[0]).toMatchObject({ type: 'appeal', title: 'İtirazınız kabul edildi', message: 'Hesabınızın askısı kaldırıldı. Not: Kaldırıldı.' });
  });

  it('rejected keeps the suspension; a member who is not suspended has nothing to appeal', async () => {
    const member = await server.member();
    const free = await server.client().post('/api/auth/suspension-appeal', { ...credentials(member), note: 'askıda değilim' });
    expect(free.status).toBe(409);
    expect(free.body.code).toBe('not_suspended');

    expect((await admin.client.post(`/api/admin/users/${member.user.id}/suspend`, { days: 1, reason: 'hakaret' })).status).toBe(200);
    const appeal = (await server.client().post('/api/auth/suspension-appeal', { ...credentials(member), note: 'özür dilerim' })).body;
    expect((await moderator.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'rejected', note: 'Süre dolsun.' })).status).toBe(200);
    expect((await server.client().post('/api/auth/login', credentials(member))).status).toBe(403);
    const row = await server.ctx.db('notifications').where({ user_id: member.user.id, type: 'appeal' }).first();
    expect(row).toMatchObject({ title: 'İtirazınız reddedildi', message: 'Hesabınızın askısı sürüyor. Not: Süre dolsun.' });
  });
});

describe('moderation leftovers', () => {
  it('a site moderator sets a member’s trust level through the API, audited in their role', async () => {
    const member = await server.member({ trustLevel: 0 });
    const res = await moderator.client.put(`/api/admin/users/${member.user.id}/trust-level`, { level: 1, reason: 'tanıdık komşu' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: member.user.id, trustLevel: 1 });
    expect((await auditOf('user.trust_level', member.user.id))[0]).toMatchObject({
      actor_id: moderator.user.id,
      actor_role: 'moderator',
      reason: 'tanıdık komşu',
    });
    expect((await member.client.put(`/api/admin/users/${moderator.user.id}/trust-level`, { level: 2, reason: 'x' })).status).toBe(403);
  });

  it('a moderator restoring an item the community hid clears its community hide', async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'topluluk gizleyecek' })).body;
    for (let i = 0; i < 3; i++) {
      const r = await server.member();
      expect((await r.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'spam' })).status).toBe(201);
    }
    expect(await visible(post.id)).toBe(false);
    expect((await moderator.client.post(`/api/admin/moderation/post/${post.id}/restore`, { reason: 'sorun yok' })).status).toBe(200);
    expect(await visible(post.id)).toBe(true);
    expect(await server.ctx.db('community_hides').where({ target_type: 'post', target_id: post.id }).first()).toBeUndefined();
  });

  it("a group's moderators hide and show its events, audited in their group role; nothing outside the group", async () => {
    const founder = await server.member();
    const groupModerator = await server.member();
    const plain = await server.member();
    const slug = (await founder.client.post('/api/hobby-groups', { name: `Etkinlik Grubu ${founder.user.id}`, description: 'Grup etkinlikleri.' })).body.slug;
    for (const m of [groupModerator, plain]) expect((await m.client.post(`/api/hobby-groups/${slug}/join`)).status).toBeLessThan(300);
    expect((await founder.client.put(`/api/hobby-groups/${slug}/members/${groupModerator.user.id}/role`, { role: 'moderator' })).status).toBe(200);
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const event = (await plain.client.post(`/api/hobby-groups/${slug}/events`, { title: 'Piknik', date, location: 'Park' })).body;
    const listed = async () => ((await plain.client.get(`/api/hobby-groups/${slug}/events`)).body as { id: number }[]).map((e) => e.id);
    expect(await listed()).toContain(event.id);

    expect((await plain.client.post(`/api/hobby-groups/events/${event.id}/hide`, { reason: 'yok' })).status).toBe(403);
    const hide = await groupModerator.client.post(`/api/hobby-groups/events/${event.id}/hide`, { reason: 'Grup konusu dışında' });
    expect(hide.status).toBe(200);
    expect(hide.body).toEqual({ id: event.id, isHidden: true });
    expect(await listed()).not.toContain(event.id);
    expect((await auditOf('group_event.hide', event.id))[0]).toMatchObject({
      actor_id: groupModerator.user.id,
      actor_role: 'group_moderator',
      reason: 'Grup konusu dışında',
    });
    expect((await groupModerator.client.post(`/api/hobby-groups/events/${event.id}/restore`, { reason: 'Tamam' })).status).toBe(200);
    expect(await listed()).toContain(event.id);

    // Another group's event: the group moderator is nobody there.
    const owner = await server.member();
    const otherSlug = (await owner.client.post('/api/hobby-groups', { name: `Başka Grup ${owner.user.id}`, description: 'Başka bir grubun etkinlikleri.' }))
      .body.slug;
    const other = (await owner.client.post(`/api/hobby-groups/${otherSlug}/events`, { title: 'Konser', date, location: 'Salon' })).body;
    expect((await groupModerator.client.post(`/api/hobby-groups/events/${other.id}/hide`, { reason: 'deneme' })).status).toBe(403);
    expect((await groupModerator.client.post('/api/hobby-groups/events/999999/hide', { reason: 'deneme' })).status).toBe(404);
    expect((await moderator.client.post(`/api/hobby-groups/events/${other.id}/hide`, { reason: 'site moderatörü' })).status).toBe(200);
  });
});
