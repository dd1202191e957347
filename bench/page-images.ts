import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deckPdf } from '#tests/support/sample-documents';
import { measurePageImages, uploadUntilReady } from './previews';
import { roomWithInvestor } from './room-fixture';
import { startRoundroom } from './servers';

/**
 * The page-image budget alone (node --import tsx bench/page-images.ts, after npm run build), without the
 * preparation and report rows of bench/previews.ts. PROF_DIR=dir writes the server's CPU profile there.
 */
const server = await startRoundroom();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-page-images-'));
// nginx's worker reads the image file from here.
fs.chmodSync(work, 0o755);
try {
  const room = await roomWithInvestor(server);
  const pdf = path.join(work, 'deck-30.pdf');
  fs.writeFileSync(pdf, deckPdf(30));
  const deck = await uploadUntilReady(server, room, pdf, 'Deck 30 pages.pdf');
  const investor = { authorization: `Bearer ${room.investorToken}` };
  console.log(await measurePageImages(server, investor, deck.id, work));
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
