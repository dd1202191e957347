import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * Collects the page's unexpected console errors and uncaught exceptions. The `page` fixture is watched
 * automatically; a test that opens more pages (another person's browser) watches them with this and
 * asserts on the result.
 */
export function watchConsole(page: Page, allowed: RegExp[] = []): string[] {
  const unexpected: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
  });
  page.on('pageerror', (error) => unexpected.push(`uncaught: ${error.message}`));
  return unexpected;
}

interface Fixtures {
  /** Console errors a test expects (e.g. the 404 document itself); anything else fails the test. */
  allowedConsoleErrors: RegExp[];
  failOnConsoleErrors: undefined;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const unexpected = watchConsole(page, allowedConsoleErrors);
      await use(undefined);
      expect(unexpected, 'the page logged unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});
