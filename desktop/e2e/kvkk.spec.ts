import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { TEXTS } from '@mahalle/shared';
import { adminPage, memberPage, PASSWORD, reportPageErrors, SCREENS, uniqueName } from './fixtures';

const P = TEXTS.privacy;

test('a member registers with consent, downloads their data, is asked to accept a new privacy notice', async ({ page, browser }) => {
  reportPageErrors(page);
  const username = uniqueName('kvkk');
  await page.goto('/login?tab=register');
  await page.getByLabel('Ad Soyad').fill('KVKK Üye');
  await page.getByLabel('Kullanıcı adı').fill(username);
  await page.getByLabel('E-posta').fill(`${username}@ornek.com`);
  await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Şifre tekrar').fill(PASSWORD);
  // Without the boxes ticked the form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Üye Ol' }).last().click();
  await expect(page.getByText(P.termsRequired)).toBeVisible();
  await expect(page.getByText(P.privacyRequired)).toBeVisible();
  await expect(page.getByRole('link', { name: P.acceptTermsLink })).toHaveAttribute('href', '/kullanim-kosullari');
  await expect(page.getByRole('link', { name: P.acceptPrivacyLink })).toHaveAttribute('href', '/gizlilik');
  await page.screenshot({ path: `${SCREENS}kvkk-register.png` });
  await page.getByRole('checkbox', { name: /Kullanım koşullarını/ }).check();
  await page.getByRole('checkbox', { name: /Gizlilik ve aydınlatma metnini/ }).check();
  await page.getByRole('button', { name: 'Üye Ol' }).last().click();
  await expect(page.getByTestId('composer')).toBeVisible();
  const consents = await (await page.request.get('/api/users/me/consents')).json();
  expect(consents.pending).toEqual([]);
  expect(consents.records.map((r: { kind: string }) => r.kind).sort()).toEqual(['privacy', 'terms']);

  // The public texts.
  await page.goto('/gizlilik');
  await expect(page.getByRole('heading', { name: 'Kişisel Verilerin Korunması Aydınlatma Metni' })).toBeVisible();
  await expect(page.getByText('KVKK md. 11 kapsamındaki haklarınız')).toBeVisible();

  // 'Verilerimi indir'.
  await page.goto('/profile?tab=privacy');
  await expect(page.getByRole('tab', { name: P.section })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: P.exportRequest }).click();
  await expect(page.getByText(P.exportRequested)).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/users/me/data-export')).json()).latest?.status, { timeout: 30_000 }).toBe('ready');
  await page.reload();
  await expect(page.getByRole('button', { name: P.exportDownload })).toBeVisible();
  await expect(page.getByRole('button', { name: P.exportRequest })).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}kvkk-privacy-panel.png`, fullPage: true });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: P.exportDownload }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mahalle-verilerim-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(JSON.parse(strFromU8(zip['profile.json'] as Uint8Array)).username).toBe(username);
  // The notification announced it.
  await page.goto('/notifications');
  await expect(page.getByText(P.exportReadyNotice)).toBeVisible();

  // The organiser publishes a new privacy notice in the admin panel.
  const admin = await adminPage(browser);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: TEXTS.legalAdmin.tab }).click();
  await admin.page.getByText(TEXTS.legalAdmin.kindPrivacy).click();
  const body = admin.page.getByRole('textbox', { name: TEXTS.legalAdmin.body });
  await expect(body).toHaveValue(/Veri sorumlusu/);
  await body.fill(`${await body.inputValue()}\n\n## Değişiklik\n- Çerezler hakkında bir bölüm eklendi.`);
  await admin.page.screenshot({ path: `${SCREENS}kvkk-admin-legal.png`, fullPage: true });
  await admin.page.getByRole('button', { name: TEXTS.legalAdmin.publish }).click();
  await expect(admin.page.getByText(/Sürüm \d+ yayımlandı/)).toBeVisible();
  await admin.context.close();

  // On the member's next visit: a modal that does not go away until they accept.
  await page.goto('/');
  const modal = page.getByRole('dialog', { name: P.reacceptTitle });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Çerezler hakkında bir bölüm eklendi.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await page.screenshot({ path: `${SCREENS}kvkk-reaccept.png` });
  await modal.getByRole('button', { name: P.reacceptButton }).click();
  await expect(modal).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('composer')).toBeVisible();
  await expect(page.getByRole('dialog', { name: P.reacceptTitle })).toHaveCount(0);
});

test('a member asks to delete their account with the password, and signing in cancels it', async ({ browser }) => {
  const { page, user, context } = await memberPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto('/profile?tab=privacy');
  await page.getByRole('button', { name: P.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: P.deleteTitle });
  await dialog.getByLabel(P.deletePassword).fill('Yanlis.Sifre9');
  await dialog.getByRole('button', { name: P.deleteConfirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(P.wrongPassword);
  await page.screenshot({ path: `${SCREENS}kvkk-delete-dialog-mobile.png` });
  await dialog.getByLabel(P.deletePassword).fill(PASSWORD);
  await dialog.getByRole('button', { name: P.deleteConfirm }).click();

  // Signed out, told when the account goes and that signing in cancels it.
  await expect(page).toHaveURL(/\/login\?deletion=/);
  await expect(page.getByText(/tarihinde silinecek/)).toBeVisible();
  await expect(page.getByText(/giriş yaparsanız silme iptal edilir/)).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.screenshot({ path: `${SCREENS}kvkk-deletion-pending-mobile.png` });

  await page.getByLabel('Kullanıcı adı').fill(user.username);
  await page.getByLabel('Şifre').fill(PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).last().click();
  await expect(page.getByText(P.deletionCancelled)).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  await context.close();
});
