import { expect, test } from '@playwright/test';
import { memberPage, SCREENS, uniqueName } from './fixtures';

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
