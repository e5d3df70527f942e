import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { memberPage } from './fixtures';

/**
 * The first-load budget: a visitor's `/` needs at most 200 KiB of JavaScript (gzip) before it is interactive. Sizes, not
 * timings: summed from the build's chunk graph (vite's manifest), as `npm run bench:web` sums what the browser fetched.
 */
const BUDGET_KIB = 200;
const WEB = fileURLToPath(new URL('../dist-web/', import.meta.url));

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The entry (which only waits for the first paint), what it imports, what they load, and everything those import statically. */
function firstLoadFiles(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error('no index.html entry in the manifest: run `npm run build`');
  const files = new Set<string>([entry.file]);
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(walk);
  };
  // The entry's own imports (the module preload helper may sit in a chunk of its own), then what the entry and those
  // chunks load dynamically: start.tsx.
  (entry.imports ?? []).forEach(walk);
  const statics = [entry, ...(entry.imports ?? []).map((k) => manifest[k])];
  statics.flatMap((c) => c?.dynamicImports ?? []).forEach(walk);
  return files;
}

/** The service worker's registration (src/pwa/register.ts and what only it loads): fetched once the page is idle, after the first load. */
function idleFiles(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const first = firstLoadFiles();
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || first.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(walk);
  };
  walk('src/pwa/register.ts');
  if (!files.size) throw new Error('src/pwa/register.ts is no chunk of its own (or is in the first load): start.tsx imports it once the page is idle');
  return files;
}

const gzipKiB = (files: Iterable<string>) =>
  [...files].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(WEB, f)), { level: 9 }).length, 0) / 1024;

test(`a visitor's / needs at most ${BUDGET_KIB} KiB of JavaScript (gzip)`, async ({ browser }) => {
  const expected = firstLoadFiles();
  const kib = gzipKiB(expected);
  console.log(`first load of /: ${expected.size} JS files, ${kib.toFixed(1)} KiB gzip (budget ${BUDGET_KIB})`);
  expect(kib, 'a visitor’s first route outgrew its budget: load what / does not need lazily').toBeLessThanOrEqual(BUDGET_KIB);

  // The graph says it all only if the page loads nothing more: every script a visitor's / fetches is in it.
  // The service worker's registration is no part of it: it is fetched only once the page has loaded (and is idle).
  const idle = idleFiles();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const fetched = new Set<string>();
  const beforeLoad = new Set<string>();
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (req) => {
    const file = new URL(req.url()).pathname.slice(1);
    if (req.resourceType() !== 'script') return;
    fetched.add(file);
    if (!loaded) beforeLoad.add(file);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: "Mahalle'ye hoş geldin!" })).toBeVisible();
  const extra = [...fetched].filter((f) => f.startsWith('assets/') && !expected.has(f) && !idle.has(f));
  expect(extra, 'chunks a visitor’s / loads beyond its first-load graph').toEqual([]);
  expect(
    [...idle].filter((f) => beforeLoad.has(f)),
    'the service worker’s registration fetched before the page had loaded',
  ).toEqual([]);
  await context.close();
});

/**
 * A signed-in member's `/` (composer, feed, header icons, the live connection): at most 30 JavaScript files and 250 KiB
 * gzip fetched before the network is idle. Menus, dialogs, pickers and toasts load on first use.
 */
const MEMBER_FILES = 30;
const MEMBER_KIB = 250;

test(`a member's / fetches at most ${MEMBER_FILES} JavaScript files, ${MEMBER_KIB} KiB gzip, before it is idle`, async ({ browser }) => {
  const { context, page } = await memberPage(browser);
  const fetched = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') fetched.add(new URL(req.url()).pathname.slice(1));
  });
  await page.goto('/');
  await expect(page.getByTestId('composer')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The service worker's registration is fetched once the page is idle, not for the feed.
  const idle = idleFiles();
  const files = [...fetched].filter((f) => fs.existsSync(path.join(WEB, f)) && !idle.has(f));
  const kib = gzipKiB(files);
  console.log(`first load of / for a member: ${files.length} JS files, ${kib.toFixed(1)} KiB gzip (budget ${MEMBER_FILES} files, ${MEMBER_KIB} KiB)`);
  expect(files.length, 'a member’s / fetches too many files: let small chunks merge (vite.web.config.ts)').toBeLessThanOrEqual(MEMBER_FILES);
  expect(kib, 'a member’s / outgrew its budget: load what the feed does not show at once on first use').toBeLessThanOrEqual(MEMBER_KIB);
  await context.close();
});

/**
 * A member's first API calls are asked ahead by the page itself (`<link rel="preload" as="fetch">`, server/src/static.ts):
 * each must be the call the renderer makes, so the browser hands it the preloaded answer instead of asking twice (a URL
 * or credentials mode that drifted from what src/api builds would be fetched twice, and wasted).
 */
for (const [route, ready] of [
  ['/', 'composer'],
  ['/home', 'composer'],
  ['/messages', 'conversations'],
] as const) {
  test(`a member's ${route} uses every answer its page asked for ahead, each fetched once`, async ({ browser }) => {
    const { context, page } = await memberPage(browser);
    const asked = new Map<string, number>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
    });
    // What the renderer itself asks for (its calls, not the preloads).
    await page.addInitScript(() => {
      const w = window as unknown as { __called: string[] };
      w.__called = [];
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
        w.__called.push(url.pathname + url.search);
        return original(input, init);
      };
    });
    await page.goto(route);
    if (ready === 'composer') await expect(page.getByTestId('composer')).toBeVisible();
    else await expect(page.getByText('Henüz mesajınız yok').or(page.getByText('Bir konuşma seçin')).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const preloaded = await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
    expect(preloaded).toContain('/api/auth/session');
    expect(preloaded.length).toBeGreaterThan(1);
    const called = await page.evaluate(() => (window as unknown as { __called: string[] }).__called);
    for (const url of preloaded) {
      expect(called, `the renderer no longer asks for ${url}: the preload is wasted`).toContain(url);
      expect(asked.get(url), `${url} went over the network ${asked.get(url) ?? 0} times`).toBe(1);
    }
    await context.close();
  });
}

/** Records every layout shift of the load, as Lighthouse's CLS counts them (not those right after input), from the first paint on. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the shifts watchLayoutShifts recorded, printed under `label`. */
async function layoutShift(page: Page, label: string): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  const total = shifts.reduce((a, b) => a + b, 0);
  console.log(`layout shift of ${label}: ${total.toFixed(3)} (${shifts.length} shift(s))`);
  return total;
}

test(`a member's / on a phone does not move as the composer and the feed arrive (layout shift ≤ 0.1)`, async ({ browser }) => {
  const { context, page } = await memberPage(browser, { viewport: { width: 390, height: 844 } });
  await watchLayoutShifts(page);
  await page.goto('/');
  await expect(page.getByTestId('composer')).toBeVisible();
  await expect(page.getByTestId('feed')).toBeVisible();
  // What follows the feed is drawn once the feed has its first page.
  await expect(page.getByText('Son Blog Yazıları')).toBeAttached();
  await expect(page.getByTestId('home-stats')).toBeAttached();
  await page.waitForLoadState('networkidle');
  const total = await layoutShift(page, "a member's / at 390×844");
  expect(total).toBeLessThanOrEqual(0.1);
  await context.close();
});

test(`a visitor's / on a phone keeps its place while the blog posts and questions arrive (layout shift < 0.01)`, async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await watchLayoutShifts(page);
  // The two lists answer late, so their cards are drawn with skeletons first, as on a slow link.
  await page.route(/\/api\/(questions|blog\/posts)(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('list-skeleton')).toHaveCount(2);
  // Heights to the whole pixel: a card may measure 273.00003 px one moment and 273 the next.
  const loading = await page.locator('.home-pair > div').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().height)));
  await expect(page.getByTestId('list-skeleton')).toHaveCount(0, { timeout: 15_000 });
  const loaded = await page.locator('.home-pair > div').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().height)));
  expect(loaded, 'a home card changed height as its list arrived').toEqual(loading);
  await page.waitForLoadState('networkidle');
  const total = await layoutShift(page, "a visitor's / at 390×844");
  expect(total).toBeLessThan(0.01);
  await context.close();
});

test(`a question's page on a phone keeps its place while its answers arrive (layout shift < 0.01)`, async ({ browser, request }) => {
  const { items } = (await (await request.get('/api/questions')).json()) as { items: { id: number; answersCount: number }[] };
  const question = items.find((q) => q.answersCount > 0);
  if (!question) throw new Error('the demo seed has no answered question');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await watchLayoutShifts(page);
  // The answers come late, as on a slow link: the page draws their skeleton first.
  await page.route(/\/api\/questions\/\d+\/answers(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.goto(`/qa/question/${question.id}`);
  await expect(page.getByTestId('list-skeleton')).toBeVisible();
  await expect(page.getByTestId('answer').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Cevap yazmak için giriş yapın.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = await layoutShift(page, "a question's page at 390×844");
  expect(total).toBeLessThan(0.01);
  await context.close();
});
