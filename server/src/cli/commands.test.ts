import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME, STRONG_PASSWORD, startTestServer, type TestServer } from '../test/harness';
import { makePng } from '../test/media';
import { cli, spawnCli } from '../test/ops';
import { cliActorLabel } from './context';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function auditLog() {
  const admin = await server.admin();
  const res = await admin.client.get('/api/admin/audit?direction=desc&limit=20');
  expect(res.status).toBe(200);
  return res.body.items as { action: string; actorId: number | null; actorUsername: string | null; targetId: string | null; after: unknown }[];
}

function dbEnv(): Record<string, string> {
  const { config } = server.ctx;
  return { DATA_DIR: config.dataDir, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: config.databaseSchema ?? '' } : {}) };
}

describe('admin commands', () => {
  it('create-admin makes an account that signs in as admin, and the audit log names the command line', async () => {
    const res = await cli(['create-admin', 'yeni_yonetici', '--email', 'yeni@ornek.com', '--name', 'Yeni Yönetici'], server.ctx.config, `${STRONG_PASSWORD}\n`);
    expect(res.code, res.stderr).toBe(0);
    const login = await server.client().post('/api/auth/login', { username: 'yeni_yonetici', password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('admin');
    const entry = (await auditLog()).find((e) => e.action === 'user.create');
    expect(entry?.actorId).toBeNull();
    expect(entry?.actorUsername).toBe(cliActorLabel());
    expect(entry?.actorUsername).toMatch(/^cli:/);
    expect(entry?.targetId).toBe(String(login.body.id));

    const weak = await cli(['create-admin', 'zayif', '--email', 'zayif@ornek.com'], server.ctx.config, 'abc\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Geçersiz bilgi');
    const taken = await cli(['create-admin', 'yeni_yonetici', '--email', 'baska@ornek.com'], server.ctx.config, `${STRONG_PASSWORD}\n`);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('zaten kayıtlı');
    expect((await cli(['create-admin'], server.ctx.config)).code).toBe(2);
  });

  it('promote and demote change the role the API sees, logged like the workspace does; the last admin stays', async () => {
    const { client, user } = await server.member();
    expect((await cli(['promote', user.username], server.ctx.config)).code).toBe(0);
    expect((await client.get('/api/auth/me')).body.role).toBe('admin');
    const promoted = (await auditLog()).find((e) => e.action === 'user.update' && e.targetId === String(user.id));
    expect(promoted?.actorUsername).toBe(cliActorLabel());
    expect(promoted?.after).toMatchObject({ role: 'admin' });

    const again = await cli(['promote', user.username], server.ctx.config);
    expect(again.stdout).toContain('zaten yönetici');
    expect((await cli(['demote', `@${user.username}`], server.ctx.config)).code).toBe(0);
    expect((await client.get('/api/auth/me')).body.role).toBe('user');
    expect((await cli(['promote', 'yok_boyle_biri'], server.ctx.config)).stderr).toContain('Böyle bir kullanıcı yok');

    // Demote every admin but one; the last is refused.
    const admins = (await server.ctx.db('users').where({ role: 'admin' }).orderBy('id').pluck('username')) as string[];
    for (const name of admins.slice(1)) expect((await cli(['demote', name], server.ctx.config)).code).toBe(0);
    const last = await cli(['demote', admins[0] ?? ADMIN_USERNAME], server.ctx.config);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('son yönetici');
    for (const name of admins.slice(1)) await cli(['promote', name], server.ctx.config);
  });

  it('list-admins and stats, from the real entry as npm run admin starts it', async () => {
    const list = spawnCli(['list-admins'], dbEnv());
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(ADMIN_USERNAME);
    expect(list.stdout).toMatch(/\d+ yönetici \/ admins/);
    const stats = await cli(['stats'], server.ctx.config);
    expect(stats.code, stats.stderr).toBe(0);
    const members = Number((await server.ctx.db('users').count({ n: '*' }).first())?.n);
    expect(stats.stdout).toMatch(new RegExp(`Üyeler / Members\\s+${members}\\b`));
    expect(stats.stdout).toContain('Yüklenen dosyalar / Uploaded files');
  });

  it('cleanup-uploads lists unused files with --dry-run, then removes only those, keeping fresh uploads and every referenced file', async () => {
    const dir = server.ctx.config.uploadsDir;
    const { client } = await server.member();
    const fd = new FormData();
    fd.append('content', 'Resimli');
    fd.append('image', new Blob([new Uint8Array(makePng(3, 3))], { type: 'image/png' }), 'a.png');
    const post = await client.postForm('/api/posts', fd);
    expect(post.status).toBe(201);
    const postImage = path.basename(post.body.imageUrl as string);
    // An image only a blog post's HTML names.
    fs.writeFileSync(path.join(dir, 'inline-0000.png'), makePng(4, 4));
    const admin = await server.admin();
    const blog = await admin.client.post('/api/blog/posts', {
      title: 'Resimli yazı',
      content: '<p>Bakın: <img src="/uploads/inline-0000.png"></p>',
      published: true,
    });
    expect(blog.status).toBe(201);
    // Leftovers of deleted content (old), and a fresh upload not attached yet.
    const old = new Date(Date.now() - 48 * 3_600_000);
    for (const name of ['deleted-group-cover.png', 'deleted-blog.thumb.webp']) {
      fs.writeFileSync(path.join(dir, name), Buffer.alloc(2048, 1));
      fs.utimesSync(path.join(dir, name), old, old);
    }
    fs.utimesSync(path.join(dir, 'inline-0000.png'), old, old);
    fs.utimesSync(path.join(dir, postImage), old, old);
    fs.writeFileSync(path.join(dir, 'fresh-upload.png'), Buffer.alloc(10, 1));

    const dry = await cli(['cleanup-uploads', '--dry-run'], server.ctx.config);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('deleted-group-cover.png');
    expect(dry.stdout).toContain('2.0 KB');
    expect(dry.stdout).toContain('2 kullanılmayan dosya');
    expect(dry.stdout).toContain('posts.image_url');
    expect(dry.stdout).toContain('blog_posts.content');
    expect(fs.existsSync(path.join(dir, 'deleted-group-cover.png'))).toBe(true);

    const res = await cli(['cleanup-uploads'], server.ctx.config);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('2 dosya silindi');
    const left = fs.readdirSync(dir);
    expect(left).not.toContain('deleted-group-cover.png');
    expect(left).not.toContain('deleted-blog.thumb.webp');
    expect(left).toEqual(
      expect.arrayContaining([postImage, path.basename(post.body.imageUrl.replace(/\.[^.]+$/, '.thumb.webp')), 'inline-0000.png', 'fresh-upload.png']),
    );
    const entry = (await auditLog()).find((e) => e.action === 'uploads.cleanup');
    expect(entry?.actorUsername).toBe(cliActorLabel());
    expect(entry?.after).toMatchObject({ files: 2, bytes: 4096 });
  });
});
