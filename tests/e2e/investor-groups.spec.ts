import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { waitForMail } from './support/mailbox';
import { signInByMagicLink, toast, uniqueEmail } from './support/people';

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
  const companyName = `Tiered Robotics ${Date.now()}`;
  const created = await request.post('/api/complete-account-setup', {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, origin: baseURL ?? '' };
  const saved = await request.post('/api/sections/update', {
    headers,
    data: {
      content: `# Company Information\nname: ${companyName}\n\n## Pitch\nThe deck.\n\n## Financials\nThe model.\n`,
    },
  });
  expect(saved.status()).toBe(200);
  for (const [section, name] of [
    ['Pitch', 'Pitch deck.pdf'],
    ['Financials', 'Financial model.pdf'],
  ] as const) {
    const uploaded = await request.post('/api/upload', {
      headers,
      multipart: { section, file: { name, mimeType: 'application/pdf', buffer: deckPdf(1) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const investorEmail = uniqueEmail('reader');
  expect((await request.post('/api/invites', { headers, data: { email: investorEmail } })).status()).toBe(
    201,
  );
  await waitForMail(investorEmail, 'invited you');

  // The founder makes "Diligence" in Investors.
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/admin/investors');
  await page.getByLabel('New group').fill('Diligence');
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(toast(page, 'Group “Diligence” added')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Diligence' })).toContainText('0 investors');

  // ...and shows "Financials" to it only, under the section in Room, Sections.
  await page.goto('/setup-data-room');
  await page.getByRole('tab', { name: 'Sections' }).click();
  const financials = page.getByRole('listitem', { name: 'Financials' });
  await financials.getByText('Visible to:').click();
  // Each tick is saved at once; the box shows the saved choice.
  await financials.getByRole('checkbox', { name: 'All groups, and groups added later' }).click();
  await expect(financials.getByText('Visible to:')).toContainText('All investors, Diligence');
  await financials.getByRole('checkbox', { name: 'All investors' }).click();
  await expect(financials.getByText('Visible to:')).toContainText('Diligence');
  await expect(financials.getByText('Visible to:')).not.toContainText('All investors');

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
  await page.goto('/admin/investors');
  await page.getByRole('combobox', { name: 'Group' }).selectOption({ label: 'Diligence' });
  await expect(page.getByRole('region', { name: 'Diligence' })).toContainText(investorEmail);
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
