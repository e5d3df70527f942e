import { expect, test } from '@playwright/test';
import { api, adminPage, memberPage, SCREENS, screenshots, uniqueName } from './fixtures';

/** A 16×16 PNG (a red dot). */
const PNG_DOT =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAZ0lEQVR42mO4o6bGQAnGJigLxB1AfBmIf0HxZaiYLCEDUqAa/uPAv6BqsBqQgkcjOk5BN0CWgM3YXCKLbEAHCZphuAPZgMtkGHAZ2YBfZBjwi6oGUOwFigOR4mikOCFRJSlTJTORjAG0uMIUmg9qmwAAAABJRU5ErkJggg==';

test('ask, answer, upvote and accept a question', async ({ browser }) => {
  const asker = await memberPage(browser, { displayName: 'Soran Kişi' });
  const helper = await memberPage(browser, { displayName: 'Yardımcı Kişi' });
  const title = `Eskişehir'de en iyi simit nerede? ${uniqueName('')}`;
  await asker.page.goto('/qa');
  await asker.page.getByRole('button', { name: 'Soru Sor' }).click();
  await asker.page.getByRole('dialog').getByRole('button', { name: 'Sor' }).click();
  await expect(asker.page.getByText('Lütfen başlık ve içerik alanlarını doldurun.')).toBeVisible();
  await asker.page.getByLabel('Başlık', { exact: true }).fill(title);
  await asker.page.getByLabel('İçerik').fill('Sıcak ve çıtır olsun lütfen.');
  await asker.page.getByRole('dialog').getByRole('button', { name: 'Sor' }).click();
  await expect(asker.page.getByText('Soru eklendi')).toBeVisible();
  await asker.page.getByRole('link', { name: title }).click();
  const url = asker.page.url();

  await helper.page.goto(url);
  await helper.page.getByRole('button', { name: 'Oyla' }).click();
  await expect(helper.page.getByRole('button', { name: 'Oyla' })).toHaveText('1');
  await helper.page.getByLabel('Cevabın').fill("Odunpazarı'ndaki fırın harika.");
  await helper.page.getByRole('button', { name: 'Cevapla' }).click();
  await expect(helper.page.getByText('Cevap eklendi')).toBeVisible();
  await expect(helper.page.getByRole('button', { name: 'Kabul Et' })).toHaveCount(0);

  await asker.page.reload();
  await asker.page.getByTestId('answer').getByRole('button', { name: 'Kabul Et' }).click();
  await expect(asker.page.getByText('Soru işaretlendi ve kapatıldı.')).toBeVisible();
  await expect(asker.page.getByText('Kabul edilen cevap')).toBeVisible();
  await screenshots(asker.page, 'question');
  await asker.context.close();
  await helper.context.close();
});

test('create, join and post in a hobby group', async ({ browser }) => {
  const creator = await memberPage(browser);
  const joiner = await memberPage(browser);
  const name = `Masa Tenisi ${uniqueName('')}`;
  await creator.page.goto('/hobby-groups');
  await creator.page.getByRole('button', { name: 'Grup Oluştur' }).click();
  await creator.page.getByLabel('Grup adı').fill(name);
  await creator.page.getByLabel('Açıklama').fill('Her cumartesi kulüpte oynuyoruz.');
  await creator.page.getByRole('button', { name: 'Spor' }).click();
  await creator.page.getByRole('button', { name: 'Oluştur', exact: true }).click();
  await expect(creator.page.getByText('Hobi grubu oluşturuldu')).toBeVisible();
  await creator.page.getByTestId('group-card').filter({ hasText: name }).click();
  const url = creator.page.url();

  await joiner.page.goto(url);
  await joiner.page.getByRole('button', { name: 'Gruba Katıl' }).click();
  await expect(joiner.page.getByText('Gruba katıldınız.')).toBeVisible();
  await expect(joiner.page.getByText('2 üye')).toBeVisible();
  await joiner.page.getByRole('button', { name: 'Gönderi Paylaş' }).click();
  await joiner.page.getByRole('textbox', { name: 'Gönderi' }).fill('Merhaba! Raketimi getiriyorum.');
  await joiner.page.getByRole('dialog').getByRole('button', { name: 'Paylaş' }).click();
  await expect(joiner.page.getByTestId('group-post')).toContainText('Raketimi getiriyorum');
  // A post with an image: picked in the dialog, checked on the server, shown on the post.
  await joiner.page.getByRole('button', { name: 'Gönderi Paylaş' }).click();
  await joiner.page.getByRole('textbox', { name: 'Gönderi' }).fill('Masamız hazır');
  await joiner.page
    .getByRole('dialog')
    .locator('input[type=file]')
    .setInputFiles({ name: 'masa.png', mimeType: 'image/png', buffer: Buffer.from(PNG_DOT, 'base64') });
  await expect(joiner.page.getByRole('dialog').getByText('masa.png')).toBeVisible();
  await joiner.page.getByRole('dialog').getByRole('button', { name: 'Paylaş' }).click();
  await expect(joiner.page.getByTestId('group-post').filter({ hasText: 'Masamız hazır' }).locator('img[src^="/uploads/"]')).toBeVisible();
  await screenshots(joiner.page, 'group');
  await creator.context.close();
  await joiner.context.close();
});

test('a private group is joined by request, accepted by its founder', async ({ browser }) => {
  const founder = await memberPage(browser);
  const asker = await memberPage(browser);
  const name = `Gizli Satranç ${uniqueName('')}`;
  const group = await api(founder.page.request, 'post', '/api/hobby-groups', { name, description: 'Davetle girilen satranç grubu.', isPrivate: true });
  await api(founder.page.request, 'post', `/api/hobby-groups/${group.slug}/posts`, { content: 'Sadece üyelere: cuma turnuvası' });

  await asker.page.goto(`/groups/${group.slug}`);
  await expect(asker.page.getByText('Bu özel grubun içeriğini yalnızca üyeler görebilir.')).toBeVisible();
  await asker.page.getByRole('button', { name: 'Katılma İsteği Gönder' }).click();
  await expect(asker.page.getByText('Katılma isteğiniz gönderildi.')).toBeVisible();
  await expect(asker.page.getByText('İsteğiniz onay bekliyor')).toBeVisible();

  await founder.page.goto(`/groups/${group.slug}`);
  const requests = founder.page.locator('.ant-card').filter({ hasText: 'Katılma istekleri (1)' });
  await requests.getByRole('button', { name: 'Kabul Et' }).click();
  await expect(founder.page.getByText('2 üye')).toBeVisible();

  await asker.page.reload();
  await expect(asker.page.getByText('Sadece üyelere: cuma turnuvası')).toBeVisible();
  await screenshots(asker.page, 'private-group');
  await founder.context.close();
  await asker.context.close();
});

test('an admin writes a blog post with a draft first, and deletes a comment', async ({ browser }) => {
  const admin = await adminPage(browser);
  const title = `Porsuk Gün Batımı ${uniqueName('')}`;
  await admin.page.goto('/blog/create');
  await admin.page.getByLabel('Başlık', { exact: true }).fill(title);
  await admin.page.getByRole('textbox', { name: 'İçerik' }).click();
  await admin.page.keyboard.type('Köprülerin üzerinde ');
  await admin.page.keyboard.press('Control+B');
  await admin.page.keyboard.type('altın');
  await admin.page.keyboard.press('Control+B');
  await admin.page.keyboard.type(' saat.');
  await admin.page.getByRole('button', { name: 'Taslak Kaydet' }).click();
  await expect(admin.page.getByText('Taslak kaydedildi')).toBeVisible();
  await expect(admin.page.getByText('Taslak', { exact: true })).toBeVisible();
  const slug = admin.page.url().split('/blog/')[1];

  const visitor = await browser.newPage();
  await visitor.goto(`/blog/${slug}`);
  await expect(visitor.getByText('Blog yazısı bulunamadı')).toBeVisible();

  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Blog Yazıları' }).click();
  const row = admin.page.locator('.ant-table-row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Yayınla' }).click();
  await expect(row.getByText('Yayında')).toBeVisible();
  // Edit it from the workspace: the form comes filled, the change is saved with PATCH.
  await row.getByRole('button', { name: 'Düzenle' }).click();
  await expect(admin.page).toHaveURL(/\/blog\/edit\/\d+$/);
  await expect(admin.page.getByRole('textbox', { name: 'Başlık', exact: true })).toHaveValue(title);
  await admin.page.getByLabel('Özet').fill('Gün batımında Porsuk kıyısı.');
  await admin.page.getByRole('button', { name: 'Yayınla' }).click();
  await expect(admin.page.getByText('Yazı güncellendi')).toBeVisible();
  await expect(admin.page).toHaveURL(new RegExp(`/blog/${slug}$`));

  const member = await memberPage(browser);
  await member.page.goto(`/blog/${slug}`);
  await expect(member.page.locator('.blog-content')).toContainText('altın');
  expect(await member.page.locator('.blog-content script').count()).toBe(0);
  await member.page.getByLabel('Yorum yaz').fill('Harika bir yazı!');
  await member.page.getByRole('button', { name: 'Gönder' }).click();
  await expect(member.page.getByText('Yorumunuz eklendi')).toBeVisible();

  await admin.page.goto(`/blog/${slug}`);
  await admin.page.getByRole('button', { name: 'Yorumu sil' }).click();
  await admin.page.getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(admin.page.getByText('Yorum silindi')).toBeVisible();
  await expect(admin.page.getByText('Harika bir yazı!')).toHaveCount(0);
  await admin.context.close();
  await member.context.close();
  await visitor.close();
});

test('an admin filters users, bulk-verifies three, deletes a reported post from the queue, and the audit log shows each step; a member cannot reach any of it', async ({
  browser,
}) => {
  const tag = uniqueName('topl');
  const member = (i: number) => memberPage(browser, { username: `${tag}_${i}`, displayName: `Toplu ${i}` });
  const author = await member(0);
  const reporter = await member(1);
  const outsider = await member(2);
  const members = [author, reporter, outsider];
  const post = await api(author.page.request, 'post', '/api/posts', { content: `Şikayet edilecek gönderi ${tag}` });
  await api(reporter.page.request, 'post', '/api/reports', { targetType: 'post', targetId: post.id, reason: 'Spam' });

  await outsider.page.goto('/admin');
  await expect(outsider.page.getByText('Bu sayfaya erişim yetkiniz yok')).toBeVisible();
  expect((await outsider.page.request.get('/api/admin/users')).status()).toBe(403);

  const admin = await adminPage(browser);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Kullanıcılar' }).click();
  await admin.page.getByLabel('Kullanıcı ara').fill(tag);
  await admin.page.getByLabel('Kullanıcı ara').press('Enter');
  const table = admin.page.getByTestId('table-users');
  await expect(table.locator('.ant-table-row')).toHaveCount(3);
  await table.locator('.ant-table-thead .ant-checkbox-input').check();
  await table.getByRole('button', { name: 'Doğrula', exact: true }).first().click();
  const confirm = admin.page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Doğrula: 3 kayıt');
  await confirm.getByRole('button', { name: 'Doğrula' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(table.locator('.ant-table-row').filter({ hasText: 'Evet' })).toHaveCount(3);
  // The server sorts: username ascending, then descending.
  await table.getByRole('columnheader', { name: 'Kullanıcı adı' }).click();
  await expect(table.locator('.ant-table-row').first()).toContainText(`@${tag}_0`);
  await table.getByRole('columnheader', { name: 'Kullanıcı adı' }).click();
  await expect(table.locator('.ant-table-row').first()).toContainText(`@${tag}_2`);

  await admin.page.getByRole('tab', { name: 'Şikayetler' }).click();
  const report = admin.page.getByTestId('table-reports').locator('.ant-table-row').filter({ hasText: tag });
  await report.getByRole('button', { name: 'İçeriği sil' }).click();
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
  await expect(admin.page.getByText('Şikayet çözüldü')).toBeVisible();
  expect((await admin.page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);

  await admin.page.getByRole('tab', { name: 'Denetim Kaydı' }).click();
  const audit = admin.page.getByTestId('table-audit');
  await expect(audit.getByText('Şikayet çözüldü').first()).toBeVisible();
  await expect(audit.getByText('Gönderi silindi').first()).toBeVisible();
  await expect(audit.getByText('Toplu doğrulama', { exact: true })).toHaveCount(3);
  await audit.getByRole('combobox', { name: 'İşlem' }).click();
  await admin.page.keyboard.type('Toplu doğrulama');
  await admin.page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Toplu doğrulama$/ })
    .click();
  await expect(audit.locator('.ant-table-row')).toHaveCount(3);
  await screenshots(admin.page, 'admin-audit');
  await admin.context.close();
  for (const m of members) await m.context.close();
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a group's events card at ${viewport.width} px lists the first five, says how many more it read, shows them on request, and opens on a linked later one`, async ({
    browser,
  }) => {
    const founder = await memberPage(browser, { viewport });
    const group = await api(founder.page.request, 'post', '/api/hobby-groups', { name: `Yürüyüş ${uniqueName('')}`, description: 'Her hafta bir rota.' });
    const created: { id: number }[] = [];
    for (let i = 1; i <= 7; i += 1) {
      const date = new Date(Date.now() + i * 86_400_000).toISOString();
      created.push(await api(founder.page.request, 'post', `/api/hobby-groups/${group.slug}/events`, { title: `Rota ${i}`, date, location: 'Sazova' }));
    }
    const page = founder.page;
    await page.goto(`/groups/${group.slug}`);
    const card = page.getByTestId('group-events');
    await expect(card.getByTestId('group-event')).toHaveCount(5, { timeout: 30_000 });
    await expect(card.getByText('Rota 6')).toHaveCount(0);
    const more = page.getByRole('button', { name: '+2 etkinlik daha' });
    await more.click();
    await expect(card.getByTestId('group-event')).toHaveCount(7);
    await expect(card.getByText('Rota 7')).toBeVisible();
    await card.screenshot({ path: `${SCREENS}group-events-${viewport.width}.png` });
    await page.getByRole('button', { name: 'Daha az göster' }).click();
    await expect(card.getByTestId('group-event')).toHaveCount(5);

    // The back link leads to the groups, under their own title.
    await expect(page.getByRole('link', { name: '← Hobi Grupları' })).toHaveAttribute('href', '/hobby-groups');

    // A link to the seventh (as the review queue or a notification gives it) opens the whole list and scrolls there.
    const seventh = created.at(-1)?.id;
    await page.goto(`/groups/${group.slug}#event-${seventh}`);
    const linked = page.locator(`#event-${seventh}`);
    await expect(linked).toBeInViewport({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: '+2 etkinlik daha' })).toHaveCount(0);
    await founder.context.close();
  });
}
