import { devices } from '@playwright/test';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { waitForMail } from './support/mailbox';
import { signInByMagicLink, uniqueEmail } from './support/people';

// Share links that verify the reader (docs/decisions/0071-share-links.md): the founder makes a link of a
// group in the console; a reader on a phone opens it, proves an address by the code in the mail, and
// reads what that group may read, a section hidden from the group absent.

test('a founder makes a share link; a reader on a phone proves an address by the code and reads what the group may read, not the hidden section @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the reader reads at 390 px');
  test.setTimeout(120_000);
  const companyName = `Share Harbor ${Date.now()}`;
  const founderEmail = uniqueEmail('founder');
  const created = await request.post('/api/complete-account-setup', {
    data: { name: 'Fran Founder', email: founderEmail, companyName },
  });
  expect(created.status()).toBe(201);
  const headers = {
    authorization: `Bearer ${((await created.json()) as { token: string }).token}`,
    origin: baseURL ?? '',
  };
  const saved = await request.post('/api/sections/update', {
    headers,
    data: {
      content: `# Company Information\nname: ${companyName}\n\n## Pitch\nThe deck.\n\n## Financials\nThe model.\n`,
    },
  });
  expect(saved.status()).toBe(200);
  for (const [section, name] of [
    ['Pitch', 'Seed deck.pdf'],
    ['Financials', 'Operating model.pdf'],
  ] as const) {
    const uploaded = await request.post('/api/upload', {
      headers,
      multipart: { section, file: { name, mimeType: 'application/pdf', buffer: deckPdf(2) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const diligence = await request.post('/api/my-data-room/groups', { headers, data: { name: 'Diligence' } });
  expect(diligence.status()).toBe(201);
  const hidden = await request.post('/api/my-data-room/section-visibility', {
    headers,
    data: { section: 'Financials', visibleTo: [((await diligence.json()) as { id: string }).id] },
  });
  expect(hidden.status()).toBe(200);

  // The founder, at a desk: Investors, Share links, a link of "All investors".
  const desk = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
  });
  const founderPage = await desk.newPage();
  const founderErrors = watchConsole(founderPage);
  await signInByMagicLink(founderPage, founderEmail, baseURL);
  await expect(founderPage).not.toHaveURL(/\/verify/, { timeout: 10_000 });
  await founderPage.goto('/admin/investors');
  const panel = founderPage.locator('#share-links');
  await panel.getByLabel('Link name').fill('Cold outreach, March');
  await panel.getByLabel('Readers join').selectOption({ label: 'All investors' });
  await panel.getByRole('button', { name: 'Make share link' }).click();
  const shareUrl = await panel.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(shareUrl).toMatch(new RegExp(`^${baseURL}/share/[A-Za-z0-9_-]{43}$`));
  await expect(panel.getByRole('region', { name: 'Cold outreach, March' })).toContainText('All investors');
  // Changed: the link lets in at most five readers.
  const card = panel.getByRole('region', { name: 'Cold outreach, March' });
  await card.getByRole('button', { name: 'Change' }).click();
  await card.getByLabel('Most readers').fill('5');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('0 of 5 readers');

  // The reader, on a phone: nothing of the room before the proof.
  const readerEmail = uniqueEmail('reader');
  await page.goto(shareUrl);
  await expect(page.getByRole('heading', { name: 'Open the data room' })).toBeVisible();
  await expect(page.getByText(companyName)).toHaveCount(0);
  await page.getByLabel('Email address').fill(readerEmail);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const mail = await waitForMail(readerEmail, 'is your Roundroom code');
  const code = /^(\d{6}) /.exec(mail.subject ?? '')?.[1] ?? '';
  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: 'Open the data room' }).click();

  await expect(page).toHaveURL(/\/data-room\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: /Seed deck\.pdf/ })).toBeVisible();
  await expect(page.getByText('Financials')).toHaveCount(0);
  await expect(page.getByText(/Operating model/)).toHaveCount(0);

  // The founder sees the verified address as the link's reader.
  await founderPage.reload();
  await expect(founderPage.locator('#share-links').getByText(readerEmail)).toBeVisible();
  expect(founderErrors).toEqual([]);
  await desk.close();
});
