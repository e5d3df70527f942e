import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, TEXTS } from '@mahalle/shared';
import { startTestServer, type ApiClient, type TestServer } from './test/harness';
import { makePng, makePngBomb } from './test/media';

let server: TestServer;
let bomb: Buffer;
beforeAll(async () => {
  [server, bomb] = await Promise.all([startTestServer(), makePngBomb(60000, 60000)]);
});
afterAll(async () => {
  await server?.close();
});

const S = TEXTS.social;

function form(field: string, data: Buffer, fields: Record<string, string> = {}, type = 'image/png', name = 'a.png') {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append(field, new Blob([new Uint8Array(data)], { type }), name);
  return fd;
}

async function download(url: string) {
  const res = await fetch(server.url + url);
  return { status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
}

function uploadedFiles(): string[] {
  return fs.readdirSync(server.ctx.config.uploadsDir);
}

/** A photo as a phone writes it: EXIF with the camera, GPS position and "rotate 90° clockwise". */
function phoneJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'MahalleTestCam', Model: 'Konum Sızdıran 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 46/1 35/1', GPSLongitudeRef: 'E', GPSLongitude: '30/1 31/1 15/1' },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

function hasExif(buf: Buffer) {
  return buf.includes(Buffer.from('Exif\0\0', 'latin1'));
}

async function postImage(client: ApiClient, data: Buffer, type = 'image/png', name = 'a.png') {
  return client.postForm('/api/posts', form('image', data, { content: 'resim' }, type, name));
}

describe('uploaded images', () => {
  it('build the bomb: 437 KB that says 60000×60000', async () => {
    expect(bomb.length).toBeLessThan(LIMITS.imageMaxBytes);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([60000, 60000]);
  });

  it('refuse a decompression bomb as a post image, avatar, group post image and blog upload, leaving no file', async () => {
    const member = await server.member();
    const admin = await server.admin();
    const slug = (await member.client.post('/api/hobby-groups', { name: 'Bomba Deneme', description: 'Görsel sınırı denemesi.' })).body.slug;
    const before = uploadedFiles().length;
    const answers = [
      await postImage(member.client, bomb),
      await member.client.patchForm(`/api/users/${member.user.id}`, form('profileImage', bomb)),
      await member.client.postForm(`/api/hobby-groups/${slug}/posts`, form('image', bomb, { content: 'bomba' })),
      await admin.client.postForm('/api/blog/uploads', form('image', bomb)),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'image_too_many_pixels', error: S.imageTooManyPixels });
    }
    expect(uploadedFiles().length).toBe(before);
    expect((await server.ctx.db('users').where({ id: member.user.id }).first('profile_image'))?.profile_image).toBeNull();
    expect(Number((await server.ctx.db('posts').where({ author_id: member.user.id }).count({ n: '*' }))[0]?.n)).toBe(0);
    expect(Number((await server.ctx.db('group_posts').where({ author_id: member.user.id }).count({ n: '*' }))[0]?.n)).toBe(0);
  });

  it('take an image just under the pixel limit and refuse one just over it', async () => {
    const { client } = await server.member();
    const side = Math.floor(Math.sqrt(LIMITS.imageMaxPixels));
    const over = await postImage(client, await makePngBomb(side + 1, side + 1));
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('image_too_many_pixels');
    const under = await postImage(client, await makePngBomb(side, side));
    expect(under.status).toBe(201);
    expect(under.body).toMatchObject({ imageWidth: LIMITS.imageMaxSide, imageHeight: LIMITS.imageMaxSide });
  });

  it('come back without EXIF or GPS, turned upright, no larger than the longest side, with a WebP thumbnail', async () => {
    const { client } = await server.member();
    const original = await phoneJpeg(3000, 1000, 6);
    expect(original.includes(Buffer.from('MahalleTestCam'))).toBe(true);
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const res = await postImage(client, original, 'image/jpeg', 'foto.jpg');
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]+\.jpg$/);
    // Orientation 6 is a quarter turn: 3000×1000 stands up as 1000×3000, then the longest side is capped.
    const height = LIMITS.imageMaxSide;
    const width = Math.round((1000 * LIMITS.imageMaxSide) / 3000);
    expect(res.body).toMatchObject({ imageWidth: width, imageHeight: height, imageThumbUrl: expect.stringMatching(/^\/uploads\/[0-9a-f-]+\.thumb\.webp$/) });

    const stored = await download(res.body.imageUrl);
    expect(stored.status).toBe(200);
    expect(stored.type).toBe('image/jpeg');
    expect(hasExif(stored.data)).toBe(false);
    expect(stored.data.includes(Buffer.from('MahalleTestCam'))).toBe(false);
    const meta = await sharp(stored.data).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const thumb = await download(res.body.imageThumbUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.type).toBe('image/webp');
    expect(hasExif(thumb.data)).toBe(false);
    const tmeta = await sharp(thumb.data).metadata();
    expect(tmeta.format).toBe('webp');
    expect(Math.max(tmeta.width!, tmeta.height!)).toBe(LIMITS.imageThumbSide);
    expect(tmeta.height).toBeGreaterThan(tmeta.width!);

    // The same fields come back in lists.
    const listed = (await client.get(`/api/posts/${res.body.id}`)).body;
    expect(listed).toMatchObject({ imageUrl: res.body.imageUrl, imageWidth: width, imageHeight: height, imageThumbUrl: res.body.imageThumbUrl });
  });

  it("keep a small image's size, drop PNG text chunks, and keep the PNG format", async () => {
    const { client } = await server.member();
    const res = await postImage(client, makePng(30, 20, 200));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ imageWidth: 30, imageHeight: 20 });
    const stored = await download(res.body.imageUrl);
    expect(stored.type).toBe('image/png');
    expect(stored.data.includes(Buffer.from('tEXt'))).toBe(false);
    const thumb = await sharp((await download(res.body.imageThumbUrl)).data).metadata();
    expect([thumb.width, thumb.height]).toEqual([30, 20]);
  });

  it("keep a GIF's animation in the stored image; its thumbnail is the first frame", async () => {
    const { client } = await server.member();
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 60, height: 40, channels: 4, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const res = await postImage(client, gif, 'image/gif', 'a.gif');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ imageWidth: 60, imageHeight: 40 });
    const meta = await sharp((await download(res.body.imageUrl)).data).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(3);
    const thumb = await sharp((await download(res.body.imageThumbUrl)).data).metadata();
    expect(thumb.pages ?? 1).toBe(1);
  });

  it('refuse a file that is only an image header followed by anything else, or a cut-off photo', async () => {
    const { client } = await server.member();
    const before = uploadedFiles().length;
    const junk = Buffer.from('bu bir resim değil '.repeat(40));
    const pngHeader = makePng(200, 200).subarray(0, 33);
    const jpegHeader = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
    const photo = await phoneJpeg(400, 300);
    const cases: [Buffer, string][] = [
      [Buffer.concat([pngHeader, junk]), 'image/png'],
      [Buffer.concat([jpegHeader, junk]), 'image/jpeg'],
      [Buffer.concat([photo.subarray(0, Math.floor(photo.length / 2)), junk]), 'image/jpeg'],
      [Buffer.concat([Buffer.from('GIF89a'), junk]), 'image/gif'],
    ];
    for (const [data, type] of cases) {
      const res = await postImage(client, data, type);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'image_unreadable', error: S.imageUnreadable });
    }
    expect(uploadedFiles().length).toBe(before);

    // Bytes after the end of a real image are not stored with it (no polyglot files).
    const tail = Buffer.from('<script>alert(1)</script>');
    const res = await postImage(client, Buffer.concat([photo, tail]), 'image/jpeg');
    expect(res.status).toBe(201);
    expect((await download(res.body.imageUrl)).data.includes(tail)).toBe(false);
  });

  it('are removed with their thumbnail when the post, group post or replaced avatar goes', async () => {
    const member = await server.member();
    const exists = (url: string) => fs.existsSync(path.join(server.ctx.config.uploadsDir, path.basename(url)));

    const post = (await postImage(member.client, await phoneJpeg(800, 600), 'image/jpeg')).body;
    expect(exists(post.imageUrl) && exists(post.imageThumbUrl)).toBe(true);
    expect((await member.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
    expect(exists(post.imageUrl) || exists(post.imageThumbUrl)).toBe(false);

    const slug = (await member.client.post('/api/hobby-groups', { name: 'Silme Deneme', description: 'Küçük resim de gider.' })).body.slug;
    const gp = await member.client.postForm(`/api/hobby-groups/${slug}/posts`, form('image', makePng(50, 50), { content: 'resimli' }));
    expect(gp.status).toBe(201);
    expect(gp.body).toMatchObject({ imageWidth: 50, imageHeight: 50, imageThumbUrl: expect.stringMatching(/\.thumb\.webp$/) });
    expect((await download(gp.body.imageThumbUrl)).status).toBe(200);
    expect((await member.client.delete(`/api/hobby-groups/posts/${gp.body.id}`)).status).toBe(200);
    expect(exists(gp.body.imageUrl) || exists(gp.body.imageThumbUrl)).toBe(false);

    const first = await member.client.patchForm(`/api/users/${member.user.id}`, form('profileImage', await phoneJpeg(900, 900)));
    expect(first.status).toBe(200);
    expect(first.body.profileImageThumb).toMatch(/^\/uploads\/[0-9a-f-]+\.thumb\.webp$/);
    expect(hasExif((await download(first.body.profileImage)).data)).toBe(false);
    // Avatars elsewhere (post authors, the session) carry the thumbnail too.
    const own = (await member.client.post('/api/posts', { content: 'avatarlı' })).body;
    expect(own.author.profileImageThumb).toBe(first.body.profileImageThumb);
    expect((await member.client.get('/api/auth/me')).body.profileImageThumb).toBe(first.body.profileImageThumb);

    const second = await member.client.patchForm(`/api/users/${member.user.id}`, form('profileImage', makePng(64, 64)));
    expect(second.status).toBe(200);
    expect(exists(first.body.profileImage) || exists(first.body.profileImageThumb)).toBe(false);
    expect(exists(second.body.profileImage) && exists(second.body.profileImageThumb)).toBe(true);
  });

  it('of a member an admin deletes go with them: post, group post and profile images with their thumbnails', async () => {
    const admin = await server.admin();
    const member = await server.member();
    const founder = await server.member();
    const slug = (await founder.client.post('/api/hobby-groups', { name: 'Üye Silme Deneme', description: 'Üyenin resimleri de gider.' })).body.slug;
    await member.client.post(`/api/hobby-groups/${slug}/join`);
    const post = (await postImage(member.client, makePng(40, 30))).body;
    const gp = (await member.client.postForm(`/api/hobby-groups/${slug}/posts`, form('image', makePng(40, 30), { content: 'üyenin' }))).body;
    const profile = (await member.client.patchForm(`/api/users/${member.user.id}`, form('profileImage', makePng(64, 64)))).body;
    const urls = [post.imageUrl, post.imageThumbUrl, gp.imageUrl, gp.imageThumbUrl, profile.profileImage, profile.profileImageThumb];
    for (const url of urls) expect((await download(url)).status).toBe(200);
    expect((await admin.client.delete(`/api/admin/users/${member.user.id}`)).status).toBe(200);
    for (const url of urls) expect((await download(url)).status).toBe(404);
  });

  it('of a group an admin deletes go with it, alone or several at once, with their thumbnails', async () => {
    const admin = await server.admin();
    const founder = await server.member();
    const groupWithImage = async (name: string) => {
      const group = (await founder.client.post('/api/hobby-groups', { name, description: 'Silinecek resimli grup.' })).body;
      const gp = (await founder.client.postForm(`/api/hobby-groups/${group.slug}/posts`, form('image', makePng(40, 30), { content: 'resim' }))).body;
      expect((await download(gp.imageThumbUrl)).status).toBe(200);
      return { id: group.id as number, urls: [gp.imageUrl, gp.imageThumbUrl] as string[] };
    };
    const one = await groupWithImage('Tek Silinen Grup');
    expect((await admin.client.delete(`/api/admin/groups/${one.id}`)).status).toBe(200);
    for (const url of one.urls) expect((await download(url)).status).toBe(404);

    const [a, b] = [await groupWithImage('Toplu Silinen Bir'), await groupWithImage('Toplu Silinen İki')];
    expect((await admin.client.post('/api/admin/bulk-delete', { type: 'hobby_group', ids: [a.id, b.id] })).body).toEqual({ deleted: 2 });
    for (const url of [...a.urls, ...b.urls]) expect((await download(url)).status).toBe(404);
  });

  it('give the blog editor the stored size and thumbnail of an upload', async () => {
    const admin = await server.admin();
    const res = await admin.client.postForm('/api/blog/uploads', form('image', await phoneJpeg(2600, 1300), {}, 'image/jpeg', 'kapak.jpg'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: expect.stringMatching(/\.jpg$/),
      width: LIMITS.imageMaxSide,
      height: LIMITS.imageMaxSide / 2,
      thumbUrl: expect.stringMatching(/\.thumb\.webp$/),
    });
    expect(hasExif((await download(res.body.url)).data)).toBe(false);
    expect((await download(res.body.thumbUrl)).type).toBe('image/webp');
  });
});
