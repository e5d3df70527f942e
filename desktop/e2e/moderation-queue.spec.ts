import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminPage, api, memberPage, PASSWORD, SCREENS, uniqueName } from './fixtures';

/**
 * A site moderator works the review queue: at 1366 px with the keyboard alone (j/k to move, a approve, h hide, x to
 * mark two for one bulk decision, u to undo, w to warn with a reason, ? for the shortcuts), at 390 px with the cards'
 * buttons (a phone has no keyboard). Every step is checked against the server afterwards.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

type Entry = { id: number; target: { type: string; id: number; preview: string }; claim: unknown };

/** The open queue as the server has it (the moderator's session). */
async function queueOf(page: Page): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const res: { items: Entry[]; nextCursor: string | null } = await api(
      page.request,
      'get',
      `/api/admin/queue?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    entries.push(...res.items);
    cursor = res.nextCursor;
  } while (cursor);
  return entries;
}

/** A new member made a site moderator by the admin. */
async function moderator(browser: Browser, tag: string, viewport: { width: number; height: number }) {
  const mod = await memberPage(browser, { username: `${tag}_mod`, displayName: `Moderatör ${tag}`, viewport });
  const admin = await adminPage(browser);
  await api(admin.page.request, 'patch', `/api/admin/users/${mod.user.id}`, { role: 'moderator' });
  // A role change ends the member's sessions: they sign in again as a moderator.
  await api(mod.page.request, 'post', '/api/auth/login', { username: `${tag}_mod`, password: PASSWORD });
  return { mod, admin };
}

/** Moves the selection with j/k (the keyboard only) to the one row showing `text` (and not `unless`). */
async function goTo(page: Page, text: string, unless?: string) {
  const rows = page.getByTestId('queue-row');
  const matches = (t: string) => t.includes(text) && !(unless && t.includes(unless));
  await expect.poll(async () => (await rows.allInnerTexts()).filter(matches).length).toBe(1);
  const texts = await rows.allInnerTexts();
  const target = texts.findIndex(matches);
  let current = await rows.evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-selected') === 'true'));
  if (current < 0) {
    await page.keyboard.press('j');
    current = 0;
  }
  for (; current < target; current += 1) await page.keyboard.press('j');
  for (; current > target; current -= 1) await page.keyboard.press('k');
  await expect(page.getByRole('option', { selected: true })).toContainText(text);
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).include('[data-testid="review-queue"]').withTags(AXE_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

test('a moderator clears five queued items with the keyboard alone at 1366 px, one bulk and one undo among them', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = uniqueName('kuyruk');
  const viewport = { width: 1366, height: 768 };
  const { mod, admin } = await moderator(browser, tag, viewport);
  const author = await memberPage(browser, { username: `${tag}_yazar`, displayName: `Yazar ${tag}` });
  const reporters = [await memberPage(browser, { username: `${tag}_r1` }), await memberPage(browser, { username: `${tag}_r2` })];
  const other = await memberPage(browser, { username: `${tag}_mod2`, displayName: `Ayşe ${tag}` });
  await api(admin.page.request, 'patch', `/api/admin/users/${other.user.id}`, { role: 'moderator' });
  await api(other.page.request, 'post', '/api/auth/login', { username: `${tag}_mod2`, password: PASSWORD });

  // Four reported posts (the first two by both reporters), one a watched word flagged, one held by another moderator.
  const post = (label: string) => api(author.page.request, 'post', '/api/posts', { content: `${label} ${tag} ucuz takipçi burada` });
  const [a, b, c, d, held] = [await post('Birinci'), await post('İkinci'), await post('Üçüncü'), await post('Dördüncü'), await post('Tutulan')];
  for (const p of [a, b]) for (const r of reporters) await api(r.page.request, 'post', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Spam' });
  for (const p of [c, d, held]) await api(reporters[0]!.page.request, 'post', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Spam' });
  const word = `zibidik${tag.replace(/[^a-z]/g, '')}`;
  await api(admin.page.request, 'post', '/api/admin/watched-words', { word, action: 'flag' });
  const e = await api(author.page.request, 'post', '/api/posts', { content: `Beşinci ${tag} ${word} satılık` });
  // The author as a person too: w asks for a reason and warns them.
  await api(reporters[1]!.page.request, 'post', '/api/reports', { targetType: 'user', targetId: author.user.id, reasonCode: 'spam' });

  const page = mod.page;
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'İnceleme Kuyruğu' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  const entryOf = async (postId: number) => (await queueOf(page)).find((x) => x.target.type === 'post' && x.target.id === postId);
  const heldEntry = await entryOf(held.id);
  expect(heldEntry).toBeTruthy();
  for (const p of [a, b, c, d, e]) expect(await entryOf(p.id), `entry for post ${p.id}`).toBeTruthy();
  await expect(page.getByTestId('queue-row').filter({ hasText: `Beşinci ${tag}` })).toContainText('İşaretlendi');

  // Another moderator holds an entry: the row says who, live over the socket, and deciding it answers 409 in Turkish.
  await api(other.page.request, 'post', `/api/admin/queue/${heldEntry!.id}/claim`);
  await expect(page.getByTestId('queue-row').filter({ hasText: `Tutulan ${tag}` })).toContainText(`Ayşe ${tag} inceliyor`);
  await goTo(page, `Tutulan ${tag}`);
  await page.keyboard.press('a');
  await expect(page.getByText(`Bu kaydı şu anda Ayşe ${tag} inceliyor`)).toBeVisible();
  expect(await entryOf(held.id)).toBeTruthy();

  // The detail pane shows the author's context.
  await goTo(page, `Birinci ${tag}`);
  const detail = page.getByTestId('queue-detail');
  await expect(detail).toContainText(`Yazar ${tag}`);
  await expect(detail.getByTestId('queue-level')).toHaveText('Yeni üye');
  await expect(detail).toContainText('Son içerikleri');
  // The claim follows the selection.
  await expect(page.getByRole('option', { selected: true }).getByTestId('queue-claim')).toHaveText('Sizde');
  await page.screenshot({ path: `${SCREENS}moderation-queue-1366.png` });

  // 1. a approves (the post stays, its reports are dismissed).
  await page.keyboard.press('a');
  await expect(page.getByTestId('queue-row').filter({ hasText: `Birinci ${tag}` })).toHaveCount(0);
  // 2. h hides.
  await goTo(page, `İkinci ${tag}`);
  await page.keyboard.press('h');
  await expect(page.getByTestId('queue-row').filter({ hasText: `İkinci ${tag}` })).toHaveCount(0);
  // 3 and 4. x marks two, a approves both in one request.
  await goTo(page, `Üçüncü ${tag}`);
  await page.keyboard.press('x');
  await goTo(page, `Dördüncü ${tag}`);
  await page.keyboard.press('x');
  await expect(page.getByText('2 seçili')).toBeVisible();
  const bulk = page.waitForRequest((r) => r.url().endsWith('/api/admin/queue/bulk') && r.method() === 'POST');
  await page.keyboard.press('a');
  expect((await bulk).postDataJSON()).toMatchObject({ ids: expect.arrayContaining([expect.any(Number), expect.any(Number)]), action: 'approve' });
  await expect(page.getByTestId('queue-row').filter({ hasText: new RegExp(`(Üçüncü|Dördüncü) ${tag}`) })).toHaveCount(0);
  // 5. h hides the flagged post, u undoes it within ten seconds (the toast counts down), a then approves it.
  await goTo(page, `Beşinci ${tag}`);
  await page.keyboard.press('h');
  await expect(page.getByTestId('queue-row').filter({ hasText: `Beşinci ${tag}` })).toHaveCount(0);
  await expect(page.getByTestId('queue-undo')).toContainText('saniye içinde geri alabilirsiniz');
  await expect(page.getByTestId('queue-undo').getByRole('button', { name: 'Geri al' })).toBeVisible();
  expect((await reporters[0]!.page.request.get(`/api/posts/${e.id}`)).status()).toBe(404);
  await page.keyboard.press('u');
  await expect(page.getByText('İşlem geri alındı; kayıtlar yeniden kuyrukta')).toBeVisible();
  await expect(page.getByTestId('queue-row').filter({ hasText: `Beşinci ${tag}` })).toHaveCount(1);
  expect((await reporters[0]!.page.request.get(`/api/posts/${e.id}`)).status()).toBe(200);
  await goTo(page, `Beşinci ${tag}`);
  await page.keyboard.press('a');
  await expect(page.getByTestId('queue-row').filter({ hasText: `Beşinci ${tag}` })).toHaveCount(0);

  // The server agrees: five entries closed, the hidden one hidden from members, the approved ones still shown.
  for (const p of [a, b, c, d, e]) expect(await entryOf(p.id), `post ${p.id} left the queue`).toBeUndefined();
  expect((await reporters[0]!.page.request.get(`/api/posts/${b.id}`)).status()).toBe(404);
  for (const p of [a, c, d, e]) expect((await reporters[0]!.page.request.get(`/api/posts/${p.id}`)).status()).toBe(200);

  // ? lists the shortcuts; while it is open a key decides nothing.
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Klavye kısayolları' });
  await expect(dialog).toContainText('Son işlemi geri al (10 saniye içinde)');
  const before = await page.getByTestId('queue-row').count();
  await page.keyboard.press('a');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('queue-row')).toHaveCount(before);
  // The same dialog from a visible button.
  await page.getByTestId('queue-help').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  // Keys wait while any dialog is open, its closing animation included.
  await expect(dialog).toBeHidden();

  // w asks for a reason; Enter confirms; the author is warned.
  // The author's own entry (a report of the person): the held post's row names them too.
  await goTo(page, `Yazar ${tag}`, 'Tutulan');
  await expect(page.getByRole('option', { selected: true })).toContainText('Kullanıcı');
  const warn = page.getByRole('dialog', { name: new RegExp(`Yazarı uyar: Yazar ${tag}`) });
  // Pressed again if the first press came while the list was still settling after the selection moved.
  await expect(async () => {
    if (!(await warn.isVisible())) await page.keyboard.press('w');
    await expect(warn).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(warn.getByLabel('Gerekçe (üyeye bildirilir)')).toBeFocused();
  // Letters typed into the reason are text, not shortcuts.
  await page.keyboard.type('Tekrarlanan reklam paylaşımları');
  await page.keyboard.press('Enter');
  await expect(warn).toBeHidden();
  await expect(page.getByTestId('queue-row').filter({ hasText: `Yazar ${tag}` })).toHaveCount(1);
  expect((await queueOf(page)).find((x) => x.target.type === 'user' && x.target.id === author.user.id)).toBeUndefined();
  const notes: unknown = await api(author.page.request, 'get', '/api/notifications');
  expect(JSON.stringify(notes)).toContain('Tekrarlanan reklam paylaşımları');

  expect(await axe(page)).toEqual([]);
  for (const ctx of [mod, admin, author, other, ...reporters]) await ctx.context.close();
});

test('at 390 px the queue is cards whose buttons decide, one by one and marked together', async ({ browser }) => {
  test.setTimeout(90_000);
  const tag = uniqueName('kart');
  const viewport = { width: 390, height: 844 };
  const { mod, admin } = await moderator(browser, tag, viewport);
  const author = await memberPage(browser, { username: `${tag}_yazar`, displayName: `Yazar ${tag}` });
  const reporter = await memberPage(browser, { username: `${tag}_r1` });
  const posts = [];
  for (const label of ['Bir', 'İki', 'Üç']) {
    const p = await api(author.page.request, 'post', '/api/posts', { content: `${label} ${tag} kart deneme` });
    await api(reporter.page.request, 'post', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Spam' });
    posts.push(p);
  }
  const page = mod.page;
  await page.goto('/admin');
  const card = (label: string) => page.getByTestId('queue-card').filter({ hasText: `${label} ${tag}` });
  await expect(card('Bir')).toBeVisible();
  await expect(page.getByTestId('queue-list')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}moderation-queue-390.png` });

  await card('Bir').getByRole('button', { name: 'Onayla' }).click();
  await expect(card('Bir')).toHaveCount(0);
  await expect(page.getByTestId('queue-undo')).toBeVisible();
  await card('İki').getByRole('checkbox').check();
  await card('Üç').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Seçilenleri gizle' }).click();
  await expect(card('İki')).toHaveCount(0);
  await expect(card('Üç')).toHaveCount(0);

  expect((await reporter.page.request.get(`/api/posts/${posts[0]!.id}`)).status()).toBe(200);
  for (const p of posts.slice(1)) expect((await reporter.page.request.get(`/api/posts/${p.id}`)).status()).toBe(404);
  const left = await queueOf(page);
  for (const p of posts) expect(left.find((x) => x.target.type === 'post' && x.target.id === p.id)).toBeUndefined();

  expect(await axe(page)).toEqual([]);
  for (const ctx of [mod, admin, author, reporter]) await ctx.context.close();
});

test('a moderator decides two appeals from the queue with the keyboard: a upholds, h rejects, w is refused', async ({ browser }) => {
  test.setTimeout(90_000);
  const tag = uniqueName('itiraz');
  const viewport = { width: 1366, height: 768 };
  const { mod, admin } = await moderator(browser, tag, viewport);
  const author = await memberPage(browser, { username: `${tag}_yazar`, displayName: `Yazar ${tag}` });
  const reader = await memberPage(browser, { username: `${tag}_okur` });
  // Two of the author's posts hidden by the moderator, each appealed by the author with a note.
  const posts = [];
  for (const label of ['Kabul', 'Ret']) {
    const p = await api(author.page.request, 'post', '/api/posts', { content: `${label} ${tag} pazar yeri duyurusu` });
    await api(mod.page.request, 'post', `/api/admin/moderation/post/${p.id}/hide`, { reason: 'Reklam gibi duruyor' });
    await api(author.page.request, 'post', '/api/appeals', { targetType: 'post', targetId: p.id, note: `${label} notu: bu bir mahalle duyurusu` });
    posts.push(p);
  }
  const [upheld, rejected] = posts as [{ id: number }, { id: number }];

  // The admin watches the İtirazlar list meanwhile: a decision in the queue reaches it live.
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Şikayetler' }).click();
  const listed = admin.page.getByTestId('appeals').locator('.ant-list-item').filter({ hasText: `Kabul notu: bu bir mahalle duyurusu` });
  await expect(listed).toHaveCount(1, { timeout: 30_000 });

  const page = mod.page;
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'İnceleme Kuyruğu' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  const row = (label: string) => page.getByTestId('queue-row').filter({ hasText: `${label} ${tag}` });
  await expect(row('Kabul')).toContainText('İtiraz');

  // The detail pane shows the appeal: the member's note, the hide still in force, the earlier hide against the author.
  await goTo(page, `Kabul ${tag}`);
  const detail = page.getByTestId('queue-detail');
  await expect(detail.getByTestId('queue-appeal')).toContainText('Kabul notu: bu bir mahalle duyurusu');
  await expect(detail.getByTestId('queue-appeal')).toContainText('İçerik hâlâ gizli');
  await expect(detail).toContainText('Reklam gibi duruyor');
  await expect(page.getByRole('button', { name: 'Kabul et' })).toBeVisible();

  // w does not apply to an appeal: it says so and decides nothing.
  await page.keyboard.press('w');
  await expect(page.getByText('Bir itiraz yalnızca kabul edilir ya da reddedilir')).toBeVisible();
  await expect(row('Kabul')).toHaveCount(1);

  // a upholds: the row leaves, the post is shown again, the author is told.
  await page.keyboard.press('a');
  await expect(row('Kabul')).toHaveCount(0);
  await expect(page.getByTestId('queue-undo')).toContainText('İtiraz kabul edildi');
  await expect.poll(async () => (await reader.page.request.get(`/api/posts/${upheld.id}`)).status()).toBe(200);
  await expect(listed).toHaveCount(0);

  // h rejects: the row leaves, the post stays hidden.
  await goTo(page, `Ret ${tag}`);
  await page.keyboard.press('h');
  await expect(row('Ret')).toHaveCount(0);
  expect((await reader.page.request.get(`/api/posts/${rejected.id}`)).status()).toBe(404);

  // The server agrees, and the author's notifications say both outcomes.
  const notes: { type: string; title: string }[] = await api(author.page.request, 'get', '/api/notifications');
  const outcomes = notes.filter((n) => n.type === 'appeal').map((n) => n.title);
  expect(outcomes.sort()).toEqual(['İtirazınız kabul edildi', 'İtirazınız reddedildi']);
  const open: { items: { targetId: number }[] } = await api(page.request, 'get', '/api/admin/appeals?status=open&limit=100');
  expect(open.items.filter((a) => a.targetId === upheld.id || a.targetId === rejected.id)).toEqual([]);

  expect(await axe(page)).toEqual([]);
  for (const ctx of [mod, admin, author, reader]) await ctx.context.close();
});

for (const width of [1366, 390]) {
  test(`a comment a watched word holds at ${width} px: its author sees it waiting, another member does not until a moderator approves it`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const tag = uniqueName('onay');
    const viewport = { width, height: width === 390 ? 844 : 768 };
    const { mod, admin } = await moderator(browser, tag, viewport);
    const word = `kozalak${tag.replace(/[^a-z]/g, '')}`;
    await api(admin.page.request, 'post', '/api/admin/watched-words', { word, action: 'require_approval' });
    const owner = await memberPage(browser, { username: `${tag}_sahip`, viewport });
    const author = await memberPage(browser, { username: `${tag}_yazar`, displayName: `Yazar ${tag}`, viewport });
    const other = await memberPage(browser, { username: `${tag}_okur`, viewport });
    const post = await api(owner.page.request, 'post', '/api/posts', { content: `Mahalle pazarı ${tag} yarın kurulacak` });
    const text = `Ucuz ${word} satıyorum ${tag}`;

    // The author writes it on the post's page: told it waits, it shows in the list marked "Onay bekliyor".
    await author.page.goto(`/posts/${post.id}`);
    await author.page.getByLabel('Yorum yaz').fill(text);
    await author.page.getByTestId('comment-box').getByRole('button', { name: 'Gönder' }).click();
    const mine = author.page.getByTestId('comment-list').getByTestId('comment').filter({ hasText: text });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('pending-approval')).toHaveText('Onay bekliyor');
    await author.page.reload();
    await expect(mine.getByTestId('pending-approval')).toHaveText('Onay bekliyor');
    await author.page.screenshot({ path: `${SCREENS}held-comment-author-${width}.png` });

    // Another member reads the same page without it.
    await other.page.goto(`/posts/${post.id}`);
    await expect(other.page.getByRole('heading', { level: 2, name: /Yorum/ })).toBeVisible();
    await expect(other.page.getByText(text)).toHaveCount(0);

    // The moderator approves it in the queue: by keyboard at 1366 px, by the card's button at 390 px.
    const page = mod.page;
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'İnceleme Kuyruğu' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
    if (width === 390) {
      const card = page.getByTestId('queue-card').filter({ hasText: text });
      await expect(card).toContainText('Onay bekliyor');
      await card.getByRole('button', { name: 'Onayla' }).click();
      await expect(card).toHaveCount(0);
    } else {
      const row = page.getByTestId('queue-row').filter({ hasText: text });
      await expect(row).toContainText('Onay bekliyor');
      await goTo(page, text);
      await page.keyboard.press('a');
      await expect(row).toHaveCount(0);
    }

    // Now the other member sees it, unmarked; the author no longer sees the mark.
    await other.page.reload();
    const theirs = other.page.getByTestId('comment-list').getByTestId('comment').filter({ hasText: text });
    await expect(theirs).toHaveCount(1);
    await expect(theirs.getByTestId('pending-approval')).toHaveCount(0);
    await author.page.reload();
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('pending-approval')).toHaveCount(0);
    for (const ctx of [mod, admin, owner, author, other]) await ctx.context.close();
  });
}
