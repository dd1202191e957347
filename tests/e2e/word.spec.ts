import { devices } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { NARROW_PAGE, type NarrowPagePreview, previewRoutes } from '#shared/contracts/previews';
import { MEMO_BODY_POINTS, sampleMemoDocx } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { signInByMagicLink } from './support/people';

const MEMO_NAME = 'Investment memo.docx';
/** The narrow page's width in points: what the shown image's width in CSS px is measured against. */
const NARROW_PAGE_POINTS = (NARROW_PAGE.widthCm / 2.54) * 72;

/**
 * A Word document read on a phone (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): the investor
 * opens the founder's memo at 390 px and reads it on its narrow pages, whose 11 pt body text is shown at
 * 11 CSS px or more (measured as the page image's shown width against the narrow page's width in
 * points); turning to the second chapter names the real page 2 in the address.
 */
test('an investor on a phone reads a Word document on its narrow pages, at a readable size @phone', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor reads at 390 px');
  test.setTimeout(150_000);
  const room = await roomWithDeck(request, baseURL, {
    companyName: `Quill Works ${Date.now()}`,
    section: 'Memos',
    deckName: 'Deck.pdf',
    pages: 1,
    investorName: 'Wren Words',
  });
  const uploaded = await request.post(apiPath(documentRoutes.upload), {
    headers: room.headers,
    multipart: {
      section: 'Memos',
      file: { name: MEMO_NAME, mimeType: 'application/octet-stream', buffer: sampleMemoDocx() },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;
  let narrowPages: NarrowPagePreview[] = [];
  await expect
    .poll(
      async () => {
        const preview = await request.get(apiPath(previewRoutes.preview, { params: { id: documentId } }), {
          headers: room.headers,
        });
        const body = (await preview.json()) as { status: string; narrowPages: NarrowPagePreview[] | null };
        narrowPages = body.narrowPages ?? [];
        return body.status;
      },
      { timeout: 90_000 },
    )
    .toBe('ready');
  expect(narrowPages.length).toBeGreaterThanOrEqual(3);

  const reader = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  const errors = watchConsole(readerPage);
  await signInByMagicLink(readerPage, room.investorEmail, baseURL);
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  await readerPage
    .getByRole('list', { name: 'Documents in Memos' })
    .getByRole('link', { name: new RegExp(MEMO_NAME) })
    .click();
  await expect(readerPage.getByRole('heading', { level: 1, name: MEMO_NAME })).toBeVisible();

  const toolbar = readerPage.getByRole('toolbar', { name: 'Pages' });
  await expect(toolbar.getByText(`Page 1 of ${narrowPages.length}`)).toBeVisible();
  const first = readerPage.getByRole('img', { name: `Page 1 of ${narrowPages.length}` });
  await expect
    .poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await first.evaluate((image: HTMLImageElement) => image.currentSrc)).toContain('layout=narrow');
  // The text scale as shown: the narrow page's width in points drawn across the image's CSS width.
  const shownWidth = await first.evaluate((image) => image.getBoundingClientRect().width);
  const cssPixelsPerPoint = shownWidth / NARROW_PAGE_POINTS;
  expect(MEMO_BODY_POINTS * cssPixelsPerPoint).toBeGreaterThanOrEqual(11);
  expect(shownWidth).toBeGreaterThan(360);
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await readerPage.screenshot({ path: testInfo.outputPath('word-narrow-390.png') });

  // The last narrow page is the second chapter: the address names its real page.
  for (let page = 1; page < narrowPages.length; page++)
    await readerPage.getByRole('button', { name: 'Next page' }).click();
  await expect(toolbar.getByText(`Page ${narrowPages.length} of ${narrowPages.length}`)).toBeVisible();
  await expect(readerPage).toHaveURL(/[?&]page=2$/);
  expect(errors).toEqual([]);

  // Wider than a phone (a tablet, a desk): the real pages, at the page the phone was on.
  await readerPage.setViewportSize({ width: 1280, height: 800 });
  await expect(readerPage.getByTestId('page-strip')).toHaveAttribute('data-layout', 'pages');
  await expect(toolbar.getByText('Page 2 of 2')).toBeVisible();
  await expect(readerPage).toHaveURL(/[?&]page=2$/);
  await readerPage.screenshot({ path: testInfo.outputPath('word-pages-1280.png') });
  await reader.close();
});
