import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { startTestServer, type TestServer } from '../../test/harness';
import { makeMp4, makePng } from '../../test/media';
import { startTestBucket, unreachableBucket, type TestBucket } from '../../test/s3';
import { runCli } from '../../cli/run';
import { DiskStore, S3Store, s3Client, StorageUnavailable, type ObjectStore } from '.';

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket?.close();
});

async function text(store: ObjectStore, key: string, range?: { start: number; end: number }): Promise<string | null> {
  const o = await store.get(key, range);
  if (!o) return null;
  const chunks: Buffer[] = [];
  for await (const c of o.body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

async function keys(store: ObjectStore): Promise<string[]> {
  const out: string[] = [];
  for await (const o of store.list()) out.push(o.key);
  return out;
}

describe.each([
  ['disk', () => new DiskStore(fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-store-')))],
  ['s3', () => new S3Store(s3Client(bucket.storage), bucket.storage.bucket, `t${crypto.randomBytes(3).toString('hex')}`)],
] as const)('the %s store', (_kind, make) => {
  it('puts from a buffer and from a file, reads whole and by range, lists, checks, deletes', async () => {
    const store = make();
    await store.put('a.png', Buffer.from('merhaba dünya'), 'image/png');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-src-')), 'b');
    fs.writeFileSync(file, '0123456789');
    await store.putFile('b.mp4', file, 'video/mp4');

    expect(await text(store, 'a.png')).toBe('merhaba dünya');
    const b = await store.get('b.mp4', { start: 2, end: 5 });
    expect(b).toMatchObject({ length: 4, size: 10, type: 'video/mp4' });
    b?.body.destroy();
    expect(await text(store, 'b.mp4', { start: 2, end: 5 })).toBe('2345');
    expect(await store.stat('b.mp4')).toEqual({ size: 10 });
    expect(await store.exists('c.png')).toBe(false);
    expect(await store.get('c.png')).toBeNull();
    expect(await keys(store)).toEqual(['a.png', 'b.mp4']);

    await store.delete('a.png');
    await store.delete('a.png');
    expect(await keys(store)).toEqual(['b.mp4']);
    expect(() => store.get('../etc/passwd')).rejects.toThrow();
  });
});

describe('uploads in an S3 bucket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storage: bucket.storage });
  });
  afterAll(async () => {
    await server?.close();
  });
  const store = () => new S3Store(s3Client(bucket.storage), bucket.storage.bucket, 'uploads');

  it('stores the image and its thumbnail in the bucket, serves them with the same headers, and deletes them with the post', async () => {
    const { client } = await server.member();
    const fd = new FormData();
    fd.append('content', 'kovada');
    fd.append('image', new Blob([new Uint8Array(makePng(32, 32))], { type: 'image/png' }), 'a.png');
    const res = await client.postForm('/api/posts', fd);
    expect(res.status).toBe(201);
    const key = path.basename(res.body.imageUrl as string);
    const thumb = path.basename(res.body.imageThumbUrl ?? key.replace(/\.png$/, '.thumb.webp'));
    expect(await keys(store())).toEqual(expect.arrayContaining([key, thumb]));
    expect(fs.readdirSync(server.ctx.config.uploadsDir)).toEqual([]);

    const file = await fetch(server.url + res.body.imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
    expect((await file.arrayBuffer()).byteLength).toBe(Number(file.headers.get('content-length')));
    expect((await fetch(`${server.url}/uploads/yok.png`)).status).toBe(404);

    expect((await client.delete(`/api/posts/${res.body.id}`)).status).toBe(200);
    expect(await keys(store())).not.toEqual(expect.arrayContaining([key]));
    expect(await keys(store())).not.toEqual(expect.arrayContaining([thumb]));
  });

  it('streams a video from the bucket and answers ranges for seeking', async () => {
    const { client } = await server.member();
    const fd = new FormData();
    fd.append('content', 'video');
    fd.append('video', new Blob([new Uint8Array(makeMp4(4))], { type: 'video/mp4' }), 'v.mp4');
    const res = await client.postForm('/api/posts', fd);
    expect(res.status).toBe(201);
    const whole = new Uint8Array(await (await fetch(server.url + res.body.videoUrl)).arrayBuffer());
    const part = await fetch(server.url + res.body.videoUrl, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe(Buffer.from(whole.subarray(4, 12)).toString('latin1'));
    expect((await fetch(server.url + res.body.videoUrl, { headers: { range: `bytes=${whole.length + 10}-` } })).status).toBe(416);
  });
});

describe('data exports in an S3 bucket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storage: bucket.storage });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are built with the member’s files from the bucket, kept in the bucket and downloaded from it', async () => {
    const m = await server.member();
    const fd = new FormData();
    fd.append('content', 'arşivlik');
    fd.append('image', new Blob([new Uint8Array(makePng(20, 20))], { type: 'image/png' }), 'a.png');
    const post = await m.client.postForm('/api/posts', fd);
    expect(post.status).toBe(201);
    const imageName = path.basename(post.body.imageUrl as string);
    expect((await m.client.post('/api/users/me/data-export')).status).toBe(201);
    await server.jobs.privacy.tick();
    const { downloadUrl } = (await m.client.get('/api/users/me/data-export')).body.latest;
    const archives = await keys(new S3Store(s3Client(bucket.storage), bucket.storage.bucket, 'exports'));
    expect(archives).toHaveLength(1);
    expect(fs.existsSync(path.join(server.ctx.config.dataDir, 'exports'))).toBe(false);
    const res = await fetch(server.url + downloadUrl, { headers: { cookie: m.client.cookieHeader } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip)).toContain(`files/${imageName}`);
    expect(fs.readdirSync(server.ctx.config.uploadTmpDir)).toEqual([]);
  });
});

describe('an unreachable bucket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storage: await unreachableBucket() });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 storage_unavailable in Turkish and writes nothing: no post, no avatar, no temporary file', async () => {
    const m = await server.member();
    const post = new FormData();
    post.append('content', 'kova yok');
    post.append('image', new Blob([new Uint8Array(makePng(16, 16))], { type: 'image/png' }), 'a.png');
    const res = await m.client.postForm('/api/posts', post);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: TEXTS.errors.storageUnavailable, code: 'storage_unavailable' });
    expect(res.headers.get('retry-after')).toBe('5');
    const rows = await server.ctx.db('posts').where({ content: 'kova yok' }).count({ n: '*' });
    expect(Number(rows[0]?.n)).toBe(0);

    const avatar = new FormData();
    avatar.append('profileImage', new Blob([new Uint8Array(makePng(16, 16))], { type: 'image/png' }), 'a.png');
    expect((await m.client.patchForm(`/api/users/${m.user.id}`, avatar)).body.code).toBe('storage_unavailable');
    const user = await server.ctx.db('users').where({ id: m.user.id }).first();
    expect(user.profile_image ?? null).toBeNull();

    expect((await fetch(`${server.url}/uploads/x.png`)).status).toBe(503);
    for (let i = 0; i < 50 && fs.readdirSync(server.ctx.config.uploadTmpDir).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fs.readdirSync(server.ctx.config.uploadTmpDir)).toEqual([]);
  });

  it('is a StorageUnavailable to the code that calls it', async () => {
    const settings = await unreachableBucket();
    await expect(new S3Store(s3Client(settings), settings.bucket, 'uploads').put('a.png', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(
      StorageUnavailable,
    );
  });
});

describe('npm run admin -- move-files', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const sums = (dir: string) =>
    Object.fromEntries(
      fs
        .readdirSync(dir)
        .filter((f) => !f.startsWith('.'))
        .map((f) => [
          f,
          crypto
            .createHash('sha256')
            .update(fs.readFileSync(path.join(dir, f)))
            .digest('hex'),
        ]),
    );
  async function bucketSums(store: ObjectStore) {
    const out: Record<string, string> = {};
    for (const key of await keys(store)) {
      const o = await store.get(key);
      const hash = crypto.createHash('sha256');
      for await (const c of o!.body) hash.update(c as Buffer);
      out[key] = hash.digest('hex');
    }
    return out;
  }
  async function admin(config: TestServer['ctx']['config'], ...args: string[]) {
    const lines: string[] = [];
    const saved = { ...process.env };
    Object.assign(process.env, {
      S3_BUCKET: bucket.storage.bucket,
      S3_ENDPOINT: bucket.storage.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const code = await runCli(args, () => config, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
      return { code, text: lines.join('\n') };
    } finally {
      process.env = saved;
    }
  }

  it('copies uploads and exports to the bucket verified by SHA-256, resumes, and brings them back to another disk', async () => {
    const { client } = await server.member();
    for (const size of [16, 24]) {
      const fd = new FormData();
      fd.append('content', `taşınacak ${size}`);
      fd.append('image', new Blob([new Uint8Array(makePng(size, size))], { type: 'image/png' }), 'a.png');
      expect((await client.postForm('/api/posts', fd)).status).toBe(201);
    }
    const exportsDir = path.join(server.ctx.config.dataDir, 'exports');
    fs.mkdirSync(exportsDir, { recursive: true });
    fs.writeFileSync(path.join(exportsDir, 'arsiv.zip'), crypto.randomBytes(5000));
    const uploads = sums(server.ctx.config.uploadsDir);
    expect(Object.keys(uploads)).toHaveLength(4);
    const client3 = s3Client(bucket.storage);
    const inBucket = { uploads: new S3Store(client3, bucket.storage.bucket, 'uploads'), exports: new S3Store(client3, bucket.storage.bucket, 'exports') };
    for (const s of Object.values(inBucket)) for (const k of await keys(s)) await s.delete(k);

    const first = await admin(server.ctx.config, 'move-files', '--to', 's3');
    expect(first.code, first.text).toBe(0);
    expect(first.text).toContain('uploads: 4 kopyalandı');
    expect(await bucketSums(inBucket.uploads)).toEqual(uploads);
    expect(await bucketSums(inBucket.exports)).toEqual(sums(exportsDir));

    // Run again: everything is already there and verified; one new file is the only copy.
    fs.writeFileSync(path.join(server.ctx.config.uploadsDir, 'yeni.png'), makePng(4, 4));
    const again = await admin(server.ctx.config, 'move-files', '--to', 's3');
    expect(again.text).toContain('uploads: 1 kopyalandı');
    expect(again.text).toContain('4 zaten doğrulanmış');

    // Back to a disk that lost its files (the database restored on a new machine), removing them from the bucket once all are verified.
    const before = { uploads: sums(server.ctx.config.uploadsDir), exports: sums(exportsDir) };
    fs.rmSync(server.ctx.config.uploadsDir, { recursive: true });
    fs.rmSync(exportsDir, { recursive: true });
    const back = await admin(server.ctx.config, 'move-files', '--to', 'disk', '--delete-source');
    expect(back.code, back.text).toBe(0);
    expect(sums(server.ctx.config.uploadsDir)).toEqual(before.uploads);
    expect(sums(exportsDir)).toEqual(before.exports);
    expect(await keys(inBucket.uploads)).toEqual([]);
    expect(await keys(inBucket.exports)).toEqual([]);
    expect(fs.readdirSync(server.ctx.config.uploadTmpDir)).toEqual([]);
  });

  it('says clearly when the bucket cannot be reached', async () => {
    const dead = await unreachableBucket();
    const lines: string[] = [];
    const code = await runCli(['move-files', '--to', 's3'], () => ({ ...server.ctx.config, storage: dead }), {
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('Kovaya ulaşılamıyor');
  });
});
