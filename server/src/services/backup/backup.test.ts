import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { makePng } from '../../test/media';
import { cli, dumpTables, emptyTarget, hashFiles, openConfigDb } from '../../test/ops';
import { readManifest } from './restore';

let server: TestServer;
let backupDir: string;

beforeAll(async () => {
  server = await startTestServer();
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-backups-'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

function imageForm(content: string, i: number) {
  const fd = new FormData();
  fd.append('content', content);
  // A different image each time: a different size makes different bytes.
  fd.append('image', new Blob([new Uint8Array(makePng(2 + (i % 7), 2 + (i % 5)))], { type: 'image/png' }), 'a.png');
  return fd;
}

/** Members posting text and images and registering, over HTTP, until stopped. */
function startWrites() {
  let stop = false;
  let writes = 0;
  const loop = async (n: number) => {
    const { client } = await server.member();
    for (let i = 0; !stop; i++) {
      const res =
        i % 3 === 0
          ? await client.postForm('/api/posts', imageForm(`Yazı ${n}-${i}`, i))
          : i % 3 === 1
            ? await client.post('/api/posts', { content: `Metin ${n}-${i} #yedek`, type: 'text' })
            : await server.member().then(() => ({ status: 201 }));
      if (res.status !== 201) throw new Error(`write failed: ${res.status}`);
      writes++;
    }
  };
  const loops = [loop(1), loop(2), loop(3)];
  return {
    get writes() {
      return writes;
    },
    async stop() {
      stop = true;
      await Promise.all(loops);
    },
  };
}

async function restoreElsewhere(file: string) {
  const manifest = await readManifest(file);
  const target = await emptyTarget(manifest.pgSchema);
  const res = await cli(['restore', file], target.config);
  return { ...target, res, manifest };
}

describe('backup and restore', () => {
  it('backs up while members write, and the restore is one consistent moment with every file', async () => {
    const writes = startWrites();
    while (writes.writes < 15) await new Promise((r) => setTimeout(r, 20));
    const res = await cli(['backup', '--dir', backupDir], server.ctx.config);
    const during = writes.writes;
    while (writes.writes < during + 6) await new Promise((r) => setTimeout(r, 20));
    await writes.stop();
    expect(res.code, res.stderr).toBe(0);
    const file = /: (\S+\.tar\.gz)/.exec(res.stdout)?.[1] ?? '';
    expect(fs.existsSync(file)).toBe(true);

    const { config, cleanUp, res: restored, manifest } = await restoreElsewhere(file);
    try {
      expect(restored.code, restored.stderr).toBe(0);
      const db = openConfigDb(config);
      try {
        // Counts restored equal the manifest's, and the writes went on after the snapshot.
        const users = Number((await db('users').count({ n: '*' }).first())?.n);
        const posts = Number((await db('posts').count({ n: '*' }).first())?.n);
        expect(users).toBe(manifest.tables.users);
        expect(posts).toBe(manifest.tables.posts);
        const livePosts = Number((await server.ctx.db('posts').count({ n: '*' }).first())?.n);
        expect(livePosts).toBeGreaterThan(posts);
        // One moment: the trigger-kept member counter agrees with the rows it counts.
        const counter = await db('community_counts').where({ name: 'members' }).first('n');
        expect(Number(counter?.n)).toBe(users);
        // Every restored post is the live post of that id, and every image it names came back byte for byte.
        const restoredPosts = (await db('posts').orderBy('id').select('id', 'content', 'image_url', 'image_thumb_url')) as {
          id: number;
          content: string;
          image_url: string | null;
          image_thumb_url: string | null;
        }[];
        const live = new Map(
          ((await server.ctx.db('posts').select('id', 'content', 'image_url')) as { id: number; content: string; image_url: string | null }[]).map((p) => [
            p.id,
            p,
          ]),
        );
        const liveFiles = await hashFiles(server.ctx.config.uploadsDir);
        const restoredFiles = await hashFiles(config.uploadsDir);
        let images = 0;
        for (const p of restoredPosts) {
          expect(live.get(p.id)?.content).toBe(p.content);
          for (const url of [p.image_url, p.image_thumb_url]) {
            if (!url) continue;
            images++;
            const name = path.basename(url);
            expect(restoredFiles[name], name).toBeDefined();
            expect(restoredFiles[name]).toBe(liveFiles[name]);
          }
        }
        expect(images).toBeGreaterThan(0);
      } finally {
        await db.destroy();
      }
    } finally {
      await cleanUp();
    }
  });

  it('restores a quiet community exactly: every table row by row, every file byte by byte', async () => {
    const res = await cli(['backup', '--dir', backupDir], server.ctx.config);
    expect(res.code, res.stderr).toBe(0);
    const file = /: (\S+\.tar\.gz)/.exec(res.stdout)?.[1] ?? '';
    const manifest = await readManifest(file);
    expect(manifest.migration).toBe(manifest.migrations.at(-1));
    expect(manifest.uploads.length).toBeGreaterThan(0);
    expect(manifest.uploads.every((u) => /^[0-9a-f]{64}$/.test(u.sha256))).toBe(true);
    // Nothing of the backup's own is left behind (staging folders, hard links to the uploads).
    expect(fs.readdirSync(server.ctx.config.dataDir).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(fs.readdirSync(backupDir).filter((n) => n.startsWith('.') || n.endsWith('.part'))).toEqual([]);

    const { config, cleanUp, res: restored } = await restoreElsewhere(file);
    try {
      expect(restored.code, restored.stderr).toBe(0);
      const db = openConfigDb(config);
      try {
        const [a, b] = [await dumpTables(server.ctx.db), await dumpTables(db)];
        expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
        for (const table of Object.keys(a)) expect(b[table], table).toEqual(a[table]);
      } finally {
        await db.destroy();
      }
      expect(await hashFiles(config.uploadsDir)).toEqual(await hashFiles(server.ctx.config.uploadsDir));

      // A restored community starts and serves its posts.
      const again = await cli(['restore', file], config);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Hedef boş değil');
      expect(again.stderr).toContain('--force');
      const forced = await cli(['restore', file, '--force'], config);
      expect(forced.code, forced.stderr).toBe(0);
    } finally {
      await cleanUp();
    }
  });

  it('refuses a file that is not a backup, and says how to use the command', async () => {
    const junk = path.join(backupDir, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a tar');
    const res = await cli(['restore', junk], server.ctx.config);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Mahalle yedeği değil');
    expect(res.stderr).toContain('Not a Mahalle backup');
    const none = await cli(['restore'], server.ctx.config);
    expect(none.code).toBe(2);
  });
});
