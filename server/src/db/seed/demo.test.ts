import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { seedDemo } from './demo';
import { ESKISEHIR_PLACES } from './eskisehir-places';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
});
afterAll(async () => {
  await server?.close();
});

async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const [row] = await server.ctx.db(table).where(where).count({ n: '*' });
  return Number(row?.n);
}

describe('demo community', () => {
  it('fills an empty database with members and content', async () => {
    expect(await count('users', { is_demo: true })).toBe(12);
    expect(await count('posts')).toBeGreaterThanOrEqual(30);
    expect(await count('questions')).toBe(8);
    expect(await count('blog_posts', { published: true })).toBe(5);
    expect(await count('blog_posts', { published: false })).toBe(1);
    expect(await count('hobby_groups')).toBe(6);
    expect(await count('events')).toBe(6);
    expect(await count('post_hashtags')).toBeGreaterThan(20);
  });

  it("ships Eskişehir's districts and neighbourhoods, and places its members, posts, groups and events in them", async () => {
    const db = server.ctx.db;
    expect((await db('districts').orderBy('name').pluck('name')).sort()).toEqual(['Odunpazarı', 'Tepebaşı']);
    expect(await count('neighbourhoods')).toBe(ESKISEHIR_PLACES.length);
    expect(await db('neighbourhoods').whereNull('lat').first('id')).toBeUndefined();
    expect(await db('users').where({ is_demo: true }).whereNull('neighbourhood_id').first('id')).toBeUndefined();
    expect(await db('events').whereNull('neighbourhood_id').first('id')).toBeUndefined();
    expect(await db('events').where({ address: '' }).first('id')).toBeUndefined();
    expect(await db('hobby_groups').whereNull('district_id').first('id')).toBeUndefined();
    expect(await db('posts').whereNotNull('neighbourhood_id').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    const carried = await db('posts as p').join('neighbourhoods as n', 'n.id', 'p.neighbourhood_id').select('p.district_id', 'n.district_id as nd');
    expect(carried.length).toBeGreaterThan(10);
    for (const r of carried) expect(r.district_id).toBe(r.nd);
  });

  it('keeps every denormalised counter true', async () => {
    const db = server.ctx.db;
    const posts = await db('posts').select('id', 'likes_count', 'comments_count');
    const likes = await db('post_likes').select('post_id').count({ n: '*' }).groupBy('post_id');
    const comments = await db('comments').select('post_id').count({ n: '*' }).groupBy('post_id');
    const likeMap = new Map(likes.map((r: any) => [r.post_id, Number(r.n)]));
    const commentMap = new Map(comments.map((r: any) => [r.post_id, Number(r.n)]));
    for (const p of posts) {
      expect(p.likes_count).toBe(likeMap.get(p.id) ?? 0);
      expect(p.comments_count).toBe(commentMap.get(p.id) ?? 0);
    }
    const groups = await db('hobby_groups').select('id', 'member_count', 'post_count', 'event_count');
    for (const g of groups) {
      expect(g.member_count).toBe(await count('group_members', { group_id: g.id }));
      expect(g.post_count).toBe(await count('group_posts', { group_id: g.id }));
      expect(g.event_count).toBe(await count('group_events', { group_id: g.id }));
    }
    const questions = await db('questions').select('id', 'answers_count', 'upvotes');
    for (const q of questions) {
      expect(q.answers_count).toBe(await count('answers', { question_id: q.id }));
      expect(q.upvotes).toBe(await count('question_votes', { question_id: q.id }));
    }
    const events = await db('events').select('id', 'attendees_count');
    for (const e of events) expect(e.attendees_count).toBe(await count('event_attendees', { event_id: e.id }));
    // Trending's counters hold every public demo post's tags (the home page and Discover read them).
    const [tallied] = await db('hashtag_counts').sum({ n: 'posts' });
    const [tagged] = await db('post_hashtags as h')
      .join('posts as p', 'p.id', 'h.post_id')
      .join('users as u', 'u.id', 'p.author_id')
      .where({ 'p.is_hidden': false, 'u.is_private': false })
      .count({ n: '*' });
    expect(Number(tallied?.n)).toBe(Number(tagged?.n));
    expect(Number(tagged?.n)).toBeGreaterThan(0);
    expect((await server.client().get('/api/hashtags/trending')).body.length).toBeGreaterThan(0);
    // Categories' visible posts, kept by the writes like the tags' counters.
    const categories = await db('categories').select('id', 'post_count');
    for (const c of categories) expect(Number(c.post_count)).toBe(await count('posts', { category_id: c.id, is_hidden: false }));
  });

  it('never seeds a database that has users, and demo members cannot sign in', async () => {
    expect(await seedDemo(server.ctx.db)).toBeNull();
    const res = await server.client().post('/api/auth/login', { username: 'elif_kaya', password: 'herhangi.Bir1' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
  });
});
