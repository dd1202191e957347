import { apiPath } from '#shared/contracts/api-route';
import { roomRoutes } from '#shared/contracts/rooms';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { signInByMagicLink, toast } from './support/people';

const DECK_NAME = 'Acme-Seed-Deck.pdf';

/**
 * Renaming from the files list (docs/product-rules.md#file-types): the founder renames the deck to a
 * title with no extension, and the investor's room shows the new title with its PDF type, on the
 * desktop and on a phone (the phone reaches Rename through the row's Actions).
 */
test('the founder renames a file from the files list; the investor sees the new title, still a PDF @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const isPhone = testInfo.project.name === 'phone';
  const { token, headers, documentId, investorEmail } = await roomWithDeck(request, baseURL, {
    companyName: `Acme Rename ${Date.now()}`,
    section: 'Pitch',
    deckName: DECK_NAME,
    pages: 1,
    investorName: 'Rita Reader',
  });
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/configure?tab=files');
  const row = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: DECK_NAME });
  if (isPhone) {
    // On a phone the row's actions are behind one button with words.
    await expect(row.getByRole('button', { name: `Rename ${DECK_NAME}` })).toBeHidden();
    await row.getByRole('button', { name: `Actions for ${DECK_NAME}` }).click();
  }
  await row.getByRole('button', { name: `Rename ${DECK_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename file' });
  await dialog.getByLabel('Title').fill('Seed deck');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'File renamed')).toBeVisible();
  await expect(dialog).toBeHidden();
  const renamed = page
    .getByRole('list', { name: 'Files' })
    .getByRole('listitem')
    .filter({ hasText: 'Seed deck' });
  await expect(renamed).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files' })).not.toContainText(DECK_NAME);

  // The investor, in a browser of their own at the same width, sees "Seed deck" as a PDF.
  const reader = await browser.newContext({ ...testInfo.project.use });
  const readerPage = await reader.newPage();
  const errors = watchConsole(readerPage);
  await signInByMagicLink(readerPage, investorEmail, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  const deck = readerPage.getByRole('link', { name: /Seed deck/ });
  await expect(deck).toBeVisible();
  await expect(deck).toContainText('PDF');
  await expect(deck).not.toContainText('FILE');
  await expect(readerPage.getByText(DECK_NAME)).toHaveCount(0);
  // The investor's viewer offers no Rename: only the room's founders may.
  await deck.click();
  await expect(readerPage.getByRole('heading', { name: 'Seed deck' })).toBeVisible();
  await expect(readerPage.getByRole('button', { name: 'Rename' })).toHaveCount(0);

  // The founder renames it again from the viewer; the heading and the investor's room follow.
  const { id: roomId } = (await (await request.get(apiPath(roomRoutes.mine), { headers })).json()) as {
    id: string;
  };
  await page.goto(`/data-room/${roomId}/documents/${documentId}`);
  await page.getByRole('button', { name: 'Rename' }).click();
  const again = page.getByRole('dialog', { name: 'Rename document' });
  await again.getByLabel('Title').fill('Seed deck, November');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Document renamed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seed deck, November' })).toBeVisible();
  await readerPage.goBack();
  await readerPage.reload();
  await expect(readerPage.getByRole('link', { name: /Seed deck, November/ })).toContainText('PDF');
  await reader.close();
  expect(errors, 'console errors in the investor’s browser').toEqual([]);
});
