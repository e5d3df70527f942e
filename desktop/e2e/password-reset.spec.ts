import { expect, test } from '@playwright/test';
import { adminPage, memberPage, PASSWORD, reportPageErrors } from './fixtures';

const NEW_PASSWORD = 'Yepyeni.Sifre42';

test('an admin makes a password link, the member sets a new password with it, and every old session is signed out', async ({ browser }) => {
  // The member is signed in on one device (the page from registration).
  const member = await memberPage(browser);
  await member.page.goto('/');
  expect((await (await member.page.request.get('/api/auth/session')).json()).user?.username).toBe(member.user.username);

  // On another device, 'Şifremi unuttum': this server sends no e-mail, so the page says to ask an admin.
  const visitorContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const visitor = await visitorContext.newPage();
  reportPageErrors(visitor);
  await visitor.goto('/login');
  await visitor.getByRole('link', { name: 'Şifremi unuttum' }).click();
  await expect(visitor).toHaveURL(/\/forgot-password$/);
  await expect(visitor.getByTestId('ask-admin')).toContainText('yöneticisine');

  // The admin makes the link from the users table; it lands on the clipboard.
  const admin = await adminPage(browser);
  await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Kullanıcılar' }).click();
  await admin.page.getByLabel('Kullanıcı ara').fill(member.user.username);
  await admin.page.getByLabel('Kullanıcı ara').press('Enter');
  const row = admin.page.locator('.ant-table-row').filter({ hasText: member.user.username });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Şifre sıfırlama bağlantısı' }).click();
  await expect(admin.page.getByText('panoya kopyalandı')).toBeVisible();
  const link = await admin.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/reset-password#[A-Za-z0-9_-]{43}$/);

  // The member opens it and sets a new password; the token leaves the address bar.
  await visitor.goto(link);
  await visitor.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD);
  await visitor.getByLabel('Yeni şifre (tekrar)').fill(NEW_PASSWORD);
  await visitor.getByRole('button', { name: 'Şifreyi değiştir' }).click();
  await expect(visitor.getByText('Şifreniz değiştirildi')).toBeVisible();
  expect(new URL(visitor.url()).hash).toBe('');

  // The old device is signed out at once.
  expect((await (await member.page.request.get('/api/auth/session')).json()).user).toBeNull();
  await member.page.reload();
  await expect(member.page.getByRole('button', { name: 'Giriş Yap' }).first()).toBeVisible();

  // The link works once (opened afresh: from /reset-password itself it would only change the fragment).
  await visitor.goto('/login');
  await visitor.goto(link);
  await visitor.getByLabel('Yeni şifre', { exact: true }).fill('Baska.Sifre77');
  await visitor.getByLabel('Yeni şifre (tekrar)').fill('Baska.Sifre77');
  await visitor.getByRole('button', { name: 'Şifreyi değiştir' }).click();
  await expect(visitor.getByRole('alert')).toContainText('daha önce kullanıldı');

  // The old password is refused, the new one signs in.
  await visitor.goto('/login');
  await visitor.getByLabel('Kullanıcı adı').fill(member.user.username);
  await visitor.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Giriş Yap' }).last().click();
  await expect(visitor.getByRole('alert')).toContainText('Kullanıcı adı veya şifre hatalı');
  await visitor.getByLabel('Şifre', { exact: true }).fill(NEW_PASSWORD);
  await visitor.getByRole('button', { name: 'Giriş Yap' }).last().click();
  await expect(visitor).toHaveURL(/\/$/);
  expect((await (await visitor.request.get('/api/auth/session')).json()).user?.username).toBe(member.user.username);

  await Promise.all([member.context.close(), admin.context.close(), visitorContext.close()]);
});
