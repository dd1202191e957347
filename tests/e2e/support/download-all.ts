import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { unzipped } from '#tests/support/zips';

/**
 * Taps "Download all" on a section of the room the page shows (docs/product-rules.md#download-all) and
 * returns the zip's files, by name, as the browser saved it.
 */
export async function downloadAllOf(page: Page, section: string): Promise<Map<string, Buffer>> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download all of ${section}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${section}.zip`);
  return unzipped(fs.readFileSync(await file.path()));
}
