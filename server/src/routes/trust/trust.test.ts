import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_DEFAULTS } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer } from '../../test/harness';
import { makePng } from '../../test/media';

/** Trust levels (new members' limits, promotion, an admin's hand) and items hidden by the community's reports. */

let server: TestServer;
let admin: Member;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

const DAY = 24 * 3600 * 1000;
const links = (n: number) => Array.from({ length: n }, (_, i) => `https://ornek${i}.com/sayfa`).join(' ');

function imageForm(content: string) {
  const fd = new FormData();
  fd.append('content', content);
  fd.append('image', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'a.png');
  return fd;
}

/** Moves a member's account (and what they shared) back in time, as if they had joined days ago. */
async function ageAccount(id: number, days: number) {
  const then = new Date(Date.now() - days * DAY).toISOString();
  await server.ctx.db('users').where({ id }).update({ created_at: then });
  await server.ctx.db('posts').where({ author_id: id }).update({ created_at: then });
}

async function levelOf(id: number): Promise<number> {
  return Number((await server.ctx.db('users').where({ id }).first('trust_level')).trust_level);
}

async function auditOf(action: string, targetId: number | string) {
  return server.ctx
    .db('audit_log')
    .where({ action, target_id: String(targetId) })
    .orderBy('id');
}

async function setSettings(body: object) {
  const res = await admin.client.put('/api/admin/trust-settings', body);
  expect(res.status).toBe(200);
  return res.body;
}

describe('a new member (level 0)', () => {
  it('puts at most 2 links and 5 mentions in a post or a comment', async () => {
    const fresh = await server.member({ trustLevel: 0 });
    expect((await fresh.client.post('/api/posts', { content: `iki bağlantı ${links(2)}` })).status).toBe(201);
    const tooMany = await fresh.client.post('/api/posts', { content: `üç bağlantı ${links(3)}` });
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.code).toBe('trust_links');
    expect(tooMany.body.error).toBe('Yeni üyeler bir paylaşımda en fazla 2 bağlantı verebilir. Üyeliğin ilerleyince bu sınır kalkar.');

    const names = Array.from({ length: 6 }, (_, i) => `@kisi${i}`).join(' ');
    const mentions = await fresh.client.post('/api/posts', { content: `merhaba ${names}` });
    expect(mentions.status).toBe(403);
    expect(mentions.body.code).toBe('trust_mentions');
    expect(mentions.body.error).toContain('en fazla 5 kişiyi');

    const post = (await fresh.client.post('/api/posts', { content: 'düz metin' })).body;
    const comment = await fresh.client.post(`/api/posts/${post.id}/comments`, { content: `yorum ${links(3)}` });
    expect(comment.status).toBe(403);
    expect(comment.body.code).toBe('trust_links');
    // A member (level 1) meets none of it.
    const member = await server.member();
    expect((await member.client.post('/api/posts', { content: `${links(5)} ${names}` })).status).toBe(201);
  });

  it('shares no image in the first 24 hours, and says when it can', async () => {
    const fresh = await server.member({ trustLevel: 0 });
    const res = await fresh.client.postForm('/api/posts', imageForm('ilk görselim'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('trust_images');
    expect(res.body.error).toBe('Yeni üyeler ilk 24 saatte görsel paylaşamaz; 24 saat sonra paylaşabilirsin.');
    await server.ctx
      .db('users')
      .where({ id: fresh.user.id })
      .update({ created_at: new Date(Date.now() - 10 * 3600 * 1000).toISOString() });
    expect((await fresh.client.postForm('/api/posts', imageForm('ilk görselim'))).body.error).toContain('14 saat sonra');
    await server.ctx
      .db('users')
      .where({ id: fresh.user.id })
      .update({ created_at: new Date(Date.now() - 25 * 3600 * 1000).toISOString() });
    expect((await fresh.client.postForm('/api/posts', imageForm('ilk görselim'))).status).toBe(201);
  });

  it('shares at most 10 posts and comments in 24 hours (429 with Retry-After)', async () => {
    const fresh = await server.member({ trustLevel: 0 });
    const first = (await fresh.client.post('/api/posts', { content: 'gönderi 1' })).body;
    for (let i = 2; i <= 9; i++) expect((await fresh.client.post('/api/posts', { content: `gönderi ${i}` })).status).toBe(201);
    expect((await fresh.client.post(`/api/posts/${first.id}/comments`, { content: 'onuncu: bir yorum' })).status).toBe(201);
    const eleventh = await fresh.client.post('/api/posts', { content: 'gönderi 11' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe('trust_daily_posts');
    expect(eleventh.body.error).toBe('Yeni üyeler 24 saatte en fazla 10 gönderi ve yorum paylaşabilir; 24 saat sonra yeniden paylaşabilirsin.');
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  });

  it('sees their level, what it limits and what the next level needs', async () => {
    const fresh = await server.member({ trustLevel: 0 });
    await fresh.client.post('/api/posts', { content: 'bir' });
    const res = await fresh.client.get('/api/users/me/trust');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ level: 0, name: 'Yeni üye', next: { level: 1, name: 'Üye', daysLeft: 2, postsLeft: 2, upheldReport: false } });
    expect(res.body.restrictions).toHaveLength(4);
    expect(res.body.next.summary).toContain('en az 2 günlük');
    expect((await server.client().get('/api/users/me/trust')).status).toBe(401);
  });
});

describe('promotion', () => {
  it('makes a member of level 1 on their next write after 2 days, 3 items and no upheld report; level 2 after 30 days and 30 items', async () => {
    const fresh = await server.member({ trustLevel: 0 });
    for (let i = 0; i < 3; i++) await fresh.client.post('/api/posts', { content: `katkı ${i}` });
    await ageAccount(fresh.user.id, 1);
    expect((await fresh.client.post('/api/posts', { content: links(3) })).status).toBe(403); // one day is not two
    await ageAccount(fresh.user.id, 3);
    expect((await fresh.client.post('/api/posts', { content: links(3) })).status).toBe(201);
    expect(await levelOf(fresh.user.id)).toBe(1);
    const auto = await auditOf('user.trust_level', fresh.user.id);
    expect(auto).toHaveLength(1);
    expect(auto[0]).toMatchObject({ actor_id: null, actor_username: 'trust' });
    expect(JSON.parse(auto[0].after)).toEqual({ trustLevel: 1, reason: 'auto' });
    expect((await fresh.client.get('/api/users/me/trust')).body).toMatchObject({ level: 1, restrictions: [], next: { level: 2, postsLeft: 26 } });

    await ageAccount(fresh.user.id, 31);
    const rows = Array.from({ length: 26 }, (_, i) => ({ author_id: fresh.user.id, content: `eski ${i}`, type: 'text', category_id: 1 }));
    await server.ctx.db('posts').insert(rows);
    await fresh.client.post('/api/posts', { content: 'otuz birinci' });
    expect(await levelOf(fresh.user.id)).toBe(2);
    expect((await fresh.client.get('/api/users/me/trust')).body).toMatchObject({ level: 2, name: 'Güvenilir üye', next: null });
  });

  it('waits while a report about the member was upheld', async () => {
    const fresh = await server.member({ trustLevel: 0 });
    const reporter = await server.member();
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push((await fresh.client.post('/api/posts', { content: `katkı ${i}` })).body);
    const report = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: posts[0].id, reason: 'spam' })).body;
    expect((await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { note: 'haklı', action: 'none' })).status).toBe(200);
    await ageAccount(fresh.user.id, 5);
    const refused = await fresh.client.post('/api/posts', { content: links(3) });
    expect(refused.body.code).toBe('trust_links');
    expect(await levelOf(fresh.user.id)).toBe(0);
    expect((await fresh.client.get('/api/users/me/trust')).body.next).toMatchObject({ daysLeft: 0, postsLeft: 0, upheldReport: true });
  });
});

describe('setting a level by hand', () => {
  it('is for admins, audited with the reason, never one’s own, and promotion leaves it alone', async () => {
    const member = await server.member();
    const other = await server.member();
    const byMember = await other.client.put(`/api/admin/users/${member.user.id}/trust-level`, { level: 2, reason: 'deneme' });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe('forbidden');
    expect((await server.client().put(`/api/admin/users/${member.user.id}/trust-level`, { level: 2, reason: 'deneme' })).status).toBe(401);
    expect((await admin.client.put(`/api/admin/users/${admin.user.id}/trust-level`, { level: 0, reason: 'deneme' })).status).toBe(403);
    expect((await admin.client.put(`/api/admin/users/${member.user.id}/trust-level`, { level: 3, reason: 'deneme' })).status).toBe(400);
    expect((await admin.client.put('/api/admin/users/999999/trust-level', { level: 1, reason: 'deneme' })).status).toBe(404);
    // A reason is required: the audit log keeps why a level was set by hand.
    for (const body of [{ level: 1 }, { level: 1, reason: '   ' }]) {
      const res = await admin.client.put(`/api/admin/users/${member.user.id}/trust-level`, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Seviyeyi neden değiştirdiğinizi yazın');
    }
    expect(await levelOf(member.user.id)).toBe(1);

    const res = await admin.client.put(`/api/admin/users/${member.user.id}/trust-level`, { level: 0, reason: 'bağlantı yağmuru' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: member.user.id, trustLevel: 0 });
    const entry = (await auditOf('user.trust_level', member.user.id)).at(-1);
    expect(entry).toMatchObject({ actor_id: admin.user.id });
    expect(JSON.parse(entry.before)).toEqual({ trustLevel: 1 });
    expect(JSON.parse(entry.after)).toEqual({ trustLevel: 0, reason: 'bağlantı yağmuru' });

    for (let i = 0; i < 3; i++) await member.client.post('/api/posts', { content: `katkı ${i}` });
    await ageAccount(member.user.id, 40);
    expect((await member.client.post('/api/posts', { content: links(3) })).body.code).toBe('trust_links');
    expect(await levelOf(member.user.id)).toBe(0);
  });
});

describe("the organiser's settings", () => {
  it('are admin-only, validated, audited, and take effect at once', async () => {
    const member = await server.member();
    expect((await member.client.get('/api/admin/trust-settings')).status).toBe(403);
    expect((await member.client.put('/api/admin/trust-settings', { newMemberMaxLinks: 9 })).status).toBe(403);
    expect((await admin.client.get('/api/admin/trust-settings')).body).toEqual(TRUST_DEFAULTS);
    expect((await admin.client.put('/api/admin/trust-settings', { newMemberMaxLinks: -1 })).status).toBe(400);

    const changed = await setSettings({ newMemberMaxLinks: 0 });
    expect(changed).toEqual({ ...TRUST_DEFAULTS, newMemberMaxLinks: 0 });
    const fresh = await server.member({ trustLevel: 0 });
    const refused = await fresh.client.post('/api/posts', { content: links(1) });
    expect(refused.body.code).toBe('trust_links');
    expect(refused.body.error).toContain('en fazla 0 bağlantı');
    const entry = (await auditOf('settings.update', 'trust')).at(-1);
    expect(entry).toMatchObject({ actor_id: admin.user.id, target_type: 'site_settings', target_id: 'trust' });
    expect(JSON.parse(entry.before).newMemberMaxLinks).toBe(2);
    expect(JSON.parse(entry.after).newMemberMaxLinks).toBe(0);
    await setSettings(TRUST_DEFAULTS);
    expect((await fresh.client.post('/api/posts', { content: links(1) })).status).toBe(201);
  });
});

describe('hidden by the community', () => {
  async function reportPost(reporters: Member[], postId: number) {
    for (const r of reporters) expect((await r.client.post('/api/reports', { targetType: 'post', targetId: postId, reason: 'uygunsuz' })).status).toBe(201);
  }
  const visible = async (postId: number) => (await server.client().get(`/api/posts/${postId}`)).status === 200;
  async function dismissAll(targetType: string, targetId: number) {
    const open = await server.ctx.db('reports').where({ target_type: targetType, target_id: targetId, status: 'open' }).select('id');
    for (const r of open) expect((await admin.client.post(`/api/admin/reports/${r.id}/dismiss`, { note: 'yersiz' })).status).toBe(200);
  }

  it('hides a post once three members report it, tells its author, and brings it back when the reports are dismissed', async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'tartışmalı bir gönderi #mahalle' })).body;
    const reporters = [await server.member(), await server.member(), await server.member()];
    await reportPost(reporters.slice(0, 2), post.id);
    expect(await visible(post.id)).toBe(true);
    await reportPost(reporters.slice(2), post.id);
    expect(await visible(post.id)).toBe(false);
    expect(await server.ctx.db('community_hides').where({ target_type: 'post', target_id: post.id }).first()).toBeTruthy();
    const notes = (await author.client.get('/api/notifications')).body;
    expect(JSON.stringify(notes)).toContain('Birkaç üyenin şikayeti üzerine incelenene kadar gizlendi');
    expect((await auditOf('post.hide', post.id))[0]).toMatchObject({ actor_id: null, actor_username: 'community' });

    await dismissAll('post', post.id);
    expect(await visible(post.id)).toBe(true);
    expect((await auditOf('post.restore', post.id))[0]).toMatchObject({ actor_id: admin.user.id });
    expect(await server.ctx.db('community_hides').where({ target_type: 'post', target_id: post.id }).first()).toBeUndefined();
  });

  it('keeps the item hidden when a moderator upholds a report', async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'gerçekten kötü' })).body;
    await reportPost([await server.member(), await server.member(), await server.member()], post.id);
    const [first] = await server.ctx.db('reports').where({ target_type: 'post', target_id: post.id, status: 'open' }).orderBy('id').select('id');
    expect((await admin.client.post(`/api/admin/reports/${first.id}/resolve`, { note: 'haklı', action: 'none' })).status).toBe(200);
    await dismissAll('post', post.id);
    expect(await visible(post.id)).toBe(false);
  });

  it('hides a comment the same way', async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'gönderi' })).body;
    const comment = (await author.client.post(`/api/posts/${post.id}/comments`, { content: 'kötü yorum' })).body;
    for (let i = 0; i < 3; i++) {
      const r = await server.member();
      expect((await r.client.post('/api/reports', { targetType: 'comment', targetId: comment.id, reason: 'hakaret' })).status).toBe(201);
    }
    expect(Boolean((await server.ctx.db('comments').where({ id: comment.id }).first('is_hidden')).is_hidden)).toBe(true);
    await dismissAll('comment', comment.id);
    expect(Boolean((await server.ctx.db('comments').where({ id: comment.id }).first('is_hidden')).is_hidden)).toBe(false);
  });

  it('weighs reporters by level: new members half, trusted members one and a half (organiser settings)', async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'bir gönderi' })).body;
    const fresh = [];
    for (let i = 0; i < 5; i++) fresh.push(await server.member({ trustLevel: 0 }));
    await reportPost(fresh, post.id); // 2.5
    expect(await visible(post.id)).toBe(true);
    await reportPost([await server.member({ trustLevel: 0 })], post.id); // 3
    expect(await visible(post.id)).toBe(false);

    const second = (await author.client.post('/api/posts', { content: 'başka bir gönderi' })).body;
    await reportPost([await server.member({ trustLevel: 2 }), await server.member({ trustLevel: 2 })], second.id); // 3
    expect(await visible(second.id)).toBe(false);

    await setSettings({ hideThreshold: 5 });
    const third = (await author.client.post('/api/posts', { content: 'üçüncü gönderi' })).body;
    await reportPost([await server.member({ trustLevel: 2 }), await server.member({ trustLevel: 2 }), await server.member({ trustLevel: 2 })], third.id); // 4.5
    expect(await visible(third.id)).toBe(true);
    await setSettings(TRUST_DEFAULTS);
  });

  it('counts a reporter whose reports were dismissed again and again for less: half after 3 in 30 days', async () => {
    const author = await server.member();
    const serial = await server.member();
    for (let i = 0; i < 3; i++) {
      const p = (await author.client.post('/api/posts', { content: `masum ${i}` })).body;
      await reportPost([serial], p.id);
      await dismissAll('post', p.id);
    }
    const post = (await author.client.post('/api/posts', { content: 'yine masum' })).body;
    await reportPost([serial, await server.member(), await server.member()], post.id); // 0.5 + 1 + 1
    expect(await visible(post.id)).toBe(true);
    await reportPost([await server.member()], post.id);
    expect(await visible(post.id)).toBe(false);

    // Dismissals older than the window no longer count.
    await server.ctx
      .db('reports')
      .where({ reporter_id: serial.user.id, status: 'dismissed' })
      .update({ resolved_at: new Date(Date.now() - 31 * DAY).toISOString() });
    const next = (await author.client.post('/api/posts', { content: 'son masum' })).body;
    await reportPost([serial, await server.member(), await server.member()], next.id);
    expect(await visible(next.id)).toBe(false);
  });
});
