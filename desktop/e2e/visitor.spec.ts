import { expect, test } from '@playwright/test';
import { screenshots } from './fixtures';

test('a visitor reads the landing page, Q&A and the blog, and meets the gate on /messages', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText("Mahalle'ye hoş geldin!")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Üye Ol' }).first()).toBeVisible();
  await screenshots(page, 'landing');

  await page.getByRole('link', { name: 'Soru & Cevap' }).first().click();
  await expect(page.getByRole('heading', { name: 'Soru & Cevap' })).toBeVisible();
  await expect(page.getByTestId('question-card').first()).toBeVisible();
  await page.getByTestId('question-card').first().getByRole('link').first().click();
  await expect(page.getByText('Cevap yazmak için giriş yapın.')).toBeVisible();

  await page.goto('/blog');
  await expect(page.getByRole('tab', { name: 'Trendler' })).toBeVisible();
  await page.getByTestId('blog-card').first().click();
  await expect(page.getByText(/\d+ dk okuma/)).toBeVisible();
  await screenshots(page, 'blog-post');

  await page.goto('/messages');
  await expect(page.getByText('Üyelik gerekli')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Giriş Yap' }).last()).toBeVisible();

  await page.goto('/bu/sayfa/yok');
  await expect(page.getByText('Aradığınız sayfa bulunamadı.')).toBeVisible();
  await page.goto('/category/uzay');
  await expect(page.getByText('Kategori Bulunamadı')).toBeVisible();
});

test('the theme toggle persists across reloads', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.removeItem('mahalle-theme'));
  await page.reload();
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.getByTestId('theme-toggle').click();
  const after = await page.evaluate(() => document.documentElement.dataset.theme);
  expect(after).not.toBe(before);
  expect(await page.evaluate(() => localStorage.getItem('mahalle-theme'))).toBe(after);
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);
});
