import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rawZip } from '#tests/support/zips';
import { peakRssDuring } from './process-memory';
import { type BudgetRow, mb, median } from './report';
import { roomWithInvestor, uploadFile, writePdf } from './room-fixture';
import { startRoundroom } from './servers';

/** The most files one room takes (docs/product-rules.md#plans-and-limits), each 100 KB. */
const ZIP_FILES = 500;
const ZIP_FILE_BYTES = 100 * 1024;
/** A 500 MB room: ten files of 50 MB in one section, and the same bytes as one file. */
const ROOM_FILES = 10;
const ROOM_FILE_BYTES = 50 * 1024 * 1024 - 4096;
const ROUNDS = 3;
const RSS_BUDGET = 250 * 1024 * 1024;

/** Reads a GET's body to the end without keeping it; returns the bytes per second and the byte count. */
async function downloadRate(url: string, token: string): Promise<{ rate: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body)
    throw new Error(`download failed: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return { rate: bytes / ((performance.now() - started) / 1000), bytes };
}

/**
 * Folders and zips (docs/decisions/0070-folders-and-zips.md): a zip of a full room's 500 files unpacked
 * with flat memory; a 500 MB room's "Download all" streamed with flat memory, at least 70% of the rate
 * of the same 500 MB downloaded as one file (an upload limit raised to 600 MB for it, which is itself the
 * large upload's row).
 */
export async function measureZipBudgets(): Promise<BudgetRow[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-zips-'));
  const ours = await startRoundroom({ UPLOAD_MAX_MB: '600' });
  try {
    const pid = ours.child.pid ?? 0;
    const zipRoom = await roomWithInvestor(ours);
    const zip = rawZip(
      Array.from({ length: ZIP_FILES }, (_, index) => ({
        name: `Raise/Folder ${index % 10}/Document ${index}.pdf`,
        data: Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(ZIP_FILE_BYTES)]),
      })),
    );
    let stored = 0;
    const zipStarted = performance.now();
    const zipPeak = await peakRssDuring(pid, async () => {
      const form = new FormData();
      form.append('file', new Blob([zip]), 'Raise.zip');
      const response = await fetch(`${ours.baseUrl}/api/upload/archive`, {
        method: 'POST',
        headers: { authorization: `Bearer ${zipRoom.founderToken}` },
        body: form,
      });
      if (response.status !== 201)
        throw new Error(`zip upload failed: ${response.status} ${await response.text()}`);
      stored = ((await response.json()) as { stored: number }).stored;
    });
    const zipSeconds = (performance.now() - zipStarted) / 1000;

    const room = await roomWithInvestor(ours);
    const part = path.join(work, 'part.pdf');
    writePdf(part, ROOM_FILE_BYTES);
    for (let index = 0; index < ROOM_FILES; index++)
      await uploadFile(ours, room, part, `Part ${index + 1}.pdf`, 'Data');
    const whole = path.join(work, 'whole.pdf');
    writePdf(whole, ROOM_FILE_BYTES * ROOM_FILES);
    let wholePath = '';
    const bigUploadPeak = await peakRssDuring(pid, async () => {
      wholePath = await uploadFile(ours, room, whole, 'Whole.pdf');
    });
    fs.rmSync(whole);

    const zipRates: number[] = [];
    const fileRates: number[] = [];
    let downloadPeak = 0;
    let zipBytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      downloadPeak = Math.max(
        downloadPeak,
        await peakRssDuring(pid, async () => {
          const zipped = await downloadRate(
            `${ours.baseUrl}/api/data-room/${room.roomId}/download-all?section=${await dataSectionId(ours.baseUrl, room.founderToken)}`,
            room.investorToken,
          );
          zipRates.push(zipped.rate);
          zipBytes = zipped.bytes;
        }),
      );
      fileRates.push((await downloadRate(`${ours.baseUrl}${wholePath}`, room.investorToken)).rate);
    }
    const ratio = median(zipRates) / median(fileRates);
    return [
      {
        budget: `zip of ${ZIP_FILES} files (a full room) unpacked: RSS < 250 MB`,
        measured: mb(zipPeak),
        baseline: `${stored} stored in ${zipSeconds.toFixed(1)} s, ${mb(zip.length)} zip`,
        pass: zipPeak < RSS_BUDGET && stored === ZIP_FILES,
      },
      {
        budget: '500 MB upload (UPLOAD_MAX_MB=600): RSS < 250 MB',
        measured: mb(bigUploadPeak),
        baseline: 'streamed to storage',
        pass: bigUploadPeak < RSS_BUDGET,
      },
      {
        budget: '"Download all" of a 500 MB section: RSS < 250 MB',
        measured: mb(downloadPeak),
        baseline: `${mb(zipBytes)} zip, ${ROUNDS} rounds`,
        pass: downloadPeak < RSS_BUDGET,
      },
      {
        budget: '"Download all" >= 70% of the same bytes as one file',
        measured: `${mb(median(zipRates))}/s (${Math.round(ratio * 100)}%)`,
        baseline: `${mb(median(fileRates))}/s (one 500 MB file, one connection)`,
        pass: ratio >= 0.7,
      },
    ];
  } finally {
    await ours.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The id (1..n) of the section "Data" in the room's sections, as its URLs name it. */
async function dataSectionId(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/sections/content`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { content } = (await response.json()) as { content: string };
  const names = [...content.matchAll(/^## (.+)$/gm)].map((match) => (match[1] ?? '').trim());
  const index = names.findIndex((name) => name.startsWith('Data'));
  if (index < 0) throw new Error('no section "Data"');
  return index + 1;
}
