import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, memberPage, uniqueName } from './fixtures';

/** Events people can plan around: a full event's waitlist runs by itself, and an organiser cancels with a reason. */

/** axe-core on the page as it is now: no serious or critical violation, one h1. */
async function accessible(page: Page) {
  // A notice or dialog still fading in or out (half transparent) is not what is checked: let running animations end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await expect(page.locator('h1')).toHaveCount(1);
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

test('joining a full event puts the member on the waitlist, and a freed place lets them in', async ({ browser }) => {
  const host = await memberPage(browser);
  const guest = await memberPage(browser);
  const title = uniqueName('Atölye ');
  // The organiser takes the only place.
  const event = await api(host.page.request, 'post', '/api/events', { title, description: 'Seramik atölyesi', date: inDays(4), capacity: 1 });

  await guest.page.goto('/events');
  const card = guest.page.locator(`[data-testid="event-card"][data-event-id="${event.id}"]`);
  await expect(card.getByText('1 / 1 yer')).toBeVisible();
  await expect(card.getByText('Dolu')).toBeVisible();
  await card.getByRole('button', { name: 'Bekleme listesine katıl' }).click();
  await expect(guest.page.getByText('Bekleme listesine alındınız (1. sıra)')).toBeVisible();
  await expect(card.getByTestId('event-waitlist-position')).toHaveText('Bekleme listesinde 1. sıradasınız');

  // The organiser leaves: the first waiter is in without doing anything, and is told.
  await api(host.page.request, 'post', `/api/events/${event.id}/attend`);
  await guest.page.goto(`/events/${event.id}`);
  const own = guest.page.getByTestId('event-card');
  await expect(own.getByRole('button', { name: 'Ayrıl' })).toBeVisible();
  await expect(own.getByTestId('event-waitlist-position')).toHaveCount(0);
  await accessible(guest.page);
  await guest.page.goto('/notifications');
  await expect(guest.page.getByText(`"${title}" etkinliğinde yer açıldı: artık katılımcısınız`)).toBeVisible();
  await host.context.close();
  await guest.context.close();
});

test('the organiser cancels an event with a reason; attendees see it cancelled and are told why', async ({ browser }) => {
  const host = await memberPage(browser);
  const guest = await memberPage(browser);
  const title = uniqueName('Yürüyüş ');
  const event = await api(host.page.request, 'post', '/api/events', { title, description: 'Sazova', date: inDays(6), capacity: 10 });
  await api(guest.page.request, 'post', `/api/events/${event.id}/attend`);

  await host.page.goto(`/events/${event.id}`);
  const card = host.page.getByTestId('event-card');
  await expect(card.getByText('2 / 10 yer')).toBeVisible();
  await accessible(host.page);
  await card.getByRole('button', { name: 'Etkinliği iptal et' }).click();
  const dialog = host.page.getByRole('dialog');
  await expect(dialog.getByText('Etkinlik iptal edilsin mi?', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Etkinliği iptal et' }).click();
  await expect(dialog.getByText('İptal nedeni gereklidir')).toBeVisible();
  await dialog.getByLabel('İptal nedeni').fill('Yağmur bekleniyor');
  await dialog.getByRole('button', { name: 'Etkinliği iptal et' }).click();
  await expect(card.getByTestId('event-cancelled')).toContainText('Yağmur bekleniyor');
  await expect(card.getByRole('button', { name: 'Ayrıl' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Düzenle' })).toHaveCount(0);
  await accessible(host.page);

  await guest.page.goto(`/events/${event.id}`);
  await expect(guest.page.getByTestId('event-cancelled')).toContainText('Yağmur bekleniyor');
  await guest.page.goto('/notifications');
  await expect(guest.page.getByText(`"${title}" etkinliği iptal edildi. Neden: Yağmur bekleniyor`)).toBeVisible();
  await host.context.close();
  await guest.context.close();
});

test('after an event, its organiser adds a photo and removes it again, after a confirmation', async ({ browser }) => {
  const host = await memberPage(browser);
  const title = uniqueName('Geçen buluşma ');
  const event = await api(host.page.request, 'post', '/api/events', { title, description: 'Geçen haftaki yürüyüş', date: inDays(-2) });
  const { page } = host;
  await page.goto(`/events/${event.id}`);
  const photos = page.getByTestId('event-photos');
  await expect(photos.getByText('Henüz fotoğraf yok')).toBeVisible();
  await photos.locator('input[type=file]').setInputFiles(new URL('../../build/icon.png', import.meta.url).pathname);
  await expect(page.getByText('Fotoğraf eklendi')).toBeVisible();
  const remove = photos.getByRole('button', { name: /^Fotoğrafı sil/ });
  await expect(remove).toHaveCount(1);
  await remove.click();
  await expect(page.getByText('Bu fotoğraf silinsin mi?')).toBeVisible();
  await page.getByRole('tooltip').getByRole('button', { name: 'Fotoğrafı sil' }).click();
  await expect(page.getByText('Fotoğraf silindi')).toBeVisible();
  await expect(photos.getByText('Henüz fotoğraf yok')).toBeVisible();
  await expect((await api(page.request, 'get', `/api/events/${event.id}/photos`)).items).toEqual([]);
  await host.context.close();
});
