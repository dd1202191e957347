import type { APIRequestContext, Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { readingRoutes } from '#shared/contracts/reading';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { investorApi } from './support/investor-api';
import { uniqueEmail } from './support/people';

// Hot investors (docs/decisions/0089-engagement-score.md): the founder marks the deck key in Files, an
// investor reads it, and the Dashboard and Analytics rank them with why, on a desktop and on a phone.

const DECK = 'Series A deck.pdf';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function preparedDeck(request: APIRequestContext, origin: string): Promise<string> {
  const uploaded = await request.post(apiPath(documentRoutes.upload), {
    headers: { origin },
    multipart: { file: { name: DECK, mimeType: 'application/pdf', buffer: deckPdf(3) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;
  await expect
    .poll(
      async () => {
        const analytics = await request.get(apiPath(readingRoutes.document, { params: { documentId } }));
        return ((await analytics.json()) as { document: { pageCount: number | null } }).document.pageCount;
      },
      { timeout: 30_000, message: 'the deck is prepared as pages' },
    )
    .toBe(3);
  return documentId;
}

/** The investor reads pages 1 and 2 for 6 s each in the viewer, through the real API. */
async function readTwoPages(email: string, documentId: string) {
  const investor = await investorApi(email);
  const opened = await investor.post(apiPath(readingRoutes.openView, { params: { id: documentId } }));
  expect(opened.status(), await opened.text()).toBe(201);
  const { viewId } = (await opened.json()) as { viewId: string };
  for (const page of [1, 2]) {
    // Reports are clamped to the time that has really passed: wait for it.
    await pause(6_300);
    const reported = await investor.post(apiPath(readingRoutes.report, { params: { viewId } }), {
      data: { pages: [{ page, seconds: 6 }] },
    });
    expect(reported.status(), await reported.text()).toBe(204);
  }
  await investor.dispose();
}

async function markKeyInFiles(page: Page) {
  await page.goto('/configure');
  await openConsolePlace(page, 'Documents');
  const row = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: DECK });
  const actions = row.getByRole('button', { name: `Actions for ${DECK}` });
  // A phone reaches the row's actions through its Actions menu.
  if (await actions.isVisible()) await actions.click();
  await row.getByRole('button', { name: `Key document: ${DECK}` }).click();
  await expect(row.getByRole('button', { name: `Key document: ${DECK}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row.getByText('Key document').first()).toBeVisible();
}

test('an investor who reads the key deck is a hot investor, with why, on the Dashboard and in Analytics @phone', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Harbor Hot ${Date.now()}` },
  });
  expect(setup.status()).toBe(201);
  const origin = baseURL ?? '';
  const documentId = await preparedDeck(page.request, origin);
  await markKeyInFiles(page);

  const ivy = uniqueEmail('ivy');
  const invited = await page.request.post(apiPath(invitationRoutes.create), {
    headers: { origin },
    data: { email: ivy, name: 'Ivy Reader' },
  });
  expect(invited.status()).toBe(201);
  await readTwoPages(ivy, documentId);

  // The refresh follows the room while she reads (every second on the e2e server): the Dashboard lists
  // her, and once both pages' reports are counted, says why.
  const hot = page.getByRole('region', { name: 'Hot investors' });
  await expect(async () => {
    await page.goto('/admin');
    await expect(hot.getByRole('list', { name: 'Hot investors' })).toContainText('Ivy Reader', {
      timeout: 2_000,
    });
    await hot.getByText('Why this score').click();
    await expect(hot).toContainText(`Read 67% of ${DECK} (a key document)`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  await hot.getByRole('link', { name: 'See all' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading analytics' })).toBeVisible();
  const full = page.getByRole('region', { name: 'Hot investors' });
  await expect(full.getByRole('list', { name: 'Hot investors' })).toContainText('Ivy Reader');
  await full.getByText('How the score is counted').click();
  await expect(full).toContainText('Share of each key document read');
  await expect(full.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /engagement\.csv$/);
});
