import { test as base, expect } from '@playwright/test';

export { expect };

interface Fixtures {
  /** Console errors a test expects (e.g. the 404 document itself); anything else fails the test. */
  allowedConsoleErrors: RegExp[];
  failOnConsoleErrors: undefined;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const unexpected: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) unexpected.push(text);
      });
      page.on('pageerror', (error) => unexpected.push(`uncaught: ${error.message}`));
      await use(undefined);
      expect(unexpected, 'the page logged unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});
