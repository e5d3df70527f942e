import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { PASSWORD, SCREENS, adminPage, memberPage, screenshots, uniqueName } from './fixtures';

function png(): Buffer {
  // A real 2×2 PNG, built from bytes.
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.from([0, 200, 50, 50, 200, 50, 50, 0, 200, 50, 50, 200, 50, 50]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a new member registers, posts text and an image, likes, comments, bookmarks, and finds it all after a reload', async ({ page, browser }) => {
  const username = uniqueName('yeni');
  await page.goto('/login?tab=register');
  await page.getByLabel('Ad Soyad').fill('Yeni Üye');
  await page.getByLabel('Kullanıcı adı').fill(username);
  await page.getByLabel('E-posta').fill(`${username}@ornek.com`);
  await page.getByLabel('Şifre', { exact: true }).fill('zayif');
  await expect(page.getByTestId('strength')).toContainText('Zayıf');
  await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
  await expect(page.getByTestId('strength')).toContainText('Güçlü');
  await page.getByLabel('Şifre tekrar').fill('Baska.Sifre2');
  await page.getByRole('checkbox', { name: /Kullanım koşullarını/ }).check();
  await page.getByRole('checkbox', { name: /Gizlilik ve aydınlatma metnini/ }).check();
  await page.getByRole('button', { name: 'Üye Ol' }).last().click();
  await expect(page.getByRole('alert')).toHaveText('Şifreler eşleşmiyor');
  await page.getByLabel('Şifre tekrar').fill(PASSWORD);
  await page.getByRole('button', { name: 'Üye Ol' }).last().click();
  await expect(page.getByTestId('composer')).toBeVisible();

  const text = `Merhaba mahalle! #ilkgönderi ${username}`;
  await page.getByLabel('Ne düşünüyorsun...').fill(text);
  await expect(page.getByTestId('composer').locator('.lean-tag', { hasText: '#ilkgönderi' })).toBeVisible();
  await page.getByTestId('composer').getByRole('button', { name: 'Paylaş', exact: true }).click();
  await expect(page.getByText('Gönderiniz başarıyla paylaşıldı')).toBeVisible();
  const card = page.getByTestId('post-card').filter({ hasText: 'Merhaba mahalle!' });
  await expect(card).toBeVisible();

  const file = path.join(test.info().outputDir, 'resim.png');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, png());
  await page.getByLabel('Ne düşünüyorsun...').click();
  // A new member (trust level 0) sees what their level limits, and meets it: no image in the first 24 hours.
  await expect(page.getByTestId('trust-hint')).toContainText('Yeni üye');
  await expect(page.getByTestId('trust-hint')).toContainText('görsel ya da video yok');
  await page.getByTestId('image-input').setInputFiles(file);
  await expect(page.getByAltText('Seçilen görsel')).toBeVisible();
  await page.getByTestId('composer').getByRole('button', { name: 'Paylaş', exact: true }).click();
  await expect(page.getByText('Yeni üyeler ilk 24 saatte görsel paylaşamaz; 24 saat sonra paylaşabilirsin.')).toBeVisible();
  // An admin makes them a member by hand; the image they picked is still there to share.
  const admin = await adminPage(browser);
  const me = await (await page.request.get('/api/auth/me')).json();
  expect((await admin.page.request.put(`/api/admin/users/${me.id}/trust-level`, { data: { level: 1, reason: 'tanıdık komşu' } })).status()).toBe(200);
  await admin.context.close();
  await page.getByTestId('composer').getByRole('button', { name: 'Paylaş', exact: true }).click();
  await expect(page.locator('[data-testid="post-card"] img[src*="/uploads/"]').first()).toBeVisible();
  // The feed shows the WebP thumbnail in a box its width and height reserve, loaded lazily.
  const shown = page.locator('[data-testid="post-card"] img[src*="/uploads/"]').first();
  await expect(shown).toHaveAttribute('src', /\.thumb\.webp$/);
  await expect(shown).toHaveAttribute('width', '2');
  await expect(shown).toHaveAttribute('height', '2');
  await expect(shown).toHaveAttribute('loading', 'lazy');

  await card.getByRole('button', { name: 'Beğen' }).click();
  await expect(card.getByRole('button', { name: 'Beğen' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Yorumlar' }).click();
  await expect(page.getByText('Henüz yorum yapılmamış')).toBeVisible();
  await page.getByLabel('Yorum yaz').fill('Kendi gönderime ilk yorum');
  await page.getByRole('dialog').getByRole('button', { name: 'Gönder' }).click();
  await expect(page.getByRole('dialog').getByText('Kendi gönderime ilk yorum')).toBeVisible();
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Kaydet' }).click();
  await expect(card.getByRole('button', { name: 'Kaydet' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  const again = page.getByTestId('post-card').filter({ hasText: 'Merhaba mahalle!' });
  await expect(again.getByRole('button', { name: 'Beğen' })).toHaveText('1');
  await expect(again.getByRole('button', { name: 'Yorumlar' })).toHaveText('1');
  await page.goto('/bookmarks');
  await expect(page.getByTestId('post-card').filter({ hasText: 'Merhaba mahalle!' })).toBeVisible();
  await screenshots(page, 'bookmarks');
});

test('two members follow (private account: request, accept) and exchange messages with the badge changing live', async ({ browser }) => {
  const a = await memberPage(browser, { displayName: 'Ayşe Alıcı' });
  const b = await memberPage(browser, { displayName: 'Berk Gönderen' });
  await a.page.request.patch(`/api/users/${a.user.id}`, { data: { isPrivate: true } });

  await b.page.goto(`/user/${a.user.username}`);
  await b.page.getByRole('button', { name: 'Takip Et' }).click();
  await expect(b.page.getByRole('button', { name: 'İstek Gönderildi' })).toBeVisible();

  await a.page.goto('/notifications');
  await expect(a.page.getByText('Berk Gönderen size takip isteği gönderdi')).toBeVisible();
  await a.page.getByRole('button', { name: 'Kabul Et' }).click();
  await expect(a.page.getByText('Takip isteği kabul edildi')).toBeVisible();
  await b.page.reload();
  await expect(b.page.getByRole('button', { name: 'Takipten Çık' })).toBeVisible();

  await a.page.goto('/');
  const badge = a.page.getByTestId('message-badge');
  await expect(badge.locator('sup')).toHaveCount(0);
  await b.page.getByRole('button', { name: 'Mesaj Gönder' }).click();
  await b.page.getByLabel('Mesaj', { exact: true }).fill('Merhaba Ayşe, nasılsın?');
  await b.page.getByRole('dialog').getByRole('button', { name: 'Gönder' }).click();
  await expect(b.page.getByText('Mesaj gönderildi')).toBeVisible();
  await expect(badge).toContainText('1');

  await a.page.getByRole('link', { name: 'Mesajlar' }).first().click();
  await a.page.getByTestId('conversation').first().click();
  await expect(a.page.getByTestId('chat-messages')).toContainText('Merhaba Ayşe, nasılsın?');
  await expect(badge.locator('sup')).toHaveCount(0);
  await a.page.getByLabel('Mesaj yaz').fill('İyiyim, teşekkürler!');
  await a.page.keyboard.press('Enter');
  await b.page.goto(`/messages?user=${a.user.id}`);
  await expect(b.page.getByTestId('chat-messages')).toContainText('İyiyim, teşekkürler!');
  await screenshots(b.page, 'messages');
  await a.context.close();
  await b.context.close();
});

test('the mobile bottom bar and its add button focus the composer', async ({ browser }) => {
  const m = await memberPage(browser, { viewport: { width: 375, height: 780 } });
  await m.page.goto('/qa');
  await expect(m.page.getByTestId('bottom-bar')).toBeVisible();
  await m.page.getByTestId('add-button').click();
  await expect(m.page.getByLabel('Ne düşünüyorsun...')).toBeFocused();
  await m.page.screenshot({ path: `${SCREENS}mobile-light.png` });
  await m.context.close();
});
