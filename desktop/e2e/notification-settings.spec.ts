import { expect, test } from '@playwright/test';
import { api, memberPage, uniqueName } from './fixtures';

test('a member turns likes off, is not told of a like but of a comment, and sets quiet hours', async ({ browser }) => {
  const owner = await memberPage(browser, { displayName: 'Sessiz Sahip' });
  const fan = await memberPage(browser, { displayName: 'Beğenen Komşu' });
  const { page } = owner;

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Bildirim ayarları' }).click();
  await expect(page.getByRole('heading', { name: 'Bildirim ayarları' })).toBeVisible();
  // Moderation notices cannot be turned off in-app, and the page says so.
  await expect(page.getByRole('switch', { name: 'Moderasyon: Uygulama içi' })).toBeDisabled();
  await expect(page.getByText('Moderasyon bildirimleri (içeriğinizin kaldırılması, uyarılar) uygulama içinde kapatılamaz.')).toBeVisible();

  const likesInApp = page.getByRole('switch', { name: 'Beğeniler: Uygulama içi' });
  await expect(likesInApp).toBeChecked();
  await likesInApp.click();
  await expect(likesInApp).not.toBeChecked();
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(page.getByText('Bildirim ayarlarınız kaydedildi')).toBeVisible();

  // Another member likes (nothing arrives) and then comments (that arrives).
  const post = await api(page.request, 'post', '/api/posts', { content: `Bildirim denemesi ${uniqueName('p')}` });
  await api(fan.page.request, 'post', `/api/posts/${post.id}/like`);
  await page.goto('/notifications');
  await expect(page.getByText('Henüz bildirim yok')).toBeVisible();
  await api(fan.page.request, 'post', `/api/posts/${post.id}/comments`, { content: 'Güzel olmuş' });
  await page.reload();
  await expect(page.getByText('Beğenen Komşu gönderinize yorum yaptı')).toBeVisible();
  await expect(page.getByText('gönderinizi beğendi')).toHaveCount(0);

  // Quiet hours 22:00–07:30.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Bildirim ayarları' }).click();
  await page.getByRole('switch', { name: 'Sessiz saatler' }).click();
  for (const [label, value] of [
    ['Başlangıç', '22:00'],
    ['Bitiş', '07:30'],
  ] as const) {
    const input = page.getByRole('textbox', { name: label });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toHaveValue(value);
  }
  // A member living abroad picks their own zone, searched by city.
  const zone = page.getByRole('combobox', { name: 'Saat dilimi' });
  await zone.click();
  await zone.fill('Berlin');
  await zone.press('Enter');
  await expect(page.getByRole('tabpanel', { name: 'Bildirim ayarları' }).getByTitle('Europe/Berlin')).toBeVisible();
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(page.getByText('Bildirim ayarlarınız kaydedildi')).toBeVisible();

  const saved = await api(page.request, 'get', '/api/users/me/notification-settings');
  expect(saved.quietHours).toEqual({ enabled: true, start: '22:00', end: '07:30', timeZone: 'Europe/Berlin' });
  expect(saved.kinds.likes.inApp).toBe(false);

  // After a reload the page shows what was saved.
  await page.reload();
  await page.getByRole('tab', { name: 'Bildirim ayarları' }).click();
  await expect(page.getByRole('switch', { name: 'Sessiz saatler' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Başlangıç' })).toHaveValue('22:00');
  await expect(page.getByRole('switch', { name: 'Beğeniler: Uygulama içi' })).not.toBeChecked();

  await owner.context.close();
  await fan.context.close();
});

test("several likes of one post show as one row: '2 kişi gönderinizi beğendi'", async ({ browser }) => {
  const owner = await memberPage(browser);
  const first = await memberPage(browser);
  const second = await memberPage(browser);
  const post = await api(owner.page.request, 'post', '/api/posts', { content: `Beğenilecek ${uniqueName('p')}` });
  await api(first.page.request, 'post', `/api/posts/${post.id}/like`);
  await api(second.page.request, 'post', `/api/posts/${post.id}/like`);
  await owner.page.goto('/notifications');
  await expect(owner.page.getByText('2 kişi gönderinizi beğendi')).toBeVisible();
  await expect(owner.page.getByRole('button', { name: 'Bildirimi sil' })).toHaveCount(1);
  for (const m of [owner, first, second]) await m.context.close();
});

test('a member turns the weekly digest on for Friday in their own zone', async ({ browser }) => {
  const { page, context } = await memberPage(browser);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Bildirim ayarları' }).click();
  await expect(page.getByRole('heading', { name: 'Haftalık mahalle özeti' })).toBeVisible();
  const on = page.getByRole('switch', { name: 'Haftalık özet e-postası' });
  await expect(on).not.toBeChecked();
  await on.click();

  await page.getByRole('combobox', { name: 'Gün', exact: true }).click();
  // antd draws the options as titled rows (its role=option list is only for screen readers' active item).
  await page.locator('.ant-select-item-option[title="Cuma"]').click();
  const zone = page.getByRole('combobox', { name: 'Özetin zaman dilimi' });
  await zone.click();
  await zone.fill('Berlin');
  await zone.press('Enter');
  await page.getByRole('button', { name: 'Haftalık özeti kaydet' }).click();
  await expect(page.getByText('Haftalık özet ayarınız kaydedildi')).toBeVisible();

  expect(await api(page.request, 'get', '/api/users/me/digest-settings')).toEqual({ enabled: true, weekday: 5, hour: 9, timeZone: 'Europe/Berlin' });
  await page.reload();
  await page.getByRole('tab', { name: 'Bildirim ayarları' }).click();
  await expect(page.getByRole('switch', { name: 'Haftalık özet e-postası' })).toBeChecked();
  await context.close();
});
