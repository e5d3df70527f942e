import { expect, test } from '@playwright/test';
import { api, memberPage, SCREENS, uniqueName } from './fixtures';

test('a member blocks another from the profile: their post leaves the feed, the profile closes, and settings unblock it', async ({ browser }) => {
  const me = await memberPage(browser, { displayName: 'Engelleyen Komşu' });
  const other = await memberPage(browser, { displayName: 'Engellenen Komşu' });
  const text = `Engellenecek gönderi ${uniqueName('b')}`;
  await api(other.page.request, 'post', '/api/posts', { content: text });
  const { page } = me;

  await page.goto('/');
  await expect(page.getByTestId('post-card').filter({ hasText: text })).toBeVisible();

  await page.goto(`/user/${other.user.username}`);
  await expect(page.getByTestId('post-card').filter({ hasText: text })).toBeVisible();
  await page.getByRole('button', { name: 'Üye menüsü' }).click();
  await page.getByRole('menuitem', { name: 'Engelle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Engellenen Komşu engellensin mi?' });
  await expect(dialog.getByText('Engellediğiniz üye sizi takip edemez', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}block-dialog.png` });
  await dialog.getByRole('button', { name: 'Engelle' }).click();
  await expect(page.getByText('Engellenen Komşu engellendi')).toBeVisible();

  // The profile is closed: a notice, no posts, no follow or message buttons.
  await expect(page.getByTestId('profile-blocked')).toContainText('Bu üyeyi engellediniz.');
  await expect(page.getByTestId('post-card').filter({ hasText: text })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mesaj Gönder' })).toHaveCount(0);
  await expect(page.getByText('Gizli hesap', { exact: false })).toBeVisible();

  await page.goto('/');
  await expect(page.getByTestId('composer')).toBeVisible();
  await expect(page.getByTestId('post-card').filter({ hasText: text })).toHaveCount(0);

  // Settings list the block; unblocking there brings the post back.
  await page.goto('/profile?tab=blocks');
  const blocked = page.getByTestId('blocked-list');
  await expect(blocked.getByText('Engellenen Komşu')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}block-settings.png`, fullPage: true });
  await blocked.getByRole('button', { name: 'Engellenen Komşu: Engeli kaldır' }).click();
  await expect(page.getByText('Engellenen Komşu için engel kaldırıldı')).toBeVisible();
  await expect(blocked.getByText('Engellediğiniz bir üye yok.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('post-card').filter({ hasText: text })).toBeVisible();

  await me.context.close();
  await other.context.close();
});

test('a member mutes another from a post’s menu and mutes a word in settings: those posts leave the feed', async ({ browser }) => {
  const me = await memberPage(browser, { displayName: 'Sessize Alan' });
  const loud = await memberPage(browser, { displayName: 'Gürültülü Komşu' });
  const cook = await memberPage(browser, { displayName: 'Aşçı Komşu' });
  const tag = uniqueName('m');
  const loudText = `Çok konuşan gönderi ${tag}`;
  const wordText = `Bugün KEREVİZ yemeği ${tag}`;
  const plainText = `Bugün pilav ${tag}`;
  await api(loud.page.request, 'post', '/api/posts', { content: loudText });
  await api(cook.page.request, 'post', '/api/posts', { content: wordText });
  await api(cook.page.request, 'post', '/api/posts', { content: plainText });
  const { page } = me;

  await page.goto('/');
  const card = (t: string) => page.getByTestId('post-card').filter({ hasText: t });
  await expect(card(loudText)).toBeVisible();
  await expect(card(wordText)).toBeVisible();

  await card(loudText).getByRole('button', { name: 'Gönderi menüsü' }).click();
  await page.getByRole('menuitem', { name: 'Sessize al' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gürültülü Komşu sessize alınsın mı?' });
  // A click while the dialog is still opening (its zoom moves the label) can miss: click until it holds.
  await expect(async () => {
    await dialog.getByText('7 gün', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: '7 gün' })).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.screenshot({ path: `${SCREENS}mute-dialog.png` });
  await dialog.getByRole('button', { name: 'Sessize al' }).click();
  await expect(page.getByText('Gürültülü Komşu sessize alındı')).toBeVisible();
  await expect(card(loudText)).toHaveCount(0);
  await expect(card(wordText)).toBeVisible();

  // A word, folded the Turkish way: 'kereviz' hides 'KEREVİZ'.
  await page.goto('/profile?tab=blocks');
  await expect(page.getByTestId('muted-list').getByText('Gürültülü Komşu')).toBeVisible();
  await page.getByRole('textbox', { name: 'Etiket ya da kelime' }).fill('kereviz');
  await page.getByRole('button', { name: 'Ekle' }).click();
  await expect(page.getByTestId('muted-terms').getByText('kereviz')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}mute-settings.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}mute-settings-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.goto('/');
  await expect(card(plainText)).toBeVisible();
  await expect(card(wordText)).toHaveCount(0);
  await expect(card(loudText)).toHaveCount(0);

  // Unmute from settings: the member's post is back.
  await page.goto('/profile?tab=blocks');
  await page.getByRole('button', { name: 'Gürültülü Komşu: Sesi aç' }).click();
  await expect(page.getByTestId('muted-list').getByText('Sessize aldığınız bir üye yok.')).toBeVisible();
  await page.goto('/');
  await expect(card(loudText)).toBeVisible();

  for (const m of [me, loud, cook]) await m.context.close();
});

test('a member blocks from a group comment’s menu and from an answer’s menu: both stay, collapsed as ‘Engellediğin bir üye’ with a show link', async ({
  browser,
}) => {
  const me = await memberPage(browser, { displayName: 'Grup Kurucusu' });
  const commenter = await memberPage(browser, { displayName: 'Yorumcu Komşu' });
  const answerer = await memberPage(browser, { displayName: 'Cevapçı Komşu' });
  const tag = uniqueName('g');
  const group = await api(me.page.request, 'post', '/api/hobby-groups', { name: `Bisiklet ${tag}`, description: 'Hafta sonu sürüşleri.' });
  const groupPost = await api(me.page.request, 'post', `/api/hobby-groups/${group.slug}/posts`, { content: `Pazar sürüşü ${tag}` });
  await api(commenter.page.request, 'post', `/api/hobby-groups/${group.slug}/join`);
  const commentText = `Ben de gelirim ${tag}`;
  await api(commenter.page.request, 'post', `/api/hobby-groups/posts/${groupPost.id}/comments`, { content: commentText });
  const question = await api(me.page.request, 'post', '/api/questions', {
    title: `Lastik nerede tamir edilir ${tag}?`,
    content: 'Yakında bir yer var mı?',
    category: 'Genel',
  });
  const answerText = `Çarşıda bir usta var ${tag}`;
  await api(answerer.page.request, 'post', `/api/questions/${question.id}/answers`, { content: answerText });
  const { page } = me;

  // A group comment: its '⋯' menu offers report, mute and block; blocking collapses it in place.
  await page.goto(`/groups/${group.slug}`);
  const post = page.getByTestId('group-post').filter({ hasText: `Pazar sürüşü ${tag}` });
  await post.getByRole('button', { name: 'Yorumlar' }).click();
  const comment = post.getByTestId('group-comment');
  await expect(comment).toContainText(commentText);
  // One's own group post has no member menu.
  await expect(post.getByRole('button', { name: 'Gönderi menüsü' })).toHaveCount(0);
  await comment.getByRole('button', { name: 'Yorum menüsü' }).click();
  await expect(page.getByRole('menuitem', { name: 'Şikayet Et' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sessize al' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}group-comment-menu.png` });
  await page.getByRole('menuitem', { name: 'Engelle' }).click();
  await page.getByRole('dialog', { name: 'Yorumcu Komşu engellensin mi?' }).getByRole('button', { name: 'Engelle' }).click();
  await expect(page.getByText('Yorumcu Komşu engellendi')).toBeVisible();
  const collapsed = comment.getByTestId('blocked-collapse');
  await expect(collapsed).toContainText('Engellediğin bir üye');
  await expect(comment).not.toContainText(commentText);
  await collapsed.getByRole('button', { name: 'Göster' }).click();
  await expect(comment).toContainText(commentText);
  await page.screenshot({ path: `${SCREENS}group-comment-blocked.png` });

  // An answer: the same from its menu; the question page keeps it, collapsed.
  await page.goto(`/qa/question/${question.id}`);
  const answer = page.getByTestId('answer').filter({ hasText: 'Cevapçı Komşu' });
  await expect(answer).toContainText(answerText);
  // One's own question has no member menu.
  await expect(page.getByRole('button', { name: 'Soru menüsü' })).toHaveCount(0);
  await answer.getByRole('button', { name: 'Cevap menüsü' }).click();
  await page.getByRole('menuitem', { name: 'Engelle' }).click();
  await page.getByRole('dialog', { name: 'Cevapçı Komşu engellensin mi?' }).getByRole('button', { name: 'Engelle' }).click();
  await expect(page.getByText('Cevapçı Komşu engellendi')).toBeVisible();
  await expect(answer.getByTestId('blocked-collapse')).toContainText('Engellediğin bir üye');
  await expect(answer).not.toContainText(answerText);
  await page.screenshot({ path: `${SCREENS}answer-blocked.png` });
  await answer.getByRole('button', { name: 'Göster' }).click();
  await expect(answer).toContainText(answerText);
  // The menu now offers to undo it.
  await answer.getByRole('button', { name: 'Cevap menüsü' }).click();
  await expect(page.getByRole('menuitem', { name: 'Engeli kaldır' })).toBeVisible();

  for (const m of [me, commenter, answerer]) await m.context.close();
});
