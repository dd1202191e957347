import { devices, type Locator, type Page } from '@playwright/test';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { signInByMagicLink, toast } from './support/people';
import { swipe } from './support/touch';

/** The centre of an element, on screen. */
async function centreOf(locator: Locator, at: 'middle' | 'upper' | 'lower' = 'middle') {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element is not on screen.');
  const y = at === 'upper' ? box.height * 0.25 : at === 'lower' ? box.height * 0.75 : box.height / 2;
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + y) };
}

/**
 * Drags a file by its handle onto `target`, as the founder's device does: a mouse at 1280, a finger
 * (real touch input) at 390.
 */
async function drag(page: Page, phone: boolean, title: string, target: Locator, at?: 'upper' | 'lower') {
  const handle = page.getByTitle(`Drag ${title}`, { exact: true });
  // The file near the top of the screen (below the sticky navigation), so its target is on screen too.
  await handle.evaluate((element) => {
    const top = element.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: Math.max(0, top - 220), behavior: 'instant' });
  });
  const from = await centreOf(handle);
  // A toast may lie over the handle for a few seconds after the last change: the finger waits for it.
  await expect
    .poll(() =>
      handle.evaluate(
        (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
        from,
      ),
    )
    .toBe(true);
  const to = await centreOf(target, at);
  expect(to.y, `${title}'s target is on screen`).toBeLessThan(page.viewportSize()?.height ?? 800);
  if (phone) {
    await swipe(page, from, to);
    return;
  }
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/**
 * Arranging by dragging (ADR 78): a new founder uploads four files with "None for now", finds them in
 * the sections editor's "Not in a section" tray, drags three into two sections (a mouse at 1280, a
 * finger at 390) and places the fourth with the keyboard's "Move to…"; each change is saved at once.
 * The investor then sees each file in its section.
 */
test('a new founder drags four unplaced files into two sections; the investor sees them there @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'phone';
  const { token, investorEmail } = await roomWithDeck(request, baseURL, {
    companyName: `Dragged Co ${Date.now()}`,
    section: 'Finance',
    deckName: 'Seed deck.pdf',
    pages: 1,
    investorName: 'Ari Reader',
  });
  const errors = watchConsole(page);
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);

  // Four uploads, in no section.
  await page.goto('/configure?tab=files');
  await expect(page.getByLabel('Add to section')).toHaveValue('', { timeout: 20_000 });
  const titles = ['Term sheet.pdf', 'Cap table.pdf', 'Board minutes.pdf', 'Customer list.pdf'];
  await page
    .getByLabel('Choose files')
    .setInputFiles(titles.map((name) => ({ name, mimeType: 'application/pdf', buffer: deckPdf(1) })));
  await expect(toast(page, 'File uploaded successfully').first()).toBeVisible({ timeout: 20_000 });

  await page.goto('/configure?tab=sections');
  const tray = page.getByRole('list', { name: 'Files not in a section' });
  await expect(tray.getByRole('listitem')).toHaveCount(4, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Not in a section' })).toBeVisible();

  // A second section, saved at once with the neutral folder icon.
  await page.getByLabel('New section').fill('Legal');
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(toast(page, 'Sections updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Icon of Legal: Folder. Change it' })).toBeVisible();

  const section = (name: string) =>
    page
      .getByRole('list', { name: 'Sections' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { name, exact: true }),
      });
  const rowOf = (title: string) => page.getByRole('listitem').filter({ hasText: title }).last();
  const documentsIn = (name: string) =>
    page.getByRole('list', { name: `Documents in ${name}` }).getByRole('listitem');

  // Dragged onto the Legal section: at its end.
  await drag(page, phone, 'Term sheet.pdf', section('Legal').getByRole('heading', { name: 'Legal' }));
  await expect(documentsIn('Legal')).toHaveText([/Term sheet\.pdf/]);
  await expect(page.getByText('All changes saved')).toBeVisible();
  // Dropped on the upper half of the deck's row: before it.
  await drag(page, phone, 'Cap table.pdf', rowOf('Seed deck.pdf'), 'upper');
  await expect(documentsIn('Finance')).toHaveText([/Cap table\.pdf/, /Seed deck\.pdf/]);
  // By keyboard: "Move to…" and the section's name.
  await page.getByRole('button', { name: 'Move Board minutes.pdf to a section' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Move Board minutes.pdf to Legal' }).focus();
  await page.keyboard.press('Enter');
  await expect(documentsIn('Legal')).toHaveText([/Term sheet\.pdf/, /Board minutes\.pdf/]);
  // The lower half of a row: after it.
  await drag(page, phone, 'Customer list.pdf', rowOf('Cap table.pdf'), 'lower');
  await expect(documentsIn('Finance')).toHaveText([/Cap table\.pdf/, /Customer list\.pdf/, /Seed deck\.pdf/]);
  await expect(page.getByRole('heading', { name: 'Not in a section' })).toHaveCount(0);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(toast(page, 'Sections updated successfully')).toHaveCount(1);
  const width = page.viewportSize()?.width ?? 1280;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // The markdown, one click away, holds the same arrangement; nothing is left to save.
  await page.getByRole('button', { name: 'Edit as markdown' }).click();
  const markdown = await page.getByLabel('Sections markdown').inputValue();
  expect(markdown).toMatch(
    /## Finance\nThe finance papers\.\n- \[Cap table\.pdf\]\([^)]+\)\n- \[Customer list\.pdf\]\([^)]+\)\n- \[Seed deck\.pdf\]\([^)]+\)\n\n## Legal \{icon=folder\}\n- \[Term sheet\.pdf\]\([^)]+\)\n- \[Board minutes\.pdf\]\([^)]+\)\n$/,
  );
  await page.getByRole('button', { name: 'Arrange without markdown' }).click();
  expect(errors, 'console errors in the founder’s browser').toEqual([]);

  // The investor finds each file in its section.
  const reader = await browser.newContext(
    phone
      ? { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }
      : { viewport: { width: 1280, height: 800 } },
  );
  const readerPage = await reader.newPage();
  await signInByMagicLink(readerPage, investorEmail, baseURL);
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  await expect(readerPage.getByRole('list', { name: 'Documents in Finance' }).getByRole('link')).toHaveText([
    /Cap table\.pdf/,
    /Customer list\.pdf/,
    /Seed deck\.pdf/,
  ]);
  await expect(readerPage.getByRole('list', { name: 'Documents in Legal' }).getByRole('link')).toHaveText([
    /Term sheet\.pdf/,
    /Board minutes\.pdf/,
  ]);
  // A new section says nothing nobody wrote.
  await expect(readerPage.getByText('Legal documentation and files')).toHaveCount(0);
  await reader.close();
});
