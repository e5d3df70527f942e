import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME, ADMIN_PASSWORD, STRONG_PASSWORD, startTestServer, type TestServer, ApiClient } from '../../test/harness';
import { makePng } from '../../test/media';
import { cli, dropSchema, secondPgUrl } from '../../test/ops';
import { loadConfig } from '../../config';
import { startServer } from '../../server';

const pgUrl = secondPgUrl();
const schema = `m_${crypto.randomBytes(5).toString('hex')}`;
let server: TestServer;

/** A SQLite community moved to PostgreSQL: needs a PostgreSQL to move to (TEST_DATABASE_URL's second database). */
describe.skipIf(!pgUrl)('migrate-to-postgres', () => {
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl: null, databaseSchema: null });
  });
  afterAll(async () => {
    await server?.close();
    if (pgUrl) await dropSchema(pgUrl, schema);
  });

  it('copies every table to an empty PostgreSQL, counts agree, and the server runs on it with the same members', async () => {
    const url = pgUrl ?? '';
    const alice = await server.member({ username: 'ayse_tasinma' });
    const bob = await server.member();
    const fd = new FormData();
    fd.append('content', 'Taşınmadan önce #yedek');
    fd.append('image', new Blob([new Uint8Array(makePng(3, 3))], { type: 'image/png' }), 'a.png');
    const post = await alice.client.postForm('/api/posts', fd);
    expect(post.status).toBe(201);
    expect((await bob.client.post(`/api/posts/${post.body.id}/like`)).status).toBeLessThan(300);
    expect((await bob.client.post(`/api/posts/${post.body.id}/comments`, { content: 'Güzel!' })).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await alice.client.post('/api/posts', { content: `Metin ${i}`, type: 'text' })).status).toBe(201);

    const res = await cli(['migrate-to-postgres', url, '--schema', schema], server.ctx.config);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/tables copied, counts match/);
    const postsLine = res.stdout.split('\n').find((l) => /^posts\s/.test(l));
    expect(postsLine).toMatch(/^posts\s+6\s+6$/);

    // The same community on PostgreSQL: members sign in, posts and counters are there, new ids follow on.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-pg-'));
    fs.cpSync(server.ctx.config.uploadsDir, path.join(dataDir, 'uploads'), { recursive: true });
    const pg = await startServer(
      loadConfig(
        { NODE_ENV: 'test' },
        {
          dataDir,
          uploadsDir: path.join(dataDir, 'uploads'),
          port: 0,
          host: '127.0.0.1',
          databaseUrl: url,
          databaseSchema: schema,
          seedDemo: false,
          logLevel: 'silent',
          passwordHashCost: 10,
          adminUsername: ADMIN_USERNAME,
          adminPassword: ADMIN_PASSWORD,
        },
      ),
    );
    try {
      const client = new ApiClient(pg.url);
      const login = await client.post('/api/auth/login', { username: 'ayse_tasinma', password: STRONG_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.id).toBe(alice.user.id);
      const moved = await client.get(`/api/posts/${post.body.id}`);
      expect(moved.status).toBe(200);
      expect(moved.body.imageUrl).toBe(post.body.imageUrl);
      expect(moved.body.likesCount ?? moved.body.likes).toBe(1);
      const next = await client.post('/api/posts', { content: 'PostgreSQL üzerinden ilk yazı', type: 'text' });
      expect(next.status).toBe(201);
      expect(next.body.id).toBeGreaterThan(post.body.id);
      const counts = await pg.ctx.db('community_counts').where({ name: 'members' }).first('n');
      expect(Number(counts?.n)).toBe(Number((await server.ctx.db('users').count({ n: '*' }).first())?.n));
    } finally {
      await pg.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }

    const again = await cli(['migrate-to-postgres', url, '--schema', schema], server.ctx.config);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('boş değil');
    expect(again.stderr).toContain('not empty');
  });
});
