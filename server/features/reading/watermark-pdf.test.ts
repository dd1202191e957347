import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, expect, test, vi } from 'vitest';
import { encryptedPdf, writtenPdf } from '#tests/support/sample-documents';
import { stampPdf, UnstampablePdfError } from './watermark-pdf';

const TEXT = 'ada@fund.example · 2026-11-25 · Confidential';
const LIMITS = { maxPages: 500, timeLimitMs: 60_000 };
const dirs: string[] = [];
const workDir = () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-test-')), 'work');
  dirs.push(path.dirname(dir));
  return dir;
};
/** The niceness of each live process whose arguments name `dir` (qpdf names its argument file there). */
function nicenessOfProcessesIn(dir: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const stat = line.slice(line.lastIndexOf(')') + 2);
      if (stat[0] !== 'Z' && commandLine.includes(dir)) found.push(Number(stat.split(' ')[16]));
    } catch {
      // ended between the listing and the read
    }
  }
  return found;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Each page's text and size, by poppler. */
function pages(pdf: Buffer): { text: string; size: string }[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stamped-')), 'out.pdf');
  dirs.push(path.dirname(file));
  fs.writeFileSync(file, pdf);
  const texts = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', file], { encoding: 'utf8' });
  const sizes = [...info.matchAll(/^Page\s+\d+\s+size:\s+(.+) pts/gm)].map((match) => match[1] ?? '');
  return texts.map((text, index) => ({ text: text.replace(/\s+/g, ''), size: sizes[index] ?? '' }));
}

test('a PDF streamed in is stamped on every page, pages of two sizes each keeping their size; its work directory goes with the stream', async () => {
  const portrait = writtenPdf({ pages: 2, width: 595, height: 842 });
  const dir = workDir();
  const stamped = await stampPdf({ stream: Readable.from([portrait]) }, TEXT, dir, LIMITS);
  const bytes = await readAll(stamped.stream);
  const result = pages(bytes);
  expect(result).toHaveLength(2);
  for (const page of result) {
    expect(page.text).toContain('ada@fund.example·2026-11-25·Confidential');
    expect(page.size).toBe('595 x 842');
  }
  await stamped.close();
  expect(fs.existsSync(dir)).toBe(false);
});

test('a stored file is read in place, and a landscape page gets a landscape watermark', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stored-')), 'original');
  dirs.push(path.dirname(file));
  fs.writeFileSync(file, writtenPdf({ pages: 1, width: 842, height: 595 }));
  const stamped = await stampPdf({ path: file }, TEXT, workDir(), LIMITS);
  const [page] = pages(await readAll(stamped.stream));
  expect(page?.size).toBe('842 x 595');
  expect(page?.text).toContain('ada@fund.example');
  expect(fs.existsSync(file)).toBe(true);
});

test('a password-protected PDF is refused before a byte is sent', async () => {
  await expect(
    stampPdf({ stream: Readable.from([encryptedPdf()]) }, TEXT, workDir(), LIMITS),
  ).rejects.toBeInstanceOf(UnstampablePdfError);
});

test('a PDF of more pages than the cap is refused before qpdf reads it, as too many pages', async () => {
  const error = await stampPdf({ stream: Readable.from([writtenPdf({ pages: 6 })]) }, TEXT, workDir(), {
    ...LIMITS,
    maxPages: 5,
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UnstampablePdfError);
  expect((error as UnstampablePdfError).reason).toBe('too_many_pages');
});

test('a stamping past its time limit is cut off: the stream errors instead of ending as if whole', async () => {
  const dir = workDir();
  // The limit covers every step; the ones before the stream (pdfinfo, the overlay) take well under a
  // second, but a loaded machine has made them take over one and a half, so the limit leaves them room:
  // what is cut off here must be the stream nobody reads.
  const stamped = await stampPdf({ stream: Readable.from([writtenPdf({ pages: 300 })]) }, TEXT, dir, {
    ...LIMITS,
    timeLimitMs: 6_000,
  });
  // Meanwhile qpdf, blocked on its full pipe, runs at the lowest priority, as a preparation does.
  expect(nicenessOfProcessesIn(dir)).toEqual([19]);
  let failure: Error | undefined;
  stamped.stream.on('error', (error) => {
    failure = error;
  });
  // Nobody reads: past the deadline the stream is cut off and qpdf's group killed.
  await vi.waitFor(() => expect(failure?.message).toMatch(/still running after 6000 ms/), {
    timeout: 60_000,
    interval: 100,
  });
  expect(stamped.stream.destroyed).toBe(true);
  expect(nicenessOfProcessesIn(dir)).toEqual([]);
  await stamped.close();
}, 90_000);
