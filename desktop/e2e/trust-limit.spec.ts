import { expect, test } from '@playwright/test';
import { adminPage, api, memberPage, SCREENS, uniqueName } from './fixtures';

test('a new member (trust level 0) puts three links in a post: the composer says why in Turkish, what unlocks it, and keeps the text', async ({ browser }) => {
  const fresh = await memberPage(browser, { username: uniqueName('yeni') });
  const page = fresh.page;
  await page.goto('/');
  const box = page.getByPlaceholder('Ne düşünüyorsun...');
  await box.click();
  // Before writing: the level, its limits and what the next level needs.
  const hint = page.getByTestId('trust-hint');
  await expect(hint).toContainText('Güven seviyen: Yeni üye');
  await expect(hint).toContainText('Bir paylaşımda en fazla 2 bağlantı');
  await expect(hint).toContainText('Üye olmak için: üyeliğin en az 2 günlük olmalı');

  const text = 'Kampanyalar: https://ornek1.com https://ornek2.com https://ornek3.com';
  await box.fill(text);
  await page.getByTestId('composer').getByRole('button', { name: 'Paylaş' }).click();
  await expect(page.getByText('Yeni üyeler bir paylaşımda en fazla 2 bağlantı verebilir. Üyeliğin ilerleyince bu sınır kalkar.')).toBeVisible();
  await expect(box).toHaveValue(text);
  await page.screenshot({ path: `${SCREENS}trust-limit-links.png` });

  // Two links are within the limit.
  await box.fill('Kampanyalar: https://ornek1.com https://ornek2.com');
  await page.getByTestId('composer').getByRole('button', { name: 'Paylaş' }).click();
  await expect(page.getByText('Gönderiniz başarıyla paylaşıldı')).toBeVisible();
  await fresh.context.close();
});

test("an admin sets a member's trust level by hand from the users table with a reason; the row shows the new level", async ({ browser }) => {
  const tag = uniqueName('guven');
  const member = await memberPage(browser, { username: tag, displayName: `Güven ${tag}` });
  const admin = await adminPage(browser);
  const page = admin.page;
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Kullanıcılar' }).click();
  await page.getByLabel('Kullanıcı ara').fill(tag);
  await page.getByLabel('Kullanıcı ara').press('Enter');
  const row = page
    .getByTestId('table-users')
    .locator('.ant-table-row')
    .filter({ hasText: `@${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('user-trust-level')).toHaveText('Güven: Yeni üye');

  await row.getByRole('button', { name: 'Güven seviyesi' }).click();
  const dialog = page.getByRole('dialog', { name: `Güven seviyesini belirle: Güven ${tag} (@${tag})` });
  await expect(dialog).toBeVisible();
  // Apply waits for a new level and a reason.
  await expect(dialog.getByRole('button', { name: 'Uygula' })).toBeDisabled();
  await dialog.getByLabel('Seviye').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Güvenilir üye$/ })
    .click();
  await expect(dialog.getByRole('button', { name: 'Uygula' })).toBeDisabled();
  await dialog.getByLabel('Gerekçe').fill('Mahalle derneğinin tanıdığı gönüllü');
  await dialog.getByRole('button', { name: 'Uygula' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('user-trust-level')).toHaveText('Güven: Güvenilir üye');
  await page.screenshot({ path: `${SCREENS}trust-level-set.png` });

  // The server agrees: the member's level, and the audit entry with the reason.
  const users: { items: { id: number; trustLevel: number }[] } = await api(page.request, 'get', `/api/admin/users?search=${tag}`);
  expect(users.items.find((u) => u.id === member.user.id)?.trustLevel).toBe(2);
  const audit: { items: { reason: string | null; targetId: string }[] } = await api(page.request, 'get', '/api/admin/audit?limit=100');
  expect(audit.items.find((e) => e.targetId === String(member.user.id) && e.reason === 'Mahalle derneğinin tanıdığı gönüllü')).toBeTruthy();
  await member.context.close();
  await admin.context.close();
});
