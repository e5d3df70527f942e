import { expect, test, type Page } from '@playwright/test';
import { adminPage, api, memberPage, SCREENS, uniqueName } from './fixtures';

/** Local life: the organiser sets up the city's neighbourhoods, a member finds what happens in theirs. */

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** Picks a neighbourhood in the grouped, searchable select (typing narrows it). */
async function pickNeighbourhood(page: Page, select: ReturnType<Page['locator']>, name: string) {
  await select.click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
}

test('the admin imports a CSV; a member sets their neighbourhood, creates an event there and finds it under Mahallem', async ({ browser }) => {
  const district = uniqueName('Deneme İlçe ');
  const other = uniqueName('Öteki İlçe ');
  const mine = uniqueName('Kuzey');
  const admin = await adminPage(browser);

  // The organiser's 'Mahalleler': a CSV with a bad row is refused by line, then the corrected one goes in.
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Mahalleler' }).click();
  const csvBox = admin.page.getByRole('textbox', { name: 'CSV içe aktar' });
  await csvBox.fill(`name,district,lat,lng\n${mine},${district},39.78,30.51\n,${district},,\n`);
  await admin.page.getByRole('button', { name: 'CSV içe aktar' }).click();
  await expect(admin.page.getByTestId('places-import-errors')).toContainText('satır 3: Mahalle adı (name) boş');
  const file = `name,district,lat,lng\n${mine},${district},39.78,30.51\nGüney,${district},39.76,30.52\nUzakta,${other},39.9,30.9\n`;
  await admin.page.getByTestId('places-csv-file').setInputFiles({ name: 'mahalleler.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
  await expect(csvBox).toHaveValue(file);
  await admin.page.getByRole('button', { name: 'CSV içe aktar' }).click();
  await expect(admin.page.getByTestId('places-import-result')).toHaveText('3 mahalle eklendi, 0 mahalle güncellendi');
  await admin.page.getByRole('button', { name: new RegExp(`^.*${district} \\(2\\)`) }).click();
  await expect(admin.page.locator(`[data-district="${district}"]`).getByTestId('neighbourhood-row')).toHaveCount(2);
  await admin.page.screenshot({ path: `${SCREENS}places-admin.png`, fullPage: true });

  // Güney turns out to lie in the other district: 'Düzenle' moves it there with its district picker.
  await admin.page
    .locator(`[data-district="${district}"]`)
    .getByTestId('neighbourhood-row')
    .filter({ hasText: 'Güney' })
    .getByRole('button', { name: 'Düzenle' })
    .click();
  const editDialog = admin.page.getByRole('dialog', { name: 'Güney' });
  // A pick made while the list is still opening can miss and leave it open over the dialog: pick until it closes.
  const openList = admin.page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if (!(await openList.count())) await editDialog.getByLabel('İlçe').click();
    await openList.locator('.ant-select-item-option', { hasText: other }).click({ timeout: 2000 });
    await expect(openList).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await admin.page.screenshot({ path: `${SCREENS}places-move.png` });
  await editDialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(editDialog).toBeHidden();
  await admin.page.getByRole('button', { name: new RegExp(`^.*${other} \\(2\\)`) }).click();
  await expect(admin.page.locator(`[data-district="${other}"]`).getByTestId('neighbourhood-row').filter({ hasText: 'Güney' })).toBeVisible();
  await expect(admin.page.locator(`[data-district="${district}"]`).getByTestId('neighbourhood-row')).toHaveCount(1);

  // Someone in the other district has an event too.
  const elsewhere = await memberPage(browser);
  const places = await api(elsewhere.page.request, 'get', '/api/places');
  const farId = places.districts.find((d: { name: string }) => d.name === other).neighbourhoods[0].id;
  const farTitle = uniqueName('Uzak etkinlik ');
  await api(elsewhere.page.request, 'post', '/api/events', { title: farTitle, description: 'Başka ilçede', date: inDays(2), neighbourhoodId: farId });

  // A member without a neighbourhood is asked to choose one.
  const member = await memberPage(browser);
  await member.page.goto('/events');
  await member.page.getByText('Mahallem', { exact: true }).click();
  await expect(member.page.getByTestId('choose-neighbourhood')).toContainText('Yakınındakileri görmek için profil ayarlarından mahalleni seç.');
  await member.page.getByRole('link', { name: 'Mahalleni seç' }).click();

  // The profile's 'Mahallem' tab: the neighbourhood and who may see it.
  await expect(member.page.getByRole('tab', { name: 'Mahallem', selected: true })).toBeVisible();
  await pickNeighbourhood(member.page, member.page.locator('#my-neighbourhood').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), mine);
  await member.page.getByRole('radio', { name: 'Herkes' }).check();
  await member.page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(member.page.getByText('Mahalle bilgin kaydedildi')).toBeVisible();
  await member.page.reload();
  await expect(member.page.getByTestId('place-tag').first()).toHaveText(`${mine}, ${district}`);
  await member.page.screenshot({ path: `${SCREENS}places-profile.png` });

  // An event in their neighbourhood, with an address and a map point.
  const title = uniqueName('Mahalle pikniği ');
  await member.page.goto('/events');
  await member.page.getByRole('button', { name: 'Etkinlik Oluştur' }).click();
  const dialog = member.page.getByRole('dialog');
  await dialog.getByLabel('Başlık').fill(title);
  await dialog.getByLabel('Açıklama').fill('Parkta buluşuyoruz');
  await dialog.getByLabel('Tarih').click();
  await dialog
    .getByLabel('Tarih')
    .fill(new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric' }) + ' 18:00');
  await dialog.getByLabel('Tarih').press('Enter');
  await pickNeighbourhood(member.page, dialog.locator('#event-neighbourhood').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), mine);
  await dialog.getByLabel('Adres').fill('Park Sk. No: 3');
  await dialog.getByLabel('Enlem').fill('39.781');
  await dialog.getByLabel('Boylam').fill('30.511');
  await member.page.screenshot({ path: `${SCREENS}places-event-form.png` });
  await dialog.getByRole('button', { name: 'Oluştur' }).click();
  await expect(member.page.getByText('Etkinlik oluşturuldu.')).toBeVisible();

  // 'Mahallem': theirs, not the other district's; 'Tüm şehir' has both.
  await member.page.getByText('Mahallem', { exact: true }).click();
  const card = member.page.getByTestId('event-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('place-tag')).toHaveText(`${mine}, ${district}`);
  await expect(card).toContainText('Park Sk. No: 3');
  await expect(member.page.getByTestId('event-card').filter({ hasText: farTitle })).toHaveCount(0);
  await member.page.screenshot({ path: `${SCREENS}places-events-mahallem.png` });
  await member.page.getByText('Tüm şehir', { exact: true }).click();
  await expect(member.page.getByTestId('event-card').filter({ hasText: farTitle })).toBeVisible();

  // Discover's Yakınımda lists it, nearest first.
  await member.page.goto('/discover');
  await member.page.getByRole('tab', { name: 'Yakınımda' }).click();
  const nearby = member.page.getByTestId('nearby');
  await expect(nearby.getByTestId('event-card').filter({ hasText: title })).toBeVisible();
  await expect(nearby.getByText('Uzaklığa göre sıralı')).toBeVisible();
  await expect(nearby.getByTestId('event-card').filter({ hasText: farTitle })).toHaveCount(0);
  await member.page.screenshot({ path: `${SCREENS}places-nearby.png`, fullPage: true });
  await member.page.setViewportSize({ width: 390, height: 844 });
  await member.page.screenshot({ path: `${SCREENS}places-nearby-mobile.png`, fullPage: true });

  // A post written without a neighbourhood gets one afterwards, in its author's edit box.
  const post = await api(member.page.request, 'post', '/api/posts', { content: uniqueName('Mahallesiz gönderi ') });
  await member.page.setViewportSize({ width: 1366, height: 900 });
  await member.page.goto(`/posts/${post.id}`);
  await member.page.getByRole('button', { name: 'Gönderi menüsü' }).click();
  await member.page.getByRole('menuitem', { name: 'Düzenle' }).click();
  await pickNeighbourhood(
    member.page,
    member.page.locator(`#post-${post.id}-neighbourhood`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
    mine,
  );
  await member.page.locator('button.ant-btn-primary', { hasText: 'Kaydet' }).click();
  await expect(member.page.getByText('Gönderi güncellendi')).toBeVisible();
  await expect(member.page.getByTestId('place-tag').first()).toHaveText(`${mine}, ${district}`);
  await member.page.evaluate(() => window.scrollTo(0, 0));
  await member.page.screenshot({ path: `${SCREENS}places-post-edit.png` });

  await admin.context.close();
  await elsewhere.context.close();
  await member.context.close();
});
