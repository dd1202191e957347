import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import { expect, test } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { toast, uniqueEmail } from './support/people';

/** Bytes that pass the server's content check for their extension. */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(size - 9)]);
const xlsx = (size: number) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(size - 4)]);

async function founderOnConsole(page: Page, companyName: string, tab?: 'sections') {
  // page.request shares the browser's cookies: the founder is signed in for the page too.
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(setup.status()).toBe(201);
  await page.goto(tab ? `/configure?tab=${tab}` : '/configure');
  await expect(page.getByRole('heading', { name: `${companyName} data room` })).toBeVisible();
}

/** A copied download link, before and after its document id: the id is the new upload's, not known here. */
function downloadLinkAround(baseURL: string | undefined): [string, string] {
  const [before = '', after = ''] =
    `${baseURL}${apiPath(documentRoutes.download, { params: { id: 'ID' } })}`.split('ID');
  return [before, after];
}

const fileRows = (page: Page) => page.getByRole('list', { name: 'Files' }).getByRole('listitem');
const fileChooser = (page: Page) => page.getByLabel('Choose files');

test('Files tab: three uploads at once with progress, refusals named, filter, copy link, download, bulk delete', async ({
  page,
  context,
  baseURL,
}) => {
  await founderOnConsole(page, `Harbor Bio ${Date.now()}`);
  await expect(page.getByRole('region', { name: 'Files' })).toBeVisible();
  await expect(page.getByText('Supported types: PDF, DOC, DOCX')).toBeVisible();
  await expect(page.getByText('No files yet')).toBeVisible();

  // Slow the upload link down so each file's progress can be seen moving.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 200 * 1024,
  });
  const files = [
    { name: 'Pitch deck.pdf', mimeType: 'application/pdf', buffer: pdf(400_000) },
    { name: 'Financial model.xlsx', mimeType: 'application/octet-stream', buffer: xlsx(300_000) },
    { name: 'Board deck.pdf', mimeType: 'application/pdf', buffer: pdf(250_000) },
  ];
  await page.getByLabel('Add to section').selectOption('Financial information');
  // Every value a progress bar takes, recorded as it changes.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        const value = (change.target as Element).getAttribute?.('aria-valuenow');
        if (value !== null && value !== undefined) seen.push(Number(value));
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  await fileChooser(page).setInputFiles(files);
  for (const file of files) {
    await expect(page.getByRole('progressbar', { name: `Uploading ${file.name}` })).toBeVisible();
  }
  // Toasts show one at a time: the newest upload's is in front.
  await expect(toast(page, 'Uploading ').first()).toBeVisible();
  await expect(toast(page, 'File uploaded successfully').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Uploads' }).or(page.getByLabel('Uploads'))).toContainText(
    'Uploaded',
  );
  await expect(fileRows(page)).toHaveCount(3, { timeout: 15_000 });
  // Part-way values were shown: the bars moved, not just jumped from 0 to 100.
  const progressSeen = await page.evaluate(
    () => (window as unknown as { progressSeen: number[] }).progressSeen,
  );
  expect(progressSeen.filter((value) => value > 0 && value < 100).length).toBeGreaterThan(2);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const deckRow = fileRows(page).filter({ hasText: 'Pitch deck.pdf' });
  await expect(deckRow).toContainText('390.6 KB');
  await expect(deckRow).toContainText('Financial information');
  await expect(deckRow).not.toContainText('Uploaded');

  // Refused in the browser before a byte is sent: a type not allowed, and a file over 50 MB.
  await fileChooser(page).setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(toast(page, 'setup.exe: .exe files are not allowed')).toContainText('Failed to upload file');
  const bigFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rr-big-')), 'Raw footage.mp4');
  fs.writeFileSync(bigFile, '');
  fs.truncateSync(bigFile, 50 * 1024 * 1024 + 1);
  await fileChooser(page).setInputFiles(bigFile);
  await expect(
    toast(page, 'Raw footage.mp4: The file is 50.0 MB; the most a single upload may be is 50 MB.'),
  ).toContainText('Failed to upload file');
  await expect(fileRows(page)).toHaveCount(3);

  // The title filter.
  const search = page.getByLabel('Search files by title');
  await search.fill('deck');
  await expect(fileRows(page)).toHaveCount(2);
  await search.fill('model');
  await expect(fileRows(page)).toHaveCount(1);
  await search.fill('');
  await expect(fileRows(page)).toHaveCount(3);

  // Copy link: the absolute download link reaches the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await deckRow.getByRole('button', { name: 'Copy link to Pitch deck.pdf' }).click();
  const linkToast = toast(page, 'Link copied');
  const [linkStart, linkEnd] = downloadLinkAround(baseURL);
  await expect(linkToast).toContainText(linkStart);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${linkStart}[0-9a-f-]{36}${linkEnd}$`));
  await expect(linkToast).toContainText(copied);

  // Download: the bytes that were uploaded, saved under the title.
  const downloadStarted = page.waitForEvent('download');
  await fileRows(page)
    .filter({ hasText: 'Financial model.xlsx' })
    .getByRole('button', { name: 'Download Financial model.xlsx' })
    .click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe('Financial model.xlsx');
  expect(fs.readFileSync(await download.path())).toEqual(files[1]?.buffer);

  // Bulk delete two: confirmed, then the selection is cleared.
  await page.getByLabel('Select Pitch deck.pdf').check();
  await page.getByLabel('Select Board deck.pdf').check();
  await page.getByRole('button', { name: 'Delete (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 files?' });
  await expect(dialog).toContainText('Are you sure you want to delete 2 file(s)?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(fileRows(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete (2)' }).click();
  await dialog.getByRole('button', { name: 'Delete 2 files' }).click();
  await expect(toast(page, 'File deleted successfully')).toBeVisible();
  await expect(fileRows(page)).toHaveCount(1);
  await expect(fileRows(page)).toContainText('Financial model.xlsx');
  // Focus continues from the row that took the deleted ones' place, not from <body>.
  await expect(page.locator(':focus')).toHaveAccessibleName('Delete Financial model.xlsx');
  await expect(page.getByRole('button', { name: /^Delete \(/ })).toHaveCount(0);
  await expect(page.getByLabel('Select all')).not.toBeChecked();

  // The deleted files' links left the sections too.
  const sections = await (await page.request.get(apiPath(roomRoutes.mySections))).json();
  expect(sections.content).not.toContain('Pitch deck.pdf');
  const [model] = (await (await page.request.get(apiPath(documentRoutes.mine))).json()) as { id: string }[];
  expect(sections.content).toContain(
    `[Financial model.xlsx](${apiPath(documentRoutes.download, { params: { id: String(model?.id) } })})`,
  );
});

test.describe('a download that fails', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('says so in a toast, and the button works again', async ({ page, baseURL }) => {
    await founderOnConsole(page, `Gone Co ${Date.now()}`);
    await fileChooser(page).setInputFiles({
      name: 'Gone.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(2000),
    });
    await expect(fileRows(page)).toHaveCount(1);
    // Deleted elsewhere (another tab) while this list still shows it.
    const [document] = (await (await page.request.get(apiPath(documentRoutes.mine))).json()) as {
      id: string;
    }[];
    const deleted = await page.request.delete(
      apiPath(documentRoutes.remove, { params: { id: String(document?.id) } }),
      {
        headers: { origin: baseURL ?? '' },
      },
    );
    expect(deleted.status()).toBe(204);
    const download = page.getByRole('button', { name: 'Download Gone.pdf' });
    await download.click();
    await expect(toast(page, 'Download failed')).toContainText('Unable to download file');
    await expect(download).toBeEnabled();
  });
});

test('Copy link still copies where the Clipboard API is missing', async ({ page, context, baseURL }) => {
  await founderOnConsole(page, `Fallback Co ${Date.now()}`);
  await fileChooser(page).setInputFiles({ name: 'Memo.pdf', mimeType: 'application/pdf', buffer: pdf(2000) });
  await expect(fileRows(page)).toHaveCount(1);
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await page.getByRole('button', { name: 'Copy link to Memo.pdf' }).click();
  await expect(toast(page, 'Link copied')).toContainText(downloadLinkAround(baseURL)[0]);

  await context.grantPermissions(['clipboard-read']);
  const reader = await context.newPage();
  await reader.goto('/');
  expect(await reader.evaluate(() => navigator.clipboard.readText())).toMatch(
    /\/api\/documents\/[0-9a-f-]{36}\/download$/,
  );
});

test.describe('Sections tab', () => {
  // The refused save is a 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('edit, link an upload, save, and the preview shows it; a bad link is refused by line', async ({
    page,
  }) => {
    await founderOnConsole(page, `Pine Labs ${Date.now()}`, 'sections');
    // The structured editor comes first; the markdown one is a click away (ADR 59).
    await page.getByRole('button', { name: 'Edit as markdown' }).click();
    const editor = page.getByLabel('Sections markdown');
    await expect(editor).toHaveAttribute('rows', '25');
    await expect(editor).toHaveValue(/^# Company Information\nname: Pine Labs/);
    await expect(page.getByText('Adding files', { exact: true })).toBeVisible();
    await expect(page.getByText('Markdown tips', { exact: true })).toBeVisible();

    // An upload linked into a section while the editor holds unsaved text: both survive.
    const typed = `${await editor.inputValue()}\n## Due diligence\nEverything a lead investor asks for.\n- [Data room index](https://example.com/index.pdf)\n`;
    await editor.fill(typed);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await openConsolePlace(page, 'Documents');
    await page.getByLabel('Add to section').selectOption('Legal documents');
    await fileChooser(page).setInputFiles({
      name: 'Charter.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(3000),
    });
    await expect(fileRows(page)).toHaveCount(1);
    await openConsolePlace(page, 'Room', 'Sections');
    await expect(editor).toHaveValue(/## Due diligence/);
    await expect(editor).toHaveValue(
      /## Legal documents \{icon=gavel\}\n- \[Charter\.pdf\]\(\/api\/documents\/[0-9a-f-]{36}\/download\)/,
    );

    // Leaving with unsaved changes asks first; dismissing stays.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('unsaved changes');
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/configure\?tab=sections$/);
    await expect(editor).toHaveValue(/## Due diligence/);

    // A link the server refuses: named by line, selected in the editor, nothing saved.
    const good = await editor.inputValue();
    const badLine = good.split('\n').length + 2;
    await editor.fill(`${good}\n## Tricks\n- [Click me](javascript:alert(1))\n`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Failed to update sections')).toContainText(`Line ${badLine}`);
    await expect(page.getByRole('alert')).toContainText(`Line ${badLine}`);
    expect(
      await editor.evaluate((area: HTMLTextAreaElement) =>
        area.value.slice(area.selectionStart, area.selectionEnd),
      ),
    ).toBe('- [Click me](javascript:alert(1))');
    expect((await (await page.request.get(apiPath(roomRoutes.mySections))).json()).content).not.toContain(
      'Due diligence',
    );

    await editor.fill(good);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Sections updated successfully')).toBeVisible();
    await expect(page.getByText('All changes saved')).toBeVisible();

    // The preview shows what investors will see. Leaving asks nothing now.
    await page.goto('/preview');
    await expect(page.getByText('Investor preview')).toBeVisible();
    await page.getByRole('button', { name: /Due diligence/ }).click();
    const list = page.getByRole('list', { name: 'Documents in Due diligence' });
    await expect(list).toContainText('Data room index');
  });
});

test('on a phone the console’s one row of navigation and a file’s actions fit the screen @phone', async ({
  page,
}) => {
  await founderOnConsole(page, `Small Screen Co ${Date.now()}`);
  await fileChooser(page).setInputFiles({
    name: 'A rather long file name for a quarterly investor update.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(5000),
  });
  const row = fileRows(page).first();
  await expect(row).toContainText('A rather long file name');
  await row.scrollIntoViewIfNeeded();
  // Below the small breakpoint a file's actions are behind its one "Actions" button.
  const actions = row.getByRole('button', { name: /^Actions for / });
  if ((page.viewportSize()?.width ?? 0) < 640) await actions.click();
  for (const name of ['Copy link to', 'Download', 'Delete']) {
    const button = row.getByRole('button', { name: new RegExp(`^${name} `) });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // One row of navigation, whole on screen, and no tab row under it.
  const nav = page.getByRole('navigation', { name: 'Your data room' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('tablist')).toHaveCount(0);
  if (width >= 1024) {
    for (const name of ['Dashboard', 'Room', 'Documents', 'Investors', 'Analytics', 'Settings'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    await openConsolePlace(page, 'Room', 'Sections');
  } else {
    // Below lg: a place menu and a sub-place menu. The place menu opens with Enter, Tab reaches its
    // links, Escape closes it and gives the focus back.
    const placeMenu = nav.getByRole('button', { name: 'Place: Documents' });
    await expect(placeMenu).toBeInViewport({ ratio: 1 });
    await placeMenu.focus();
    await page.keyboard.press('Enter');
    await expect(placeMenu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(placeMenu).toHaveAttribute('aria-expanded', 'false');
    await expect(placeMenu).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Room', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    // Room from /configure is this page's Sections tab (ADR 58).
    const subPlaceMenu = nav.getByRole('button', { name: 'In Room: Sections' });
    await expect(subPlaceMenu).toBeInViewport({ ratio: 1 });
    await subPlaceMenu.tap();
    for (const name of ['Company', 'Sections', 'Groups & visibility'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    await nav.getByRole('link', { name: 'Sections', exact: true }).tap();
    await expect(subPlaceMenu).toHaveAttribute('aria-expanded', 'false');
  }
  await expect(page.getByRole('button', { name: 'Edit as markdown' })).toBeVisible();
  await expect(page).toHaveURL(/tab=sections/);
});
