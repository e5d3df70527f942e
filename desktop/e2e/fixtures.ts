import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/** Screenshots are test artifacts at the repository's test-results/screens. */
export const SCREENS = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));
fs.mkdirSync(SCREENS, { recursive: true });

export const PASSWORD = 'Guclu.Sifre1';

/** Uncaught errors of the page show in the test output (a blank screen then says why). */
export function reportPageErrors(page: Page) {
  page.on('pageerror', (err) => console.log(`pageerror: ${err.message}\n${(err.stack ?? '').split('\n').slice(0, 6).join('\n')}`));
}
let counter = 0;

export function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Registers a member through the API of `request`'s server (its context keeps the session cookie); returns the member. */
export async function registerMember(request: APIRequestContext, username = uniqueName('uye'), displayName = `Üye ${username}`) {
  const res = await request.post('/api/auth/register', {
    data: { displayName, username, email: `${username}@ornek.com`, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, acceptPrivacy: true },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** Registers through the API and returns a page signed in as that member (cookie in its context). */
export async function memberPage(browser: Browser, opts: { username?: string; displayName?: string; viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1366, height: 900 } });
  const page = await context.newPage();
  reportPageErrors(page);
  const username = opts.username ?? uniqueName('uye');
  const user = await registerMember(page.request, username, opts.displayName);
  return { context, page, user };
}

export async function adminPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  reportPageErrors(page);
  const res = await page.request.post('/api/auth/login', { data: { username: 'yonetici', password: 'Yonetici.Sifre1' } });
  expect(res.status()).toBe(200);
  return { context, page, user: await res.json() };
}

export async function api(request: APIRequestContext, method: 'get' | 'post' | 'patch' | 'delete', url: string, data?: unknown) {
  const res = await request[method](url, data === undefined ? undefined : { data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBeTruthy();
  return res.json();
}

/** Light and dark screenshots of the current page, kept as test artifacts. */
export async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS}${name}-light.png` });
  await page.evaluate(() => localStorage.setItem('mahalle-theme', 'dark'));
  await page.reload();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SCREENS}${name}-dark.png` });
  await page.evaluate(() => localStorage.setItem('mahalle-theme', 'light'));
  await page.reload();
  await page.waitForLoadState('networkidle');
}

/**
 * Waits for a success toast after a write the UI confirms with one. If an error toast comes instead, fails with its
 * text (a refused write shows why), and a slow answer on a busy machine gets 20 s rather than the usual 10.
 */
export async function expectToast(page: Page, text: string) {
  const ok = page.getByText(text, { exact: true });
  const failed = page.locator('.ant-notification-notice').filter({ has: page.locator('.ant-notification-notice-icon-error') });
  await expect(ok.or(failed).first()).toBeVisible({ timeout: 20_000 });
  if (await failed.count()) throw new Error(`expected the toast "${text}", got an error: ${(await failed.first().innerText()).replace(/\s+/g, ' ')}`);
}
