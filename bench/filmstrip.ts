import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium';
import { seedDeck, throttledPhone } from './reader';
import { apiCall, outboxInvitationLinks } from './room-fixture';
import { startRoundroom } from './servers';

/**
 * npm run filmstrip: what a new investor sees in the first seconds of an invitation's page, on a 390 px
 * phone on Chromium's 4G profile with a cold cache (docs/decisions/0075-the-investors-first-screen.md):
 * a frame every 100 ms, side by side, written to test-results/filmstrip.png to be looked at.
 */

const FRAME_EVERY_MS = 100;
const SECONDS = Number(process.env.FILMSTRIP_SECONDS ?? 1.5);
const FRAME_WIDTH = 195;

const server = await startRoundroom();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const deck = await seedDeck(server);
  const email = `filmstrip-${Date.now()}@example.com`;
  await apiCall(server, 'POST', '/api/invites', deck.founderToken, { email }, 201);
  const invitationPath = `/data-room?invite=${await outboxInvitationLinks(server)(email)}`;

  const { context, page } = await throttledPhone(browser, server, null);
  const session = await context.newCDPSession(page);
  const frames: { at: number; image: Buffer }[] = [];
  let navigationStarted = 0;
  session.on('Page.screencastFrame', (frame) => {
    frames.push({ at: frame.metadata.timestamp ?? 0, image: Buffer.from(frame.data, 'base64') });
    void session.send('Page.screencastFrameAck', { sessionId: frame.sessionId });
  });
  await session.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  navigationStarted = Date.now() / 1000;
  await page.goto(invitationPath, { waitUntil: 'commit' });
  await page.waitForTimeout(SECONDS * 1000 + 500);
  await session.send('Page.stopScreencast');
  await context.close();

  // The frame on screen at each moment: the last one drawn before it (white before the first).
  const moments = Array.from(
    { length: Math.round((SECONDS * 1000) / FRAME_EVERY_MS) + 1 },
    (_, i) => i * FRAME_EVERY_MS,
  );
  const blank = await sharp({ create: { width: 390, height: 844, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const tiles = await Promise.all(
    moments.map(async (ms) => {
      const shown = frames.filter((frame) => (frame.at - navigationStarted) * 1000 <= ms).at(-1);
      const label = Buffer.from(
        `<svg width="${FRAME_WIDTH}" height="28"><rect width="100%" height="100%" fill="#0f172a"/><text x="8" y="19" font-family="sans-serif" font-size="15" fill="#fff">${ms} ms</text></svg>`,
      );
      const picture = await sharp(shown?.image ?? blank)
        .resize({ width: FRAME_WIDTH })
        .toBuffer();
      return sharp(picture)
        .extend({ top: 28, background: '#0f172a' })
        .composite([{ input: label, top: 0, left: 0 }])
        .png()
        .toBuffer();
    }),
  );
  const heights = await Promise.all(tiles.map(async (tile) => (await sharp(tile).metadata()).height ?? 0));
  const strip = sharp({
    create: {
      width: tiles.length * (FRAME_WIDTH + 4),
      height: Math.max(...heights),
      channels: 3,
      background: '#e2e8f0',
    },
  }).composite(tiles.map((input, index) => ({ input, top: 0, left: index * (FRAME_WIDTH + 4) })));
  const file = path.resolve('test-results/filmstrip.png');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await strip.png().toFile(file);
  console.log(`${frames.length} frames; the filmstrip of the first ${SECONDS} s is ${file}`);
} finally {
  await browser.close();
  await server.stop();
}
