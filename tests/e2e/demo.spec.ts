import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The demo room's sections and their documents, as a visitor should find them. */
const expectedSections: Record<string, string[]> = {
  'Financial information': [
    'Financial model FY2024-2027.xlsx',
    'Audited financial statements 2024.pdf',
    'Cap table (fully diluted)',
    'Monthly revenue and KPIs 2023-2025.csv',
    'Use of funds - Series A.pdf',
  ],
  'Legal documents': [
    'Certificate of incorporation.pdf',
    'SAFE agreements (seed round).pdf',
    'Series A term sheet (draft).docx',
    'IP assignment agreements.pdf',
  ],
  'Business plan': ['Series A pitch deck.pptx', 'Business plan 2025-2027.docx', 'Go-to-market strategy'],
  'Market research': [
    'Market sizing TAM-SAM-SOM.xlsx',
    'Competitive landscape.pdf',
    'Customer interview synthesis',
  ],
  'Team & organization': ['Organization chart.pdf', 'Leadership bios.pdf', 'Hiring plan 2025-2026'],
  'Technology & product': [
    'Product roadmap 2025-2026',
    'System architecture overview.pdf',
    'Security and SOC 2 readiness report.pdf',
    'Product walkthrough.mp4',
  ],
};
const sectionNames = Object.keys(expectedSections);

// Evaluated in the browser. Strings, because the tests' TypeScript program has no DOM types.
const horizontalOverflow = 'document.documentElement.scrollWidth - window.innerWidth';
const scrollY = 'window.scrollY';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A section card: a button named by the section and its document count. */
function sectionCard(page: Page, name: string) {
  return page.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)} \\d+ documents?$`) });
}

test.describe('the demo data room', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/demo');
  });

  test('says it is a demo and shows the company and its six sections @phone', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Demo mode' })).toBeVisible();
    await expect(page.getByText('All documents are sample data')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lumora Grid');
    await expect(page.getByText('Series A', { exact: true })).toBeVisible();
    await expect(page.getByText('Last updated')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^22$/ })).toBeVisible();

    await expect(page.getByRole('region', { name: 'Sections' }).getByRole('listitem')).toHaveCount(6);
    for (const name of sectionNames) {
      const card = sectionCard(page, name);
      await expect(card).toBeVisible();
      await expect(card).toHaveAccessibleName(`${name} ${expectedSections[name]?.length} documents`);
      await expect(card).toContainText('Click to view');
    }

    expect(await page.evaluate<number>(horizontalOverflow)).toBeLessThanOrEqual(0);
  });

  test('every section opens its documents, 22 in all, and Back to sections returns to the top', async ({
    page,
  }) => {
    let total = 0;
    for (const name of sectionNames) {
      const titles = expectedSections[name] ?? [];
      await sectionCard(page, name).click();

      await expect(page.getByRole('heading', { level: 2, name })).toBeFocused();
      const rows = page.getByRole('list', { name: `Documents in ${name}` }).getByRole('button');
      await expect(rows).toHaveCount(titles.length);
      for (const [index, title] of titles.entries()) {
        const row = rows.nth(index);
        await expect(row.getByText(title, { exact: true })).toBeVisible();
        await expect(row).toContainText(
          /Updated (today|yesterday|\d+ days ago|[A-Z][a-z]{2} \d{1,2}, \d{4})/,
        );
        await expect(row).toContainText(
          // The type, then what the row does: an upload is read, a link opened.
          /(PDF|EXCEL|WORD|POWERPOINT|CSV|VIDEO|GOOGLE-SHEETS|GOOGLE-DOCS|GOOGLE-SLIDES)(Read|Open)$/,
        );
      }
      total += await rows.count();

      await page.mouse.wheel(0, 400);
      await expect.poll(() => page.evaluate<number>(scrollY)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Back to sections' }).click();
      await expect(sectionCard(page, name)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back to sections' })).toHaveCount(0);
      await expect.poll(() => page.evaluate<number>(scrollY)).toBe(0);
    }
    expect(total).toBe(22);
  });

  test('a section opens and closes from the keyboard', async ({ page }) => {
    await sectionCard(page, 'Legal documents').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Legal documents' })).toBeFocused();
    await expect(page.getByText('SAFE agreements (seed round).pdf')).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Back to sections' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sectionCard(page, 'Legal documents')).toBeFocused();
  });

  test('opening a document shows the demo notice and downloads nothing', async ({ page }) => {
    const downloads: string[] = [];
    const popups: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    page.on('popup', (popup) => popups.push(popup.url()));

    await sectionCard(page, 'Financial information').click();
    await page.getByRole('button', { name: /Financial model FY2024-2027\.xlsx/ }).click();
    await expect(page.getByText('This is a demo')).toBeVisible();
    await expect(page.getByText(/“Financial model FY2024-2027\.xlsx” is sample data/)).toBeVisible();
    await expect(page).toHaveURL('/demo');
    expect(downloads).toEqual([]);
    expect(popups).toEqual([]);
  });

  test('links to sign-in', async ({ page }) => {
    const login = page.getByRole('link', { name: 'Sign in to your data room' });
    await expect(login).toHaveAttribute('href', '/login');
  });
});
