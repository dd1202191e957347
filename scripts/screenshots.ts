import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';

/**
 * Screenshots of pages at a phone and a desktop width, to look at before calling a page done.
 * Usage: npm run screenshots -- <base-url> <path> [<path> ...]   (writes test-results/screenshots/)
 */
const [baseUrl, ...pagePaths] = process.argv.slice(2);
if (!baseUrl || pagePaths.length === 0) {
  console.error('Usage: npm run screenshots -- http://127.0.0.1:3000 / /docs ...');
  process.exit(1);
}
const widths = [390, 1280];
const outDir = path.resolve('test-results/screenshots');
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const pagePath of pagePaths) {
      await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'networkidle' });
      const name = pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
