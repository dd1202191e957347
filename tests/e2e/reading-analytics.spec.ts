import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { readingRoutes } from '#shared/contracts/reading';
import { deckPdf, writtenPdf } from '#tests/support/sample-documents';
import { expect, test } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { investorApi } from './support/investor-api';
import { uniqueEmail } from './support/people';

const SCREENSHOTS = path.join('test-results', 'screenshots');

/**
 * Waits until the server has prepared the document as pages. The founder's own analytics of it name
 * its page count once its preview is ready (the file listing does not carry the preview state yet).
 */
async function waitUntilPrepared(request: APIRequestContext, documentId: string): Promise<number> {
  let pageCount: number | null = null;
  await expect
    .poll(
      async () => {
        const analytics = await request.get(apiPath(readingRoutes.document, { params: { documentId } }));
        expect(analytics.status()).toBe(200);
        pageCount = ((await analytics.json()) as { document: { pageCount: number | null } }).document
          .pageCount;
        return pageCount;
      },
      { timeout: 30_000, message: 'the uploaded deck is prepared as pages' },
    )
    .not.toBeNull();
  return pageCount ?? 0;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function shoot(page: import('@playwright/test').Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test('the founder sees which investor read which page for how long', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: {
      name: 'Fran Founder',
      email: uniqueEmail('founder'),
      companyName: `Harbor Reading ${Date.now()}`,
    },
  });
  expect(setup.status()).toBe(201);
  const headers = { origin: baseURL ?? '' };
  const uploaded = await page.request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: { file: { name: 'Series A deck.pdf', mimeType: 'application/pdf', buffer: deckPdf(3) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;
  const unread = await page.request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: {
      file: { name: 'Cap table.pdf', mimeType: 'application/pdf', buffer: writtenPdf({ pages: 2 }) },
    },
  });
  expect(unread.status()).toBe(201);
  // The deck is prepared by the server's job as it is for any upload: a report may then name pages 1 to 3.
  expect(await waitUntilPrepared(page.request, documentId)).toBe(3);

  const ivy = uniqueEmail('ivy');
  expect(
    (
      await page.request.post(apiPath(invitationRoutes.create), {
        headers,
        data: { email: ivy, name: 'Ivy Reader' },
      })
    ).status(),
  ).toBe(201);

  // Ivy reads three pages in the viewer, through the real API: 3 s, 4 s, then 2 s, one report each.
  const investor = await investorApi(ivy);
  const opened = await investor.post(apiPath(readingRoutes.openView, { params: { id: documentId } }));
  expect(opened.status(), await opened.text()).toBe(201);
  const { viewId } = (await opened.json()) as { viewId: string };
  for (const [pageNumber, seconds] of [
    [1, 3],
    [2, 4],
    [3, 2],
  ] as const) {
    // Reports are clamped to the time that has really passed: wait for it.
    await pause(seconds * 1000 + 300);
    const reported = await investor.post(apiPath(readingRoutes.report, { params: { viewId } }), {
      data: { pages: [{ page: pageNumber, seconds }] },
    });
    expect(reported.status(), await reported.text()).toBe(204);
  }
  await investor.dispose();

  // The founder goes from /admin to the room's analytics.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Reading analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading analytics' })).toBeVisible();
  const mostRead = page.getByRole('region', { name: 'Most read documents' });
  await expect(mostRead.getByRole('img', { name: /most read documents/ })).toBeVisible();
  const deckRow = mostRead.getByRole('row').filter({ hasText: 'Series A deck.pdf' });
  await expect(deckRow).toContainText('9 s');
  await expect(page.getByRole('region', { name: 'Least read documents' })).toContainText('Cap table.pdf');
  await expect(page.getByRole('region', { name: 'Least read documents' })).toContainText('Not opened');
  await expect(page.getByRole('region', { name: 'Readers in the last 7 days' })).toContainText('Ivy Reader');
  await shoot(page, 'analytics-room');

  // The deck: Ivy, the three pages and their time.
  await page.setViewportSize({ width: 1280, height: 900 });
  await deckRow.getByRole('link', { name: 'Series A deck.pdf' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Series A deck.pdf' })).toBeVisible();
  await expect(
    page.getByRole('term').filter({ hasText: 'Total reading time' }).locator('xpath=..'),
  ).toContainText('9 s');
  await expect(page.getByRole('term').filter({ hasText: 'Completion' }).locator('xpath=..')).toContainText(
    '100%',
  );
  const perPage = page.getByRole('table', { name: 'Time per page' });
  await expect(perPage.getByRole('row')).toHaveCount(4);
  await expect(perPage.getByRole('row', { name: /Page 1/ })).toContainText('3 s');
  await expect(perPage.getByRole('row', { name: /Page 2/ })).toContainText('4 s');
  await expect(perPage.getByRole('row', { name: /Page 3/ })).toContainText('2 s');
  await page.getByLabel('Compare with').selectOption({ label: 'Ivy Reader' });
  await expect(page).toHaveURL(/\?reader=/);
  await expect(perPage.getByRole('columnheader', { name: 'Ivy Reader' })).toBeVisible();
  await expect(page.getByRole('img', { name: /average and Ivy Reader/ })).toBeVisible();
  const readers = page.getByRole('table', { name: 'Readers of this document' });
  await expect(readers).toContainText('Ivy Reader');
  await expect(readers).toContainText('3 of 3');
  await shoot(page, 'analytics-document');

  // Ivy's own page: her visit, in order.
  await page.setViewportSize({ width: 1280, height: 900 });
  await readers.getByRole('link', { name: 'Ivy Reader' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ivy Reader' })).toBeVisible();
  const visits = page.getByRole('list', { name: 'Visits' });
  await expect(visits).toContainText('Read Series A deck.pdf for 9 s, 3 pages seen');
  await expect(page.getByRole('table', { name: 'Time per document' })).toContainText('3 of 3');
  await shoot(page, 'analytics-investor');

  // Each file of the founder's list links to its analytics.
  await page.goto('/configure');
  await openConsolePlace(page, 'Documents');
  await page.getByRole('link', { name: 'Reading analytics of Series A deck.pdf' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/analytics/documents/${documentId}$`));
});
