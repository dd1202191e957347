import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const topics = [
  ['overview', 'Overview'],
  ['invitation-system', 'Invitation system'],
  ['file-structure', 'File structure'],
  ['adding-sections', 'Adding sections'],
  ['adding-documents', 'Adding documents'],
  ['document-upload', 'Document upload'],
  ['examples', 'Examples'],
  ['access-tracking', 'Access tracking'],
  ['important-notes', 'Important notes'],
  ['api', 'API'],
] as const;

// Evaluated in the browser. A string, because the tests' TypeScript program has no DOM types.
const horizontalOverflow = 'document.documentElement.scrollWidth - window.innerWidth';

function topicHeading(page: Page, id: string, title: string) {
  return page.locator(`section#${id}`).getByRole('heading', { level: 2, name: title });
}

test.describe('the documentation', () => {
  test('has one h1 and all ten topics, in order, without widening a phone screen @phone', async ({
    page,
  }) => {
    await page.goto('/docs');
    await expect(page).toHaveTitle(/Documentation/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    for (const [id, title] of topics) await expect(topicHeading(page, id, title)).toBeAttached();
    const ids = await page.locator('main section[id]').evaluateAll((elements) => elements.map((e) => e.id));
    expect(ids).toEqual(topics.map(([id]) => id));

    expect(await page.evaluate<number>(horizontalOverflow)).toBeLessThanOrEqual(0);

    // Code samples scroll inside their block rather than the page.
    const pre = page.locator('#examples pre').first();
    await expect(pre).toHaveCSS('overflow-x', 'auto');
  });

  test('opening /docs#document-upload shows that topic @phone', async ({ page }) => {
    await page.goto('/docs#document-upload');
    await expect(topicHeading(page, 'document-upload', 'Document upload')).toBeInViewport();
    await expect(topicHeading(page, 'overview', 'Overview')).not.toBeInViewport();
  });

  test('each table of contents link reaches its topic', async ({ page }) => {
    await page.goto('/docs');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveCount(topics.length);
    for (const [id, title] of topics) {
      await toc.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(`/docs#${id}`);
      await expect(topicHeading(page, id, title)).toBeInViewport();
    }
  });

  test('states the product rules', async ({ page }) => {
    await page.goto('/docs');
    const upload = page.locator('#document-upload');
    await expect(upload).toContainText('50MB');
    for (const extension of ['.pdf', '.docx', '.xlsx', '.pptx', '.csv', '.md', '.webp', '.mov', '.7z']) {
      await expect(
        upload.getByRole('listitem').filter({ hasText: new RegExp(`^\\${extension}$`) }),
      ).toHaveCount(1);
    }

    const invitations = page.locator('#invitation-system');
    await expect(invitations).toContainText('15 minutes');
    await expect(invitations).toContainText('7 days');
    await expect(invitations).toContainText('without a new invitation');
    await expect(invitations).toContainText('deleting the invitation');

    const sections = page.locator('#adding-sections');
    await expect(sections).toContainText('{icon=gavel}');
    await expect(sections).toContainText('## Legal {icon=gavel}');

    const fileStructure = page.locator('#file-structure');
    for (const fact of ['# Company Information', 'Your Company', 'Series A', 'Secure document sharing']) {
      await expect(fileStructure).toContainText(fact);
    }
    await expect(fileStructure).toContainText('as soon as you save');

    await expect(page.locator('#adding-documents')).toContainText(
      'Only http:// and https:// links are accepted',
    );
    await expect(page.locator('#access-tracking')).toContainText('kept indefinitely');
  });

  test('shows a full sections file as text, not HTML', async ({ page }) => {
    await page.goto('/docs');
    const example = page.locator('#examples pre code').first();
    await expect(example).toContainText('# Company Information');
    await expect(example).toContainText('name: Lumora Grid');
    await expect(example).toContainText('## Legal {icon=gavel}');
    await expect(example).toContainText('- [Cap table (fully diluted)](https://docs.google.com/');
    expect(await example.evaluate((element) => element.children.length)).toBe(0);
  });
});
