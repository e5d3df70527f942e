import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';
import { LIMITS } from '@mahalle/shared';

const INDEX = `<!doctype html>
<html lang="tr">
  <head>
    <meta charset="UTF-8" />
    <title>Mahalle - Topluluk Platformu</title>
    <meta name="description" content="Genel açıklama" />
  </head>
  <body><div id="root"><div class="boot">${'Mahalle '.repeat(200)}</div></div></body>
</html>`;
const SW = `self.addEventListener('fetch', () => undefined);\n`;
const ASSET = `export const x = ${JSON.stringify('mahalle '.repeat(500))};\n`;

/** Raw HTTP, without fetch's automatic decompression, so the bytes on the wire can be checked. */
async function raw(url: string, headers: Record<string, string> = {}) {
  const http = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('static files, compression and SEO', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js'), ASSET);
    fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(ASSET));
    fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js.gz'), zlib.gzipSync(ASSET));
    fs.writeFileSync(path.join(webDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Mahalle', lang: 'tr' }));
    fs.writeFileSync(path.join(webDir, 'sw.js'), SW);
    server = await startTestServer({ webDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the precompressed asset the browser prefers, with Vary and a one-year immutable cache', async () => {
    const url = `${server.url}/assets/app-abc123.js`;
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(ASSET);

    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(ASSET);

    const plain = await raw(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('serves the service worker revalidated every time, allowed to control the whole site', async () => {
    const res = await raw(`${server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body.toString()).toBe(SW);
    // Not the app's fallback under another name: a missing worker is a 404, so a browser unregisters it.
    fs.renameSync(path.join(webDir, 'sw.js'), path.join(webDir, 'sw.js.off'));
    try {
      expect((await raw(`${server.url}/sw.js`)).status).toBe(404);
    } finally {
      fs.renameSync(path.join(webDir, 'sw.js.off'), path.join(webDir, 'sw.js'));
    }
  });

  it('serves index.html with no-cache, compressed when large enough', async () => {
    const res = await raw(`${server.url}/qa`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(INDEX);
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const member = await server.member();
    for (let i = 0; i < 6; i++) await member.client.post('/api/questions', { title: `Uzun bir soru başlığı ${i}`, content: 'içerik '.repeat(40) });
    const big = await raw(`${server.url}/api/questions`, { 'accept-encoding': 'gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.body).toString()).items.length).toBeGreaterThan(0);
    const small = await raw(`${server.url}/api/auth/session`, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ user: null });
  });

  it('answers the session check with 200 for visitors and members, while /me keeps its 401', async () => {
    expect((await server.client().get('/api/auth/me')).status).toBe(401);
    const visitor = await server.client().get('/api/auth/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ user: null });
    const member = await server.member();
    const session = await member.client.get('/api/auth/session');
    expect(session.body.user).toMatchObject({ id: member.user.id, username: member.user.username });
  });

  it('has real robots.txt, favicon and manifest, and 404s unknown files instead of the app', async () => {
    const robots = await raw(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    const text = robots.body.toString();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /messages');
    expect(text).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);

    const favicon = await raw(`${server.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toMatch(/icon/);
    const manifest = await raw(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);

    for (const p of ['/nope.png', '/wp-login.php', '/assets/gone-123.js', '/.env']) {
      const res = await raw(server.url + p);
      expect(res.status, p).toBe(404);
      expect(res.body.toString()).not.toContain('<div id="root">');
    }
    // Client routes still get the app.
    expect((await raw(`${server.url}/blog/some-post`)).status).toBe(200);
  });

  it('lists public questions, published blog posts and public groups in the sitemap, nothing private', async () => {
    const admin = await server.admin();
    const q = (await admin.client.post('/api/questions', { title: 'Sitemap sorusu', content: 'Hangi park?' })).body;
    const pub = (await admin.client.post('/api/blog/posts', { title: 'Yayında Yazı', content: '<p>Merhaba</p>', published: true })).body;
    const draft = (await admin.client.post('/api/blog/posts', { title: 'Gizli Taslak', content: '<p>henüz değil</p>' })).body;
    const open = (await admin.client.post('/api/hobby-groups', { name: 'Açık Grup', description: 'Herkese açık bir grup.' })).body;
    const closed = (await admin.client.post('/api/hobby-groups', { name: 'Kapalı Grup', description: 'Yalnızca üyeler için.', isPrivate: true })).body;
    expect(closed.isPrivate).toBe(true);

    const res = await raw(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const xml = res.body.toString();
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('<urlset');
    expect(xml).toContain(`/qa/question/${q.id}</loc>`);
    expect(xml).toContain(`/blog/${pub.slug}</loc>`);
    expect(xml).toContain(`/hobby-groups/${open.slug}</loc>`);
    expect(xml).not.toContain(draft.slug);
    expect(xml).not.toContain(closed.slug);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    const part = await raw(`${server.url}/sitemaps/questions-1.xml`);
    expect(part.status).toBe(200);
    expect(part.body.toString()).toContain(`/qa/question/${q.id}</loc>`);
    expect((await raw(`${server.url}/sitemaps/secrets-1.xml`)).status).toBe(404);
  });

  it('renders escaped Open Graph tags for public blog posts and questions, none for drafts or unknown ids', async () => {
    const admin = await server.admin();
    const post = (
      await admin.client.post('/api/blog/posts', { title: 'Kahve & "Sohbet" <Akşamı>', content: '<p>Cuma <b>akşamı</b> buluşuyoruz.</p>', published: true })
    ).body;
    const html = (await raw(`${server.url}/blog/${post.slug}`)).body.toString();
    expect(html).toContain('<meta property="og:title" content="Kahve &amp; &quot;Sohbet&quot; &lt;Akşamı&gt;" />');
    expect(html).toContain('<title>Kahve &amp; &quot;Sohbet&quot; &lt;Akşamı&gt; · Mahalle</title>');
    expect(html).toContain('<meta property="og:description" content="Cuma akşamı buluşuyoruz." />');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+/blog/${post.slug}" />`));
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/icons\/icon-512\.png" \/>/);
    expect(html).toContain('<meta name="twitter:card"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<Akşamı>');

    const q = (await admin.client.post('/api/questions', { title: 'Otobüs <script>alert(1)</script> saatleri?', content: 'Hafta sonu kaçta?' })).body;
    const qHtml = (await raw(`${server.url}/qa/question/${q.id}`)).body.toString();
    expect(qHtml).toContain('og:title" content="Otobüs &lt;script&gt;alert(1)&lt;/script&gt; saatleri?"');
    expect(qHtml).not.toContain('<script>alert(1)</script>');

    // A title with what String.replace reads as a pattern (`$&` is what was replaced: `</head>`) is written as it is.
    const dollar = (await admin.client.post('/api/questions', { title: "Kira $' ve $& ne kadar?", content: 'Aylık kaç lira?' })).body;
    const dollarHtml = (await raw(`${server.url}/qa/question/${dollar.id}`)).body.toString();
    expect(dollarHtml).toContain('og:title" content="Kira $&apos; ve $&amp; ne kadar?"');
    expect(dollarHtml.match(/<\/head>/g)).toHaveLength(1);

    const draft = (await admin.client.post('/api/blog/posts', { title: 'Taslak Başlık', content: '<p>gizli</p>' })).body;
    const draftHtml = (await raw(`${server.url}/blog/${draft.slug}`)).body.toString();
    expect(draftHtml).toBe(INDEX);
    expect((await raw(`${server.url}/qa/question/999999`)).body.toString()).toBe(INDEX);
  });

  it("renders an event's Open Graph tags with its date in the community's zone and its place; none for a private event", async () => {
    const host = await server.member();
    const open = (
      await host.client.post('/api/events', {
        title: 'Porsuk <Yürüyüşü>',
        description: 'Kıyı boyunca & köprülere.',
        date: '2099-12-12T07:00:00.000Z',
        location: 'Adalar',
      })
    ).body;
    const html = (await raw(`${server.url}/events/${open.id}`)).body.toString();
    expect(html).toContain('<meta property="og:title" content="Porsuk &lt;Yürüyüşü&gt;" />');
    // 07:00 UTC is 10:00 in Istanbul.
    expect(html).toContain('<meta property="og:description" content="12 Aralık 2099 Cumartesi, 10:00 · Adalar. Kıyı boyunca &amp; köprülere." />');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+/events/${open.id}" />`));
    const secret = (await host.client.post('/api/events', { title: 'Gizli Buluşma', description: 'Özel', date: '2099-12-13T07:00:00.000Z', isPrivate: true }))
      .body;
    expect((await raw(`${server.url}/events/${secret.id}`)).body.toString()).toBe(INDEX);
    expect((await raw(`${server.url}/events/999999`)).body.toString()).toBe(INDEX);
  });

  it('gives a hidden question or event no preview and leaves the question out of the sitemap; restored, both come back', async () => {
    const admin = await server.admin();
    const host = await server.member();
    const q = (await host.client.post('/api/questions', { title: 'Gizlenecek soru başlığı', content: 'Soru metni' })).body;
    const event = (await host.client.post('/api/events', { title: 'Gizlenecek Buluşma', description: 'Açıklama', date: '2099-12-14T07:00:00.000Z' })).body;
    expect((await admin.client.post(`/api/admin/moderation/question/${q.id}/hide`, { reason: 'Yanıltıcı' })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/moderation/event/${event.id}/hide`, { reason: 'Yanıltıcı' })).status).toBe(200);
    expect((await raw(`${server.url}/qa/question/${q.id}`)).body.toString()).toBe(INDEX);
    expect((await raw(`${server.url}/events/${event.id}`)).body.toString()).toBe(INDEX);
    expect((await raw(`${server.url}/sitemaps/questions-1.xml`)).body.toString()).not.toContain(`/qa/question/${q.id}</loc>`);

    expect((await admin.client.post(`/api/admin/moderation/question/${q.id}/restore`, { reason: 'Uygun' })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/moderation/event/${event.id}/restore`, { reason: 'Uygun' })).status).toBe(200);
    expect((await raw(`${server.url}/qa/question/${q.id}`)).body.toString()).toContain('og:title" content="Gizlenecek soru başlığı"');
    expect((await raw(`${server.url}/events/${event.id}`)).body.toString()).toContain('og:title" content="Gizlenecek Buluşma"');
    expect((await raw(`${server.url}/sitemaps/questions-1.xml`)).body.toString()).toContain(`/qa/question/${q.id}</loc>`);
  });
});

const BOOT_INDEX = `<!doctype html>
<html lang="tr">
  <head><title>Mahalle</title></head>
  <body><div id="root"><div class="boot-header">Mahalle</div><!--boot--><div class="boot-main">Yükleniyor…</div><!--/boot--></div>
  <template id="boot-home"><div class="boot-page boot-home"><h1 class="boot-h1">Hoş geldin!</h1></div></template></body>
</html>`;

describe('first paint in index.html', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), BOOT_INDEX);
    server = await startTestServer({ webDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const bootArea = (html: string) => /<div id="root"><div class="boot-header">Mahalle<\/div>([\s\S]*?)<\/div>\n/.exec(html)?.[1];

  it("paints a public question's, blog post's and group's heading and first lines, escaped, where the spinner was", async () => {
    const admin = await server.admin();
    const q = (await admin.client.post('/api/questions', { title: 'Otobüs <b>saatleri</b>?', content: 'Hafta sonu & bayramda kaçta?' })).body;
    const qBoot = bootArea((await raw(`${server.url}/qa/question/${q.id}`)).body.toString());
    expect(qBoot).toBe(
      '<div class="boot-page boot-question"><a class="boot-back" href="/qa">← Sorular</a><div class="boot-card"><h1 class="boot-h1">Otobüs &lt;b&gt;saatleri&lt;/b&gt;?</h1><p class="boot-lead">Hafta sonu &amp; bayramda kaçta?</p></div></div>',
    );

    const post = (await admin.client.post('/api/blog/posts', { title: 'Kahve Akşamı', content: '<p>Cuma <b>akşamı</b> buluşuyoruz.</p>', published: true }))
      .body;
    const blogBoot = bootArea((await raw(`${server.url}/blog/${post.slug}`)).body.toString());
    expect(blogBoot).toContain('<h1 class="boot-h1">Kahve Akşamı</h1><p class="boot-lead">Cuma akşamı buluşuyoruz.</p>');

    await server.ctx.db('hobby_groups').insert([
      { name: 'Açık Grup', slug: 'acik-grup', description: 'Herkese açık buluşmalar.', is_private: false },
      { name: 'Gizli Grup', slug: 'gizli-grup', description: 'Yalnızca üyeler.', is_private: true },
    ]);
    const groupHtml = (await raw(`${server.url}/hobby-groups/acik-grup`)).body.toString();
    expect(bootArea(groupHtml)).toContain('<a class="boot-back" href="/categories">← Gruplar</a><div class="boot-card"><h1 class="boot-h1">Açık Grup</h1>');
    expect(groupHtml).toContain('<meta property="og:title" content="Açık Grup" />');
    // A private group's page, an unknown id or a draft: the plain spinner, nothing about the content.
    for (const p of ['/groups/gizli-grup', '/qa/question/999999']) {
      const html = (await raw(server.url + p)).body.toString();
      expect(bootArea(html)).toBe('<!--boot--><div class="boot-main">Yükleniyor…</div><!--/boot-->');
      expect(html).not.toContain('Gizli Grup');
    }
  });

  it("paints the welcome card on a visitor's /, and keeps the spinner for a member's", async () => {
    const visitor = (await raw(`${server.url}/`)).body.toString();
    expect(bootArea(visitor)).toBe('<div class="boot-page boot-home"><h1 class="boot-h1">Hoş geldin!</h1></div>');
    const member = (await raw(`${server.url}/`, { cookie: 'tema=koyu; mahalle_sid=abc' })).body.toString();
    expect(bootArea(member)).toBe('<!--boot--><div class="boot-main">Yükleniyor…</div><!--/boot-->');
  });

  it("asks a member's first API calls ahead (preload as fetch, with credentials), and nothing of the kind for a visitor", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials">/g)].map((m) => m[1]);
    const cookie = { cookie: 'mahalle_sid=abc' };
    const home = (await raw(`${server.url}/`, cookie)).body.toString();
    expect(preloads(home)).toEqual(['/api/auth/session', '/api/users/me/neighbourhood', `/api/posts?limit=${LIMITS.homePosts}`]);
    // In the head, where the browser's preload scanner meets them before any script.
    expect(home.indexOf('rel="preload"')).toBeLessThan(home.indexOf('</head>'));
    expect(preloads((await raw(`${server.url}/home`, cookie)).body.toString())).toEqual([
      '/api/auth/session',
      '/api/users/me/neighbourhood',
      `/api/posts?limit=${LIMITS.feedPage}`,
    ]);
    expect(preloads((await raw(`${server.url}/messages`, cookie)).body.toString())).toEqual([
      '/api/auth/session',
      `/api/messages?limit=${LIMITS.conversationsPage}`,
    ]);
    expect(preloads((await raw(`${server.url}/notifications`, cookie)).body.toString())).toEqual(['/api/auth/session']);
    for (const p of ['/', '/home', '/messages', '/discover']) expect(preloads((await raw(server.url + p)).body.toString())).toEqual([]);
  });

  it("paints Discover's heading and first trending posts for a visitor, most liked first, only what a visitor may see", async () => {
    const author = await server.member();
    const liker = await server.member();
    const quiet = (await author.client.post('/api/posts', { content: 'Sessiz bir gönderi' })).body;
    const liked = (await author.client.post('/api/posts', { content: 'Parkta <konser> & piknik' })).body;
    const hidden = (await author.client.post('/api/posts', { content: 'Gizlenen gönderi' })).body;
    expect((await liker.client.post(`/api/posts/${liked.id}/like`)).status).toBe(200);
    await server.ctx.db('posts').where({ id: hidden.id }).update({ is_hidden: true });
    const boot = bootArea((await raw(`${server.url}/discover`)).body.toString()) ?? '';
    expect(boot).toContain('<h1 class="boot-h1">Keşfet</h1>');
    expect(boot).toContain('<p class="boot-lead">Parkta &lt;konser&gt; &amp; piknik</p>');
    expect(boot.indexOf('Parkta')).toBeLessThan(boot.indexOf(quiet.content));
    expect(boot).not.toContain('Gizlenen');
    const member = (await raw(`${server.url}/discover`, { cookie: 'mahalle_sid=abc' })).body.toString();
    expect(bootArea(member)).toBe('<!--boot--><div class="boot-main">Yükleniyor…</div><!--/boot-->');
  });
});

describe('sitemap beyond 50 000 URLs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('becomes a sitemap index of id-range parts, each part listing only its range', async () => {
    const member = await server.member();
    const low = (await member.client.post('/api/questions', { title: 'İlk soru burada', content: 'içerik' })).body;
    // An id past 50 000 without writing 50 000 rows: the plan only looks at the highest id.
    await server.ctx.db('questions').insert({ id: 60_001, author_id: member.user.id, title: 'Uzak soru', content: 'içerik' });
    const index = (await raw(`${server.url}/sitemap.xml`)).body.toString();
    expect(index).toContain('<sitemapindex');
    expect(index).not.toContain('<urlset');
    expect(index).toMatch(/\/sitemaps\/questions-1\.xml<\/loc>/);
    expect(index).toMatch(/\/sitemaps\/questions-2\.xml<\/loc>/);
    expect(index).not.toMatch(/questions-3\.xml/);
    expect(index).toMatch(/\/sitemaps\/pages-1\.xml<\/loc>/);
    const one = (await raw(`${server.url}/sitemaps/questions-1.xml`)).body.toString();
    expect(one).toContain(`/qa/question/${low.id}</loc>`);
    expect(one).not.toContain('/qa/question/60001<');
    const two = (await raw(`${server.url}/sitemaps/questions-2.xml`)).body.toString();
    expect(two).toContain('/qa/question/60001</loc>');
    expect((await raw(`${server.url}/sitemaps/pages-1.xml`)).body.toString()).toContain('/qa</loc>');
    const gz = await raw(`${server.url}/sitemaps/questions-1.xml`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(one);
  });
});
