import { devices } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes, SHEET_CSS_PIXELS_PER_POINT, type SheetPreview } from '#shared/contracts/previews';
import { sampleWorkbook } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { signInByMagicLink } from './support/people';

const WORKBOOK_NAME = 'Financial model.xlsx';

/**
 * A workbook read on a phone (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): the investor
 * opens the founder's model at 390 px, sees its sheets as tabs, reads one at 100% (10 pt text shown at
 * 13 CSS px, measured as the image's shown width against the sheet's width in points) and scrolls it
 * sideways inside its frame while the page itself never scrolls sideways.
 */
test('an investor on a phone reads a sheet of a workbook by its tab, at a readable size, scrolling inside it @phone', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor reads at 390 px');
  test.setTimeout(150_000);
  const room = await roomWithDeck(request, baseURL, {
    companyName: `Ledger Lane ${Date.now()}`,
    section: 'Models',
    deckName: 'Deck.pdf',
    pages: 1,
    investorName: 'Sam Sheets',
  });
  const uploaded = await request.post(apiPath(documentRoutes.upload), {
    headers: room.headers,
    multipart: {
      section: 'Models',
      file: { name: WORKBOOK_NAME, mimeType: 'application/octet-stream', buffer: sampleWorkbook('xlsx') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;
  // The founder's view of the preview says when the workbook is ready, and each sheet's size at 100%.
  let sheets: SheetPreview[] = [];
  await expect
    .poll(
      async () => {
        const preview = await request.get(apiPath(previewRoutes.preview, { params: { id: documentId } }), {
          headers: room.headers,
        });
        const body = (await preview.json()) as { status: string; sheets: SheetPreview[] | null };
        sheets = body.sheets ?? [];
        return body.status;
      },
      { timeout: 90_000 },
    )
    .toBe('ready');

  const reader = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  const errors = watchConsole(readerPage);
  await signInByMagicLink(readerPage, room.investorEmail, baseURL);
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  // A room of few sections lists its documents at once, each a link (docs/decisions/0055-invitation-as-credential.md).
  await readerPage
    .getByRole('list', { name: 'Documents in Models' })
    .getByRole('link', { name: new RegExp(WORKBOOK_NAME) })
    .click();
  await expect(readerPage.getByRole('heading', { level: 1, name: WORKBOOK_NAME })).toBeVisible();

  const tabs = readerPage.getByRole('tablist', { name: 'Sheets' }).getByRole('tab');
  await expect(tabs).toHaveText(['Summary', 'P&L 2027', 'Cap table']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  // The summary: 26 columns, far wider than the phone, shown at 100% and scrolled inside its frame.
  const summary = readerPage.getByRole('img', { name: 'Sheet Summary' });
  await expect
    .poll(() => summary.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  // A 2.6x phone gets the sharp rendering.
  expect(await summary.evaluate((image: HTMLImageElement) => image.currentSrc)).toContain('width=1600');
  const summarySheet = sheets[0] as SheetPreview;
  const shownWidth = await summary.evaluate((image) => image.getBoundingClientRect().width);
  // The sheet's points as shown: the LibreOffice default cell text is 10 pt.
  const cssPixelsPerPoint = shownWidth / (summarySheet.width / SHEET_CSS_PIXELS_PER_POINT);
  expect(10 * cssPixelsPerPoint).toBeGreaterThanOrEqual(11);
  const frame = readerPage.getByRole('tabpanel');
  const { scrollWidth, clientWidth } = await frame.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThan(clientWidth * 3);
  await frame.evaluate((element) => element.scrollBy({ left: 600 }));
  expect(await frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Another sheet by its tab.
  await tabs.filter({ hasText: 'P&L 2027' }).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  const profitAndLoss = readerPage.getByRole('img', { name: 'Sheet P&L 2027' });
  await expect
    .poll(() => profitAndLoss.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const lossSheet = sheets[1] as SheetPreview;
  expect(await profitAndLoss.evaluate((image) => Math.round(image.getBoundingClientRect().width))).toBe(
    Math.round(lossSheet.width),
  );
  // 41 rows: taller than the frame, which scrolls down through them.
  await frame.evaluate((element) => element.scrollBy({ top: 400 }));
  expect(await frame.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await reader.close();
});
