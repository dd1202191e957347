import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium';
import { sampleFiles } from './sample-files';

/**
 * Screenshots of pages at a phone and a desktop width, to look at before calling a page done.
 * Usage: npm run screenshots -- [--as-founder [--seed]] <base-url> <path> [<path> ...]
 * Writes test-results/screenshots/. --as-founder first creates a founder account and signs in, for
 * the console pages (the server's APP_URL must be the base URL, or its Origin check refuses it).
 * --seed also gives the room a few uploaded files, external links, a second group and two
 * invitations, so the console is shot the way a founder in the middle of a raise sees it.
 */
async function seedRoom(request: APIRequestContext, base: string, width: number) {
  const headers = { origin: new URL(base).origin };
  for (const file of await sampleFiles()) {
    const response = await request.post(new URL('/api/upload', base).toString(), {
      headers,
      multipart: {
        ...(file.section && { section: file.section }),
        file: { name: file.name, mimeType: 'application/octet-stream', buffer: file.bytes },
      },
    });
    if (!response.ok()) throw new Error(`could not upload ${file.name}: ${await response.text()}`);
  }
  const sections = (await (await request.get(new URL('/api/sections/content', base).toString())).json()) as {
    content: string;
  };
  const content = sections.content.replace(
    '## Legal documents {icon=gavel}',
    '## Market research {icon=chart-bar}\nWho buys, and why now.\n- [Market sizing](https://docs.google.com/spreadsheets/d/1abc)\n- [Analyst report](https://www.dropbox.com/s/xyz/report.pdf)\n\n## Legal documents {icon=gavel}',
  );
  await request.post(new URL('/api/sections/update', base).toString(), { headers, data: { content } });
  // A second investor group, as a room in diligence has: the forms then offer the choice.
  await request.post(new URL('/api/my-data-room/groups', base).toString(), {
    headers,
    data: { name: 'Diligence' },
  });
  for (const [email, name] of [
    [`partner-${width}@sequoia.example`, 'Pat Partner'],
    [`angel-${width}@example.com`, ''],
  ]) {
    await request.post(new URL('/api/invites', base).toString(), {
      headers,
      data: name ? { email, name } : { email },
    });
  }
}

const args = process.argv.slice(2);
const asFounder = args.includes('--as-founder');
const seed = args.includes('--seed');
const [baseUrl, ...pagePaths] = args.filter((arg) => !arg.startsWith('--'));
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
    if (asFounder) {
      const email = `screens-${Date.now()}-${width}@example.com`;
      const response = await page.request.post(new URL('/api/complete-account-setup', baseUrl).toString(), {
        data: { name: 'Fran Founder', email, companyName: 'Northwind Robotics' },
        headers: { origin: new URL(baseUrl).origin },
      });
      if (!response.ok())
        throw new Error(`could not create a founder: ${response.status()} ${await response.text()}`);
      if (seed) await seedRoom(page.request, baseUrl, width);
    }
    for (const pagePath of pagePaths) {
      await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'networkidle' });
      const name = pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      // Long pages are also cut into screen-sized parts, which stay legible when viewed.
      const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
      const tile = width < 600 ? 1400 : 1000;
      if (height > tile * 1.5) {
        for (let part = 0; part * tile < height; part++) {
          const partFile = file.replace(/\.png$/, `-part${part + 1}.png`);
          const clip = { x: 0, y: part * tile, width, height: Math.min(tile, height - part * tile) };
          await page.screenshot({ path: partFile, fullPage: true, clip });
          console.log(partFile);
        }
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
}
