import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { api, memberPage, reportPageErrors, uniqueName } from './fixtures';

/**
 * The installable web app (desktop/src/sw/): the service worker keeps the last loaded feed for offline reading, a new
 * build is offered with "Yeni sürüm hazır", and a push delivered to the worker shows a notification that opens its page.
 */
const SW_FILE = fileURLToPath(new URL('../dist-web/sw.js', import.meta.url));

/** Once the worker (registered when the page is idle) is active and controls the page. */
async function workerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** The URLs (path and query) the worker keeps for offline reading. */
const keptData = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('mahalle-data-'));
    if (!name) return [];
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
  });

/** The hashed files this page loaded that the worker does not keep yet. */
const filesNotKept = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('mahalle-shell-'));
    const cache = name ? await caches.open(name) : null;
    const files = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
    const missing: string[] = [];
    for (const u of files) if (!cache || !(await cache.match(u.href))) missing.push(u.pathname);
    return missing;
  });

// The worker's hand-over and a new version's take-over race the page's own loading: a second try is allowed here.
test.describe.configure({ retries: 1 });

test('offline, a member sees the feed last loaded, read-only, with "Çevrimdışısın"; signing out forgets it', async ({ browser }) => {
  const { context, page } = await memberPage(browser);
  const first = `Çevrimdışı okunacak gönderi ${uniqueName('pwa')}`;
  await api(page.request, 'post', '/api/posts', { content: first });
  await page.goto('/');
  await expect(page.getByText(first)).toBeVisible({ timeout: 30_000 });
  await workerControls(page);
  // The first visit's feeds were fetched before the worker controlled the page, some perhaps still in flight at the
  // take-over: the page hands each over (warm) as it completes.
  const fetchedData = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && ((u.pathname === '/api/posts' && !u.searchParams.has('cursor')) || u.pathname === '/api/auth/session'))
      .map((u) => u.pathname + u.search),
  );
  expect(fetchedData.some((u) => u.startsWith('/api/posts'))).toBe(true);
  await expect
    .poll(
      async () => {
        const kept = new Set(await keptData(page));
        return fetchedData.filter((u) => !kept.has(u));
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
  // ... and the page's files, one after another (the feed's answer can be kept before a chunk loaded after it).
  await expect.poll(() => filesNotKept(page), { timeout: 15_000 }).toEqual([]);

  // Written after the feed was kept: offline it is not there, which shows the page is the kept one.
  const later = `Sonradan yazılan gönderi ${uniqueName('pwa')}`;
  await api(page.request, 'post', '/api/posts', { content: later });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(first)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(later)).toHaveCount(0);
  // Every part of the page was kept (a part whose answer or file was not shows "Bu bölüm yüklenemedi").
  await expect(page.getByText('Bu bölüm yüklenemedi')).toHaveCount(0);
  await expect(page.getByTestId('connection-banner')).toContainText('Çevrimdışısın');
  await expect(page.getByTestId('composer-offline')).toHaveText('Çevrimdışısın: gönderi paylaşmak için bağlantı gerekiyor.');
  const card = page.getByTestId('post-card').filter({ hasText: first }).first();
  await expect(card.getByRole('button', { name: 'Beğen' })).toBeDisabled();

  await context.setOffline(false);
  await expect(page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 15_000 });
  // Signing out goes through the worker, which deletes what it kept of this member.
  await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST', credentials: 'include' }).then((r) => r.status));
  expect(await keptData(page)).toEqual([]);
  await context.close();
});

test('a new build is offered with "Yeni sürüm hazır"; "Yenile" or the next navigation loads it and old caches go', async ({ browser }) => {
  const original = fs.readFileSync(SW_FILE, 'utf8');
  const context = await browser.newContext();
  const page = await context.newPage();
  reportPageErrors(page);
  try {
    await page.goto('/');
    await workerControls(page);
    const shell = (await cacheNames(page)).find((k) => k.startsWith('mahalle-shell-'));
    expect(shell).toBeTruthy();
    const version = shell!.slice('mahalle-shell-'.length);
    expect(original).toContain(version);

    // A new build as the server would serve it: the same worker with another version.
    const deploy = (v: string) => fs.writeFileSync(SW_FILE, original.replaceAll(version, v));
    const checkForUpdate = () => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    deploy('e2e-second');
    await checkForUpdate();
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('Yeni sürüm hazır');
    // Nothing changes under the member meanwhile: the old version still controls the page.
    expect(await cacheNames(page)).toContain(shell);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Yenile' }).click()]);
    await workerControls(page);
    await expect.poll(() => cacheNames(page)).toContain('mahalle-shell-e2e-second');
    expect(await cacheNames(page)).not.toContain(shell);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);

    // Without a click: the next navigation of a lone tab is the new version's.
    deploy('e2e-third');
    await checkForUpdate();
    await expect(page.getByTestId('update-prompt')).toBeVisible();
    await page.goto('/qa');
    await expect.poll(() => cacheNames(page)).not.toContain('mahalle-shell-e2e-second');
    expect(await cacheNames(page)).toContain('mahalle-shell-e2e-third');
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  } finally {
    fs.writeFileSync(SW_FILE, original);
    await context.close();
  }
});

test('a push delivered to the worker shows one notification per tag, and its click opens the page in the tab', async ({ browser, baseURL }) => {
  const { context, page } = await memberPage(browser);
  await context.grantPermissions(['notifications']);
  const post = await api(page.request, 'post', '/api/posts', { content: `Bildirimle açılacak gönderi ${uniqueName('pwa')}` });
  await page.goto('/');
  await workerControls(page);

  // Chromium here has no vendor push service to subscribe with: the DevTools protocol hands the push to the worker.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const push = async (payload: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registrationId, data: JSON.stringify(payload) });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
    );

  const tag = `like:post:${post.id}`;
  await push({ title: 'Ayşe gönderinizi beğendi', body: post.content, url: `/posts/${post.id}`, tag });
  await expect.poll(shown).toEqual([{ title: 'Ayşe gönderinizi beğendi', body: post.content, tag, data: { url: `/posts/${post.id}` } }]);
  // The same group again is the one notification, updated.
  await push({ title: '12 kişi gönderinizi beğendi', body: post.content, url: `/posts/${post.id}`, tag, count: 12 });
  await expect.poll(shown).toEqual([{ title: '12 kişi gönderinizi beğendi', body: post.content, tag, data: { url: `/posts/${post.id}` } }]);

  // No protocol command clicks a notification: the worker's own click handler runs on an event dispatched inside it
  // (a synthetic event grants no focus; the tab's router still opens the page).
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  expect(worker).toBeTruthy();
  await worker!.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScopeLike;
    const [n] = await sw.registration.getNotifications();
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n }));
  });
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  await expect(page.getByText(post.content).first()).toBeVisible();
  await expect.poll(shown).toEqual([]);
  await context.close();
});

/** The worker's globals the click needs (this file is typed for the page, not for a worker). */
interface ServiceWorkerGlobalScopeLike {
  registration: { getNotifications(): Promise<Notification[]> };
  dispatchEvent(e: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification | undefined }) => Event;
}
