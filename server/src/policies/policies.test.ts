import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiClient, type ApiResponse, type Member, type TestServer } from '../test/harness';
import { makePng } from '../test/media';

/**
 * The policy table over HTTP: who (visitor, member, author, blocked, blocker, group member,
 * admin) may do what to which thing, each answer one status and, for a refusal, one code.
 *
 * The author owns every thing in the table except the blog post (an admin's). `blocked` is a
 * member the author (and the admin) blocked; `blocker` blocked the author (and the admin). The
 * group member, `blocked` and `blocker` belong to the author's open group; only the group member
 * to its private one. Each cell acts on a thing made fresh for it.
 */

type ActorName = 'visitor' | 'member' | 'author' | 'blocked' | 'blocker' | 'groupMember' | 'admin';
const ACTORS: ActorName[] = ['visitor', 'member', 'author', 'blocked', 'blocker', 'groupMember', 'admin'];

/** A status, or a status and the error code that comes with it. */
type Answer = number | [number, string];
type Row = Record<ActorName, Answer>;

interface World {
  server: TestServer;
  people: Record<Exclude<ActorName, 'visitor'>, Member>;
  visitor: ApiClient;
  group: string;
  privateGroup: string;
}

let server: TestServer;
let world: World;

const created = (res: ApiResponse) => {
  if (res.status !== 201 && res.status !== 200) throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

beforeAll(async () => {
  server = await startTestServer();
  const [member, author, blocked, blocker, groupMember, admin] = [
    await server.member(),
    await server.member(),
    await server.member(),
    await server.member(),
    await server.member(),
    await server.admin(),
  ];
  const people = { member, author, blocked, blocker, groupMember, admin };
  const group = created(
    await author.client.post('/api/hobby-groups', { name: `Politika Grubu ${author.user.id}`, description: 'Politika tablosu için grup.' }),
  );
  for (const m of [groupMember, blocked, blocker]) created(await m.client.post(`/api/hobby-groups/${group.slug}/join`));
  const privateGroup = created(
    await author.client.post('/api/hobby-groups', {
      name: `Gizli Politika ${author.user.id}`,
      description: 'Politika tablosu için gizli grup.',
      isPrivate: true,
    }),
  );
  created(await groupMember.client.post(`/api/hobby-groups/${privateGroup.slug}/join`));
  created(await author.client.post(`/api/hobby-groups/${privateGroup.slug}/join-requests/${groupMember.user.id}/accept`));
  for (const [a, b] of [
    [author, blocked],
    [blocker, author],
    [admin, blocked],
    [blocker, admin],
  ] as const)
    created(await a.client.post(`/api/users/${b.user.id}/block`));
  world = { server, people, visitor: server.client(), group: group.slug, privateGroup: privateGroup.slug };
});
afterAll(async () => {
  await server?.close();
});

const clientOf = (actor: ActorName) => (actor === 'visitor' ? world.visitor : world.people[actor].client);
const soon = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** Things made fresh for one cell, by their owner. */
const make = {
  post: async () => created(await world.people.author.client.post('/api/posts', { content: 'Politika gönderisi' })).id as number,
  hiddenPost: async () => {
    const id = await make.post();
    await world.server.ctx.db('posts').where({ id }).update({ is_hidden: true });
    return id;
  },
  postComment: async () => {
    const id = await make.post();
    return created(await world.people.author.client.post(`/api/posts/${id}/comments`, { content: 'Yazarın yorumu' })).id as number;
  },
  groupPost: async (by: Member = world.people.author) =>
    created(await by.client.post(`/api/hobby-groups/${world.group}/posts`, { content: 'Grup gönderisi' })).id as number,
  /** A group member's group post, hidden by moderation: its group's founder (the author) and the site's admin still see it. */
  hiddenGroupPost: async () => {
    const id = await make.groupPost(world.people.groupMember);
    await world.server.ctx.db('group_posts').where({ id }).update({ is_hidden: true });
    return id;
  },
  groupComment: async () => {
    const id = await make.groupPost();
    return created(await world.people.groupMember.client.post(`/api/hobby-groups/posts/${id}/comments`, { content: 'Üyenin yorumu' })).id as number;
  },
  question: async () => created(await world.people.author.client.post('/api/questions', { title: 'Politika sorusu nedir?', content: 'Tablo.' })).id as number,
  answer: async () => {
    const id = await make.question();
    return created(await world.people.groupMember.client.post(`/api/questions/${id}/answers`, { content: 'Üyenin cevabı' })).id as number;
  },
  blogPost: async (published = true) =>
    created(await world.people.admin.client.post('/api/blog/posts', { title: `Politika yazısı ${Math.random()}`, content: '<p>Yazı</p>', published }))
      .id as number,
  /** A past event of the author's, attended by the group member, `blocked` and `blocker` (and the author). */
  pastEvent: async () => {
    const date = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const id = created(await world.people.author.client.post('/api/events', { title: 'Geçmiş buluşma', description: 'x', date })).id as number;
    const { groupMember, blocked, blocker } = world.people;
    for (const m of [groupMember, blocked, blocker])
      await world.server.ctx.db('event_attendees').insert({ event_id: id, user_id: m.user.id, created_at: new Date().toISOString() });
    return id;
  },
  /** A photo the group member added to such an event. */
  eventPhoto: async () => {
    const id = await make.pastEvent();
    return { id, photo: created(await world.people.groupMember.client.postForm(`/api/events/${id}/photos`, photoForm())).id as number };
  },
  event: async (isPrivate = false) =>
    created(await world.people.author.client.post('/api/events', { title: 'Politika buluşması', description: 'x', date: soon(), isPrivate })).id as number,
  /** A question or an event of the author's, hidden (as a moderator's hide or a watched word's hold leaves it). */
  hiddenQuestion: async () => {
    const id = await make.question();
    await world.server.ctx.db('questions').where({ id }).update({ is_hidden: true });
    return id;
  },
  hiddenEvent: async () => {
    const id = await make.event();
    await world.server.ctx.db('events').where({ id }).update({ is_hidden: true });
    return id;
  },
};

const photoForm = () => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(makePng(20, 20))], { type: 'image/png' }), 'foto.png');
  return form;
};

interface Case {
  resource: string;
  action: string;
  /** Makes the thing (or nothing) and answers the request to send for one actor. */
  run: (actor: ActorName) => Promise<ApiResponse>;
  expect: Row;
}

const B: Answer = [403, 'blocked_interaction'];
const F: Answer = [403, 'forbidden'];
const U: Answer = [401, 'unauthorized'];
/** Those who see a hidden item to moderate it add nothing to it (group policy `notHidden`). */
const H: Answer = [403, 'hidden_item'];
const same = (answer: Answer): Row => ({
  visitor: answer,
  member: answer,
  author: answer,
  blocked: answer,
  blocker: answer,
  groupMember: answer,
  admin: answer,
});

const TABLE: Case[] = [
  // Feed posts: a block hides them from reads and refuses interactions.
  {
    resource: 'post',
    action: 'view',
    run: async (a) => clientOf(a).get(`/api/posts/${await make.post()}`),
    expect: { visitor: 200, member: 200, author: 200, blocked: [404, 'not_found'], blocker: [404, 'not_found'], groupMember: 200, admin: 200 },
  },
  {
    resource: 'post',
    action: 'list comments',
    run: async (a) => clientOf(a).get(`/api/posts/${await make.post()}/comments`),
    expect: { visitor: 200, member: 200, author: 200, blocked: [404, 'not_found'], blocker: [404, 'not_found'], groupMember: 200, admin: 200 },
  },
  {
    resource: 'post',
    action: 'like',
    run: async (a) => clientOf(a).post(`/api/posts/${await make.post()}/like`),
    expect: { visitor: U, member: 200, author: 200, blocked: B, blocker: B, groupMember: 200, admin: 200 },
  },
  {
    resource: 'post',
    action: 'comment',
    run: async (a) => clientOf(a).post(`/api/posts/${await make.post()}/comments`, { content: 'Yorum' }),
    expect: { visitor: U, member: 201, author: 201, blocked: B, blocker: B, groupMember: 201, admin: 201 },
  },
  {
    resource: 'post hidden by moderation',
    action: 'like',
    run: async (a) => clientOf(a).post(`/api/posts/${await make.hiddenPost()}/like`),
    expect: { ...same([404, 'not_found']), visitor: U },
  },
  {
    resource: 'post',
    action: 'edit',
    run: async (a) => clientOf(a).patch(`/api/posts/${await make.post()}`, { content: 'Düzeltilmiş' }),
    expect: { visitor: U, member: F, author: 200, blocked: F, blocker: F, groupMember: F, admin: F },
  },
  {
    resource: 'post',
    action: 'delete',
    run: async (a) => clientOf(a).delete(`/api/posts/${await make.post()}`),
    expect: { visitor: U, member: F, author: 200, blocked: F, blocker: F, groupMember: F, admin: 200 },
  },
  {
    resource: 'post comment',
    action: 'delete',
    run: async (a) => clientOf(a).delete(`/api/comments/${await make.postComment()}`),
    expect: { visitor: U, member: F, author: 200, blocked: F, blocker: F, groupMember: F, admin: 200 },
  },

  // Hobby groups: a shared space; a block refuses interactions with the other's posts.
  {
    resource: 'group',
    action: 'list posts',
    run: async (a) => clientOf(a).get(`/api/hobby-groups/${world.group}/posts`),
    expect: same(200),
  },
  {
    resource: 'private group',
    action: 'list posts',
    run: async (a) => clientOf(a).get(`/api/hobby-groups/${world.privateGroup}/posts`),
    expect: { ...same([403, 'group_members_only']), author: 200, groupMember: 200, admin: 200 },
  },
  {
    resource: 'group',
    action: 'post',
    run: async (a) => clientOf(a).post(`/api/hobby-groups/${world.group}/posts`, { content: 'Yeni grup gönderisi' }),
    expect: { visitor: U, member: [403, 'group_members_only'], author: 201, blocked: 201, blocker: 201, groupMember: 201, admin: [403, 'group_members_only'] },
  },
  {
    resource: 'group post',
    action: 'like',
    run: async (a) => clientOf(a).post(`/api/hobby-groups/posts/${await make.groupPost()}/like`),
    expect: { visitor: U, member: 200, author: 200, blocked: B, blocker: B, groupMember: 200, admin: 200 },
  },
  {
    resource: 'group post',
    action: 'comment',
    run: async (a) => clientOf(a).post(`/api/hobby-groups/posts/${await make.groupPost()}/comments`, { content: 'Grup yorumu' }),
    expect: {
      visitor: U,
      member: [403, 'group_members_only'],
      author: 201,
      blocked: B,
      blocker: B,
      groupMember: 201,
      admin: [403, 'group_members_only'],
    },
  },
  {
    resource: 'group post hidden by moderation',
    action: 'like',
    run: async (a) => clientOf(a).post(`/api/hobby-groups/posts/${await make.hiddenGroupPost()}/like`),
    expect: { ...same([404, 'group_post_not_found']), visitor: U, author: H, admin: H },
  },
  {
    resource: 'group post hidden by moderation',
    action: 'comment',
    run: async (a) => clientOf(a).post(`/api/hobby-groups/posts/${await make.hiddenGroupPost()}/comments`, { content: 'Grup yorumu' }),
    expect: { ...same([404, 'group_post_not_found']), visitor: U, author: H, admin: H },
  },
  {
    resource: 'group post',
    action: 'delete',
    run: async (a) => clientOf(a).delete(`/api/hobby-groups/posts/${await make.groupPost()}`),
    expect: { visitor: U, member: F, author: 200, blocked: F, blocker: F, groupMember: F, admin: 200 },
  },
  {
    resource: "a group member's group post",
    action: 'delete',
    run: async (a) => clientOf(a).delete(`/api/hobby-groups/posts/${await make.groupPost(world.people.groupMember)}`),
    expect: { visitor: U, member: F, author: 200, blocked: F, blocker: F, groupMember: 200, admin: 200 },
  },
  {
    resource: "a group member's group comment",
    action: 'delete',
    run: async (a) => clientOf(a).delete(`/api/hobby-groups/posts/comments/${await make.groupComment()}`),
    expect: { visitor: U, member: F, author: 200, blocked: F, blocker: F, groupMember: 200, admin: 200 },
  },

  // Q&A: a shared space.
  {
    resource: 'question',
    action: 'view',
    run: async (a) => clientOf(a).get(`/api/questions/${await make.question()}`),
    expect: same(200),
  },
  {
    resource: 'question',
    action: 'answer',
    run: async (a) => clientOf(a).post(`/api/questions/${await make.question()}/answers`, { content: 'Bir cevap' }),
    expect: { visitor: U, member: 201, author: 201, blocked: B, blocker: B, groupMember: 201, admin: 201 },
  },
  {
    resource: 'question',
    action: 'vote',
    run: async (a) => clientOf(a).post(`/api/questions/${await make.question()}/upvote`),
    expect: { visitor: U, member: 200, author: 200, blocked: B, blocker: B, groupMember: 200, admin: 200 },
  },
  {
    resource: "a group member's answer on the author's question",
    action: 'accept',
    run: async (a) => clientOf(a).post(`/api/answers/${await make.answer()}/accept`),
    expect: { ...same([403, 'question_author_only']), visitor: U, author: 200 },
  },
  {
    resource: 'question',
    action: 'delete',
    run: async (a) => clientOf(a).delete(`/api/questions/${await make.question()}`),
    expect: { ...same(F), visitor: U, admin: 200 },
  },

  // A hidden question: its author and the moderators read it; nobody answers or votes on it.
  {
    resource: 'hidden question',
    action: 'view',
    run: async (a) => clientOf(a).get(`/api/questions/${await make.hiddenQuestion()}`),
    expect: { ...same([404, 'question_not_found']), author: 200, admin: 200 },
  },
  {
    resource: 'hidden question',
    action: 'answer',
    run: async (a) => clientOf(a).post(`/api/questions/${await make.hiddenQuestion()}/answers`, { content: 'Bir cevap' }),
    expect: { ...same([404, 'question_not_found']), visitor: U },
  },
  {
    resource: 'hidden question',
    action: 'vote',
    run: async (a) => clientOf(a).post(`/api/questions/${await make.hiddenQuestion()}/upvote`),
    expect: { ...same([404, 'question_not_found']), visitor: U },
  },

  // The blog: the admin's posts; a block with the admin refuses likes and comments.
  {
    resource: 'blog post',
    action: 'view',
    run: async (a) => clientOf(a).get(`/api/blog/posts/${await make.blogPost()}`),
    expect: same(200),
  },
  {
    resource: 'blog draft',
    action: 'view',
    run: async (a) => clientOf(a).get(`/api/blog/posts/${await make.blogPost(false)}`),
    expect: { ...same([404, 'blog_post_not_found']), admin: 200 },
  },
  {
    resource: 'blog post',
    action: 'like',
    run: async (a) => clientOf(a).post(`/api/blog/posts/${await make.blogPost()}/like`),
    expect: { visitor: U, member: 200, author: 200, blocked: B, blocker: B, groupMember: 200, admin: 200 },
  },
  {
    resource: 'blog post',
    action: 'comment',
    run: async (a) => clientOf(a).post(`/api/blog/posts/${await make.blogPost()}/comments`, { content: 'Blog yorumu' }),
    expect: { visitor: U, member: 201, author: 201, blocked: B, blocker: B, groupMember: 201, admin: 201 },
  },
  {
    resource: 'blog (admin workspace)',
    action: 'list drafts',
    run: async (a) => clientOf(a).get('/api/blog/posts/admin'),
    expect: { ...same(F), visitor: U, admin: 200 },
  },

  // Events: a block with the organiser refuses joining.
  {
    resource: 'event',
    action: 'view',
    run: async (a) => clientOf(a).get(`/api/events/${await make.event()}`),
    expect: same(200),
  },
  {
    resource: 'private event',
    action: 'view',
    run: async (a) => clientOf(a).get(`/api/events/${await make.event(true)}`),
    expect: { ...same([404, 'event_not_found']), author: 200, admin: 200 },
  },
  {
    resource: 'hidden event',
    action: 'view',
    run: async (a) => clientOf(a).get(`/api/events/${await make.hiddenEvent()}`),
    expect: { ...same([404, 'event_not_found']), author: 200, admin: 200 },
  },
  {
    resource: 'hidden event',
    action: 'attend',
    run: async (a) => clientOf(a).post(`/api/events/${await make.hiddenEvent()}/attend`),
    expect: { ...same([404, 'event_not_found']), visitor: U, author: 200 },
  },
  {
    resource: 'event',
    action: 'attend',
    run: async (a) => clientOf(a).post(`/api/events/${await make.event()}/attend`),
    expect: { visitor: U, member: 200, author: 200, blocked: B, blocker: B, groupMember: 200, admin: 200 },
  },
  {
    resource: 'event',
    action: 'edit',
    run: async (a) => clientOf(a).patch(`/api/events/${await make.event()}`, { title: 'Yeni başlık' }),
    expect: { ...same([403, 'event_organiser_only']), visitor: U, author: 200, admin: 200 },
  },
  {
    resource: 'event',
    action: 'delete',
    run: async (a) => clientOf(a).delete(`/api/events/${await make.event()}`),
    expect: { ...same(F), visitor: U, author: 200, admin: 200 },
  },

  {
    resource: 'past event',
    action: 'add a photo',
    run: async (a) => clientOf(a).postForm(`/api/events/${await make.pastEvent()}/photos`, photoForm()),
    expect: {
      visitor: U,
      member: [403, 'event_attendees_only'],
      author: 201,
      blocked: B,
      blocker: B,
      groupMember: 201,
      admin: [403, 'event_attendees_only'],
    },
  },
  {
    resource: "a group member's event photo",
    action: 'delete',
    run: async (a) => {
      const { id, photo } = await make.eventPhoto();
      return clientOf(a).delete(`/api/events/${id}/photos/${photo}`);
    },
    expect: { ...same([403, 'event_photo_forbidden']), visitor: U, author: 200, groupMember: 200, admin: 200 },
  },

  // Members: a block closes the profile like a private account's and refuses follows and messages.
  {
    resource: "the author's profile",
    action: 'list followers',
    run: async (a) => clientOf(a).get(`/api/users/${world.people.author.user.id}/followers`),
    expect: { ...same(200), blocked: [403, 'private_account'], blocker: [403, 'private_account'] },
  },
  {
    resource: 'the author',
    action: 'follow',
    run: async (a) => clientOf(a).post(`/api/users/${world.people.author.user.id}/follow`),
    expect: { visitor: U, member: 200, author: [400, 'cannot_follow_self'], blocked: B, blocker: B, groupMember: 200, admin: 200 },
  },
  {
    resource: 'the author',
    action: 'message',
    run: async (a) => clientOf(a).post('/api/messages', { receiverId: world.people.author.user.id, content: 'Merhaba' }),
    expect: { visitor: U, member: 201, author: [400, 'cannot_message_self'], blocked: B, blocker: B, groupMember: 201, admin: 201 },
  },
  {
    resource: "the author's profile",
    action: 'edit',
    run: async (a) => clientOf(a).patch(`/api/users/${world.people.author.user.id}`, { bio: 'Politika' }),
    expect: { ...same(F), visitor: U, author: 200, admin: 200 },
  },
  {
    resource: "the author's trust level",
    action: 'set by hand',
    run: async (a) => clientOf(a).put(`/api/admin/users/${world.people.author.user.id}/trust-level`, { level: 1, reason: 'Politika' }),
    expect: { ...same(F), visitor: U, admin: 200 },
  },
];

const answerOf = (res: ApiResponse): Answer => (res.status >= 400 ? [res.status, res.body?.code] : res.status);

describe('the policy table', () => {
  it.each(TABLE.map((c) => [`${c.resource}: ${c.action}`, c] as const))('%s', async (_name, c) => {
    const got: Partial<Row> = {};
    for (const actor of ACTORS) got[actor] = answerOf(await c.run(actor));
    expect(got).toEqual(c.expect);
  });
});

describe('taking back across a block', () => {
  it('a vote, a like or an attendance given before the block can be withdrawn after it; giving it again is refused', async () => {
    const { author, blocked } = world.people;
    const [p, q] = [await server.member(), await server.member()];
    const question = (await p.client.post('/api/questions', { title: 'Geri alma sorusu nedir?', content: 'x' })).body.id;
    const event = (await p.client.post('/api/events', { title: 'Geri alma', description: 'x', date: soon() })).body.id;
    const postId = await make.groupPost(author);
    const answer = (await p.client.post(`/api/questions/${question}/answers`, { content: 'Cevap' })).body.id;
    expect((await q.client.post(`/api/questions/${question}/upvote`)).body.upvoted).toBe(true);
    expect((await q.client.post(`/api/answers/${answer}/upvote`)).body.upvoted).toBe(true);
    expect((await q.client.post(`/api/events/${event}/attend`)).body.isAttending).toBe(true);
    await q.client.post(`/api/users/${p.user.id}/block`);
    expect((await q.client.post(`/api/questions/${question}/upvote`)).body.upvoted).toBe(false);
    expect((await q.client.post(`/api/answers/${answer}/upvote`)).body.upvoted).toBe(false);
    expect((await q.client.post(`/api/events/${event}/attend`)).body.isAttending).toBe(false);
    for (const res of [
      await q.client.post(`/api/questions/${question}/upvote`),
      await q.client.post(`/api/answers/${answer}/upvote`),
      await q.client.post(`/api/events/${event}/attend`),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'blocked_interaction']);
    // A group post's like (the author blocked `blocked`): unliking stays open, liking is refused.
    expect((await blocked.client.delete(`/api/hobby-groups/posts/${postId}/like`)).status).toBe(200);
    expect((await blocked.client.post(`/api/hobby-groups/posts/${postId}/like`)).body.code).toBe('blocked_interaction');
  });
});
