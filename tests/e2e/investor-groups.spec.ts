import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { addGroup, moveInvestor, showSectionOnlyTo } from './support/founder-console';
import { waitForMail } from './support/mailbox';
import { signInByMagicLink, uniqueEmail } from './support/people';
import { roomWithSections } from './support/sections-room';

/**
 * Investor groups (docs/decisions/0068-investor-groups.md): the founder makes a "Diligence" group in
 * Investors and shows "Financials" to it only under the section in Room, Sections; an investor in "All
 * investors" reads the deck but gets no "Financials"; moved to "Diligence", they read it on the next load.
 */
test('a section shown to "Diligence" only is read once the investor is moved there', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token, headers } = await roomWithSections(request, baseURL, {
    companyName: `Tiered Robotics ${Date.now()}`,
    files: [
      { section: 'Pitch', name: 'Pitch deck.pdf', pdf: deckPdf(1) },
      { section: 'Financials', name: 'Financial model.pdf', pdf: deckPdf(1) },
    ],
  });
  const investorEmail = uniqueEmail('reader');
  expect((await request.post('/api/invites', { headers, data: { email: investorEmail } })).status()).toBe(
    201,
  );
  await waitForMail(investorEmail, 'invited you');

  // The founder makes "Diligence" in Investors.
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await addGroup(page, 'Diligence');

  // ...and shows "Financials" to it only, under the section in Room, Sections.
  await showSectionOnlyTo(page, 'Financials', 'Diligence');

  // The investor reads the deck, and the room has no "Financials".
  const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  const errors = watchConsole(readerPage);
  await signInByMagicLink(readerPage, investorEmail, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  await expect(readerPage.getByText('Pitch', { exact: true }).first()).toBeVisible();
  await expect(readerPage.getByRole('link', { name: /Pitch deck\.pdf/ }).first()).toBeVisible();
  await expect(readerPage.getByText('Financials')).toHaveCount(0);
  await expect(readerPage.getByText('Financial model.pdf')).toHaveCount(0);

  // The founder moves them to "Diligence"; on the next load they read "Financials".
  await moveInvestor(page, investorEmail, 'All investors', 'Diligence');
  await readerPage.reload();
  await expect(readerPage.getByText('Financials', { exact: true }).first()).toBeVisible();
  await readerPage
    .getByRole('link', { name: /Financial model\.pdf/ })
    .first()
    .click();
  await expect(readerPage.getByRole('heading', { level: 1, name: 'Financial model.pdf' })).toBeVisible();
  expect(errors).toEqual([]);
  await reader.close();
});
