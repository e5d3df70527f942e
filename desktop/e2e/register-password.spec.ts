import { expect, test } from '@playwright/test';
import { TEXTS } from '@mahalle/shared';

test('the register form says a common password is refused before it is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/register')) sent.push(r.url());
  });
  await page.goto('/login?tab=register');
  // abc123 is strong enough for the strength rule (medium) but among the most common passwords.
  await page.getByLabel('Şifre', { exact: true }).fill('abc123');
  await expect(page.getByText(TEXTS.auth.commonPassword)).toBeVisible();
  await page.getByLabel('Şifre', { exact: true }).fill('Guclu.Sifre1');
  await expect(page.getByText(TEXTS.auth.commonPassword)).toHaveCount(0);
  expect(sent).toEqual([]);
});
