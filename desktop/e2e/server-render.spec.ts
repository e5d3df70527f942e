import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerMember, reportPageErrors } from './fixtures';

/**
 * Visitors' pages drawn on the server (SERVER_RENDER=1, server/src/ssr/), against the second server the config starts
 * with it on: the whole page is in the document, none of the app runs until the visitor reaches for it, and then the
 * app hydrates the drawing without redrawing it; a tap before that is not lost, links work as links, members and a
 * dark theme get the app as before.
 */
const BASE = process.env.E2E_SSR_URL ?? 'http://127.0.0.1:3218';
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
};
const WIDE = { viewport: { width: 1366, height: 768 } };

interface Routes {
  home: string;
  question: string;
  questionTitle: string;
  blog: string;
  blogTitle: string;
  group: string;
  groupName: string;
  discover: string;
}

async function routes(page: Page): Promise<Routes> {
  const first = async <T>(url: string): Promise<T> => {
    const res = await page.request.get(BASE + url);
    expect(res.ok(), url).toBeTruthy();
    const body = (await res.json()) as T[] | { items: T[] };
    return (Array.isArray(body) ? body : body.items)[0]!;
  };
  const q = await first<{ id: number; title: string }>('/api/questions?pageSize=1');
  const b = await first<{ slug: string; title: string }>('/api/blog/posts');
  const g = await first<{ slug: string; name: string }>('/api/hobby-groups');
  return {
    home: '/',
    question: `/qa/question/${q.id}`,
    questionTitle: q.title,
    blog: `/blog/${b.slug}`,
    blogTitle: b.title,
    group: `/hobby-groups/${g.slug}`,
    groupName: g.name,
    discover: '/discover',
  };
}

/** A fresh visitor's page whose scripts and console warnings are counted. */
async function visitor(browser: Browser, form: typeof PHONE | typeof WIDE, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ ...form, colorScheme, baseURL: BASE });
  const page = await context.newPage();
  reportPageErrors(page);
  const scripts: string[] = [];
  const warnings: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  return { context, page, scripts, warnings };
}

/** The app's own start (src/start.tsx's chunk) was fetched. */
const started = (scripts: string[]) => scripts.some((s) => /\/assets\/start-[^/]+\.js$/.test(s));

for (const [formName, form] of [
  ['phone', PHONE],
  ['wide', WIDE],
] as const) {
  test(`${formName}: the five visitor pages come whole in the document, run no app until reached for, then hydrate unchanged`, async ({ browser }) => {
    const { context, page, scripts, warnings } = await visitor(browser, form);
    const r = await routes(page);
    const expected: [string, string][] = [
      [r.home, "Mahalle'ye hoş geldin!"],
      [r.question, r.questionTitle],
      [r.blog, r.blogTitle],
      [r.group, r.groupName],
      [r.discover, 'Keşfet'],
    ];
    for (const [url, heading] of expected) {
      // The document itself holds the page: its heading is in the markup the server sent, before any script.
      const doc = await page.request.get(BASE + url, { headers: { 'User-Agent': form === PHONE ? PHONE.userAgent : 'Mozilla/5.0 (X11; Linux x86_64)' } });
      const html = await doc.text();
      expect(html, url).toContain('<div id="root" data-ssr>');
      expect(html, url).toContain('id="ssr-state"');
      expect(html, url).not.toMatch(/<script>(?!\s*$)/); // nothing inline: the page's policy runs no inline script

      scripts.length = 0;
      warnings.length = 0;
      await page.goto(url, { waitUntil: 'load' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
      await page.waitForTimeout(500);
      expect(started(scripts), `${url}: the app started before the visitor did anything`).toBe(false);
      const drawn = await page.locator('#root').innerText();
      // The document's title is the page's own before the app runs (the detail pages' come with their link-preview tags).
      const drawnTitle = await page.title();
      if (url === r.discover) expect(drawnTitle).toBe('Keşfet | Mahalle');

      // The visitor reaches for the page: the app starts and takes the drawing over as it is.
      await page.mouse.move(200, 400);
      await expect.poll(() => started(scripts), { message: `${url}: the app did not start` }).toBe(true);
      await expect.poll(() => page.evaluate(() => document.getElementById('ssr-state') === null)).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(
        warnings.filter((w) => /hydrat|#418|#419|#423|#425/.test(w)),
        url,
      ).toEqual([]);
      expect(await page.locator('#root').innerText(), url).toBe(drawn);
      if (url === r.home || url === r.discover) expect(await page.title(), url).toBe(drawnTitle);
    }
    await context.close();
  });
}

test('a tap before the app has started is given to its button once it has; a link before it is followed as a link', async ({ browser }) => {
  const { context, page, scripts } = await visitor(browser, PHONE);
  const r = await routes(page);
  await page.goto(r.question, { waitUntil: 'load' });
  expect(started(scripts)).toBe(false);
  // The theme switch is a button the app handles: the tap arrives before the app, and takes effect after it.
  await page.getByTestId('theme-toggle').tap();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(started(scripts)).toBe(true);
  // The app's page, now dark: shown (the light drawing is hidden under a dark theme only until the app has it).
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');
  await page.evaluate(() => localStorage.removeItem('mahalle-theme'));

  // A link needs no app: the browser follows it to the next page, also drawn by the server.
  scripts.length = 0;
  await page.goto(r.blog, { waitUntil: 'load' });
  expect(started(scripts)).toBe(false);
  await Promise.all([page.waitForURL('**/blog'), page.getByRole('link', { name: '← Blog' }).click()]);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await context.close();
});

test('a dark theme, a member and a missing page get the app as without server drawing', async ({ browser, request }) => {
  // Dark: the drawing is the light theme's, so the app starts at once and draws its own.
  const dark = await visitor(browser, PHONE, 'dark');
  const r = await routes(dark.page);
  await dark.page.goto(r.question, { waitUntil: 'load' });
  await expect.poll(() => started(dark.scripts)).toBe(true);
  await expect(dark.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(dark.page.getByRole('heading', { level: 1 }).first()).toContainText(r.questionTitle);
  expect(dark.warnings.filter((w) => /hydrat/.test(w))).toEqual([]);
  await dark.context.close();

  // A member (a session cookie): the app's own page, with the member's first calls preloaded.
  const { context, page } = await visitor(browser, WIDE);
  await registerMember(page.request);
  const doc = await (await page.request.get(`${BASE}${r.question}`)).text();
  expect(doc).not.toContain('data-ssr');
  await page.goto(r.question);
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(r.questionTitle);
  await context.close();

  // A question that does not exist is the app's 404, drawn in the browser (for a visitor: no cookie here).
  const missing = await request.get(`${BASE}/qa/question/987654321`);
  expect(missing.status()).toBe(200);
  expect(await missing.text()).not.toContain('data-ssr');
});

test('the drawing follows writes, and a page sent counts its view once', async ({ browser, request }) => {
  const { context, page } = await visitor(browser, WIDE);
  const r = await routes(page);
  const views = async () =>
    ((await (await request.get(`${BASE}/api/questions/${r.question.split('/').pop()}`, { headers: { 'x-mahalle-render': '1' } })).json()) as { views: number })
      .views;
  const before = await views();
  await request.get(BASE + r.question);
  await request.get(BASE + r.question);
  await expect.poll(views).toBe(before + 2);

  // A member answers: the next visitor's drawing has the answer (every write empties the drawn pages).
  const member = await browser.newContext({ baseURL: BASE });
  const { username } = (await registerMember(member.request)) as { username: string };
  const text = `Sunucu çizimi denemesi ${username}`;
  const answer = await member.request.post(`${r.question.replace('/qa/question/', '/api/questions/')}/answers`, { data: { content: text } });
  expect(answer.status(), await answer.text()).toBe(201);
  await expect.poll(async () => (await (await request.get(BASE + r.question)).text()).includes(text)).toBe(true);
  await member.close();
  await context.close();
});
