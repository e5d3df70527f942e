import { expect, test } from '@playwright/test';
import { adminPage, api, expectToast, memberPage, SCREENS, uniqueName } from './fixtures';

test("a group moderator appointed by the founder hides a group post in the UI and nothing outside the group; the author appeals and a site moderator's decision brings it back", async ({
  browser,
}) => {
  // Six people, three groups and two pages of the admin workspace: longer than one page's journey.
  test.setTimeout(180_000);
  const tag = uniqueName('grupmod');
  const founder = await memberPage(browser, { username: `${tag}_kurucu` });
  const groupModerator = await memberPage(browser, { username: `${tag}_mod` });
  const author = await memberPage(browser, { username: `${tag}_yazar` });
  const group = await api(founder.page.request, 'post', '/api/hobby-groups', { name: `Bisiklet ${tag}`, description: 'Hafta sonu bisiklet turları.' });
  for (const m of [groupModerator, author]) await api(m.page.request, 'post', `/api/hobby-groups/${group.slug}/join`);
  // The founder appoints a member as the group's moderator.
  const appointed = await founder.page.request.put(`/api/hobby-groups/${group.slug}/members/${groupModerator.user.id}/role`, { data: { role: 'moderator' } });
  expect(appointed.status()).toBe(200);
  await api(author.page.request, 'post', `/api/hobby-groups/${group.slug}/posts`, { content: `Satılık bisiklet, ucuza ${tag}` });

  // Another group, where the group moderator is a plain member.
  const owner = await memberPage(browser, { username: `${tag}_sahip` });
  const other = await api(owner.page.request, 'post', '/api/hobby-groups', { name: `Kitap ${tag}`, description: 'Ayın kitabını okuyoruz.' });
  await api(groupModerator.page.request, 'post', `/api/hobby-groups/${other.slug}/join`);
  const otherPost = await api(owner.page.request, 'post', `/api/hobby-groups/${other.slug}/posts`, { content: `Bu ayın kitabı ${tag}` });
  const feedPost = await api(owner.page.request, 'post', '/api/posts', { content: `Akıştaki gönderi ${tag}` });

  // The group moderator hides the post from the group page.
  const mod = groupModerator.page;
  await mod.goto(`/groups/${group.slug}`);
  const card = mod.getByTestId('group-post').filter({ hasText: `Satılık bisiklet, ucuza ${tag}` });
  // The group page's chunk can take a while on a busy machine.
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Gönderiyi gizle' }).click();
  const dialog = mod.getByRole('dialog');
  await dialog.getByLabel('Gizleme gerekçesi').fill('Grupta ticari ilan yasak');
  await mod.screenshot({ path: `${SCREENS}group-moderation-hide.png` });
  await dialog.getByRole('button', { name: 'Gönderiyi gizle' }).click();
  await expectToast(mod, 'Gönderi gizlendi');
  await author.page.goto(`/groups/${group.slug}`);
  await expect(author.page.getByRole('heading', { name: `Bisiklet ${tag}` })).toBeVisible({ timeout: 30_000 });
  await expect(author.page.getByText(`Satılık bisiklet, ucuza ${tag}`)).toHaveCount(0);

  // The group moderator still sees it in the group page, marked hidden, with a restore (kept for the appeal below).
  await mod.reload();
  const hiddenCard = mod.getByTestId('group-post').filter({ hasText: `Satılık bisiklet, ucuza ${tag}` });
  await expect(hiddenCard.getByTestId('hidden-mark')).toHaveText('Gizlendi', { timeout: 30_000 });
  await expect(hiddenCard.getByRole('button', { name: 'Geri getir' })).toBeVisible();
  await expect(hiddenCard.getByRole('button', { name: 'Gönderiyi gizle' })).toHaveCount(0);
  await mod.screenshot({ path: `${SCREENS}group-moderation-hidden-mark.png` });

  // A group event: hidden by the group moderator, gone for members, marked for them; restored, back for all.
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString();
  await api(author.page.request, 'post', `/api/hobby-groups/${group.slug}/events`, { title: `Bisiklet pazarı ${tag}`, date, location: 'Moda sahili' });
  await mod.reload();
  const event = mod.getByTestId('group-event').filter({ hasText: `Bisiklet pazarı ${tag}` });
  await event.getByRole('button', { name: 'Etkinliği gizle' }).click({ timeout: 30_000 });
  const hideEvent = mod.getByRole('dialog');
  await hideEvent.getByLabel('Gizleme gerekçesi').fill('Satış etkinliği grupta yasak');
  await hideEvent.getByRole('button', { name: 'Etkinliği gizle' }).click();
  await expectToast(mod, 'Etkinlik gizlendi');
  await expect(event.getByTestId('hidden-mark')).toBeVisible();
  await author.page.reload();
  await expect(author.page.getByRole('heading', { name: `Bisiklet ${tag}` })).toBeVisible({ timeout: 30_000 });
  await expect(author.page.getByText(`Bisiklet pazarı ${tag}`)).toHaveCount(0);
  await event.getByRole('button', { name: 'Geri getir' }).click();
  const restoreEvent = mod.getByRole('dialog');
  await restoreEvent.getByLabel('Geri getirme gerekçesi').fill('Ücretsiz takas etkinliği');
  await restoreEvent.getByRole('button', { name: 'Geri getir' }).click();
  await expectToast(mod, 'Etkinlik geri getirildi');
  await expect(event.getByTestId('hidden-mark')).toHaveCount(0);
  await author.page.reload();
  await expect(author.page.getByText(`Bisiklet pazarı ${tag}`)).toBeVisible({ timeout: 30_000 });

  // Outside their group nothing is offered, and the API refuses.
  await mod.goto(`/groups/${other.slug}`);
  const elsewhere = mod.getByTestId('group-post').filter({ hasText: `Bu ayın kitabı ${tag}` });
  // Once the post's member actions are drawn (its report button), there is no hide among them.
  await expect(elsewhere.getByRole('button', { name: 'Şikayet Et' })).toBeVisible({ timeout: 30_000 });
  await expect(elsewhere.getByRole('button', { name: 'Gönderiyi gizle' })).toHaveCount(0);
  expect((await mod.request.post(`/api/hobby-groups/posts/${otherPost.id}/hide`, { data: { reason: 'deneme' } })).status()).toBe(403);
  expect((await mod.request.post(`/api/admin/moderation/post/${feedPost.id}/hide`, { data: { reason: 'deneme' } })).status()).toBe(403);
  expect((await mod.request.get('/api/admin/reports')).status()).toBe(403);

  // The author appeals from the notice that told them.
  await author.page.goto('/notifications');
  const notice = author.page.locator('.ant-list-item').filter({ hasText: 'Grup gönderiniz yönetim tarafından gizlendi' });
  await notice.getByRole('button', { name: 'İtiraz et' }).click({ timeout: 30_000 });
  const appeal = author.page.getByRole('dialog', { name: 'İtiraz et' });
  await appeal.getByLabel('İtiraz notunuz').fill('Satış değil, kulüp üyelerine bağış.');
  await appeal.getByRole('button', { name: 'Gönder' }).click();
  await expect(notice.getByText('İtirazınız alındı')).toBeVisible();
  await expect(notice.getByRole('button', { name: 'İtiraz et' })).toHaveCount(0);
  await author.page.screenshot({ path: `${SCREENS}appeal-sent.png` });

  // A site moderator (here the admin) upholds it in the Şikayetler tab.
  const admin = await adminPage(browser);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Şikayetler' }).click();
  const entry = admin.page.getByTestId('appeals').locator('.ant-list-item').filter({ hasText: 'Satış değil, kulüp üyelerine bağış.' });
  await expect(entry).toContainText('İtiraz', { timeout: 30_000 });
  await admin.page.screenshot({ path: `${SCREENS}appeal-queue.png` });
  await entry.getByRole('button', { name: 'Kabul et' }).click();
  const decide = admin.page.getByRole('dialog', { name: 'İtirazı kabul et' });
  await decide.getByLabel('Not (üyeye bildirilir)').fill('Haklısınız, geri alındı.');
  await decide.getByRole('button', { name: 'Kabul et' }).click();
  await expect(admin.page.getByText('İtiraz kabul edildi')).toBeVisible();

  // The member sees it back in the group and the outcome in their notifications.
  await author.page.goto(`/groups/${group.slug}`);
  await expect(author.page.getByText(`Satılık bisiklet, ucuza ${tag}`)).toBeVisible({ timeout: 30_000 });
  await author.page.goto('/notifications');
  await expect(author.page.getByText('İtirazınız kabul edildi').first()).toBeVisible();

  for (const c of [founder, groupModerator, author, owner, admin]) await c.context.close();
});
