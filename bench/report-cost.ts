import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deckPdf } from '../tests/support/sample-documents';
import { measureReportCost } from './previews';
import { apiCall, roomWithInvestor, uploadFile } from './room-fixture';
import { startRoundroom } from './servers';

/**
 * The reading-report budget alone (npx tsx bench/report-cost.ts, after npm run build), without the
 * preparation and nginx rows of bench/previews.ts. PROF_DIR=dir writes the server's CPU profile there.
 */
const server = await startRoundroom(
  process.env.PROF_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROF_DIR}` } : {},
);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-report-cost-'));
try {
  const room = await roomWithInvestor(server);
  const pdf = path.join(work, 'deck-30.pdf');
  fs.writeFileSync(pdf, deckPdf(30));
  const url = await uploadFile(server, room, pdf, 'Deck 30 pages.pdf');
  const documentId = /documents\/([0-9a-f-]+)\//.exec(url)?.[1] ?? '';
  for (;;) {
    const documents = (await apiCall(server, 'GET', '/api/my-documents', room.founderToken)) as {
      id: string;
      preview: { status: string };
    }[];
    const status = documents.find((document) => document.id === documentId)?.preview.status;
    if (status === 'ready') break;
    if (status === 'failed') throw new Error('the deck could not be prepared');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(await measureReportCost(server, room, documentId));
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
