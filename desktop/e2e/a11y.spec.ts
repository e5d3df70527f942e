import { AxeBuilder } from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, SCREENS, reportPageErrors, uniqueName } from './fixtures';

/**
 * axe-core on every route of both specifications, as visitor, member and admin, in the light and the dark theme:
 * no serious or critical violation (WCAG 2.0, 2.1 and 2.2 A and AA rules, among them 2.2's target size, plus axe's best
 * practices such as one h1 per page).
 * One page load per route × role × theme; each role signs in once and reuses its storage state. The dark theme changes
 * only colours, so it is checked with the colour rules alone: the whole rule set on every route in both themes took most
 * of the browser journeys' time.
 */

type Role = 'visitor' | 'member' | 'admin';
type Theme = 'light' | 'dark';
const ROLES: Role[] = ['visitor', 'member', 'admin'];
const THEMES: Theme[] = ['light', 'dark'];
/** Pages whose screenshots are kept in both themes, to look at the palette. */
const SHOTS = new Set(['/', '/qa', '/blog', '/discover', 'group', 'question', '/login', '/admin', '/notifications', 'search']);

interface Ids {
  question: number;
  blog: string;
  group: string;
  post: number;
  category: string;
  username: string;
  /** The admin and the member write to each other: each one's conversation shows their own bubbles. */
  adminId: number;
  memberId: number;
}
let ids: Ids;
const states: Partial<Record<Role, Awaited<ReturnType<Awaited<ReturnType<typeof playwrightRequest.newContext>>['storageState']>>>> = {};

function routes(role: Role = 'visitor'): { key: string; path: string }[] {
  const plain = [
    '/',
    '/home',
    '/discover',
    '/qa',
    '/blog',
    '/blog/create',
    '/categories',
    '/hobby-groups',
    '/login',
    '/notifications',
    '/messages',
    '/bookmarks',
    '/profile',
    '/events',
    '/admin',
  ];
  return [
    ...plain.map((p) => ({ key: p, path: p })),
    { key: 'question', path: `/qa/question/${ids.question}` },
    { key: 'blog-post', path: `/blog/${ids.blog}` },
    { key: 'category', path: `/category/${encodeURIComponent(ids.category)}` },
    { key: 'group', path: `/groups/${ids.group}` },
    { key: 'user', path: `/user/${ids.username}` },
    { key: 'post', path: `/posts/${ids.post}` },
    { key: 'conversation', path: `/messages?user=${role === 'admin' ? ids.memberId : ids.adminId}` },
    { key: 'search', path: '/search?q=eskişehir' },
    { key: 'search-empty', path: '/search' },
    { key: '404', path: '/bu/sayfa/yok' },
  ];
}

test.beforeAll(async ({ baseURL }) => {
  const visitor = await playwrightRequest.newContext({ baseURL });
  const json = async (url: string) => {
    const res = await visitor.get(url);
    expect(res.ok(), url).toBeTruthy();
    return res.json();
  };
  const questions = await json('/api/questions?pageSize=1');
  const blog = await json('/api/blog/posts');
  const groups = await json('/api/hobby-groups');
  const posts = await json('/api/posts?limit=1');
  const categories = await json('/api/categories');
  const list = (v: unknown) =>
    (Array.isArray(v)
      ? v
      : ((v as { items?: unknown[]; posts?: unknown[]; questions?: unknown[] }).items ??
        (v as { posts?: unknown[] }).posts ??
        (v as { questions?: unknown[] }).questions ??
        [])) as Record<string, unknown>[];
  // The demo seed fills every list; an empty one means the server started without it, so the pages below would be 404s.
  const first = (v: unknown, what: string) => {
    const item = list(v).at(0);
    if (!item) throw new Error(`no ${what} in the demo data`);
    return item;
  };
  const post = first(posts, 'post') as { id: number; author: { username: string } };
  const category = first(categories, 'category');
  ids = {
    question: first(questions, 'question').id as number,
    blog: first(blog, 'blog post').slug as string,
    group: first(groups, 'hobby group').slug as string,
    post: post.id,
    category: (category.key ?? category.name) as string,
    username: post.author.username,
    adminId: 0,
    memberId: 0,
  };
  states.visitor = await visitor.storageState();
  await visitor.dispose();

  const member = await playwrightRequest.newContext({ baseURL });
  const username = uniqueName('erisim');
  const reg = await member.post('/api/auth/register', {
    data: {
      displayName: `Erişim ${username}`,
      username,
      email: `${username}@ornek.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      acceptPrivacy: true,
    },
  });
  expect(reg.status()).toBe(201);
  const memberId = (await reg.json()).id as number;
  ids.memberId = memberId;

  const admin = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/auth/login', { data: { username: 'yonetici', password: 'Yonetici.Sifre1' } });
  expect(login.status()).toBe(200);
  ids.adminId = (await login.json()).id as number;
  // The member gets a notification, a conversation and unread badges: those lists and counts are checked too.
  expect((await admin.post(`/api/users/${memberId}/follow`)).ok()).toBeTruthy();
  expect((await admin.post('/api/messages', { data: { receiverId: memberId, content: 'Hoş geldin! Erişilebilirlik denetimi.' } })).ok()).toBeTruthy();
  expect((await member.post('/api/messages', { data: { receiverId: ids.adminId, content: 'Teşekkürler!' } })).ok()).toBeTruthy();
  states.member = await member.storageState();
  await member.dispose();
  states.admin = await admin.storageState();
  await admin.dispose();
});

async function open(browser: Browser, role: Role, theme: Theme) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: states[role], colorScheme: theme, reducedMotion: 'reduce' });
  await context.addInitScript((t) => localStorage.setItem('mahalle-theme', t), theme);
  const page = await context.newPage();
  reportPageErrors(page);
  return { context, page };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Loading states are not what is checked: wait (briefly) until the page's own content replaced them.
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active'))
    .toHaveCount(0, { timeout: 3_000 })
    .catch(() => undefined);
}

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 adds target-size), and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** The rules whose outcome depends on the palette (axe's "cat.color" rules at levels A and AA). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The dark theme is the same components in other colours: a member's run covers every route in it, and the visitor's and
 * the admin's runs add only the pages that look different for them (a visitor's landing page, sign-in and gates; the
 * admin's workspace and editor).
 */
const DARK_ALSO: Record<Exclude<Role, 'member'>, string[]> = {
  visitor: ['/', '/login', '/messages', '/qa', 'question', 'group', 'post', '404'],
  admin: ['/', '/admin', '/blog/create', 'post', 'conversation'],
};

/** Rules below "serious" checked too: one h1 per page, headings without skipped levels, one main landmark, a skip link. */
const ALSO = new Set(['page-has-heading-one', 'heading-order', 'landmark-one-main', 'skip-link']);

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown; failureSummary?: string }[] };
function describe(v: Violation) {
  // Nodes failing for the same reason (same colours) are shown once.
  const seen = new Map<string, string>();
  for (const n of v.nodes) {
    const why = (n.failureSummary ?? '')
      .split('\n')
      .slice(1)
      .join(' ')
      .trim()
      .replace(/font size.*$/, '');
    if (!seen.has(why)) seen.set(why, `      ${JSON.stringify(n.target)} ${why}`);
  }
  return `    ${v.impact} ${v.id} (${v.nodes.length}): ${v.help}\n${[...seen.values()].slice(0, 12).join('\n')}`;
}

for (const role of ROLES) {
  for (const theme of THEMES) {
    test(`no serious or critical axe violations for a ${role} in the ${theme} theme`, async ({ browser }) => {
      test.setTimeout(300_000);
      const { context, page } = await open(browser, role, theme);
      const failures: string[] = [];
      // A11Y_ROUTES (a regular expression over paths) narrows the run while fixing pages.
      const only = process.env.A11Y_ROUTES ? new RegExp(process.env.A11Y_ROUTES) : null;
      const inTheme = (key: string) => theme === 'light' || role === 'member' || DARK_ALSO[role].includes(key);
      for (const route of routes(role).filter((r) => inTheme(r.key) && (!only || only.test(r.path)))) {
        await page.goto(route.path);
        await settle(page);
        // The themes differ only in colour: the structural rules run in the light theme, the colour rules in both.
        const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
        const result = await (theme === 'light' ? axe.withTags(AXE_TAGS) : axe.withRules(COLOUR_RULES)).analyze();
        const bad: Violation[] = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO.has(v.id));
        const h1 = theme === 'light' ? await page.locator('h1').count() : 1;
        if (h1 !== 1) bad.push({ id: 'one-h1', impact: 'serious', help: `${h1} h1 elements`, nodes: [] });
        if (bad.length) failures.push(`  ${route.path}\n${bad.map(describe).join('\n')}`);
        if (role !== 'visitor' && SHOTS.has(route.key))
          await page.screenshot({ path: `${SCREENS}a11y-${role}-${route.key === '/' ? 'home' : route.key.replace(/^\//, '')}-${theme}.png` });
      }
      await context.close();
      expect(failures.length, `serious or critical axe violations (${role}, ${theme}):\n${failures.join('\n')}`).toBe(0);
    });
  }
}

test('on a phone, the member pages pass too, in both themes', async ({ browser }) => {
  test.setTimeout(180_000);
  const failures: string[] = [];
  for (const theme of THEMES) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      storageState: states.member,
      colorScheme: theme,
      reducedMotion: 'reduce',
    });
    await context.addInitScript((t) => localStorage.setItem('mahalle-theme', t), theme);
    const page = await context.newPage();
    reportPageErrors(page);
    for (const path of ['/', '/messages', '/qa', `/groups/${ids.group}`]) {
      await page.goto(path);
      await settle(page);
      const result = await new AxeBuilder({ page })
        .withTags(AXE_TAGS)
        .options({ resultTypes: ['violations'] })
        .analyze();
      const bad: Violation[] = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO.has(v.id));
      if (bad.length) failures.push(`  ${path} (${theme})\n${bad.map(describe).join('\n')}`);
      if (path === '/') await page.screenshot({ path: `${SCREENS}a11y-phone-home-${theme}.png` });
    }
    await context.close();
  }
  expect(failures.length, `serious or critical axe violations on a phone:\n${failures.join('\n')}`).toBe(0);
});

test('the keyboard reaches the main content, a notification and a conversation', async ({ browser }) => {
  const { context, page } = await open(browser, 'member', 'light');
  await page.goto('/notifications');
  await settle(page);
  // The skip link is the first stop and moves the focus to <main>.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'İçeriğe geç' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // From there, Tab reaches the notification as a link, and Enter follows it.
  const notification = page.getByRole('link', { name: /sizi takip etmeye başladı/ }).first();
  for (let i = 0; i < 10 && !(await notification.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(notification).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/yonetici$/);

  await page.goto('/messages');
  await settle(page);
  const conversation = page.getByTestId('conversation').getByRole('link');
  await conversation.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/messages\?user=\d+$/);
  await expect(page.getByTestId('chat-messages')).toContainText('Hoş geldin!');
  await context.close();
});
