import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PASSWORD, SCREENS, api, reportPageErrors, uniqueName } from './fixtures';

/**
 * What members and admins touch every day, at a phone's and a laptop's width: admin tables as cards on a phone and
 * confirms that name their row, a post's own page with its comments, an event's own page, hobby groups as a
 * destination, Turkish slugs, the profile / message / search details, and WCAG 2.2 target sizes and contrast.
 */

const WIDTHS = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 768 }],
] as const;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}everyday-${name}.png` });

type State = Awaited<ReturnType<BrowserContext['storageState']>>;
type User = { id: number; username: string; displayName: string };
const accounts = new Map<string, { state: State; user: User }>();

/** Signs up (or, for the admin, in) once per account and reuses the cookie: the server limits sign-ups per address. */
async function account(browser: Browser, key: string, displayName?: string) {
  if (!accounts.has(key)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    let user: User;
    if (key === 'admin') {
      const res = await page.request.post('/api/auth/login', { data: { username: 'yonetici', password: 'Yonetici.Sifre1' } });
      expect(res.status()).toBe(200);
      user = await res.json();
    } else {
      const username = uniqueName(key);
      const res = await page.request.post('/api/auth/register', {
        data: {
          displayName: displayName ?? `Üye ${username}`,
          username,
          email: `${username}.uzun.bir.eposta.adresi@ornek-topluluk.com`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          acceptTerms: true,
          acceptPrivacy: true,
        },
      });
      expect(res.status()).toBe(201);
      user = await res.json();
    }
    accounts.set(key, { state: await context.storageState(), user });
    await context.close();
  }
  return accounts.get(key)!;
}

async function as(browser: Browser, key: string, viewport: { width: number; height: number }, displayName?: string) {
  const acc = await account(browser, key, displayName);
  const context = await browser.newContext({ viewport, storageState: acc.state, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  reportPageErrors(page);
  return { context, page, user: acc.user };
}

async function visitor(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  reportPageErrors(page);
  return { context, page };
}

test('admin tables: a phone shows each row as a card with its actions; a laptop shows every column; a delete confirm names the row', async ({ browser }) => {
  const target = await account(browser, 'ayse', 'Ayşe Yılmaz');
  const reporter = await as(browser, 'sikayetci', { width: 1366, height: 768 });
  await api(reporter.page.request, 'post', '/api/reports', { targetType: 'user', targetId: target.user.id, reasonCode: 'spam' });
  await reporter.context.close();
  for (const [name, viewport] of WIDTHS) {
    const admin = await as(browser, 'admin', viewport);
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Kullanıcılar' }).click();
    const table = admin.page.getByTestId('table-users');
    await table.getByRole('searchbox', { name: 'Kullanıcı ara' }).fill(target.user.username);
    await table.getByRole('searchbox', { name: 'Kullanıcı ara' }).press('Enter');
    const member = `Ayşe Yılmaz (@${target.user.username})`;
    if (name === 'phone') {
      const card = table.getByTestId('row-card').filter({ hasText: 'Ayşe Yılmaz' });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(`@${target.user.username}`);
      // Every action of the row is inside its card and on the screen, Sil too.
      const remove = card.getByRole('button', { name: 'Sil', exact: true });
      await remove.scrollIntoViewIfNeeded();
      const box = (await remove.boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      await expect(table.locator('.ant-table')).toHaveCount(0);
      await shot(admin.page, `admin-users-${name}`);
      await remove.click();
    } else {
      const row = table.locator('.ant-table-row').filter({ hasText: 'Ayşe Yılmaz' });
      await expect(row).toHaveCount(1);
      // The e-mail is shown whole (it wraps rather than being cut), and is not under the actions column.
      const email = row.getByText(`${target.user.username}.uzun.bir.eposta.adresi@ornek-topluluk.com`);
      await expect(email).toBeVisible();
      const cell = email.locator('xpath=ancestor-or-self::*[contains(@class, "ant-table-cell")][1]');
      expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth + 1)).toBe(true);
      const actions = row.locator('.ant-table-cell').last();
      expect((await cell.boundingBox())!.x + (await cell.boundingBox())!.width).toBeLessThanOrEqual((await actions.boundingBox())!.x + 1);
      // Every column is in view at once: none sits under the actions column or past the table's edge.
      const cells = row.locator('.ant-table-cell');
      const n = await cells.count();
      for (let i = 0; i < n - 1; i++) {
        const b = (await cells.nth(i).boundingBox())!;
        expect(b.x + b.width, `column ${i + 1}`).toBeLessThanOrEqual((await actions.boundingBox())!.x + 1);
      }
      await shot(admin.page, `admin-users-${name}`);
      await row.getByRole('button', { name: 'Sil', exact: true }).click();
    }
    const confirm = admin.page.getByRole('dialog');
    await expect(confirm).toContainText(`${member} silinsin mi?`);
    await shot(admin.page, `admin-users-confirm-${name}`);
    await confirm.getByRole('button', { name: 'İptal' }).click();

    await admin.page.getByRole('tab', { name: 'Şikayetler' }).click();
    const reports = admin.page.getByTestId('table-reports');
    if (name === 'phone') {
      const card = reports.getByTestId('row-card').filter({ hasText: 'Ayşe Yılmaz' }).first();
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: 'Askıya al' }).click();
    } else {
      const row = reports.locator('.ant-table-row').filter({ hasText: 'Ayşe Yılmaz' }).first();
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: 'Askıya al' }).click();
    }
    await expect(admin.page.getByRole('dialog')).toContainText(`Üyeyi askıya al: ${member}`);
    await shot(admin.page, `admin-reports-${name}`);
    await admin.page.getByRole('dialog').getByRole('button', { name: 'İptal' }).click();
    await admin.context.close();
  }
});

test('Hobi Grupları is in the header navigation, the bottom bar and the drawer, and opens a page of that title', async ({ browser }) => {
  for (const [name, viewport] of WIDTHS) {
    const m = await as(browser, 'gezgin', viewport);
    await m.page.goto('/');
    if (name === 'phone') {
      await m.page.getByTestId('bottom-bar').getByRole('link', { name: 'Hobi Grupları' }).click();
      await expect(m.page).toHaveURL(/\/hobby-groups$/);
      await expect(m.page.getByRole('heading', { level: 1 })).toHaveText('Hobi Grupları');
      await shot(m.page, `groups-${name}`);
      await m.page.getByRole('button', { name: 'Menü', exact: true }).click();
      const drawer = m.page.getByRole('dialog');
      await drawer.getByRole('link', { name: 'Tümünü gör' }).click();
    } else {
      await m.page.getByRole('navigation', { name: 'Ana gezinme' }).getByRole('link', { name: 'Hobi Grupları' }).click();
      await expect(m.page).toHaveURL(/\/hobby-groups$/);
      await m.page.goto('/');
      await m.page.getByRole('link', { name: 'Tümünü gör' }).click();
    }
    await expect(m.page).toHaveURL(/\/hobby-groups$/);
    await expect(m.page.getByRole('heading', { level: 1 })).toHaveText('Hobi Grupları');
    await expect(m.page).toHaveTitle(/Hobi Grupları/);
    await shot(m.page, `groups-from-drawer-${name}`);
    await m.context.close();
  }
});

test('a blog post titled with â, î, û gets a folded slug and opens there', async ({ browser }) => {
  const admin = await as(browser, 'admin', { width: 1366, height: 768 });
  const title = `hikâye rüzgâr ${uniqueName('')}`;
  const post = await api(admin.page.request, 'post', '/api/blog/posts', { title, content: '<p>Rüzgârın hikâyesi.</p>', published: true });
  expect(post.slug).toMatch(/^hikaye-ruzgar-/);
  await admin.context.close();
  for (const [name, viewport] of WIDTHS) {
    const v = await visitor(browser, viewport);
    await v.page.goto(`/blog/${post.slug}`);
    await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(title);
    await shot(v.page, `slug-${name}`);
    await v.context.close();
  }
});

test('profile details and buttons on their own lines, the message count clear of the buttons, /messages on a phone, a person in search', async ({
  browser,
}) => {
  const other = await account(browser, 'kisi', 'Deniz Kıyı');
  for (const [name, viewport] of WIDTHS) {
    const m = await as(browser, 'profil', viewport);
    await m.page.goto('/profile');
    const joined = m.page.getByText(/^Katılma:/);
    const edit = m.page.getByRole('button', { name: 'Profili Düzenle' });
    await expect(edit).toBeVisible();
    const j = (await joined.boundingBox())!;
    const e = (await edit.boundingBox())!;
    expect(e.y).toBeGreaterThanOrEqual(j.y + j.height);
    await shot(m.page, `profile-${name}`);

    await m.page.goto(`/user/${other.user.username}`);
    await m.page.getByRole('button', { name: 'Mesaj Gönder' }).click();
    const dialog = m.page.getByRole('dialog');
    const count = dialog.locator('.ant-input-data-count');
    await expect(count).toHaveText(/0 \/ 500/);
    // Measured once the dialog's opening zoom is over (mid-animation, boxes are scaled around its centre).
    for (const button of ['İptal', 'Gönder']) {
      await expect
        .poll(
          async () => {
            const c = (await count.boundingBox())!;
            const b = (await dialog.getByRole('button', { name: button }).boundingBox())!;
            return c.y + c.height <= b.y || b.x + b.width <= c.x || c.x + c.width <= b.x;
          },
          { message: `${button} clear of the count` },
        )
        .toBe(true);
    }
    await dialog.getByLabel('Mesaj').fill('Merhaba Deniz!');
    await shot(m.page, `message-dialog-${name}`);
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog).toBeHidden();

    await m.page.goto('/messages');
    await expect(m.page.getByTestId('conversation').first()).toBeVisible();
    if (name === 'phone') await expect(m.page.getByText('Bir konuşma seçin')).toHaveCount(0);
    else await expect(m.page.getByText('Bir konuşma seçin')).toBeVisible();
    await shot(m.page, `messages-${name}`);

    await m.page.goto(`/search?q=${encodeURIComponent('Deniz Kıyı')}&type=people`);
    const hit = m.page.locator('[data-testid="search-hit"][data-kind="people"]').filter({ hasText: other.user.username });
    await expect(hit).toBeVisible();
    expect((await hit.innerText()).split('Deniz Kıyı').length - 1).toBe(1);
    await expect(hit.locator('time')).toHaveText(/^Katılma: /);
    await shot(m.page, `search-person-${name}`);
    await m.context.close();
  }
});

test('WCAG 2.2 target sizes on /login and a filled search box, and the time in one’s own message bubble', async ({ browser }) => {
  const other = await account(browser, 'baloncuk', 'Balon Cuk');
  for (const [name, viewport] of WIDTHS) {
    const v = await visitor(browser, viewport);
    await v.page.goto('/login');
    await v.page.waitForLoadState('networkidle');
    const login = await new AxeBuilder({ page: v.page }).withRules(['target-size']).analyze();
    expect(login.violations.map((x) => x.nodes.map((n) => n.target).join(' '))).toEqual([]);
    await shot(v.page, `login-${name}`);
    await v.page.goto('/search?q=eskişehir');
    const clear = v.page.locator('.ant-input-clear-icon').first();
    await expect(clear).toBeVisible();
    const box = (await clear.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    const search = await new AxeBuilder({ page: v.page }).withRules(['target-size']).analyze();
    expect(search.violations.map((x) => x.nodes.map((n) => n.target).join(' '))).toEqual([]);
    await v.context.close();

    const m = await as(browser, 'yazan', viewport);
    await api(m.page.request, 'post', '/api/messages', { receiverId: other.user.id, content: `Saat kaç? ${name}` });
    await m.page.goto(`/messages?user=${other.user.id}`);
    await expect(m.page.getByTestId('chat-messages')).toContainText(`Saat kaç? ${name}`);
    const contrast = await new AxeBuilder({ page: m.page }).include('[data-testid="chat-messages"]').withRules(['color-contrast']).analyze();
    expect(contrast.violations).toEqual([]);
    await shot(m.page, `own-bubble-${name}`);
    await m.context.close();
  }
});

test("a post's page shows its comments, paged newest or oldest first, the comment box, and a link to one comment beyond page one", async ({ browser }) => {
  const author = await as(browser, 'yorumcu', { width: 1366, height: 768 });
  // Twenty-two comments in a minute are beyond a new member's daily limit (trust level 0): an admin vouches for them first.
  const admin = await as(browser, 'admin', { width: 1366, height: 768 });
  expect(
    (await admin.page.request.put(`/api/admin/users/${author.user.id}/trust-level`, { data: { level: 1, reason: 'yorum sayfası denemesi' } })).status(),
  ).toBe(200);
  await admin.context.close();
  const post = await api(author.page.request, 'post', '/api/posts', { content: `Yorumlu gönderi ${uniqueName('')}` });
  const ids: number[] = [];
  for (let i = 1; i <= 22; i++) ids.push((await api(author.page.request, 'post', `/api/posts/${post.id}/comments`, { content: `Yorum numarası ${i}` })).id);
  await author.context.close();
  // Each width's member adds one more from the page.
  let total = 22;
  let newest = 'Yorum numarası 22';
  for (const [name, viewport] of WIDTHS) {
    const v = await visitor(browser, viewport);
    await v.page.goto(`/posts/${post.id}`);
    const section = v.page.getByTestId('post-comments');
    await expect(section.getByRole('heading', { name: `Yorumlar (${total})` })).toBeVisible();
    // Newest first: 20 on the first page, the rest on 'Daha fazla yorum'.
    await expect(section.getByTestId('comment')).toHaveCount(20);
    await expect(section.getByTestId('comment').first()).toContainText(newest);
    await section.getByTestId('comments-more').click();
    await expect(section.getByTestId('comment')).toHaveCount(total);
    await section.getByRole('button', { name: 'En eski' }).click();
    await expect(section.getByTestId('comment').first()).toContainText('Yorum numarası 1');
    await expect(section.getByRole('link', { name: 'Yorum yapmak için giriş yapın' })).toBeVisible();
    await shot(v.page, `post-page-${name}`);

    await v.context.close();

    // Opened fresh (newest first), the first comment is on page two: the link still opens with it, highlighted, in view.
    const shared = await visitor(browser, viewport);
    await shared.page.goto(`/posts/${post.id}#yorum-${ids[0]}`);
    const linked = shared.page.getByTestId('linked-comment');
    await expect(linked).toContainText('Yorum numarası 1');
    await expect(linked).toHaveAttribute('id', `yorum-${ids[0]}`);
    await expect(linked).toBeInViewport();
    await expect(shared.page.getByTestId('post-comments').getByTestId('comment').first()).toContainText(newest);
    await shot(shared.page, `post-linked-comment-${name}`);
    await shared.context.close();

    const m = await as(browser, 'okur', viewport);
    await m.page.goto(`/posts/${post.id}`);
    const box = m.page.getByTestId('comment-box');
    await box.getByLabel('Yorum yaz').fill(`Sayfadan yorum ${name}`);
    await box.getByRole('button', { name: 'Gönder' }).click();
    await expect(m.page.getByTestId('post-comments').getByTestId('comment').first()).toContainText(`Sayfadan yorum ${name}`);
    total += 1;
    newest = `Sayfadan yorum ${name}`;
    await m.context.close();
  }
});

test("an event's title opens its page: organiser, time, place, seats and waitlist, Takvime ekle, a link to share with Open Graph tags", async ({ browser }) => {
  const host = await as(browser, 'duzenleyen', { width: 1366, height: 768 }, 'Ece Düzenler');
  const title = `Porsuk Yürüyüşü ${uniqueName('')}`;
  const date = new Date(Date.now() + 5 * 86_400_000);
  date.setUTCHours(7, 0, 0, 0);
  const event = await api(host.page.request, 'post', '/api/events', {
    title,
    description: 'Kıyı boyunca yürüyoruz.',
    date: date.toISOString(),
    location: 'Adalar',
    capacity: 1,
  });
  const other = await as(browser, 'bekleyen', { width: 1366, height: 768 });
  await api(other.page.request, 'post', `/api/events/${event.id}/attend`);
  const third = await as(browser, 'ucuncu', { width: 1366, height: 768 });
  await api(third.page.request, 'post', `/api/events/${event.id}/attend`);
  await other.context.close();
  await third.context.close();
  await host.context.close();

  // The organiser attends their own event: the one seat is theirs, the two others wait.
  // A link preview: the server writes the tags, no script needed.
  const raw = await (await browser.newContext()).request.get(`/events/${event.id}`);
  const html = await raw.text();
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
  expect(html).toMatch(/<meta property="og:description" content="[^"]*10:00 · Adalar\. Kıyı boyunca yürüyoruz\." \/>/);

  for (const [name, viewport] of WIDTHS) {
    const m = await as(browser, 'etkinlikci', viewport);
    await m.page.goto('/events');
    await m.page.getByRole('link', { name: title }).click();
    await expect(m.page).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expect(m.page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(m.page.getByTestId('event-organiser')).toContainText('Düzenleyen: Ece Düzenler');
    await expect(m.page.getByText(/10:00/)).toBeVisible();
    await expect(m.page.getByText(/Adalar/)).toBeVisible();
    await expect(m.page.getByTestId('event-seats')).toHaveText(/1 \/ 1 yer/);
    await expect(m.page.getByTestId('event-waitlist')).toHaveText('Bekleme listesinde 2 kişi');
    await expect(m.page.getByRole('button', { name: 'Takvime ekle' })).toBeVisible();
    await expect(m.page.getByTestId('event-share')).toBeVisible();
    await shot(m.page, `event-page-${name}`);
    await m.context.close();

    // A visitor opening the shared link reads the event and is asked to sign in to attend.
    const v = await visitor(browser, viewport);
    await v.page.goto(`/events/${event.id}`);
    await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(v.page.getByRole('link', { name: 'Katılmak için giriş yapın' })).toBeVisible();
    await shot(v.page, `event-page-visitor-${name}`);
    await v.context.close();
  }
});
