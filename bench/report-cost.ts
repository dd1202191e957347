import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deckPdf } from '#tests/support/sample-documents';
import { measureReportCost, uploadUntilReady } from './previews';
import { roomWithInvestor } from './room-fixture';
import { startRoundroom } from './servers';

/**
 * The reading-report budget alone (node --import tsx bench/report-cost.ts, after npm run build), without
 * the preparation and nginx rows of bench/previews.ts. PROF_DIR=dir writes the server's CPU profile there.
 */
const server = await startRoundroom();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-report-cost-'));
try {
  const room = await roomWithInvestor(server);
  const pdf = path.join(work, 'deck-30.pdf');
  fs.writeFileSync(pdf, deckPdf(30));
  const deck = await uploadUntilReady(server, room, pdf, 'Deck 30 pages.pdf');
  console.log(await measureReportCost(server, room, deck.id));
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
