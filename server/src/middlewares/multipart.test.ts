import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer } from '../test/harness';
import { makeMp4, makePng } from '../test/media';

const S = TEXTS.social;
let server: TestServer;
let m: Member;
beforeAll(async () => {
  server = await startTestServer();
  m = await server.member();
});
afterAll(async () => {
  await server?.close();
});

const tmpFiles = () => (fs.existsSync(server.ctx.config.uploadTmpDir) ? fs.readdirSync(server.ctx.config.uploadTmpDir) : []);
const storedFiles = () => fs.readdirSync(server.ctx.config.uploadsDir).filter((f) => !f.startsWith('.'));

/** Temporary files are removed once the response has closed: give that a moment. */
async function expectNoTempFiles() {
  for (let i = 0; i < 50 && tmpFiles().length > 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(tmpFiles()).toEqual([]);
}

function form(fields: Record<string, string>, file?: { field: string; data: Buffer; name?: string; type?: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name ?? 'a.png');
  return fd;
}

const boundary = '----mahalleParca';
const partHead = (name: string, filename: string, type = 'image/png') =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);

/** A raw multipart request the test writes by hand: the body can be left open or cut off. */
function rawUpload(path: string, contentLength: number) {
  const url = new URL(server.url);
  const headers: Record<string, string | number> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': contentLength,
    cookie: m.client.cookieHeader,
  };
  return http.request({ host: url.hostname, port: url.port, method: 'POST', path, headers });
}

describe('multipart uploads on disk', () => {
  it('leave no temporary file after an accepted image and an accepted video', async () => {
    const image = await m.client.postForm('/api/posts', form({ content: 'resim' }, { field: 'image', data: makePng(64, 64) }));
    expect(image.status).toBe(201);
    const video = await m.client.postForm('/api/posts', form({ content: 'video' }, { field: 'video', data: makeMp4(5), name: 'v.mp4', type: 'video/mp4' }));
    expect(video.status).toBe(201);
    await expectNoTempFiles();
  });

  it('answer 413 with the field’s own text as soon as its cap is passed, before the body ends, and leave nothing', async () => {
    const before = storedFiles().length;
    // An image over 5 MB on the posts form, whose video field takes 50 MB: the image's cap and text apply.
    const big = await m.client.postForm('/api/posts', form({ content: 'büyük' }, { field: 'image', data: makePng(2, 2, 6 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: S.imageTooLarge, code: 'payload_too_large' });
    const avatar = await m.client.patchForm(`/api/users/${m.user.id}`, form({}, { field: 'profileImage', data: makePng(2, 2, 6 * 1024 * 1024) }));
    expect(avatar.status).toBe(413);
    expect(avatar.body.error).toBe(S.imageTooLarge);

    // A 40 MB body announced, 6 MB sent, and the rest held back: the 413 comes without it.
    const req = rawUpload('/api/posts', 40 * 1024 * 1024);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      });
      req.on('error', () => undefined);
    });
    req.write(partHead('image', 'b.png'));
    req.write(Buffer.alloc(6 * 1024 * 1024, 1));
    const { status, body } = await answer;
    req.destroy();
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: S.imageTooLarge, code: 'payload_too_large' });
    expect(storedFiles().length).toBe(before);
    await expectNoTempFiles();
  });

  it('leave nothing when the client goes away mid-body', async () => {
    const req = rawUpload('/api/posts', 3 * 1024 * 1024);
    req.on('error', () => undefined);
    req.write(partHead('image', 'c.png'));
    req.write(Buffer.alloc(1024 * 1024, 2));
    // The part's temporary file exists while the body is coming.
    for (let i = 0; i < 50 && tmpFiles().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tmpFiles().length).toBe(1);
    req.destroy();
    await expectNoTempFiles();
  });

  it('leave nothing when the form fails validation, the type is wrong or the image does not decode', async () => {
    const before = storedFiles().length;
    const tooLong = await m.client.postForm('/api/posts', form({ content: 'x'.repeat(10_000) }, { field: 'image', data: makePng(8, 8) }));
    expect(tooLong.status).toBe(400);
    const both = await m.client.postForm(
      '/api/posts',
      (() => {
        const fd = form({ content: 'iki' }, { field: 'image', data: makePng(8, 8) });
        fd.append('video', new Blob([new Uint8Array(makeMp4(3))], { type: 'video/mp4' }), 'v.mp4');
        return fd;
      })(),
    );
    expect(both.body.code).toBe('one_file_only');
    const fake = await m.client.postForm('/api/posts', form({ content: 'sahte' }, { field: 'image', data: Buffer.from('<svg onload=alert(1)>') }));
    expect(fake.status).toBe(415);
    const broken = await m.client.postForm(
      '/api/posts',
      form({ content: 'bozuk' }, { field: 'image', data: Buffer.concat([makePng(200, 200).subarray(0, 33), Buffer.alloc(500, 7)]) }),
    );
    expect(broken.body.code).toBe('image_unreadable');
    const unexpected = await m.client.postForm('/api/posts', form({ content: 'alan' }, { field: 'belge', data: makePng(8, 8) }));
    expect(unexpected.body.code).toBe('unexpected_file');
    const twice = (() => {
      const fd = form({ content: 'iki resim' }, { field: 'image', data: makePng(8, 8) });
      fd.append('image', new Blob([new Uint8Array(makePng(8, 8))], { type: 'image/png' }), 'b.png');
      return fd;
    })();
    expect((await m.client.postForm('/api/posts', twice)).body.code).toBe('unexpected_file');
    expect(storedFiles().length).toBe(before);
    await expectNoTempFiles();
  });

  it('leave nothing when the request is refused before its body is read', async () => {
    const visitor = server.client();
    const res = await visitor.postForm('/api/posts', form({ content: 'ziyaretçi' }, { field: 'image', data: makePng(8, 8) }));
    expect(res.status).toBe(401);
    await expectNoTempFiles();
  });
});
