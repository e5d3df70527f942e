/**
 * Benchmark of the moderation workspace at 10 000 rows in real Chromium (not a test: it prints
 * numbers). Needs the browser build: `npm run build:web -w desktop` first.
 *   npm run bench:workspace -w desktop          # BENCH_ROWS=10000 by default
 * Fills N members by batch inserts, opens the users table as an admin, scrolls until every row
 * is loaded (the table fetches the next page near the end), then scrolls through all of it and
 * reports: time to load, rows in the DOM (virtualisation), frame times while scrolling, JS heap.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { foldKey } from '@mahalle/shared';
import { loadConfig, startServer } from '@mahalle/server/testing';

const N = Number(process.env.BENCH_ROWS ?? 10_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-wsbench-'));
const server = await startServer(
  loadConfig(
    { ...process.env, NODE_ENV: 'production' },
    {
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      port: 0,
      host: '127.0.0.1',
      seedDemo: false,
      logLevel: 'silent',
      adminUsername: 'bench',
      adminPassword: 'Bench.Sifre1',
      passwordHashCost: 10,
    },
  ),
);
const db = server.ctx.db;
const t0 = performance.now();
const rows = Array.from({ length: N }, (_, i) => ({
  username: `uye_${String(i).padStart(5, '0')}`,
  username_key: foldKey(`uye_${String(i).padStart(5, '0')}`),
  display_name: `Üye ${i}`,
  email: `u${i}@x.org`,
  email_key: `u${i}@x.org`,
  is_demo: true,
  is_verified: i % 3 === 0,
}));
for (let i = 0; i < rows.length; i += 200) await db('users').insert(rows.slice(i, i + 200));
console.log(`${N} members in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${db.client.config.client}`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, baseURL: server.url });
  const login = await page.request.post('/api/auth/login', { data: { username: 'bench', password: 'Bench.Sifre1' } });
  if (!login.ok()) throw new Error(`login ${login.status()}`);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Kullanıcılar' }).click();
  const holder = page.getByTestId('table-users').locator('.ant-table-tbody-virtual-holder');
  await holder.waitFor();

  // Load everything by scrolling to the end, as an admin would.
  const tLoad = performance.now();
  const total = N + 1;
  const counter = page.getByTestId('table-users').getByText(/^\d+ kayıt/);
  for (;;) {
    await holder.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const text = (await counter.textContent()) ?? '';
    if (Number(text.split(' ')[0]) >= total) break;
    await page.waitForTimeout(20);
  }
  const loadSeconds = (performance.now() - tLoad) / 1000;

  // Scroll from the top to the bottom over two seconds of frames and time each frame.
  const frames = await holder.evaluate(async (el) => {
    el.scrollTo({ top: 0 });
    const deltas: number[] = [];
    const steps = 240;
    let last = performance.now();
    for (let i = 1; i <= steps; i++) {
      await new Promise(requestAnimationFrame);
      el.scrollTop = (el.scrollHeight * i) / steps;
      const now = performance.now();
      deltas.push(now - last);
      last = now;
    }
    return deltas;
  });
  const domRows = await page.getByTestId('table-users').locator('.ant-table-row').count();
  const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
  const sorted = [...frames].sort((a, b) => a - b);
  const pct = (p: number) => (sorted.at(Math.min(sorted.length - 1, Math.floor(sorted.length * p))) ?? NaN).toFixed(1);
  console.log(`rows loaded: ${total} in ${loadSeconds.toFixed(1)} s (pages of 100 fetched while scrolling)`);
  console.log(`rows in the DOM after scrolling to the end: ${domRows}`);
  console.log(
    `frame time while scrolling all ${total} rows: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms, frames over 50 ms: ${frames.filter((f) => f > 50).length}/${frames.length}`,
  );
  console.log(`JS heap used: ${(heap / 1048576).toFixed(0)} MiB`);
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
