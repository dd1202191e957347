import { devices } from '@playwright/test';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { signInByMagicLink, toast } from './support/people';

/**
 * Arranging the room without markdown (ADR 59): in /configure's structured editor the founder adds a
 * section, renames the uploaded deck (investors read "Acme-Seed-Deck.pdf" until then) and moves it
 * into the new section, each change saved at once; the investor sees the new title in that section. Run at 1280 and
 * at 390 px: on the phone the founder uses the same buttons a keyboard does.
 */
test('the founder renames a document and moves it to another section; an investor sees it there @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const { token, investorEmail } = await roomWithDeck(request, baseURL, {
    companyName: `Arranged Co ${Date.now()}`,
    section: 'Finance',
    deckName: 'Acme-Seed-Deck.pdf',
    pages: 1,
    investorName: 'Ari Reader',
  });
  const errors = watchConsole(page);
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/configure?tab=sections');

  const sections = page.getByRole('list', { name: 'Sections' });
  // The first load of the console's code and sections can be slow on a busy machine.
  await expect(sections.getByRole('heading', { name: 'Finance' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Documents in Finance' })).toContainText('Acme-Seed-Deck.pdf');

  // A new section, added at the end.
  await page.getByLabel('New section').fill('Pitch');
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(sections.getByRole('heading', { name: 'Pitch' })).toBeVisible();

  // The deck renamed (saved on the server at once) and moved into it.
  await page.getByRole('button', { name: 'Rename Acme-Seed-Deck.pdf' }).click();
  await page.getByLabel('Document title').fill('Seed deck, November');
  await page.getByRole('button', { name: 'Save name' }).click();
  const financeDocuments = page.getByRole('list', { name: 'Documents in Finance' });
  await expect(financeDocuments).toContainText('Seed deck, November');
  await page.getByRole('button', { name: 'Move Seed deck, November to another section' }).click();
  await page.getByRole('button', { name: 'Move Seed deck, November to Pitch' }).click();
  await expect(page.getByRole('list', { name: 'Documents in Pitch' })).toContainText('Seed deck, November');
  await expect(financeDocuments).toHaveCount(0);
  // Saved at once (ADR 78): no Save to press.
  await expect(toast(page, 'Sections updated successfully')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  // Nothing wider than the screen.
  const width = page.viewportSize()?.width ?? 1280;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // The markdown editor, one click away, holds the same text.
  await page.getByRole('button', { name: 'Edit as markdown' }).click();
  await expect(page.getByLabel('Sections markdown')).toHaveValue(
    /## Finance\nThe finance papers\.\n\n## Pitch \{icon=folder\}\n- \[Seed deck, November\]\(\/api\/documents\/[0-9a-f-]+\/download\)\n/,
  );
  expect(errors, 'console errors in the founder’s browser').toEqual([]);

  // The investor sees the new title, in the new section.
  const reader = await browser.newContext(
    phone
      ? { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }
      : { viewport: { width: 1280, height: 800 } },
  );
  const readerPage = await reader.newPage();
  await signInByMagicLink(readerPage, investorEmail, baseURL);
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  // A room of few sections lists its documents at once, each a link (docs/decisions/0055-invitation-as-credential.md).
  await expect(
    readerPage
      .getByRole('list', { name: 'Documents in Pitch' })
      .getByRole('link', { name: /Seed deck, November/ }),
  ).toBeVisible();
  await expect(readerPage.getByText('Acme-Seed-Deck.pdf')).toHaveCount(0);
  await reader.close();
});
