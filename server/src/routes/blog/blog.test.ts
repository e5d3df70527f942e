import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { makePng } from '../../test/media';
import { nth } from '../../test/nth';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('blog', () => {
  it('admins write posts; a slug comes from the title and stays unique; drafts stay hidden from readers', async () => {
    const admin = await server.admin();
    const member = await server.member();
    const cat = (await admin.client.post('/api/blog/categories', { name: 'Şehir Rehberi' })).body;
    expect(cat).toMatchObject({ name: 'Şehir Rehberi', slug: 'sehir-rehberi', color: '#3B82F6', postCount: 0 });
    const post = await admin.client.post('/api/blog/posts', {
      title: 'Çiğ Köfte (Tarif) Rehberi',
      content: '<p>Lezzetli</p>',
      categoryId: cat.id,
      tags: 'yemek, tarif, Yemek',
      published: true,
      authorId: 99,
    });
    expect(post.status).toBe(201);
    expect(post.body).toMatchObject({
      slug: 'cig-kofte-rehberi',
      tags: ['yemek', 'tarif'],
      published: true,
      status: 'published',
      authorId: admin.user.id,
      metaTitle: 'Çiğ Köfte (Tarif) Rehberi',
      ogTitle: 'Çiğ Köfte (Tarif) Rehberi',
      excerpt: 'Lezzetli',
    });
    const again = await admin.client.post('/api/blog/posts', { title: 'Çiğ Köfte (Tarif) Rehberi', content: '<p>İkinci</p>', published: true });
    expect(again.body.slug).toBe('cig-kofte-rehberi-2');
    const draft = (await admin.client.post('/api/blog/posts', { title: 'Taslak yazı', content: '<p>henüz değil</p>' })).body;
    expect(draft.status).toBe('draft');

    const list = await server.client().get('/api/blog/posts');
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([again.body.id, post.body.id]);
    expect((await server.client().get(`/api/blog/posts/slug/${draft.slug}`)).status).toBe(404);
    expect((await admin.client.get('/api/blog/posts/admin')).body.map((p: { id: number }) => p.id)).toContain(draft.id);
    expect((await member.client.get('/api/blog/posts/admin')).status).toBe(403);

    const read = await server.client().get('/api/blog/posts/slug/cig-kofte-rehberi');
    expect(read.body.views).toBe(1);
    expect((await server.client().get('/api/blog/posts/slug/cig-kofte-rehberi')).body.views).toBe(2);
    expect((await server.client().get('/api/blog/posts/slug/yok')).body.error).toBe('Blog yazısı bulunamadı');

    const cats = await server.client().get('/api/blog/categories');
    expect(cats.body.find((c: { id: number }) => c.id === cat.id).postCount).toBe(1);

    const forged = { 'x-user-role': 'admin', role: 'admin' };
    expect((await member.client.post('/api/blog/posts', { title: 'x', content: 'y' }, forged)).status).toBe(403);
    expect((await member.client.patch(`/api/blog/posts/${post.body.id}`, { title: 'x' }, forged)).status).toBe(403);
    const missing = await admin.client.post('/api/blog/posts', { title: '', content: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Başlık ve içerik alanları zorunludur');
    const tooMany = await admin.client.post('/api/blog/posts', {
      title: 't',
      content: 'c',
      gallery: Array.from({ length: 11 }, (_, i) => `https://img.example/${i}.png`),
    });
    expect(tooMany.body.error).toBe('Galeriye en fazla 10 görsel eklenebilir');
  });

  it('sanitises HTML so a post carrying script comes back harmless', async () => {
    const admin = await server.admin();
    const evil =
      '<p onclick="steal()">Merhaba<script>alert(1)</script></p><a href="javascript:alert(2)">tıkla</a><img src="x" onerror="alert(3)"><iframe src="https://kotu.example"></iframe><a href="https://ornek.com">iyi</a><img src="/uploads/a.png">';
    const post = (await admin.client.post('/api/blog/posts', { title: 'Güvenlik', content: evil, published: true })).body;
    const read = (await server.client().get(`/api/blog/posts/slug/${post.slug}`)).body.content as string;
    expect(read).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(read).toContain('<a href="https://ornek.com" rel="noopener noreferrer nofollow">iyi</a>');
    expect(read).toContain('<img src="/uploads/a.png" />');
    expect(read).toContain('Merhaba');
  });

  it('the editor autosaves a draft: sanitised, never published by it, not audited; a published post refuses it; drafts stay hidden', async () => {
    const admin = await server.admin();
    const member = await server.member();
    const draft = (await admin.client.post('/api/blog/posts', { title: 'Kendiliğinden', content: '<p>ilk</p>' })).body;
    expect(draft.status).toBe('draft');
    const audited = async () => (await server.ctx.db('audit_log').where({ target_type: 'blog_post', target_id: String(draft.id) })).length;
    const auditsBefore = await audited();

    const saved = await admin.client.patch(`/api/blog/posts/${draft.id}/autosave`, {
      title: 'Kendiliğinden kaydolan',
      content: '<h2>Ara</h2><p>ikinci<img src="x" onerror="alert(1)"></p><script>alert(2)</script><p><a href="javascript:alert(3)">a</a></p>',
      published: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: draft.id, slug: draft.slug });
    expect(Date.parse(saved.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(draft.updatedAt));
    const read = (await admin.client.get(`/api/blog/posts/${draft.id}`)).body;
    expect(read).toMatchObject({ title: 'Kendiliğinden kaydolan', published: false, status: 'draft', publishedAt: null });
    expect(read.content).not.toMatch(/script|onerror|javascript:|alert/i);
    expect(read.content).toContain('<h2>Ara</h2>');
    expect(await audited()).toBe(auditsBefore);
    expect((await server.client().get(`/api/blog/posts/${draft.id}`)).status).toBe(404);
    expect((await member.client.get(`/api/blog/posts/slug/${draft.slug}`)).status).toBe(404);

    expect((await member.client.patch(`/api/blog/posts/${draft.id}/autosave`, { title: 'x' })).status).toBe(403);
    expect((await server.client().patch(`/api/blog/posts/${draft.id}/autosave`, { title: 'x' })).status).toBe(401);
    expect((await admin.client.patch('/api/blog/posts/999999/autosave', { title: 'x' })).status).toBe(404);

    // Publishing is the editor's explicit, audited step; after it the post no longer changes by itself.
    const published = await admin.client.patch(`/api/blog/posts/${draft.id}`, { published: true });
    expect(published.body).toMatchObject({ status: 'published', published: true });
    expect(published.body.publishedAt).not.toBeNull();
    expect(await audited()).toBe(auditsBefore + 1);
    const refused = await admin.client.patch(`/api/blog/posts/${draft.id}/autosave`, { content: '<p>yarım kalmış</p>' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('blog_post_published');
    expect((await server.client().get(`/api/blog/posts/slug/${draft.slug}`)).body.content).toContain('ikinci');
  });

  it('likes, comments (300 max), and comment moderation for admins only', async () => {
    const admin = await server.admin();
    const member = await server.member();
    const post = (await admin.client.post('/api/blog/posts', { title: 'Yorumlu', content: '<p>x</p>', published: true })).body;
    expect((await server.client().post(`/api/blog/posts/${post.id}/like`)).status).toBe(401);
    expect((await member.client.post(`/api/blog/posts/${post.id}/like`)).body).toEqual({ liked: true, likesCount: 1 });
    expect((await member.client.get(`/api/blog/posts/${post.id}/is-liked`)).body).toEqual({ isLiked: true });
    expect((await server.client().get(`/api/blog/posts/${post.id}/is-liked`)).body).toEqual({ isLiked: false });
    expect((await member.client.post(`/api/blog/posts/${post.id}/comments`, { content: 'x'.repeat(301) })).status).toBe(400);
    const comment = await member.client.post(`/api/blog/posts/${post.id}/comments`, { content: 'Güzel yazı' });
    expect(comment.body).toMatchObject({ content: 'Güzel yazı', authorUsername: member.user.username, postTitle: 'Yorumlu' });
    const denied = await member.client.delete(`/api/blog/comments/${comment.body.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Yetki gerekli');
    expect((await admin.client.patch(`/api/blog/comments/${comment.body.id}`, { content: 'Düzenlendi' })).body.content).toBe('Düzenlendi');
    expect((await admin.client.delete(`/api/blog/comments/${comment.body.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/blog/posts/${post.id}`)).body.commentsCount).toBe(0);
    const actions = (await server.ctx.db('audit_log').where({ target_type: 'blog_comment' })).map((r: { action: string }) => r.action);
    expect(actions).toEqual(['comment.update', 'comment.delete']);
  });

  it('ranks trending by views plus twice the likes, finds related posts and top authors', async () => {
    const admin = await server.admin();
    const a = (await admin.client.post('/api/blog/posts', { title: 'Trend A', content: '<p>a</p>', tags: ['koşu'], published: true })).body;
    const b = (await admin.client.post('/api/blog/posts', { title: 'Trend B', content: '<p>b</p>', tags: ['Koşu'], published: true })).body;
    for (let i = 0; i < 3; i++) await server.client().get(`/api/blog/posts/slug/${a.slug}`);
    const fans = await Promise.all([server.member(), server.member()]);
    for (const f of fans) await f.client.post(`/api/blog/posts/${b.id}/like`);
    const trending = (await server.client().get('/api/blog/posts?sort=trending&limit=2')).body;
    expect(trending[0].id).toBe(b.id);
    const related = (await server.client().get(`/api/blog/posts/${a.id}/related`)).body;
    expect(related.map((p: { id: number }) => p.id)).toContain(b.id);
    const authors = (await server.client().get('/api/blog/authors')).body;
    expect(authors[0].id).toBe(admin.user.id);
  });

  it('uploads editor images for admins only', async () => {
    const admin = await server.admin();
    const member = await server.member();
    const fd = () => {
      const f = new FormData();
      f.append('image', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'a.png');
      return f;
    };
    expect((await member.client.postForm('/api/blog/uploads', fd())).status).toBe(403);
    const ok = await admin.client.postForm('/api/blog/uploads', fd());
    expect(ok.status).toBe(201);
    expect(ok.body.url).toMatch(/^\/uploads\/.+\.png$/);
    const bad = new FormData();
    bad.append('image', new Blob(['not an image'], { type: 'image/png' }), 'x.png');
    const res = await admin.client.postForm('/api/blog/uploads', bad);
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('Sadece görsel dosyalarını yükleyebilirsiniz');
  });

  it('pages the post lists and comments by the X-Next-Cursor header, newest or trending, and refuses a cursor of another list', async () => {
    const admin = await server.admin();
    const member = await server.member();
    const tag = `sayfa${Date.now().toString(36)}`;
    const posts: { id: number; slug: string }[] = [];
    for (let i = 0; i < 3; i++)
      posts.push((await admin.client.post('/api/blog/posts', { title: `Sayfa ${i}`, content: '<p>x</p>', tags: [tag], published: true })).body);
    const walk = async (url: string) => {
      const pages: number[][] = [];
      let cursor: string | null = null;
      do {
        const next: string = `${url}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await server.client().get(next);
        expect(res.status).toBe(200);
        pages.push(res.body.map((p: { id: number }) => p.id));
        cursor = res.headers.get('x-next-cursor');
      } while (cursor && pages.length < 10);
      return pages;
    };
    const p0 = nth(posts, 0);
    const p1 = nth(posts, 1);
    const p2 = nth(posts, 2);
    expect(await walk(`/api/blog/posts?tag=${tag}&limit=2`)).toEqual([[p2.id, p1.id], [p0.id]]);
    // Trending: the first post read three times leads; the others tie and go newest first.
    for (let i = 0; i < 3; i++) await server.client().get(`/api/blog/posts/slug/${p0.slug}`);
    expect(await walk(`/api/blog/posts?tag=${tag}&sort=trending&limit=2`)).toEqual([[p0.id, p2.id], [p1.id]]);
    const latest = (await server.client().get(`/api/blog/posts?tag=${tag}&limit=2`)).headers.get('x-next-cursor');
    const mixed = await server.client().get(`/api/blog/posts?tag=${tag}&sort=trending&cursor=${latest}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe('invalid_cursor');

    const comments: number[] = [];
    for (let i = 0; i < 3; i++) comments.push((await member.client.post(`/api/blog/posts/${p1.id}/comments`, { content: `Yorum ${i}` })).body.id);
    expect(await walk(`/api/blog/posts/${p1.id}/comments?limit=2`)).toEqual([[comments[2], comments[1]], [comments[0]]]);
    expect((await server.client().get(`/api/blog/posts/${p1.id}/comments?cursor=bm9wZQ`)).body.code).toBe('invalid_cursor');
  });
});

describe('blog categories', () => {
  it('admins rename and remove blog categories; the slug follows the name, a taken name is 409, both are audited', async () => {
    const admin = await server.admin();
    const member = await server.member();
    const cat = (await admin.client.post('/api/blog/categories', { name: 'Gezi Notları' })).body;
    const other = (await admin.client.post('/api/blog/categories', { name: 'Mutfak' })).body;
    const post = (
      await admin.client.post('/api/blog/posts', { title: 'Odunpazarı yürüyüşü', content: '<p>Taş sokaklar</p>', categoryId: cat.id, published: true })
    ).body;

    const renamed = await admin.client.patch(`/api/blog/categories/${cat.id}`, { name: 'Şehir Gezileri', color: '#10B981' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: cat.id, name: 'Şehir Gezileri', slug: 'sehir-gezileri', color: '#10B981', postCount: 1 });
    expect((await server.client().get(`/api/blog/posts/slug/${post.slug}`)).body.category).toMatchObject({ id: cat.id, name: 'Şehir Gezileri' });

    const taken = await admin.client.patch(`/api/blog/categories/${cat.id}`, { name: 'Mutfak' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('blog_category_exists');
    expect((await member.client.patch(`/api/blog/categories/${cat.id}`, { name: 'x' })).status).toBe(403);
    expect((await admin.client.patch('/api/blog/categories/999999', { name: 'Yok' })).status).toBe(404);

    expect((await member.client.delete(`/api/blog/categories/${other.id}`)).status).toBe(403);
    const removed = await admin.client.delete(`/api/blog/categories/${cat.id}`);
    expect(removed.status).toBe(200);
    expect((await server.client().get('/api/blog/categories')).body.map((c: { id: number }) => c.id)).not.toContain(cat.id);
    // The post stays, without a category.
    const kept = await server.client().get(`/api/blog/posts/slug/${post.slug}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ categoryId: null, category: null });
    expect((await admin.client.delete(`/api/blog/categories/${cat.id}`)).status).toBe(404);

    const log = (await admin.client.get('/api/admin/audit?targetType=blog_category')).body.items as {
      action: string;
      targetId: string;
      before: unknown;
      after: unknown;
    }[];
    const mine = log.filter((e) => e.targetId === String(cat.id));
    expect(mine.map((e) => e.action).sort()).toEqual(['blog_category.create', 'blog_category.delete', 'blog_category.update']);
    expect(mine.find((e) => e.action === 'blog_category.update')).toMatchObject({
      before: { name: 'Gezi Notları' },
      after: { name: 'Şehir Gezileri', color: '#10B981' },
    });
  });

  it('a title with circumflexed letters gets a folded slug; a slug stored by the older rule keeps answering after edits', async () => {
    const admin = await server.admin();
    const post = (await admin.client.post('/api/blog/posts', { title: 'hikâye rüzgâr', content: '<p>Bir hikâye</p>', published: true })).body;
    expect(post.slug).toBe('hikaye-ruzgar');
    expect((await server.client().get('/api/blog/posts/slug/hikaye-ruzgar')).body.id).toBe(post.id);
    // A post written before the rule folded â, î, û keeps the slug it was stored with.
    const old = (await admin.client.post('/api/blog/posts', { title: 'Kâr ve Zarar', content: '<p>Eski</p>', published: true })).body;
    await server.ctx.db('blog_posts').where({ id: old.id }).update({ slug: 'kr-ve-zarar' });
    expect((await server.client().get('/api/blog/posts/slug/kr-ve-zarar')).body.id).toBe(old.id);
    const renamed = await admin.client.patch(`/api/blog/posts/${old.id}`, { title: 'Kâr ve Zarar (güncel)' });
    expect(renamed.body.slug).toBe('kr-ve-zarar');
    const resaved = await admin.client.patch(`/api/blog/posts/${old.id}`, { slug: 'kr-ve-zarar', content: '<p>Yeni</p>' });
    expect(resaved.body.slug).toBe('kr-ve-zarar');
    expect((await server.client().get('/api/blog/posts/slug/kr-ve-zarar')).body.content).toContain('Yeni');
  });
});
