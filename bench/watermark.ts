import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { peakRssDuring, rssBytes } from './process-memory';
import type { BudgetRow } from './report';
import { mb, median, ms } from './report';
import { apiCall, roomWithInvestor, uploadFile } from './room-fixture';
import { startRoundroom } from './servers';

/**
 * The watermark budgets (docs/decisions/0046-dynamic-watermark.md): a watermarked 50 MB,
 * 300-page PDF starts downloading within 2 s (time to the first byte of the body), and the server's RSS
 * stays under 250 MB while 4 such downloads run at once. The PDF is real: 300 pages, each with a
 * photograph-like image of its own bytes (noise, so nothing compresses) and a line of text; qpdf stamps
 * every page. Baseline: the server's RSS just before, and the same download with the watermark off.
 */

const PAGES = 300;
const TARGET_BYTES = 50 * 1024 * 1024;
const FIRST_BYTE_BUDGET_MS = 2000;
const RSS_BUDGET_MB = 250;
const CONCURRENT = 4;
const ROUNDS = 3;

/** A 300-page PDF of about 50 MB, written with pdf-lib from one noise JPEG per page. */
async function write300PagePdf(file: string): Promise<number> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  // About 165 KB a page: 48 MiB in all, just under the 50 MiB upload limit.
  const side = 406;
  for (let page = 1; page <= PAGES; page++) {
    const noise = crypto.randomBytes(side * side * 3);
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const pdfPage = document.addPage([595, 842]);
    pdfPage.drawImage(await document.embedJpg(jpeg), { x: 50, y: 300, width: 495, height: 495 });
    pdfPage.drawText(`Page ${page} of ${PAGES}: numbers for the board.`, { x: 50, y: 120, size: 18, font });
  }
  const bytes = await document.save();
  fs.writeFileSync(file, bytes);
  return bytes.length;
}

/** One download: the time to its first body byte, and its whole length, reading it to the end. */
async function download(url: string, token: string): Promise<{ firstByteMs: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body) throw new Error(`download answered ${response.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += (chunk as Uint8Array).length;
  }
  return { firstByteMs, bytes };
}

export async function measureWatermarkBudgets(): Promise<BudgetRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-watermark-'));
  const file = path.join(dir, 'board-pack.pdf');
  const size = await write300PagePdf(file);
  if (size < TARGET_BYTES * 0.9 || size > TARGET_BYTES)
    throw new Error(`the PDF is ${mb(size)}, not about 50 MB`);
  const server = await startRoundroom();
  try {
    const pid = server.child.pid ?? 0;
    const room = await roomWithInvestor(server);
    const downloadPath = await uploadFile(server, room, file, 'Board pack.pdf');
    const url = `${server.baseUrl}${downloadPath}`;

    await apiCall(server, 'POST', '/api/my-data-room/watermark', room.founderToken, {
      isWatermarkEnabled: true,
    });
    // Memory first, after the upload: the plain download's own memory (ADR 27's budget) is not counted.
    const before = rssBytes(pid);
    let concurrentFirstBytes: number[] = [];
    const peak = await peakRssDuring(pid, async () => {
      const results = await Promise.all(
        Array.from({ length: CONCURRENT }, () => download(url, room.investorToken)),
      );
      concurrentFirstBytes = results.map((result) => result.firstByteMs);
    });
    const firstBytes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const stamped = await download(url, room.investorToken);
      if (stamped.bytes < size) throw new Error(`the watermarked PDF is ${stamped.bytes} bytes`);
      firstBytes.push(stamped.firstByteMs);
    }
    const firstByte = median(firstBytes);
    await apiCall(server, 'POST', '/api/my-data-room/watermark', room.founderToken, {
      isWatermarkEnabled: false,
    });
    const plain = await download(url, room.investorToken);

    return [
      {
        budget: `watermarked 50 MB, ${PAGES}-page PDF: first byte <= ${FIRST_BYTE_BUDGET_MS / 1000} s`,
        measured: `${ms(firstByte)} (median of ${ROUNDS}; ${ms(Math.max(...concurrentFirstBytes))} at worst of ${CONCURRENT} at once)`,
        baseline: `${ms(plain.firstByteMs)} unwatermarked; PDF ${mb(size)}`,
        pass: firstByte <= FIRST_BYTE_BUDGET_MS,
      },
      {
        budget: `${CONCURRENT} watermarked 50 MB PDF downloads at once: server RSS < ${RSS_BUDGET_MB} MB`,
        measured: mb(peak),
        baseline: `${mb(before)} before (after the upload)`,
        pass: peak < RSS_BUDGET_MB * 1024 * 1024,
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone: node --import tsx bench/watermark.ts (after npm run build).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./report');
  const rows = await measureWatermarkBudgets();
  printTable(rows);
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
}
