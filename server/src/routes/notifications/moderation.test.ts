import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Member, type TestServer } from '../../test/harness';

let server: TestServer;
let admin: Member;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

interface Note {
  type: string;
  title: string;
  message: string;
  relatedPostId: number | null;
  relatedUserId: number | null;
  contentRemoved: boolean;
}
const notes = async (m: Member) => (await m.client.get('/api/notifications')).body as Note[];
const moderation = async (m: Member) => (await notes(m)).filter((n) => n.type === 'moderation');

describe('an author is told when an admin removes or hides their content', () => {
  it("a post deleted from the feed by an admin: the reason and the post's words, pointing nowhere", async () => {
    const author = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'Satılık bisiklet, ucuza! #ilan' })).body;
    const res = await admin.client.delete(`/api/posts/${post.id}?reason=${encodeURIComponent('Ticari ilanlar akışta yasak')}`);
    expect(res.status).toBe(200);
    const [n] = await moderation(author);
    expect(n).toMatchObject({
      type: 'moderation',
      title: 'Gönderiniz yönetim tarafından kaldırıldı',
      message: 'Gönderiniz yönetim tarafından kaldırıldı: "Satılık bisiklet, ucuza! #ilan". Gerekçe: Ticari ilanlar akışta yasak',
      relatedPostId: null,
      relatedUserId: null,
      contentRemoved: false,
    });
    expect((await author.client.get('/api/notifications/unread-count')).body).toEqual({ count: 1 });

    // Without a reason the author still learns why in general terms.
    const second = (await author.client.post('/api/posts', { content: 'ikinci gönderi' })).body;
    expect((await admin.client.delete(`/api/posts/${second.id}`)).status).toBe(200);
    expect((await moderation(author))[0]?.message).toBe(
      'Gönderiniz yönetim tarafından kaldırıldı: "ikinci gönderi". Gerekçe: Topluluk kurallarına aykırı bulundu.',
    );
  });

  it('nobody is told about deleting their own post, and a reason over the limit is refused with nothing deleted', async () => {
    const author = await server.member();
    const own = (await author.client.post('/api/posts', { content: 'kendi gönderim' })).body;
    expect((await author.client.delete(`/api/posts/${own.id}`)).status).toBe(200);
    const adminsOwn = (await admin.client.post('/api/posts', { content: 'yöneticinin gönderisi' })).body;
    expect((await admin.client.delete(`/api/posts/${adminsOwn.id}`)).status).toBe(200);
    expect(await moderation(author)).toEqual([]);
    expect(await moderation(admin)).toEqual([]);

    const post = (await author.client.post('/api/posts', { content: 'duruyor' })).body;
    const tooLong = await admin.client.delete(`/api/posts/${post.id}?reason=${'x'.repeat(501)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ error: 'Gerekçe en fazla 500 karakter olabilir', code: 'validation_failed' });
    expect((await author.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect(await moderation(author)).toEqual([]);
  });

  it("a report resolved by hiding: the author is told with the admin's note, and older notifications say the content was removed", async () => {
    const author = await server.member();
    const fan = await server.member();
    const reporter = await server.member();
    const post = (await author.client.post('/api/posts', { content: 'Kaba bir gönderi' })).body;
    await fan.client.post(`/api/posts/${post.id}/like`);
    const [like] = await notes(author);
    expect(like).toMatchObject({ type: 'like', relatedPostId: post.id, contentRemoved: false });

    const report = (await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'hakaret' })).body;
    expect((await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { action: 'hide', note: 'Hakaret içeriyor' })).status).toBe(200);

    const list = await notes(author);
    expect(list[0]).toMatchObject({
      type: 'moderation',
      title: 'Gönderiniz yönetim tarafından gizlendi',
      message: 'Gönderiniz yönetim tarafından gizlendi: "Kaba bir gönderi". Gerekçe: Hakaret içeriyor',
      relatedPostId: null,
    });
    // The like notification still names the post, and now says it is gone instead of leading to 'not found'.
    expect(list.find((n) => n.type === 'like')).toMatchObject({ relatedPostId: post.id, contentRemoved: true });
    // The reporter's words are not passed on to the author.
    expect(list[0]?.message).not.toContain('hakaret');
    expect(await moderation(reporter)).toEqual([]);
  });

  it('a reported comment deleted, and posts removed from the workspace one by one, in bulk and in groups', async () => {
    const author = await server.member();
    const reporter = await server.member();
    const host = (await reporter.client.post('/api/posts', { content: 'ev sahibi gönderi' })).body;
    const comment = (await author.client.post(`/api/posts/${host.id}/comments`, { content: 'kötü yorum' })).body;
    const report = (await reporter.client.post('/api/reports', { targetType: 'comment', targetId: comment.id, reason: 'spam' })).body;
    expect((await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { action: 'delete' })).status).toBe(200);
    expect((await moderation(author))[0]?.message).toBe('Yorumunuz yönetim tarafından kaldırıldı: "kötü yorum". Gerekçe: Topluluk kurallarına aykırı bulundu.');

    const one = (await author.client.post('/api/posts', { content: 'tek tek' })).body;
    expect((await admin.client.delete(`/api/admin/content/post/${one.id}?reason=Tekrar`)).status).toBe(200);
    const a = (await author.client.post('/api/posts', { content: 'toplu bir' })).body;
    const b = (await author.client.post('/api/posts', { content: 'toplu iki' })).body;
    expect((await admin.client.post('/api/admin/content/bulk-delete', { kind: 'post', ids: [a.id, b.id], reason: 'Spam' })).status).toBe(200);

    const slug = (await author.client.post('/api/hobby-groups', { name: `Moderasyon ${author.user.id}`, description: 'Moderasyon deneme grubu.' })).body.slug;
    const groupPost = (await author.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'grup içi ilan' })).body;
    expect((await admin.client.delete(`/api/hobby-groups/posts/${groupPost.id}?reason=${encodeURIComponent('Konu dışı')}`)).status).toBe(200);

    const messages = (await moderation(author)).map((n) => n.message);
    expect(messages.slice(0, 4)).toEqual([
      'Grup gönderiniz yönetim tarafından kaldırıldı: "grup içi ilan". Gerekçe: Konu dışı',
      'Gönderiniz yönetim tarafından kaldırıldı: "toplu iki". Gerekçe: Spam',
      'Gönderiniz yönetim tarafından kaldırıldı: "toplu bir". Gerekçe: Spam',
      'Gönderiniz yönetim tarafından kaldırıldı: "tek tek". Gerekçe: Tekrar',
    ]);
    // The founder deleting their own group post tells nobody.
    const mine = (await author.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'kendi grup gönderim' })).body;
    expect((await author.client.delete(`/api/hobby-groups/posts/${mine.id}`)).status).toBe(200);
    expect(await moderation(author)).toHaveLength(5);
  });
});
