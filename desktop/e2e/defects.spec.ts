import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SCREENS, adminPage, api, memberPage, reportPageErrors, uniqueName } from './fixtures';

/** Layout and wording details of the screens (spacing, skeletons, phone sizes, Turkish numbers, toasts), each checked in a browser with a screenshot. */

const PHONE = { width: 375, height: 780 };
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}defects-${name}.png` });

/**
 * Two members and the admin, signed in once and reused through their cookies: the server allows
 * 20 registrations an hour and 30 logins in 15 minutes from one address, and the other journeys
 * need theirs.
 */
type Account = { state: Awaited<ReturnType<BrowserContext['storageState']>>; user: { id: number; username: string; displayName: string } };
const accounts = new Map<string, Account>();
async function account(browser: Browser, key: 'a' | 'b' | 'admin'): Promise<Account> {
  if (!accounts.has(key)) {
    const m = key === 'admin' ? await adminPage(browser) : await memberPage(browser, { displayName: key === 'a' ? 'Ada Okur' : 'Zehra Doğrulanmış' });
    accounts.set(key, { state: await m.context.storageState(), user: m.user });
    await m.context.close();
  }
  return accounts.get(key)!;
}
async function as(browser: Browser, key: 'a' | 'b' | 'admin', viewport = { width: 1366, height: 900 }) {
  const acc = await account(browser, key);
  const context = await browser.newContext({ viewport, storageState: acc.state });
  const page = await context.newPage();
  reportPageErrors(page);
  return { context, page, user: acc.user };
}

/** Holds the answers of matching calls until `release()` is called: the page's loading state stays on screen. */
async function holdResponses(page: Page, pattern: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

test('the member home opens on the composer and the feed, statistics in the side column; the body has no browser margin', async ({ browser }) => {
  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['mobile', PHONE],
  ] as const) {
    const m = await as(browser, 'a', viewport);
    await m.page.goto('/');
    const composer = m.page.getByTestId('composer');
    const stats = m.page.getByTestId('home-stats');
    await expect(composer).toBeVisible();
    await expect(stats).toContainText('Aktif üye');
    const c = (await composer.boundingBox())!;
    const s = (await stats.boundingBox())!;
    if (name === 'desktop')
      expect(s.x).toBeGreaterThan(c.x + c.width - 1); // beside, in the side column
    else expect(s.y).toBeGreaterThan(c.y + c.height); // below the composer and the feed
    expect(c.y).toBeLessThan(viewport.height / 2);
    expect(await m.page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    await shot(m.page, `home-${name}`);
    await m.context.close();
  }
});

test('side cards show skeletons while their lists load, and only then an empty text', async ({ browser }) => {
  const m = await as(browser, 'a');
  const release = await holdResponses(m.page, /\/api\/(events|users\/recent)\?/);
  await m.page.goto('/');
  await expect(m.page.getByTestId('list-skeleton').first()).toBeVisible();
  await expect(m.page.getByText('Yaklaşan etkinlik yok')).toHaveCount(0);
  await expect(m.page.getByText('Veri Yok')).toHaveCount(0);
  await shot(m.page, 'skeletons');
  release();
  await expect(m.page.getByTestId('list-skeleton')).toHaveCount(0);
  await expect(m.page.locator('.lean-card').filter({ hasText: 'Yeni Üyeler' }).getByRole('link').first()).toBeVisible();
  await m.context.close();
});

test('admin tables at 1366 px keep their actions in view, fill the window, and speak Turkish', async ({ browser }) => {
  const a = await as(browser, 'admin', { width: 1366, height: 1024 });
  await a.page.goto('/admin');
  const activity = a.page.locator('.ant-card').filter({ hasText: 'Son Aktiviteler' });
  await expect(activity.locator('.ant-tag').first()).toBeVisible();
  for (const tag of await activity.locator('.ant-tag').allInnerTexts()) expect(['Yeni üye', 'Gönderi', 'Soru', 'Blog', 'Etkinlik']).toContain(tag);

  await a.page.getByRole('tab', { name: 'Kullanıcılar' }).click();
  const table = a.page.getByTestId('table-users');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect(table.locator('.ant-table-row .ant-tag').filter({ hasText: /^(user|admin)$/ })).toHaveCount(0);
  // The rows' box grows with the window (1024 px tall here) instead of a fixed 520 px.
  const body = (await table.locator('.ant-table-body, .ant-table-tbody-virtual-holder').first().boundingBox())!;
  expect(body.height).toBeGreaterThan(560);
  await shot(a.page, 'admin-users-all');
  await a.page.getByLabel('Kullanıcı ara').fill('yonetici');
  await a.page.getByLabel('Kullanıcı ara').press('Enter');
  await expect(
    table
      .locator('.ant-table-row')
      .filter({ hasText: '@yonetici' })
      .locator('.ant-tag', { hasText: /^Yönetici$/ }),
  ).toBeVisible();
  await a.page.getByLabel('Kullanıcı ara').fill('elif_kaya');
  await a.page.getByLabel('Kullanıcı ara').press('Enter');
  const row = table.locator('.ant-table-row').filter({ hasText: '@elif_kaya' });
  await expect(row.locator('.ant-tag', { hasText: /^Üye$/ })).toBeVisible();
  const del = row.getByRole('button', { name: 'Sil', exact: true });
  await expect(del).toBeVisible();
  const box = (await del.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  await shot(a.page, 'admin-users-1366');
  await a.context.close();
});

test('a profile header on a phone: lines apart, stats below the name, report button whole, a big initial, the verified mark, and no early "Takip Et"', async ({
  browser,
}) => {
  const a = await as(browser, 'admin');
  const target = await as(browser, 'b');
  await api(a.page.request, 'patch', `/api/admin/users/${target.user.id}`, { isVerified: true });
  await api(target.page.request, 'post', '/api/posts', { content: `Doğrulanmış üyenin gönderisi ${uniqueName('')}` });
  await a.context.close();
  await target.context.close();

  const m = await as(browser, 'a', PHONE);
  const release = await holdResponses(m.page, /\/follow-status$/);
  await m.page.goto(`/user/${target.user.username}`);
  await expect(m.page.getByTestId('follow-loading')).toBeVisible();
  await expect(m.page.getByRole('button', { name: 'Takip Et' })).toHaveCount(0);
  await shot(m.page, 'profile-follow-loading');
  release();
  await expect(m.page.getByRole('button', { name: 'Takip Et' })).toBeVisible();

  const header = m.page.getByTestId('profile-header');
  const handle = (await header.getByText(`@${target.user.username}`).boundingBox())!;
  const joined = (await header.getByText(/^Katılma:/).boundingBox())!;
  expect(joined.y).toBeGreaterThanOrEqual(handle.y + handle.height - 1);
  const name = (await header.getByRole('heading').boundingBox())!;
  const stats = (await m.page.getByTestId('profile-stats').boundingBox())!;
  expect(stats.y).toBeGreaterThanOrEqual(name.y + name.height);
  const report = (await header.getByRole('button', { name: 'Şikayet Et' }).boundingBox())!;
  expect(report.x + report.width).toBeLessThanOrEqual(PHONE.width);
  const initial = await header
    .locator('.user-avatar-initial')
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(initial).toBeGreaterThanOrEqual(36);
  await expect(header.getByTestId('verified-mark')).toHaveAttribute('aria-label', 'Doğrulanmış üye');
  await expect(m.page.getByTestId('post-card').first().getByTestId('verified-mark')).toBeVisible();
  await shot(m.page, 'profile-mobile');
  await m.context.close();
});

test('on a phone the chat input clears the bottom bar, its tabs are 44 px or more, and "Yeni mesaj" starts a conversation', async ({ browser }) => {
  const other = await account(browser, 'b');
  const m = await as(browser, 'a', PHONE);
  await m.page.goto('/messages');
  const bar = m.page.getByTestId('bottom-bar');
  for (const link of await bar.getByRole('link').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await bar.getByTestId('add-button').boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await m.page.getByRole('button', { name: 'Yeni mesaj' }).click();
  await m.page.getByLabel('Kime').fill('kimse_yok_boyle');
  await m.page.getByRole('button', { name: 'Bul' }).click();
  await expect(m.page.getByRole('alert')).toHaveText('Kullanıcı bulunamadı');
  await m.page.getByLabel('Kime').fill(`@${other.user.username}`);
  await m.page.getByRole('button', { name: 'Bul' }).click();
  await expect(m.page.getByTestId('chat-pane')).toContainText('Zehra Doğrulanmış');
  await m.page.getByLabel('Mesaj yaz').fill('Merhaba, yeni mesaj!');
  await m.page.keyboard.press('Enter');
  await expect(m.page.getByTestId('chat-messages')).toContainText('Merhaba, yeni mesaj!');
  const input = (await m.page.getByLabel('Mesaj yaz').boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(input.y + input.height).toBeLessThanOrEqual(barBox.y);
  await shot(m.page, 'messages-mobile');
  await m.context.close();
});

test('a like shows on the heart without a toast; toasts open below the header; a group post asks before it is deleted', async ({ browser }) => {
  const m = await as(browser, 'a');
  const text = `Beğenilecek gönderi ${uniqueName('')}`;
  await api(m.page.request, 'post', '/api/posts', { content: text });
  await m.page.goto('/');
  const card = m.page.getByTestId('post-card').filter({ hasText: text });
  await card.getByRole('button', { name: 'Beğen' }).click();
  await expect(card.getByRole('button', { name: 'Beğen' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('like-status')).toHaveText('Beğeni yapıldı');
  await expect(m.page.locator('.ant-notification-notice')).toHaveCount(0);
  await card.getByRole('button', { name: 'Kaydet' }).click();
  const toast = m.page.locator('.ant-notification-notice').filter({ hasText: 'Kaydedildi' });
  await expect(toast).toBeVisible();
  await m.page.waitForTimeout(400); // the toast's slide-in
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(64);
  await shot(m.page, 'toast-below-header');

  const group = await api(m.page.request, 'post', '/api/hobby-groups', { name: `Onay Grubu ${uniqueName('')}`, description: 'Silmeden önce sorulur mu?' });
  await api(m.page.request, 'post', `/api/hobby-groups/${group.slug}/posts`, { content: 'Silinecek grup gönderisi' });
  await m.page.goto(`/groups/${group.slug}`);
  await m.page.getByRole('button', { name: 'Gönderiyi sil' }).click();
  const confirm = m.page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Gönderiyi Sil');
  await expect(confirm).toContainText('Bu işlem geri alınamaz.');
  await shot(m.page, 'group-post-confirm');
  await confirm.getByRole('button', { name: 'İptal' }).click();
  // Let the first dialog finish closing, or the second 'Sil' click can land on the closing one.
  await expect(confirm).toHaveCount(0);
  await expect(m.page.getByText('Silinecek grup gönderisi')).toBeVisible();
  await m.page.getByRole('button', { name: 'Gönderiyi sil' }).click();
  await confirm.getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(m.page.getByText('Silinecek grup gönderisi')).toHaveCount(0);
  await m.context.close();
});

test('Discover writes Turkish numbers, and a topic card counts what its panel shows first', async ({ browser }) => {
  const m = await as(browser, 'a');
  await m.page.goto('/discover');
  const daily = m.page.getByTestId('daily-stat');
  await expect(daily.nth(2)).toHaveText(/^%\d+$/);
  await expect(daily.first()).toHaveText(/^(\+\d[\d.]*|0)$/);
  await m.page.getByRole('tab', { name: 'Konular' }).click();
  const card = m.page.getByTestId('topic-card').first();
  const count = Number(/Son 7 günde (\d+) gönderi/.exec(await card.innerText())![1]);
  await expect(card).not.toContainText('%-');
  await card.click();
  const panel = m.page.locator('.ant-card').filter({ hasText: 'Gönderileri' }).last();
  await expect(panel).toContainText(`Son 7 günde ${count} gönderi`);
  await expect(panel.getByTestId('post-card')).toHaveCount(count);
  await shot(m.page, 'discover-topics');
  await m.context.close();
});

test("an admin removes a post with a reason and the author is told; a hidden post's older notification says so instead of dead-ending", async ({ browser }) => {
  const author = await as(browser, 'b');
  const fan = await as(browser, 'a');
  const removed = await api(author.page.request, 'post', '/api/posts', { content: `Kaldırılacak ilan ${uniqueName('')}` });
  const hidden = await api(author.page.request, 'post', '/api/posts', { content: `Gizlenecek gönderi ${uniqueName('')}` });
  await api(fan.page.request, 'post', `/api/posts/${hidden.id}/like`);
  const report = await api(fan.page.request, 'post', '/api/reports', { targetType: 'post', targetId: hidden.id, reason: 'uygunsuz' });

  const a = await as(browser, 'admin');
  await a.page.goto(`/posts/${removed.id}`);
  await a.page.getByRole('button', { name: 'Gönderi menüsü' }).click();
  await a.page.getByRole('menuitem', { name: 'Sil (Admin)' }).click();
  await a.page.getByLabel('Gerekçe (yazara bildirilir, isteğe bağlı)').fill('Ticari ilanlar akışta yasak');
  await a.page.locator('.ant-modal-confirm').getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(a.page.getByText('Gönderi silindi')).toBeVisible();
  await api(a.page.request, 'post', `/api/admin/reports/${report.id}/resolve`, { action: 'hide', note: 'Hakaret içeriyor' });
  await a.context.close();

  await author.page.goto('/notifications');
  await expect(author.page.getByText(/Gönderiniz yönetim tarafından kaldırıldı: "Kaldırılacak ilan .*"\. Gerekçe: Ticari ilanlar akışta yasak/)).toBeVisible();
  await expect(author.page.getByText(/Gönderiniz yönetim tarafından gizlendi: .*Gerekçe: Hakaret içeriyor/)).toBeVisible();
  const old = author.page.getByText(/gönderinizi beğendi · Bu içerik kaldırıldı/);
  await expect(old).toBeVisible();
  await old.click();
  await expect(author.page).toHaveURL(/\/notifications$/);
  await expect(author.page.getByText('Gönderi bulunamadı')).toHaveCount(0);
  await shot(author.page, 'moderation-notifications');
  await author.context.close();
  await fan.context.close();
});

test('the twelve group icons, as the create dialog offers them', async ({ browser }) => {
  const m = await as(browser, 'a');
  await m.page.goto('/hobby-groups');
  await expect(m.page.getByTestId('group-card').first()).toBeVisible();
  await shot(m.page, 'group-cards');
  await m.page.getByRole('button', { name: 'Grup Oluştur' }).click();
  await expect(m.page.getByRole('button', { name: 'Müzik' })).toBeVisible();
  await expect(m.page.getByRole('button', { name: 'Oyunlar' }).locator('svg path')).toHaveCount(1); // the gamepad's outline
  await m.page.waitForTimeout(400); // the dialog's zoom-in
  await shot(m.page, 'group-icons');
  await m.context.close();
});
