/**
 * Benchmark of the list endpoints on a big community (not a test: it prints numbers).
 *   npm run bench -w server                    # SQLite in a temp folder
 *   DATABASE_URL=postgres://.../empty_db npm run bench -w server   (an empty database)
 * Fills N posts (default 20 000) with hashtags, likes and comments by direct batch inserts,
 * then times first pages, deep keyset pages and sorted pages over HTTP, and reports memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { foldKey } from '@mahalle/shared';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';

const N = Number(process.env.BENCH_POSTS ?? 20_000);
const USERS = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-bench-'));
const server = await startServer(
  loadConfig({ ...process.env, NODE_ENV: 'test' }, { dataDir, uploadsDir: path.join(dataDir, 'uploads'), port: 0, host: '127.0.0.1', seedDemo: false, logLevel: 'silent', adminUsername: 'bench', adminPassword: 'Bench.Sifre1', passwordHashCost: 10 }),
);
const db = server.ctx.db;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

console.log(`filling ${N} posts by ${USERS} members on ${server.ctx.db.client.config.client}...`);
const t0 = performance.now();
const userRows = Array.from({ length: USERS }, (_, i) => ({
  username: `bench_${i}`, username_key: foldKey(`bench_${i}`), display_name: `Üye ${i}`, email: `b${i}@x.org`, email_key: `b${i}@x.org`, is_demo: true,
}));
for (let i = 0; i < userRows.length; i += 100) await db('users').insert(userRows.slice(i, i + 100));
const userIds = (await db('users').where('username', 'like', 'bench_%').select('id')).map((r: { id: number }) => r.id);
const tags = ['koşu', 'kitap', 'eskişehir', 'doğa', 'müzik', 'satranç', 'yemek', 'fotoğraf'];
const BATCH = 500;
for (let start = 0; start < N; start += BATCH) {
  await db.transaction(async (trx) => {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(N, start + BATCH); i++) {
      rows.push({ author_id: userIds[i % USERS], content: `Gönderi ${i} #${tags[i % tags.length]}`, type: 'text', category_id: 1 + (i % 13), likes_count: i % 97, comments_count: i % 13, created_at: iso(now - (N - i) * 60_000), updated_at: iso(now - (N - i) * 60_000) });
    }
    const ids = (await trx('posts').insert(rows).returning('id')).map((r: number | { id: number }) => (typeof r === 'object' ? r.id : r));
    await trx('post_hashtags').insert(ids.map((id: number, k: number) => ({ post_id: id, tag: tags[(start + k) % tags.length], created_at: rows[k].created_at })));
    await trx('post_likes').insert(ids.slice(0, 50).flatMap((id: number) => userIds.slice(0, 5).map((u) => ({ post_id: id, user_id: u }))));
  });
}
console.log(`filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: 'Bench.Sifre1' }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const deepId = (await db('posts').orderBy('id', 'asc').offset(Math.floor(N * 0.05)).first('id')).id;

async function time(label: string, url: string) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const res = await fetch(server.url + url, { headers: { cookie } });
    bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(1);
  console.log(`${label.padEnd(34)} p50 ${p(0.5).padStart(7)} ms   p95 ${p(0.95).padStart(7)} ms   ${(bytes / 1024).toFixed(1)} KiB`);
}

await time('feed, first page (20)', '/api/posts');
await time('feed, deep keyset page (20)', `/api/posts?before=${deepId}`);
await time('category, most liked (20)', '/api/posts?category=kitaplar&sort=popular');
await time('author profile posts (20)', `/api/users/${userIds[7]}/posts`);
await time('hashtag posts (20)', `/api/hashtags/${encodeURIComponent('eskişehir')}/posts`);
await time('trending hashtags', '/api/hashtags/trending');
await time('admin content list (100)', '/api/admin/content?limit=100');
const mem = process.memoryUsage();
console.log(`memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
