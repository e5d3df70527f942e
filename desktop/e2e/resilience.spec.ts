import { expect, test } from '@playwright/test';
import { TEXTS } from '@mahalle/shared';
import { SCREENS, adminPage, reportPageErrors } from './fixtures';

// These journeys break the page's own requests with page.route, which never sees what a service worker answers: the
// worker (desktop/src/sw/, its own journeys in pwa.spec.ts) passes a failed chunk through as it is, so without it the
// page meets the same failures.
test.use({ serviceWorkers: 'block' });

/** A lazy route's chunk, including the retry's cache-busting `?retry=` form. */
const QA_CHUNK = /\/assets\/QaListPage-[^/?]*\.js(\?.*)?$/;

test('a visitor on / sees no console error, and the shell paints before any script', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  reportPageErrors(page);
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('link', { name: 'Giriş Yap' }).first()).toBeVisible();
  expect(problems).toEqual([]);

  // With no script at all, index.html still shows the header and the visitors' welcome card (painted by the
  // server), and elsewhere the brand spinner.
  await page.route(/\/assets\/.*\.js/, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('.boot-header')).toContainText('Mahalle');
  await expect(page.getByRole('heading', { level: 1, name: "Mahalle'ye hoş geldin!" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Giriş Yap' })).toHaveAttribute('href', '/login');
  await page.screenshot({ path: `${SCREENS}boot-home.png` });
  // Discover: its heading and first trending posts, painted by the server too.
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Keşfet' })).toBeVisible();
  await expect(page.locator('.boot-post').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}boot-discover.png` });
  await page.goto('/events');
  await expect(page.locator('.boot-header')).toContainText('Mahalle');
  await expect(page.locator('.boot-spinner')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}boot-shell.png` });
  await context.close();
});

test('a chunk that fails to load shows a Turkish message; Yeniden dene loads it; Back is not blank', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  reportPageErrors(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Giriş Yap' }).first()).toBeVisible();

  let attempts = 0;
  await page.route(QA_CHUNK, (route) => {
    attempts += 1;
    return route.abort();
  });
  await page.getByRole('navigation', { name: 'Ana gezinme' }).getByRole('link', { name: 'Soru & Cevap' }).click();
  const boundary = page.getByTestId('error-boundary');
  await expect(boundary).toContainText('Bu bölüm yüklenemedi');
  expect(attempts).toBeGreaterThanOrEqual(3); // retried before giving up
  // The shell around the route is still there.
  await expect(page.getByRole('navigation', { name: 'Ana gezinme' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}chunk-error.png` });

  await page.unroute(QA_CHUNK);
  await boundary.getByRole('button', { name: 'Yeniden dene' }).click();
  await expect(boundary).toHaveCount(0);
  await expect(page).toHaveURL(/\/qa$/);
  await expect(
    page
      .getByRole('link', { name: 'Soru Sor' })
      .or(page.getByRole('button', { name: /Soru Sor/ }))
      .first(),
  ).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Son Sorular')).toBeVisible();
  await context.close();
});

test('after a new deploy (chunk 404) the page reloads once, and never loops', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Giriş Yap' }).first()).toBeVisible();
  await page.route(QA_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }));
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('navigation', { name: 'Ana gezinme' }).getByRole('link', { name: 'Soru & Cevap' }).click();
  // One reload to pick up the new build; the chunk is still missing, so the second failure shows the message.
  await expect(page.getByTestId('error-boundary')).toContainText('Bu bölüm yüklenemedi', { timeout: 20_000 });
  await page.waitForTimeout(1500);
  expect(loads).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem('mahalle-chunk-reload'))).toMatch(/^\d+$/);
  await context.close();
});

test('a banner says when the server is unreachable and goes away when it is back', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  reportPageErrors(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Giriş Yap' }).first()).toBeVisible();
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toHaveCount(0);

  const API = /\/api\//;
  await page.route(API, (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation', { name: 'Ana gezinme' }).getByRole('link', { name: 'Keşfet' }).click();
  await expect(banner).toContainText('Sunucuya ulaşılamıyor');
  await page.screenshot({ path: `${SCREENS}connection-banner.png` });

  await page.unroute(API);
  await expect(banner).toHaveCount(0, { timeout: 10_000 });
  await context.close();
});

test('an upload far past its cap, sent by the browser past the form’s own check, gets the 413 with its Turkish text, not a reset', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/');
  // The server reads at most a little past the cap, then ends the connection: the browser must still read the answer.
  const answers = await page.evaluate(async () => {
    const out: [number, number | string, string][] = [];
    for (const size of [6e6, 45e6, 45e6]) {
      const bytes = new Uint8Array(size);
      bytes.set([0xff, 0xd8, 0xff]);
      const form = new FormData();
      form.append('content', 'büyük');
      form.append('image', new Blob([bytes], { type: 'image/jpeg' }), 'buyuk.jpg');
      try {
        const res = await fetch('/api/posts', { method: 'POST', body: form });
        out.push([size, res.status, await res.text()]);
      } catch (err) {
        out.push([size, 'network error', String(err)]);
      }
    }
    return out;
  });
  for (const [size, status, body] of answers) {
    expect(status, `${size} bytes`).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: TEXTS.social.imageTooLarge, code: 'payload_too_large' });
  }
  await context.close();
});
