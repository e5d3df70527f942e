import { expect, test } from '@playwright/test';
import { SCREENS, adminPage, api, memberPage, screenshots } from './fixtures';

/**
 * The search journey: a member searches from the header (suggestions as they type, the keyboard to pick one, Enter
 * for every result), and opens a result of each type from its tab on /search, each landing where the hit lives.
 */

// One word no demo content has, in every kind of thing, so each tab finds exactly what this journey wrote.
const WORD = `kestane${Date.now().toString(36)}`;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

test('searches from the header and opens a result of each type', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser);
  const author = await memberPage(browser, { username: `${WORD}usta`, displayName: `Ayşe ${WORD}` });
  const reader = await memberPage(browser);
  const r = author.page.request;
  const post = await api(r, 'post', '/api/posts', { content: `Pazarda ilk ${WORD} çıktı! #${WORD}` });
  const question = await api(r, 'post', '/api/questions', {
    title: `${WORD} nerede satılır?`,
    content: 'Eskişehir’de taze olanını arıyorum.',
    category: 'Yemek',
  });
  const answer = await api(reader.page.request, 'post', `/api/questions/${question.id}/answers`, { content: `Cuma pazarında ${WORD} tezgahı var.` });
  const group = await api(r, 'post', '/api/hobby-groups', { name: `${WORD} Severler`, description: `Kavrulmuş ${WORD} seven herkes buraya.` });
  const event = await api(r, 'post', '/api/events', {
    title: `${WORD} Festivali`,
    description: 'Porsuk kenarında kestane kebap.',
    date: inDays(5),
    location: 'Eskişehir',
  });
  const blog = await api(admin.page.request, 'post', '/api/blog/posts', {
    title: `${WORD} Kebap Tarifi`,
    content: `<p>Fırında ${WORD} kebap nasıl yapılır, adım adım.</p>`,
    tags: [WORD],
    published: true,
  });
  await admin.context.close();

  const page = reader.page;
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Ara' });
  await box.click();
  await box.pressSequentially(WORD.slice(0, 9), { delay: 20 });
  // Suggestions while typing (the last word as a prefix), in a listbox the arrows move through.
  const suggestions = page.getByRole('listbox', { name: 'Öneriler' });
  await expect(suggestions.getByTestId('search-suggestion').first()).toBeVisible();
  await box.pressSequentially(WORD.slice(9), { delay: 20 });
  await expect(suggestions.getByTestId('search-suggestion').first()).toBeVisible();
  await box.press('ArrowDown');
  await page.screenshot({ path: `${SCREENS}search-suggest-light.png` });
  const first = suggestions.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // Enter with nothing highlighted: every result, in the address.
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${WORD}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(WORD);
  await expect(page.getByTestId('search-hit').first()).toBeVisible();
  await expect(page.getByTestId('search-hit').first().locator('mark').first()).toContainText(new RegExp(WORD, 'i'));

  const cases: { tab: string; type: string; url: RegExp; then: () => Promise<void> }[] = [
    {
      tab: 'Gönderiler',
      type: 'posts',
      url: new RegExp(`/posts/${post.id}$`),
      then: () => expect(page.getByText(`Pazarda ilk ${WORD} çıktı!`, { exact: false }).first()).toBeVisible(),
    },
    {
      tab: 'Kişiler',
      type: 'people',
      url: new RegExp(`/user/${author.user.username ?? `${WORD}usta`}$`),
      then: () => expect(page.getByText(`Ayşe ${WORD}`).first()).toBeVisible(),
    },
    {
      tab: 'Sorular',
      type: 'questions',
      url: new RegExp(`/qa/question/${question.id}$`),
      then: () => expect(page.getByRole('heading', { name: `${WORD} nerede satılır?` })).toBeVisible(),
    },
    {
      tab: 'Cevaplar',
      type: 'answers',
      url: new RegExp(`/qa/question/${question.id}#answer-${answer.id}$`),
      then: async () => {
        await expect(page.locator(`#answer-${answer.id}`)).toBeInViewport();
        await expect(page.locator(`#answer-${answer.id}`)).toContainText(`Cuma pazarında ${WORD} tezgahı var.`);
      },
    },
    {
      tab: 'Blog',
      type: 'blog',
      url: new RegExp(`/blog/${blog.slug}$`),
      then: () => expect(page.getByRole('heading', { name: `${WORD} Kebap Tarifi` }).first()).toBeVisible(),
    },
    {
      tab: 'Gruplar',
      type: 'groups',
      url: new RegExp(`/(hobby-groups|groups)/${group.slug}$`),
      then: () => expect(page.getByText(`${WORD} Severler`).first()).toBeVisible(),
    },
    {
      tab: 'Etkinlikler',
      type: 'events',
      url: new RegExp(`/events/${event.id}$`),
      then: async () => {
        await expect(page.locator(`#event-${event.id}`)).toBeInViewport();
        await expect(page.locator(`#event-${event.id}`)).toContainText(`${WORD} Festivali`);
      },
    },
    {
      tab: 'Etiketler',
      type: 'hashtags',
      url: new RegExp(`(/discover\\?tag=|/hashtag/)${WORD}$`, 'i'),
      then: () => expect(page.getByText(`#${WORD} Gönderileri`, { exact: false })).toBeVisible(),
    },
  ];
  for (const c of cases) {
    await page.goto(`/search?q=${WORD}`);
    const tab = page.getByRole('tab', { name: new RegExp(`^${c.tab}`) });
    // Each tab says how many it found; this journey wrote one of each.
    await expect(tab).toContainText(/[1-9]/);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    if (c.type !== 'posts') await expect(page).toHaveURL(new RegExp(`type=${c.type}`));
    const hit = page.locator(`[data-testid="search-hit"][data-kind="${c.type}"]`).first();
    await expect(hit).toBeVisible();
    await hit.getByRole('link').first().click();
    await expect(page, c.tab).toHaveURL(c.url);
    await c.then();
  }

  // Turkish folding from the header: 'ESKİŞEHİR' finds the demo community's 'Eskişehir'; more pages by cursor.
  await page.goto('/');
  await box.fill('ESKİŞEHİR');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  const hits = page.getByTestId('search-hit');
  await expect(hits.first()).toBeVisible();
  await expect(hits.first().locator('mark').first()).toHaveText(/eskişehir/i);
  const more = page.getByTestId('search-more');
  if (await more.isVisible()) {
    const before = await hits.count();
    await more.click();
    await expect.poll(() => hits.count()).toBeGreaterThan(before);
  }
  await page.screenshot({ path: `${SCREENS}search-common-light.png`, fullPage: true });

  // A search with nothing to find says so; the results page in both themes for the palette.
  await page.goto(`/search?q=${WORD}yok`);
  await expect(page.getByText('Sonuç bulunamadı')).toBeVisible();
  await page.goto(`/search?q=${WORD}`);
  await expect(page.getByTestId('search-hit').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshots(page, 'search');
  await author.context.close();
  await reader.context.close();
});

test('on a phone, the header search button opens the results page', async ({ browser }) => {
  const { context, page } = await memberPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto('/');
  await page.getByTestId('search-link').click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText('Aramak için bir şeyler yazın')).toBeVisible();
  const input = page.getByRole('searchbox', { name: 'Ara' }).or(page.getByRole('textbox', { name: 'Ara' }));
  await input.fill('eskişehir');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByTestId('search-hit').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SCREENS}search-phone-light.png` });
  await context.close();
});
