import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCountsResult, SearchHit, SearchResult } from '@mahalle/shared';
import { startTestServer, type ApiClient, type TestServer } from './test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A word no other test writes: every test searches its own words, so they share one database. */
function word(): string {
  let w = 'k';
  for (let i = 0; i < 9; i++) w += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return w;
}

async function find(client: ApiClient, q: string, type = 'posts', extra = ''): Promise<SearchResult> {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}&type=${type}${extra}`);
  expect(res.status).toBe(200);
  return res.body as SearchResult;
}
/** The tabs' counts for a query (GET /api/search/counts). */
async function countsOf(client: ApiClient, q: string): Promise<SearchCountsResult['counts']> {
  const res = await client.get(`/api/search/counts?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (res.body as SearchCountsResult).counts;
}
const ids = (r: { items: SearchHit[] }) => r.items.map((h) => h.id);
const marked = (segments: { text: string; mark: boolean }[]) => segments.filter((s) => s.mark).map((s) => s.text);

describe('search query rule', () => {
  it('refuses an empty, too short or too long query with search_query_invalid and a Turkish text', async () => {
    for (const q of ['', '   ', 'a', '#', 'x'.repeat(101)]) {
      const res = await server.client().get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('search_query_invalid');
      expect(res.body.error).toMatch(/Arama|aranacak|harf/);
    }
    for (const path of ['/api/search/suggest?q=a', '/api/search/counts?q=a', '/api/search/counts']) {
      const res = await server.client().get(path);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('search_query_invalid');
    }
    expect((await server.client().get('/api/search?q=merhaba&type=nope')).status).toBe(400);
    expect((await server.client().get('/api/search?q=merhaba&cursor=bozuk')).body.code).toBe('invalid_cursor');
  });
});

describe('Turkish folding', () => {
  it('finds İ/i, I/ı and Ş/Ğ/Ç/Ö/Ü however they were typed', async () => {
    const m = await server.member();
    const tag = word();
    const post = (await m.client.post('/api/posts', { content: `${tag} İSTANBUL IRMAK ŞEKER DAĞ ÇİÇEK ÖRDEK ÜZÜM` })).body;
    for (const q of [
      'istanbul',
      'İstanbul',
      'ISTANBUL',
      'ıstanbul',
      'ırmak',
      'IRMAK',
      'irmak',
      'İRMAK',
      'şeker',
      'Şeker',
      'dağ',
      'DAĞ',
      'çiçek',
      'ÇİÇEK',
      'ördek',
      'Ördek',
      'üzüm',
      'ÜZÜM',
    ]) {
      const r = await find(m.client, `${tag} ${q}`);
      expect(ids(r), q).toEqual([post.id]);
      // The typed letters are marked in the snippet as they were written.
      expect(marked(r.items[0]?.snippet ?? []).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('matches without diacritics as a second tier, below exact letters', async () => {
    const m = await server.member();
    const tag = word();
    const exact = (await m.client.post('/api/posts', { content: `${tag} sogan ekmek` })).body;
    const accented = (await m.client.post('/api/posts', { content: `${tag} soğan ekmek` })).body;
    // 'sogan' finds both: the exact letters first although older, 'soğan' after it.
    expect(ids(await find(m.client, `${tag} sogan`))).toEqual([exact.id, accented.id]);
    // 'soğan' with its ğ finds only the accented one in its exact tiers; the loose tier adds 'sogan'.
    expect(ids(await find(m.client, `${tag} soğan`))).toEqual([accented.id, exact.id]);
    const r = await find(m.client, `${tag} sogan`);
    expect(marked(r.items[1]?.snippet ?? [])).toContain('soğan');
  });
});

describe('ranking, snippets and paging', () => {
  it('ranks title words above body words above a prefix above diacritic-free, newer first within a tier', async () => {
    const m = await server.member();
    const w = word();
    const titleOld = (await m.client.post('/api/questions', { title: `${w} başlıkta eski`, content: 'gövde' })).body;
    const titleNew = (await m.client.post('/api/questions', { title: `${w} başlıkta yeni`, content: 'gövde' })).body;
    const bodyNewer = (await m.client.post('/api/questions', { title: 'başka bir başlık', content: `gövdede ${w} geçiyor` })).body;
    const prefix = (await m.client.post('/api/questions', { title: 'ön ek', content: `${w}lar burada` })).body;
    const r = await find(m.client, w, 'questions');
    expect(ids(r)).toEqual([titleNew.id, titleOld.id, bodyNewer.id, prefix.id]);
    expect(r.items[0]?.kind).toBe('questions');
    expect(r.items[0]?.path).toBe(`/qa/question/${titleNew.id}`);
    expect(marked(r.items[0]?.title ?? [])).toEqual([w]);
    expect(marked(r.items[3]?.snippet ?? [])).toEqual([`${w}lar`]);
    expect(r.items[0]?.author?.id).toBe(m.user.id);
    const counted = (await m.client.get(`/api/search/counts?q=${w}`)).body as SearchCountsResult;
    expect(counted.counts.questions).toBe(4);
    expect(counted.countsCapped).toBe(false);
  });

  it('cuts a plain-text snippet around the first match and marks it', async () => {
    const admin = await server.admin();
    const w = word();
    const filler = 'lorem ipsum dolor sit amet '.repeat(20);
    const blog = (await admin.client.post('/api/blog/posts', { title: 'Uzun yazı', content: `<p>${filler}<b>${w}</b> ${filler}</p>`, published: true })).body;
    const r = await find(server.client(), w, 'blog');
    expect(ids(r)).toEqual([blog.id]);
    const hit = r.items[0];
    const text = (hit?.snippet ?? []).map((s) => s.text).join('');
    expect(text).not.toMatch(/[<>]/);
    expect(text.length).toBeLessThanOrEqual(170);
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(marked(hit?.snippet ?? [])).toEqual([w]);
    expect(hit?.path).toBe(`/blog/${blog.slug}`);
  });

  it('pages by cursor across tiers, each hit once; the counts are asked apart, once per query', async () => {
    const m = await server.member();
    const w = word();
    const made: number[] = [];
    for (let i = 0; i < 3; i++) made.push((await m.client.post('/api/posts', { content: `${w} kelime ${i}` })).body.id);
    for (let i = 0; i < 2; i++) made.push((await m.client.post('/api/posts', { content: `${w}ler ön ek ${i}` })).body.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: SearchResult = await find(m.client, w, 'posts', `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(Object.keys(r).sort()).toEqual(['items', 'nextCursor']);
      seen.push(...ids(r));
      cursor = r.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    // Exact words newest first, then the prefix matches newest first.
    expect(seen).toEqual([made[2], made[1], made[0], made[4], made[3]]);
    expect((await countsOf(m.client, w)).posts).toBe(5);
  });
});

describe('every kind is found, where the app opens it', () => {
  it('people, questions, answers, blog, groups, events, hashtags and group posts', async () => {
    const m = await server.member({ displayName: 'Zeynep Aramaca' });
    const admin = await server.admin();
    const w = word();
    await m.client.patch(`/api/users/${m.user.id}`, { bio: `${w} meraklısı` });
    const q = (await m.client.post('/api/questions', { title: `${w} nasıl yapılır`, content: 'bilen var mı' })).body;
    const a = (await m.client.post(`/api/questions/${q.id}/answers`, { content: `cevap: ${w} böyle` })).body;
    const blog = (await admin.client.post('/api/blog/posts', { title: `${w} rehberi`, content: '<p>içerik</p>', published: true })).body;
    const group = (await m.client.post('/api/hobby-groups', { name: `${w} Kulübü`, description: 'Bir arama test grubu.' })).body;
    const gpost = (await m.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: `grupta ${w}` })).body;
    const date = new Date(Date.now() + 86_400_000).toISOString();
    const ev = (await m.client.post('/api/events', { title: `${w} buluşması`, description: 'gelin', date, location: 'Eskişehir' })).body;
    const gev = (
      await m.client.post(`/api/hobby-groups/${group.slug}/events`, { title: `${w} grup etkinliği`, description: 'x', date, location: 'Odunpazarı' })
    ).body;
    await m.client.post('/api/posts', { content: `#${w}Etiket deneme` });

    const c = server.client();
    const one = async (type: string) => (await find(c, w, type)).items;
    expect((await one('people')).map((h) => h.path)).toEqual([`/user/${m.user.username}`]);
    expect((await one('questions')).map((h) => h.path)).toEqual([`/qa/question/${q.id}`]);
    expect((await one('answers')).map((h) => h.path)).toEqual([`/qa/question/${q.id}#answer-${a.id}`]);
    expect((await one('blog')).map((h) => h.path)).toEqual([`/blog/${blog.slug}`]);
    expect((await one('groups')).map((h) => h.path)).toEqual([`/hobby-groups/${group.slug}`]);
    expect((await one('events')).map((h) => h.path)).toEqual([`/hobby-groups/${group.slug}#event-${gev.id}`, `/events/${ev.id}`]);
    // The group's post has the word itself (tier 2); the member's post only '#{w}Etiket', a prefix (tier 3).
    expect((await one('posts')).map((h) => h.path)).toEqual([`/hobby-groups/${group.slug}#post-${gpost.id}`, expect.stringMatching(/^\/posts\/\d+$/)]);
    expect((await one('hashtags')).map((h) => h.title.map((s) => s.text).join(''))).toEqual([`#${w}Etiket`]);
    const counts = await countsOf(c, w);
    expect(counts).toEqual({ posts: 2, people: 1, questions: 1, answers: 1, blog: 1, groups: 1, events: 2, hashtags: 1 });

    // Suggestions as one types: the last word as a prefix, mixed kinds, at most 8.
    const s = await c.get(`/api/search/suggest?q=${w.slice(0, 6)}`);
    expect(s.status).toBe(200);
    const kinds = new Set((s.body.items as SearchHit[]).map((h) => h.kind));
    expect([...kinds]).toEqual(expect.arrayContaining(['people', 'hashtags', 'groups', 'questions', 'posts']));
    expect(s.body.items.length).toBeLessThanOrEqual(8);
  });
});

describe('privacy', () => {
  it("shows a private account's posts only to approved followers, in hits and counts", async () => {
    const priv = await server.member();
    const fan = await server.member();
    const stranger = await server.member();
    const w = word();
    await priv.client.patch(`/api/users/${priv.user.id}`, { isPrivate: true });
    const post = (await priv.client.post('/api/posts', { content: `gizli ${w}` })).body;
    await fan.client.post(`/api/users/${priv.user.id}/follow`);
    expect(ids(await find(fan.client, w))).toEqual([]);
    expect((await priv.client.post(`/api/follow-requests/${fan.user.id}/accept`)).status).toBe(200);
    for (const c of [stranger.client, server.client()]) {
      expect(ids(await find(c, w))).toEqual([]);
      expect((await countsOf(c, w)).posts).toBe(0);
    }
    expect(ids(await find(fan.client, w))).toEqual([post.id]);
    expect((await countsOf(fan.client, w)).posts).toBe(1);
    expect(ids(await find(priv.client, w))).toEqual([post.id]);
  });

  it("shows a private group's posts and events only to its members", async () => {
    const founder = await server.member();
    const stranger = await server.member();
    const w = word();
    const group = (await founder.client.post('/api/hobby-groups', { name: `Gizli ${w}`, description: 'Gizli bir arama grubu.', isPrivate: true })).body;
    await founder.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: `içeride ${w}` });
    const date = new Date(Date.now() + 86_400_000).toISOString();
    await founder.client.post(`/api/hobby-groups/${group.slug}/events`, { title: `${w} toplantı`, description: 'x', date, location: 'Ev' });
    for (const c of [stranger.client, server.client()]) {
      expect((await find(c, w)).items).toEqual([]);
      expect(await countsOf(c, w)).toMatchObject({ posts: 0, events: 0, groups: 1 });
    }
    expect((await find(founder.client, w)).items.length).toBe(1);
    expect(await countsOf(founder.client, w)).toMatchObject({ posts: 1, events: 1, groups: 1 });
    const admin = await server.admin();
    expect(await countsOf(admin.client, w)).toMatchObject({ posts: 1, events: 1 });
  });

  it('shows blog drafts only to admins, private city events only to their creator and attendees', async () => {
    const admin = await server.admin();
    const m = await server.member();
    const other = await server.member();
    const w = word();
    const draft = (await admin.client.post('/api/blog/posts', { title: `${w} taslak`, content: '<p>x</p>', published: false })).body;
    expect(ids(await find(m.client, w, 'blog'))).toEqual([]);
    expect((await countsOf(m.client, w)).blog).toBe(0);
    expect(ids(await find(admin.client, w, 'blog'))).toEqual([draft.id]);
    const date = new Date(Date.now() + 86_400_000).toISOString();
    const ev = (await m.client.post('/api/events', { title: `${w} özel`, description: 'x', date, location: 'Ev', isPrivate: true })).body;
    expect(ids(await find(other.client, w, 'events'))).toEqual([]);
    expect((await countsOf(other.client, w)).events).toBe(0);
    expect(ids(await find(m.client, w, 'events'))).toEqual([ev.id]);
    // Publishing makes the draft public.
    expect((await admin.client.patch(`/api/blog/posts/${draft.id}`, { published: true })).status).toBe(200);
    expect(ids(await find(m.client, w, 'blog'))).toEqual([draft.id]);
  });

  it('never shows hidden posts or answers, not even to admins', async () => {
    const m = await server.member();
    const reporter = await server.member();
    const admin = await server.admin();
    const w = word();
    const post = (await m.client.post('/api/posts', { content: `gizlenecek ${w}` })).body;
    const q = (await m.client.post('/api/questions', { title: 'Bir soru', content: 'x' })).body;
    const a = (await m.client.post(`/api/questions/${q.id}/answers`, { content: `gizlenecek ${w}` })).body;
    for (const [targetType, targetId] of [
      ['post', post.id],
      ['answer', a.id],
    ] as const) {
      const report = (await reporter.client.post('/api/reports', { targetType, targetId, reason: 'spam' })).body;
      expect((await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { action: 'hide' })).status).toBe(200);
    }
    for (const c of [m.client, admin.client]) {
      expect((await find(c, w)).items).toEqual([]);
      expect((await find(c, w, 'answers')).items).toEqual([]);
      expect(await countsOf(c, w)).toMatchObject({ posts: 0, answers: 0 });
    }
  });
});

describe('the index stays in step', () => {
  it('after edits and deletes of posts, questions, answers, profiles, blog posts, groups and events', async () => {
    const m = await server.member();
    const admin = await server.admin();
    const before = word();
    const after = word();
    const post = (await m.client.post('/api/posts', { content: `eski ${before}` })).body;
    expect(ids(await find(m.client, before))).toEqual([post.id]);
    expect((await m.client.patch(`/api/posts/${post.id}`, { content: `yeni ${after}` })).status).toBe(200);
    expect(ids(await find(m.client, before))).toEqual([]);
    expect(ids(await find(m.client, after))).toEqual([post.id]);
    expect((await m.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
    expect(ids(await find(m.client, after))).toEqual([]);

    const q = (await m.client.post('/api/questions', { title: `${before} soru`, content: 'x' })).body;
    const a = (await m.client.post(`/api/questions/${q.id}/answers`, { content: `${before} cevap` })).body;
    expect((await admin.client.patch(`/api/questions/${q.id}`, { title: `${after} soru` })).status).toBe(200);
    expect(ids(await find(m.client, after, 'questions'))).toEqual([q.id]);
    expect(ids(await find(m.client, before, 'questions'))).toEqual([]);
    expect(ids(await find(m.client, before, 'answers'))).toEqual([a.id]);
    // Deleting the question takes its answers with it (a cascade: the triggers drop their documents).
    expect((await admin.client.delete(`/api/questions/${q.id}`)).status).toBe(200);
    expect(ids(await find(m.client, before, 'answers'))).toEqual([]);

    const date = new Date(Date.now() + 86_400_000).toISOString();
    const ev = (await m.client.post('/api/events', { title: `${before} etkinlik`, description: 'x', date, location: 'Ev' })).body;
    expect((await m.client.patch(`/api/events/${ev.id}`, { title: `${after} etkinlik` })).status).toBe(200);
    expect(ids(await find(m.client, after, 'events'))).toEqual([ev.id]);
    expect(ids(await find(m.client, before, 'events'))).toEqual([]);

    expect((await m.client.patch(`/api/users/${m.user.id}`, { displayName: `Adı ${after}` })).status).toBe(200);
    expect(ids(await find(m.client, after, 'people'))).toEqual([m.user.id]);

    const group = (await m.client.post('/api/hobby-groups', { name: `${before} grubu`, description: 'Silinecek bir grup.' })).body;
    await m.client.post(`/api/hobby-groups/${group.slug}/posts`, { content: `${before} grup gönderisi` });
    expect(await countsOf(m.client, before)).toMatchObject({ groups: 1, posts: 1 });
    expect((await admin.client.delete(`/api/admin/groups/${group.id}`)).status).toBe(200);
    expect(await countsOf(m.client, before)).toMatchObject({ groups: 0, posts: 0 });

    // An account's deletion takes its profile and its posts out of the index.
    await m.client.post('/api/posts', { content: `son ${after}` });
    expect(await countsOf(admin.client, after)).toMatchObject({ people: 1, posts: 1 });
    expect((await admin.client.delete(`/api/admin/users/${m.user.id}`)).status).toBe(200);
    expect(await countsOf(admin.client, after)).toMatchObject({ people: 0, posts: 0 });
  });
});

describe('hashtags fold like usernames', () => {
  it('#İstanbul, #istanbul, #ISTANBUL and #ıstanbul are one tag in lists, trending and search, shown as the form most used', async () => {
    const m = await server.member();
    const w = word();
    const forms = [`İ${w}`, `i${w}`, `I${w.toUpperCase()}`, `ı${w}`, `i${w}`];
    const posts: number[] = [];
    for (const f of forms) posts.push((await m.client.post('/api/posts', { content: `#${f} etiketi` })).body.id);
    // One tag: its posts under any spelling.
    for (const f of forms) {
      const res = await m.client.get(`/api/hashtags/${encodeURIComponent(f)}/posts`);
      expect(res.status).toBe(200);
      expect((res.body as { id: number }[]).map((p) => p.id)).toEqual([...posts].reverse());
    }
    // Trending counts it once, under the form typed most (i…, twice).
    const trending = (await m.client.get('/api/hashtags/trending')).body as { tag: string; posts: number }[];
    expect(trending.filter((t) => t.tag.toLocaleLowerCase('tr').endsWith(w))).toEqual([expect.objectContaining({ tag: `i${w}`, posts: 5 })]);
    // Search finds one hashtag, whichever way it is typed.
    for (const q of [`İ${w}`, `I${w}`, `ı${w}`, `i${w.slice(0, 4)}`]) {
      const r = await find(m.client, q, 'hashtags');
      expect(
        r.items.map((h) => h.title.map((s) => s.text).join('')),
        q,
      ).toEqual([`#i${w}`]);
      expect((await countsOf(m.client, q)).hashtags).toBe(1);
    }
  });
});
