import { devices } from '@playwright/test';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { realPng, sampleDocx, samplePptx, sampleXlsx } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { openConsolePlace } from './support/founder-console';
import { founderWithRoom, signInByMagicLink } from './support/people';

const DECK_NAME = 'Series A deck.pdf';

/**
 * Reading without downloading: the founder uploads a real three-page PDF and waits for it to be ready;
 * an investor on a 390 px phone opens it from the room, reads each page for a few seconds by scrolling,
 * and never downloads; the founder then sees that investor and the time on each page.
 */
test('an investor on a phone reads three pages of a real deck in the viewer, and the founder sees their time @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor reads at 390 px');
  test.setTimeout(120_000);
  const companyName = `Tidewater Reading ${Date.now()}`;
  const {
    token,
    headers,
    documentId,
    investorEmail: email,
  } = await roomWithDeck(request, baseURL, {
    companyName,
    section: 'Decks',
    deckName: DECK_NAME,
    pages: 3,
    investorName: 'Rae Reader',
  });
  const founder = { authorization: headers.authorization ?? '' };

  // The founder's file list turns from "Preparing preview" to "Ready" by itself.
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/configure');
  await openConsolePlace(page, 'Documents');
  const row = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: DECK_NAME });
  await expect(row).toContainText('Ready', { timeout: 60_000 });

  // The investor, on the phone, opens the deck from the room.
  const reader = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  const errors = watchConsole(readerPage);
  let downloads = 0;
  readerPage.on('download', () => downloads++);
  await signInByMagicLink(readerPage, email, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  await readerPage.getByRole('link', { name: new RegExp(DECK_NAME) }).click();
  await expect(readerPage).toHaveURL(new RegExp(`/data-room/[0-9a-f-]{36}/documents/${documentId}$`));
  await expect(readerPage.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();

  const pageImage = (number: number) => readerPage.getByRole('img', { name: `Page ${number} of 3` });
  await expect(pageImage(1)).toBeVisible();
  await expect
    .poll(() => pageImage(1).evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  // The phone gets the page at a width that is sharp on its 2.6x screen; nothing overflows sideways.
  expect(await pageImage(1).evaluate((image: HTMLImageElement) => image.currentSrc)).toContain('width=1600');
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Pinch zoom stays allowed.
  expect(await readerPage.locator('meta[name="viewport"]').getAttribute('content')).not.toMatch(
    /user-scalable|maximum-scale/,
  );
  const toolbar = readerPage.getByRole('toolbar', { name: 'Pages' });
  await expect(toolbar).toContainText('Page 1 of 3');
  await readerPage.waitForTimeout(3000);
  await pageImage(2).evaluate((image) => image.scrollIntoView({ block: 'center' }));
  await expect(toolbar).toContainText('Page 2 of 3');
  await readerPage.waitForTimeout(3000);
  await pageImage(3).evaluate((image) => image.scrollIntoView({ inline: 'start' }));
  await expect(toolbar).toContainText('Page 3 of 3');
  await readerPage.waitForTimeout(3000);
  // Leaving the viewer sends what was read since the last report.
  await readerPage.goBack();
  await expect(readerPage.getByRole('heading', { name: 'Decks' })).toBeVisible();
  await reader.close();
  expect(downloads, 'the investor downloaded nothing').toBe(0);
  expect(errors, 'console errors in the investor’s browser').toEqual([]);

  // The founder, at a desk, sees the reader, and time on each of the three pages.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/analytics/documents/${documentId}`);
  await expect(page.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Readers of this document' })).toContainText('Rae Reader');
  const perPage = page.getByRole('table', { name: 'Time per page' });
  for (const number of [1, 2, 3]) {
    await expect(perPage.getByRole('row', { name: new RegExp(`Page ${number}\\b`) })).toContainText(
      /[1-9]\d* s/,
    );
  }
  const access = (await (
    await request.get(apiPath(adminRoutes.recentAccess), { headers: founder })
  ).json()) as {
    userName: string;
    actionType: string;
  }[];
  expect(access.filter((event) => event.userName === 'Rae Reader').map((event) => event.actionType)).toEqual([
    'viewed',
  ]);
});

/**
 * Every kind founders upload becomes readable: a DOCX, a PPTX and an XLSX converted by LibreOffice into
 * page images, and a PNG resized. The founder opens each from the preview, at a desk, with the keyboard.
 */
test('a DOCX, a PPTX, an XLSX and a PNG each become readable in the viewer @desktop', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'conversions are the same at every width');
  test.setTimeout(150_000);
  const founder = await founderWithRoom(request, `Every Kind ${Date.now()}`);
  const headers = { ...founder, origin: baseURL ?? '' };
  const files = [
    { name: 'Investment memo.docx', bytes: sampleDocx(2), pages: 2 },
    { name: 'Board deck.pptx', bytes: samplePptx(3), pages: 3 },
    // A workbook shows its sheets as tabs, each sheet one image named after it (LibreOffice names the
    // CSV's one sheet after its file).
    { name: 'Financial model.xlsx', bytes: sampleXlsx(), pages: 1, image: 'Sheet model' },
    { name: 'Org chart.png', bytes: await realPng(1600, 1000, 'Org chart'), pages: 0 },
  ];
  const ids = new Map<string, string>();
  for (const file of files) {
    const uploaded = await request.post(apiPath(documentRoutes.upload), {
      headers,
      multipart: { file: { name: file.name, mimeType: 'application/octet-stream', buffer: file.bytes } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    ids.set(file.name, ((await uploaded.json()) as { document: { id: string } }).document.id);
  }

  const token = founder.authorization?.replace('Bearer ', '') ?? '';
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/configure');
  await openConsolePlace(page, 'Documents');
  for (const file of files) {
    const row = page
      .getByRole('list', { name: 'Files' })
      .getByRole('listitem')
      .filter({ hasText: file.name });
    await expect(row).toContainText('Ready', { timeout: 90_000 });
  }

  for (const file of files) {
    await page.goto(`/preview/documents/${ids.get(file.name)}`);
    await expect(page.getByRole('heading', { level: 1, name: file.name })).toBeVisible();
    const shown =
      'image' in file
        ? page.getByRole('img', { name: file.image })
        : file.pages > 0
          ? page.getByRole('img', { name: `Page 1 of ${file.pages}` })
          : page.getByRole('img', { name: file.name });
    await expect
      .poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    if (file.pages > 1) {
      // Next page by the keyboard, as on a desk.
      const toolbar = page.getByRole('toolbar', { name: 'Pages' });
      await expect(toolbar).toContainText(`Page 1 of ${file.pages}`);
      await page.keyboard.press('ArrowRight');
      await expect(toolbar).toContainText(`Page 2 of ${file.pages}`);
    }
  }
});
