import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type Member, type TestServer, ok } from '../../test/harness';

/**
 * "Onaya gönder" on every kind a watched word holds (services/held-items), over HTTP on SQLite
 * and PostgreSQL: the item is saved but only its author sees it (marked pending), it counts
 * nowhere and notifies no one, it enters the queue as an approval; approving publishes it (the
 * count and the notification come then), rejecting keeps it hidden, and undo holds it again.
 */

let server: TestServer;
let admin: Member;
let moderator: Member;

/** A list answers its items as an array (the cursor in a header) or as `{ items }`. */
const itemsOf = (res: ApiResponse): Item[] => {
  const body = ok(res);
  return Array.isArray(body) ? body : body.items;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  moderator = await server.member();
  ok(await admin.client.patch(`/api/admin/users/${moderator.user.id}`, { role: 'moderator' }));
  ok(await admin.client.post('/api/admin/watched-words', { word: 'patates', action: 'require_approval' }));
});
afterAll(async () => {
  await server?.close();
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** A dodged spelling of the held word, as a spammer would write it. */
const HELD = 'Ucuz p@t4tes burada';

interface Item {
  id: number;
  content?: string;
  pendingApproval?: boolean;
}

/** One kind a word holds: where it is written, listed and counted, and whom its writing notifies. */
interface Kind {
  type: 'post' | 'comment' | 'answer' | 'blog_comment' | 'group_post' | 'group_comment' | 'question' | 'event' | 'group_event';
  /** Makes a fresh parent owned by `owner` (a post, a question, a group...) that `author` may write under. */
  setup(owner: Member, author: Member): Promise<Record<string, string | number>>;
  create(author: Member, at: Record<string, string | number>, content: string): Promise<ApiResponse>;
  list(viewer: Member, at: Record<string, string | number>): Promise<Item[]>;
  /** The count readers see (comments, answers, a group's posts), or the owner's notifications for a post's mention. */
  count(viewer: Member, at: Record<string, string | number>): Promise<number>;
  /** The notification type the owner gets when the item is published (null: none). */
  notifies: string | null;
}

/** A group's own items, which its founder sees hidden or held too (as the group's moderator). */
const inGroup = (kind: Kind) => kind.type === 'group_post' || kind.type === 'group_event';

async function group(owner: Member, author: Member) {
  const slug = ok(await owner.client.post('/api/hobby-groups', { name: `Onay Grubu ${owner.user.id}`, description: 'Onay bekleyenler için.' })).slug as string;
  ok(await author.client.post(`/api/hobby-groups/${slug}/join`));
  return slug;
}

const KINDS: Kind[] = [
  {
    type: 'post',
    setup: async () => ({}),
    create: (author, _at, content) => author.client.post('/api/posts', { content }),
    list: async (viewer, at) => {
      const res = await viewer.client.get(`/api/posts/${at.id}`);
      return res.status === 200 ? [res.body] : [];
    },
    count: async (viewer) => Number((await server.ctx.db('notifications').where({ user_id: viewer.user.id, type: 'mention' }).count({ n: '*' }))[0]?.n ?? 0),
    notifies: 'mention',
  },
  {
    type: 'comment',
    setup: async (owner) => ({ postId: ok(await owner.client.post('/api/posts', { content: 'Yorumlanacak gönderi' })).id }),
    create: (author, at, content) => author.client.post(`/api/posts/${at.postId}/comments`, { content }),
    list: async (viewer, at) => itemsOf(await viewer.client.get(`/api/posts/${at.postId}/comments`)),
    count: async (viewer, at) => ok(await viewer.client.get(`/api/posts/${at.postId}`)).commentsCount,
    notifies: 'comment',
  },
  {
    type: 'answer',
    setup: async (owner) => ({ questionId: ok(await owner.client.post('/api/questions', { title: 'Pazar nerede kurulur?', content: 'Bilen var mı?' })).id }),
    create: (author, at, content) => author.client.post(`/api/questions/${at.questionId}/answers`, { content }),
    list: async (viewer, at) => itemsOf(await viewer.client.get(`/api/questions/${at.questionId}/answers`)),
    count: async (viewer, at) => ok(await viewer.client.get(`/api/questions/${at.questionId}`)).answersCount,
    notifies: 'answer',
  },
  {
    type: 'blog_comment',
    setup: async () => ({
      blogId: ok(
        await admin.client.post('/api/blog/posts', { title: `Blog yazısı ${Math.random().toString(36).slice(2, 8)}`, content: '<p>Yazı</p>', published: true }),
      ).id,
    }),
    create: (author, at, content) => author.client.post(`/api/blog/posts/${at.blogId}/comments`, { content }),
    list: async (viewer, at) => itemsOf(await viewer.client.get(`/api/blog/posts/${at.blogId}/comments`)),
    count: async (viewer, at) => ok(await viewer.client.get(`/api/blog/posts/${at.blogId}`)).commentsCount,
    notifies: null,
  },
  {
    type: 'group_post',
    setup: async (owner, author) => ({ slug: await group(owner, author) }),
    create: (author, at, content) => author.client.post(`/api/hobby-groups/${at.slug}/posts`, { content }),
    list: async (viewer, at) => itemsOf(await viewer.client.get(`/api/hobby-groups/${at.slug}/posts`)),
    count: async (viewer, at) => ok(await viewer.client.get(`/api/hobby-groups/${at.slug}`)).postCount,
    notifies: null,
  },
  {
    type: 'group_comment',
    setup: async (owner, author) => {
      const slug = await group(owner, author);
      return { slug, postId: ok(await owner.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'Grubun gönderisi' })).id };
    },
    create: (author, at, content) => author.client.post(`/api/hobby-groups/posts/${at.postId}/comments`, { content }),
    list: async (viewer, at) => itemsOf(await viewer.client.get(`/api/hobby-groups/posts/${at.postId}/comments`)),
    count: async (viewer, at) =>
      (itemsOf(await viewer.client.get(`/api/hobby-groups/${at.slug}/posts`)) as { id: number; commentsCount: number }[]).find((p) => p.id === at.postId)!
        .commentsCount,
    notifies: null,
  },
  {
    type: 'question',
    setup: async () => ({}),
    create: (author, _at, content) => author.client.post('/api/questions', { title: 'Pazar yeri sorusu', content }),
    list: async (viewer) => itemsOf(await viewer.client.get('/api/questions')),
    count: async (viewer) => ok(await viewer.client.get('/api/stats')).questions,
    notifies: null,
  },
  {
    type: 'event',
    setup: async () => ({}),
    create: (author, _at, content) => author.client.post('/api/events', { title: 'Mahalle buluşması', description: content, date: inDays(2) }),
    list: async (viewer) => itemsOf(await viewer.client.get('/api/events')),
    count: async (viewer) => ok(await viewer.client.get('/api/stats')).eventsThisWeek,
    notifies: null,
  },
  {
    type: 'group_event',
    setup: async (owner, author) => ({ slug: await group(owner, author) }),
    create: (author, at, content) =>
      author.client.post(`/api/hobby-groups/${at.slug}/events`, { title: 'Grup buluşması', description: content, date: inDays(3), location: 'Moda' }),
    list: async (viewer, at) => itemsOf(await viewer.client.get(`/api/hobby-groups/${at.slug}/events?limit=100`)),
    count: async (viewer, at) => ok(await viewer.client.get(`/api/hobby-groups/${at.slug}`)).eventCount,
    notifies: null,
  },
];

async function entryOf(type: string, id: number) {
  const page = ok(await moderator.client.get('/api/admin/queue?kind=approval&limit=100'));
  return page.items.find((e: { target: { type: string; id: number } }) => e.target.type === type && e.target.id === id) as
    { id: number; kind: string; target: { isHidden: boolean; preview: string }; author: { id: number } | null } | undefined;
}

const notices = async (owner: Member, type: string | null) =>
  type === null ? 0 : Number((await server.ctx.db('notifications').where({ user_id: owner.user.id, type }).count({ n: '*' }))[0]?.n ?? 0);

/** Writes the held item; for a post the owner is mentioned, so publishing has someone to notify. */
async function writeHeld(kind: Kind, owner: Member, author: Member, at: Record<string, string | number>) {
  const content = kind.type === 'post' ? `@${owner.user.username} ${HELD}` : HELD;
  const res = await kind.create(author, at, content);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.pendingApproval).toBe(true);
  if (kind.type === 'post') at.id = res.body.id;
  return res.body.id as number;
}

describe.each(KINDS.map((k) => [k.type, k] as const))('onaya gönder: %s', (_type, kind) => {
  it('is seen only by its author, marked pending; uncounted and unannounced; approved, it is published, counted and notified then', async () => {
    const [owner, author, reader] = [await server.member(), await server.member(), await server.member()];
    const at = await kind.setup(owner, author);
    if (at.slug) ok(await reader.client.post(`/api/hobby-groups/${at.slug}/join`));
    const countBefore = await kind.count(kind.type === 'post' ? owner : reader, at);
    const noticesBefore = await notices(owner, kind.notifies);
    const id = await writeHeld(kind, owner, author, at);

    // Nobody but the author sees it (and a group's founder, who moderates its posts and events); they see it marked.
    for (const viewer of inGroup(kind) ? [reader] : [reader, owner]) expect((await kind.list(viewer, at)).some((i) => i.id === id)).toBe(false);
    if (inGroup(kind)) expect((await kind.list(owner, at)).find((i) => i.id === id)?.pendingApproval).toBe(true);
    if (kind.type !== 'post') {
      const mine = (await kind.list(author, at)).find((i) => i.id === id);
      expect(mine?.pendingApproval).toBe(true);
    }
    expect(await kind.count(kind.type === 'post' ? owner : reader, at)).toBe(countBefore);
    expect(await notices(owner, kind.notifies)).toBe(noticesBefore);

    // In the queue as an approval, with its author and text.
    const entry = await entryOf(kind.type, id);
    expect(entry).toMatchObject({ kind: 'approval', target: { isHidden: true }, author: { id: author.user.id } });
    // A question or an event is previewed by its title.
    if (!['question', 'event', 'group_event'].includes(kind.type)) expect(entry!.target.preview).toContain('p@t4tes');

    const decided = await moderator.client.post(`/api/admin/queue/${entry!.id}/decide`, { action: 'approve', reason: '' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const shown = (await kind.list(reader, at)).find((i) => i.id === id) ?? (kind.type === 'post' ? (await kind.list(owner, at))[0] : undefined);
    expect(shown).toBeTruthy();
    expect(shown!.pendingApproval).toBeUndefined();
    expect((await kind.list(author, at)).find((i) => i.id === id)?.pendingApproval).toBeUndefined();
    if (kind.type !== 'post') expect(await kind.count(reader, at)).toBe(countBefore + 1);
    if (kind.notifies) expect(await notices(owner, kind.notifies)).toBe(noticesBefore + 1);
    const log = await server.ctx
      .db('audit_log')
      .where({ action: `${kind.type}.approve`, target_id: String(id) })
      .first();
    expect(log).toMatchObject({ actor_id: moderator.user.id, actor_role: 'moderator' });
  });

  it('rejected, it stays hidden and uncounted and its author is told; undo holds it again, and nothing was announced', async () => {
    const [owner, author, reader] = [await server.member(), await server.member(), await server.member()];
    const at = await kind.setup(owner, author);
    if (at.slug) ok(await reader.client.post(`/api/hobby-groups/${at.slug}/join`));
    const countBefore = await kind.count(kind.type === 'post' ? owner : reader, at);
    const noticesBefore = await notices(owner, kind.notifies);
    const id = await writeHeld(kind, owner, author, at);
    const entry = (await entryOf(kind.type, id))!;

    const decided = ok(await moderator.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'hide', reason: 'Reklam' }));
    for (const viewer of [reader, author]) expect((await kind.list(viewer, at)).some((i) => i.id === id)).toBe(false);
    // The group's founder still sees it, as a hidden item now (with a restore), no longer pending.
    if (inGroup(kind)) expect((await kind.list(owner, at)).find((i) => i.id === id)).toMatchObject({ isHidden: true });
    else expect((await kind.list(owner, at)).some((i) => i.id === id)).toBe(false);
    expect(await kind.count(kind.type === 'post' ? owner : reader, at)).toBe(countBefore);
    expect(await notices(owner, kind.notifies)).toBe(noticesBefore);
    const told = await server.ctx.db('notifications').where({ user_id: author.user.id, type: 'moderation' }).first('id');
    expect(told).toBeTruthy();

    // Undo puts it back on hold: the author sees it pending again, and it is queued again.
    ok(await moderator.client.post(`/api/admin/queue/actions/${decided.actionId}/undo`));
    if (kind.type !== 'post') expect((await kind.list(author, at)).find((i) => i.id === id)?.pendingApproval).toBe(true);
    expect(await entryOf(kind.type, id)).toMatchObject({ kind: 'approval' });

    // Approved after all (undo of the approval too): counted once, not twice.
    const approved = ok(await moderator.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve', reason: '' }));
    ok(await moderator.client.post(`/api/admin/queue/actions/${approved.actionId}/undo`));
    expect(await kind.count(kind.type === 'post' ? owner : reader, at)).toBe(countBefore);
    expect(await notices(owner, kind.notifies)).toBe(noticesBefore);
    ok(await moderator.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve', reason: '' }));
    if (kind.type !== 'post') expect(await kind.count(reader, at)).toBe(countBefore + 1);
    expect(await notices(owner, kind.notifies)).toBe(noticesBefore + (kind.notifies ? 1 : 0));
  });
});

describe('counts follow what is shown', () => {
  it('a hidden comment leaves the count and a restored one comes back; deleting either counts right', async () => {
    const [owner, author] = [await server.member(), await server.member()];
    const postId = ok(await owner.client.post('/api/posts', { content: 'Sayılacak gönderi' })).id;
    const a = ok(await author.client.post(`/api/posts/${postId}/comments`, { content: 'birinci' })).id;
    const b = ok(await author.client.post(`/api/posts/${postId}/comments`, { content: 'ikinci' })).id;
    const count = async () => ok(await owner.client.get(`/api/posts/${postId}`)).commentsCount;
    expect(await count()).toBe(2);
    ok(await moderator.client.post(`/api/admin/moderation/comment/${a}/hide`, { reason: 'Hakaret' }));
    expect(await count()).toBe(1);
    ok(await moderator.client.post(`/api/admin/moderation/comment/${a}/restore`, { reason: 'Yanlış' }));
    expect(await count()).toBe(2);
    ok(await moderator.client.post(`/api/admin/moderation/comment/${a}/hide`, { reason: 'Hakaret' }));
    ok(await author.client.delete(`/api/comments/${a}`));
    ok(await author.client.delete(`/api/comments/${b}`));
    expect(await count()).toBe(0);
  });
});

describe('a held or hidden question or event is not there for anyone but its author and moderators', () => {
  /** A word nobody else writes, so a search finds only this item. */
  const token = () => `kzv${Math.random().toString(36).slice(2, 9).replace(/\d/g, 'x')}`;
  const found = async (viewer: Member | null, q: string, type: string, path: string) => {
    const res = await (viewer ? viewer.client : server.client()).get(`/api/search?q=${encodeURIComponent(q)}&type=${type}`);
    expect(res.status).toBe(200);
    return (res.body.items as { path: string }[]).some((h) => h.path === path);
  };

  /** Reads each way a visitor, another member, the author and a moderator come to it; `shown` is what the others should get. */
  async function expectSeen(kind: Kind, author: Member, other: Member, id: number, word: string, shown: boolean) {
    const page = kind.type === 'question' ? `/api/questions/${id}` : `/api/events/${id}`;
    const path = kind.type === 'question' ? `/qa/question/${id}` : `/events/${id}`;
    const type = kind.type === 'question' ? 'questions' : 'events';
    for (const viewer of [null, other]) {
      const res = await (viewer ? viewer.client : server.client()).get(page);
      expect(res.status).toBe(shown ? 200 : 404);
      if (!shown) expect(res.body.code).toBe(`${kind.type}_not_found`);
      expect(await found(viewer, word, type, path)).toBe(shown);
    }
    expect((await kind.list(other, {})).some((i) => i.id === id)).toBe(shown);
    expect(itemsOf(await server.client().get(kind.type === 'question' ? '/api/questions' : '/api/events')).some((i) => i.id === id)).toBe(shown);
    // Its author and the moderators open it whatever its state.
    expect((await author.client.get(page)).status).toBe(200);
    expect((await moderator.client.get(page)).status).toBe(200);
  }

  it.each([
    ['question', KINDS.find((k) => k.type === 'question')!],
    ['event', KINDS.find((k) => k.type === 'event')!],
  ] as const)('%s: held, approved, hidden by a moderator, appealed and restored', async (_type, kind) => {
    const [author, other] = [await server.member(), await server.member()];
    const word = token();
    const res = await kind.create(author, {}, `${word} ${HELD}`);
    const heldId = res.body.id as number;
    expect(res.body.pendingApproval).toBe(true);

    await expectSeen(kind, author, other, heldId, word, false);
    expect((await author.client.get(kind.type === 'question' ? `/api/questions/${heldId}` : `/api/events/${heldId}`)).body.pendingApproval).toBe(true);
    expect((await kind.list(author, {})).find((i) => i.id === heldId)?.pendingApproval).toBe(true);
    // Nobody answers, votes on or joins what is not there; the author's own search does not find it either.
    if (kind.type === 'question') {
      const answer = await other.client.post(`/api/questions/${heldId}/answers`, { content: 'Cevabım' });
      expect([answer.status, answer.body.code]).toEqual([404, 'question_not_found']);
      expect((await other.client.post(`/api/questions/${heldId}/upvote`)).status).toBe(404);
      expect((await other.client.get(`/api/questions/${heldId}/answers`)).status).toBe(404);
    } else {
      const rsvp = await other.client.post(`/api/events/${heldId}/attend`);
      expect([rsvp.status, rsvp.body.code]).toEqual([404, 'event_not_found']);
      expect((await server.client().get(`/api/events/${heldId}/ics`)).status).toBe(404);
    }
    expect(
      await found(author, word, kind.type === 'question' ? 'questions' : 'events', kind.type === 'question' ? `/qa/question/${heldId}` : `/events/${heldId}`),
    ).toBe(false);

    const entry = (await entryOf(kind.type, heldId))!;
    ok(await moderator.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve', reason: '' }));
    await expectSeen(kind, author, other, heldId, word, true);
    if (kind.type === 'event') expect((await other.client.post(`/api/events/${heldId}/attend`)).body.isAttending).toBe(true);

    ok(await moderator.client.post(`/api/admin/moderation/${kind.type}/${heldId}/hide`, { reason: 'Yanıltıcı' }));
    await expectSeen(kind, author, other, heldId, word, false);
    expect((await author.client.get(kind.type === 'question' ? `/api/questions/${heldId}` : `/api/events/${heldId}`)).body.isHidden).toBe(true);
    if (kind.type === 'event') expect((await other.client.post(`/api/events/${heldId}/attend`)).status).toBe(404);
    const notice = ((await author.client.get('/api/notifications')).body as { type: string; appeal: { targetType: string; targetId: number } | null }[]).find(
      (n) => n.type === 'moderation' && n.appeal?.targetId === heldId,
    );
    expect(notice?.appeal?.targetType).toBe(kind.type);

    // Its author appeals once; upheld from the queue, it is shown again.
    expect((await other.client.post('/api/appeals', { targetType: kind.type, targetId: heldId, note: 'benim değil' })).status).toBe(403);
    const appeal = await author.client.post('/api/appeals', { targetType: kind.type, targetId: heldId, note: 'Kurallara uygundu.' });
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(201);
    const page = ok(await moderator.client.get('/api/admin/queue?kind=appeal&limit=100'));
    const appealEntry = page.items.find((e: { appeal: { id: number } | null }) => e.appeal?.id === appeal.body.id);
    expect(appealEntry.target).toMatchObject({ type: kind.type, id: heldId, link: kind.type === 'question' ? `/qa/question/${heldId}` : `/events/${heldId}` });
    ok(await moderator.client.post(`/api/admin/queue/${appealEntry.id}/decide`, { action: 'approve', reason: 'Haklısınız' }));
    await expectSeen(kind, author, other, heldId, word, true);
    // A moderator's hide and restore are audited against the author.
    ok(await moderator.client.post(`/api/admin/moderation/${kind.type}/${heldId}/hide`, { reason: 'Yine' }));
    ok(await moderator.client.post(`/api/admin/moderation/${kind.type}/${heldId}/restore`, { reason: 'Geri' }));
    await expectSeen(kind, author, other, heldId, word, true);
    const log = await server.ctx
      .db('audit_log')
      .where({ action: `${kind.type}.restore`, target_id: String(heldId) })
      .orderBy('id', 'desc')
      .first();
    expect(log).toMatchObject({ actor_id: moderator.user.id, subject_user_id: author.user.id });
  });

  it.each(['question', 'event'] as const)('%s: işaretle publishes it and queues it as a flag', async (type) => {
    const kind = KINDS.find((k) => k.type === type)!;
    const words = ok(await admin.client.get('/api/admin/watched-words')) as { word: string }[];
    if (!words.some((w) => w.word === 'lahana')) ok(await admin.client.post('/api/admin/watched-words', { word: 'lahana', action: 'flag' }));
    const [author, other] = [await server.member(), await server.member()];
    const word = token();
    const res = await kind.create(author, {}, `${word} taze l4hana burada`);
    expect(res.status).toBe(201);
    expect(res.body.pendingApproval).toBeUndefined();
    await expectSeen(kind, author, other, res.body.id, word, true);
    const page = ok(await moderator.client.get('/api/admin/queue?kind=flag&limit=100'));
    expect(page.items.find((e: { target: { type: string; id: number } }) => e.target.type === type && e.target.id === res.body.id)).toMatchObject({
      kind: 'flag',
      target: { isHidden: false },
    });
  });

  it.each(['question', 'event'] as const)('%s: three members report it and it is hidden at once; dismissed, it comes back', async (type) => {
    const kind = KINDS.find((k) => k.type === type)!;
    const [author, other] = [await server.member(), await server.member()];
    const word = token();
    const res = await kind.create(author, {}, `${word} komşular için`);
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    await expectSeen(kind, author, other, id, word, true);
    const reporters = [await server.member(), await server.member(), await server.member()];
    for (const r of reporters) {
      const rep = await r.client.post('/api/reports', { targetType: type, targetId: id, reason: 'Yanıltıcı' });
      expect(rep.status, JSON.stringify(rep.body)).toBe(201);
    }
    await expectSeen(kind, author, other, id, word, false);
    // A reporter no longer sees it, so cannot report it again either.
    expect((await other.client.post('/api/reports', { targetType: type, targetId: id, reason: 'ben de' })).status).toBe(404);
    const entry = (await moderator.client.get('/api/admin/queue?kind=report&limit=100')).body.items.find(
      (e: { target: { type: string; id: number } }) => e.target.type === type && e.target.id === id,
    );
    expect(entry).toMatchObject({ reportCount: 3, target: { isHidden: true }, author: { id: author.user.id } });
    ok(await moderator.client.post(`/api/admin/queue/${entry.id}/decide`, { action: 'approve', reason: '' }));
    await expectSeen(kind, author, other, id, word, true);
  });
});

describe("a held post in its author's own lists (posts visibleTo ownHeld, the shared pages' overlay)", () => {
  const ids = (res: ApiResponse) => itemsOf(res).map((p) => p.id);
  const heldIn = (res: ApiResponse, id: number) => itemsOf(res).find((p) => p.id === id);

  it.each([false, true])(
    'only its author sees it, marked, in their feed, following feed and post list (a private account: %s); approved, everyone does',
    async (isPrivate) => {
      const author = await server.member();
      const follower = await server.member();
      const other = await server.member();
      if (isPrivate) ok(await author.client.patch(`/api/users/${author.user.id}`, { isPrivate: true }));
      ok(await follower.client.post(`/api/users/${author.user.id}/follow`));
      if (isPrivate) ok(await author.client.post(`/api/follow-requests/${follower.user.id}/accept`));
      const shown = ok(await author.client.post('/api/posts', { content: 'Görünen bir gönderi' })).id as number;
      // The visitors' page is read and kept first, so the author's read goes through the shared pages.
      ok(await server.client().get('/api/posts?limit=50'));
      const held = ok(await author.client.post('/api/posts', { content: HELD }));
      expect(held.pendingApproval).toBe(true);
      const lists = ['/api/posts?limit=50', '/api/posts?limit=50&feed=following', `/api/users/${author.user.id}/posts?limit=50`];

      for (const path of lists) {
        expect(heldIn(await author.client.get(path), held.id), path).toMatchObject({ id: held.id, pendingApproval: true });
        for (const viewer of [follower, other]) expect(ids(await viewer.client.get(path)), path).not.toContain(held.id);
      }
      expect(ids(await server.client().get('/api/posts?limit=50'))).not.toContain(held.id);
      expect(ids(await server.client().get(`/api/users/${author.user.id}/posts?limit=50`))).not.toContain(held.id);
      // The follower still sees the author's shown post (a private account's through the overlay).
      expect(ids(await follower.client.get('/api/posts?limit=50'))).toContain(shown);

      const entry = await entryOf('post', held.id);
      ok(await moderator.client.post(`/api/admin/queue/${entry!.id}/decide`, { action: 'approve', reason: '' }));
      const published = heldIn(await follower.client.get('/api/posts?limit=50'), held.id);
      expect(published).toBeTruthy();
      expect(published!.pendingApproval).toBeUndefined();
      expect(heldIn(await author.client.get('/api/posts?limit=50'), held.id)!.pendingApproval).toBeUndefined();
    },
  );
});
