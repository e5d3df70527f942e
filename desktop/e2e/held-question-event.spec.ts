import { expect, test } from '@playwright/test';
import { TEXTS } from '@mahalle/shared';
import { adminPage, api, memberPage, SCREENS, uniqueName } from './fixtures';

const QUESTION_NOT_FOUND = TEXTS.community.questionNotFound;

/** A word only this journey writes, held for approval. */
const WORD = 'pırasaköftesi';

test('a question and an event a watched word holds are marked for their author and not there for others; a member reports a shown question and event; the admin tables mark held and hidden ones', async ({
  browser,
}) => {
  // Seven pages in three sessions.
  test.setTimeout(180_000);
  const admin = await adminPage(browser);
  const words: { word: string }[] = await api(admin.page.request, 'get', '/api/admin/watched-words');
  if (!words.some((w) => w.word === WORD)) await api(admin.page.request, 'post', '/api/admin/watched-words', { word: WORD, action: 'require_approval' });

  const tag = uniqueName('bekle');
  const author = await memberPage(browser, { username: `${tag}_yazar` });
  const other = await memberPage(browser, { username: `${tag}_okur` });
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const heldQuestion = await api(author.page.request, 'post', '/api/questions', { title: `Soru ${tag}`, content: `Ucuz ${WORD} satılır` });
  const heldEvent = await api(author.page.request, 'post', '/api/events', { title: `Buluşma ${tag}`, description: `${WORD} günü`, date });
  expect([heldQuestion.pendingApproval, heldEvent.pendingApproval]).toEqual([true, true]);

  // The author sees each on its page and in the list, marked 'Onay bekliyor'.
  await author.page.goto(`/qa/question/${heldQuestion.id}`);
  await expect(author.page.getByRole('heading', { name: `Soru ${tag}` })).toBeVisible();
  await expect(author.page.getByTestId('pending-approval')).toHaveText('Onay bekliyor');
  await author.page.goto(`/events/${heldEvent.id}`);
  await expect(author.page.getByRole('heading', { name: `Buluşma ${tag}` })).toBeVisible();
  await expect(author.page.getByTestId('pending-approval')).toHaveText('Onay bekliyor');
  await author.page.screenshot({ path: `${SCREENS}held-event-author.png` });
  await author.page.goto('/qa');
  await expect(author.page.getByRole('link', { name: `Soru ${tag}`, exact: true })).toBeVisible();

  // A shown question and event are reported from their pages.
  const shownQuestion = await api(author.page.request, 'post', '/api/questions', { title: `Açık soru ${tag}`, content: 'Pazar kaçta kurulur?' });
  const shownEvent = await api(author.page.request, 'post', '/api/events', { title: `Açık buluşma ${tag}`, description: 'Parkta', date });

  // Another member finds the shown ones, not the held ones.
  await other.page.goto('/qa');
  // The first visit loads the list's code and data: a busy machine may take longer than the default wait.
  await expect(other.page.getByRole('link', { name: `Açık soru ${tag}`, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(other.page.getByRole('link', { name: `Soru ${tag}`, exact: true })).toHaveCount(0);
  await other.page.goto(`/qa/question/${heldQuestion.id}`);
  await expect(other.page.getByText(QUESTION_NOT_FOUND)).toBeVisible();
  await other.page.goto('/events');
  await expect(other.page.getByRole('link', { name: `Açık buluşma ${tag}`, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(other.page.getByRole('link', { name: `Buluşma ${tag}`, exact: true })).toHaveCount(0);

  await other.page.goto(`/qa/question/${shownQuestion.id}`);
  await expect(other.page.getByRole('heading', { name: `Açık soru ${tag}` })).toBeVisible();
  await other.page.getByRole('button', { name: 'Şikayet Et' }).first().click();
  const dialog = other.page.getByRole('dialog', { name: 'Şikayet Et' });
  await dialog.getByLabel('Şikayet nedeni').fill('Yanıltıcı bilgi');
  await dialog.getByRole('button', { name: 'Gönder' }).click();
  await expect(other.page.getByText('Şikayetiniz alındı')).toBeVisible();

  await other.page.goto(`/events/${shownEvent.id}`);
  await expect(other.page.getByRole('heading', { name: `Açık buluşma ${tag}` })).toBeVisible();
  await other.page.getByRole('button', { name: 'Şikayet Et' }).click();
  const eventDialog = other.page.getByRole('dialog', { name: 'Şikayet Et' });
  await eventDialog.getByLabel('Şikayet nedeni').fill('Sahte etkinlik');
  await eventDialog.getByRole('button', { name: 'Gönder' }).click();
  await expect(other.page.getByText('Şikayetiniz alındı').first()).toBeVisible();

  const reports = await api(admin.page.request, 'get', '/api/admin/reports?limit=100');
  const mine = reports.items.filter(
    (r: { targetType: string; targetId: number }) =>
      (r.targetType === 'question' && r.targetId === shownQuestion.id) || (r.targetType === 'event' && r.targetId === shownEvent.id),
  );
  expect(mine).toHaveLength(2);
  // The admin's tables mark the held question and event, and the shown ones once hidden, on a laptop and on a phone.
  await api(admin.page.request, 'post', `/api/admin/moderation/question/${shownQuestion.id}/hide`, { reason: 'Yanıltıcı bilgi' });
  await api(admin.page.request, 'post', `/api/admin/moderation/event/${shownEvent.id}/hide`, { reason: 'Sahte etkinlik' });
  await admin.page.goto('/admin');
  const tables = [
    { tab: 'Soru & Cevap', id: 'table-questions', search: 'Sorularda ara', held: `Soru ${tag}`, hidden: `Açık soru ${tag}` },
    { tab: 'Etkinlikler', id: 'table-events-event', search: 'Etkinlik ara', held: `Buluşma ${tag}`, hidden: `Açık buluşma ${tag}` },
  ];
  for (const width of [1366, 390]) {
    await admin.page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    for (const t of tables) {
      await admin.page.getByRole('tab', { name: t.tab }).click();
      const table = admin.page.getByTestId(t.id);
      await table.getByRole('searchbox', { name: t.search }).fill(tag);
      await table.getByRole('searchbox', { name: t.search }).press('Enter');
      const rows = width > 800 ? table.locator('.ant-table-row') : table.getByTestId('row-card');
      const row = (title: string) => rows.filter({ has: admin.page.getByText(title, { exact: true }) });
      await expect(rows).toHaveCount(2);
      await expect(row(t.held).getByTestId('pending-approval')).toHaveText('Onay bekliyor');
      await expect(row(t.held).getByTestId('hidden-mark')).toHaveCount(0);
      await expect(row(t.hidden).getByTestId('hidden-mark')).toHaveText('Gizlendi');
      await admin.page.screenshot({ path: `${SCREENS}admin-held-${t.id}-${width}.png` });
    }
  }

  // The journeys share one server: this author's open reports are closed so the next journeys' queues start as before.
  const open = await api(admin.page.request, 'get', '/api/admin/reports?limit=100');
  const ids = open.items.filter((r: { subject: { id: number } | null }) => r.subject?.id === author.user.id).map((r: { id: number }) => r.id);
  await api(admin.page.request, 'post', '/api/admin/reports/bulk', { ids, outcome: 'dismissed', note: 'Yolculuk bitti' });
  const left = await api(admin.page.request, 'get', '/api/admin/reports?limit=100');
  expect(left.items.filter((r: { subject: { id: number } | null }) => r.subject?.id === author.user.id)).toEqual([]);
});
