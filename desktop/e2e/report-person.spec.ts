import { expect, test } from '@playwright/test';
import { adminPage, api, memberPage, PASSWORD, SCREENS, uniqueName } from './fixtures';

/** '2 Aralık 2026 14:00' in the community's zone, as the server writes a suspension's end. */
function inIstanbul(iso: string): string {
  const d = new Date(iso);
  const day = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: 'numeric', month: 'long', year: 'numeric' }).format(d);
  const time = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  return `${day} ${time}`;
}

test('a member reports another; the admin sees them first with their recent content and suspends them; their session ends and sign-in names the end date', async ({
  browser,
}) => {
  const tag = uniqueName('sikayet');
  const target = await memberPage(browser, { username: `${tag}_hedef`, displayName: `Hedef ${tag}` });
  await api(target.page.request, 'post', '/api/posts', { content: `Son gönderim ${tag}` });
  // Two earlier reports by others: three open reports in all once the journey's own is in.
  for (const i of [1, 2]) {
    const other = await memberPage(browser, { username: `${tag}_diger${i}` });
    await api(other.page.request, 'post', '/api/reports', { targetType: 'user', targetId: target.user.id, reasonCode: 'spam' });
    await other.context.close();
  }
  // Another member with one report, made earlier: without the priority order it would come first.
  const lone = await memberPage(browser, { username: `${tag}_tek` });
  const loneReporter = await memberPage(browser, { username: `${tag}_tekci` });
  await api(loneReporter.page.request, 'post', '/api/reports', { targetType: 'user', targetId: lone.user.id, reasonCode: 'other' });

  // The reporter: profile → Şikayet Et → a reason from the list and a note.
  const reporter = await memberPage(browser, { username: `${tag}_bildiren` });
  await reporter.page.goto(`/profile/${target.user.username}`);
  await reporter.page.getByRole('button', { name: 'Şikayet Et' }).click();
  const dialog = reporter.page.getByRole('dialog', { name: 'Şikayet Et' });
  await expect(dialog.getByText('Bu üyeyi neden şikayet ediyorsunuz?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Gönder' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Taciz / zorbalık' }).check();
  await dialog.getByLabel('Not (isteğe bağlı)').fill('Her gönderime hakaret yazıyor');
  await reporter.page.screenshot({ path: `${SCREENS}report-person-dialog.png` });
  await reporter.page.setViewportSize({ width: 390, height: 844 });
  await reporter.page.screenshot({ path: `${SCREENS}report-person-dialog-mobile.png` });
  await dialog.getByRole('button', { name: 'Gönder' }).click();
  await expect(reporter.page.getByText('Şikayetiniz alındı')).toBeVisible();

  // The admin: the most reported member is at the top, with the note, the count and their content.
  const admin = await adminPage(browser);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Şikayetler' }).click();
  const rows = admin.page.getByTestId('table-reports').locator('.ant-table-row');
  // Other journeys leave open reports on this server: the member is compared with this journey's own lone one.
  const first = rows.filter({ hasText: `Hedef ${tag}` }).first();
  await expect(first).toBeVisible();
  const order = await rows.allInnerTexts();
  const targetAt = order.findIndex((t) => t.includes(`Hedef ${tag}`));
  const loneAt = order.findIndex((t) => t.includes(`${tag}_tek`) && !t.includes(`Hedef ${tag}`));
  expect(targetAt).toBeGreaterThanOrEqual(0);
  if (loneAt >= 0) expect(targetAt).toBeLessThan(loneAt);
  await expect(first).toContainText('Son içerikleri');
  await expect(first).toContainText(`Son gönderim ${tag}`);
  await expect(first.getByText('3', { exact: true })).toBeVisible();
  const mine = rows.filter({ hasText: 'Her gönderime hakaret yazıyor' });
  await expect(mine).toContainText('Taciz / zorbalık');
  await admin.page.screenshot({ path: `${SCREENS}report-person-queue.png`, fullPage: true });

  await first.getByRole('button', { name: 'Askıya al' }).click();
  const suspend = admin.page.getByRole('dialog', { name: 'Üyeyi askıya al' });
  await suspend.getByRole('radio', { name: '7 gün' }).check();
  await suspend.getByLabel('Not').fill('Tekrarlayan taciz');
  await admin.page.screenshot({ path: `${SCREENS}report-person-suspend.png` });
  await suspend.getByRole('button', { name: 'Askıya al' }).click();
  await expect(admin.page.getByText('Üye askıya alındı')).toBeVisible();
  await expect(
    rows
      .filter({ hasText: `Hedef ${tag}` })
      .first()
      .getByRole('button', { name: 'Askıyı kaldır' }),
  ).toBeVisible();

  // The suspended member's open session is refused, and signing in names the end date.
  expect((await target.page.request.get('/api/auth/me')).status()).toBe(401);
  const queue = await api(admin.page.request, 'get', '/api/admin/reports?targetType=user&sort=priority&limit=100');
  const until = queue.items.find((r: { targetId: number }) => r.targetId === target.user.id).subject.suspendedUntil as string;
  await target.page.goto('/login');
  await target.page.getByLabel('Kullanıcı adı').fill(target.user.username);
  await target.page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
  await target.page.getByRole('tabpanel', { name: 'Giriş Yap' }).getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(target.page.getByText(`Hesabın ${inIstanbul(until)} tarihine kadar askıya alındı.`)).toBeVisible();
  await target.page.screenshot({ path: `${SCREENS}report-person-login.png` });

  // The audit log has it.
  await admin.page.getByRole('tab', { name: 'Denetim Kaydı' }).click();
  await expect(admin.page.getByTestId('table-audit').getByText('Üye askıya alındı').first()).toBeVisible();

  // The members table shows the suspension too, with the lift.
  await admin.page.getByRole('tab', { name: 'Kullanıcılar' }).click();
  await admin.page.getByLabel('Kullanıcı ara').fill(`${tag}_hedef`);
  await admin.page.getByLabel('Kullanıcı ara').press('Enter');
  const userRow = admin.page
    .getByTestId('table-users')
    .locator('.ant-table-row')
    .filter({ hasText: `@${tag}_hedef` });
  await expect(userRow.getByRole('button', { name: 'Askıyı kaldır' })).toBeVisible();
  await admin.page.screenshot({ path: `${SCREENS}report-person-users.png` });

  for (const c of [target, lone, loneReporter, reporter, admin]) await c.context.close();
});
