import { type ChildProcess, type ChildProcessByStdio, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { entryFile } from '#server/workers/entry-file';
import type { PageSize } from './watermark-overlay';

/**
 * The limits a stamping runs under: the preparation's (ADR 39, applied here by ADR 61). Every program
 * it starts (pdfinfo, the overlay's child, qpdf) runs at the lowest CPU priority, in a process group of
 * its own that is killed whole past the time limit; a PDF of more pages than the viewer prepares is
 * refused before qpdf reads it.
 */
export interface StampingLimits {
  /** The most pages a stamped PDF may have (MAX_PREVIEW_PAGES). */
  maxPages: number;
  /** The whole stamping, its stream included, ends by then (PREVIEW_TIME_LIMIT_MS). */
  timeLimitMs: number;
}

/** The lowest CPU priority, as a preparation's (run-preparation-child.ts); raising one's own child's needs no privilege. */
const STAMPING_NICENESS = 19;

function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, STAMPING_NICENESS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** A program's process group (it leads a new one: `detached`), killed in one signal. */
function killGroup(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Runs a program to its end under the limits: lowest priority, its group killed at the deadline. */
function runLimited(command: string, args: string[], deadline: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    lowerPriority(child);
    const timer = setTimeout(() => killGroup(child), Math.max(0, deadline - Date.now()));
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      // More than any page list could hold: the rest is not read.
      if (stdout.length < 16 * 1024 * 1024) stdout += chunk;
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ended with ${signal ?? `exit ${code}`}`));
    });
  });
}

/**
 * Every page's size, from one pdfinfo run over at most `maxPages` pages (poppler reads only the page
 * tree, not the content). Undefined when poppler cannot read the file (encrypted, damaged); an
 * UnstampablePdfError when it has more pages than that.
 */
async function pageSizes(pdf: string, maxPages: number, deadline: number): Promise<PageSize[] | undefined> {
  let stdout: string;
  try {
    stdout = await runLimited('pdfinfo', ['-f', '1', '-l', String(maxPages), pdf], deadline);
  } catch {
    return undefined;
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  if (pages > maxPages)
    throw new UnstampablePdfError(`${pages} pages, more than ${maxPages}`, 'too_many_pages');
  const sizes: PageSize[] = [];
  for (const match of stdout.matchAll(/^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
    sizes.push({ width: Number(match[1]), height: Number(match[2]) });
  }
  return sizes.length > 0 ? sizes : undefined;
}

/**
 * The watermark's overlay PDF, written to `file` by a child process (watermark-overlay.child.ts): pdf-lib
 * takes about 30 MB once loaded, which would stay in the server for good after its first watermarked
 * download (docs/performance.md: four such downloads must keep the server under 250 MB). The overlay's
 * description goes in a file: one page size per distinct size does not fit an argument (E2BIG).
 */
async function writeOverlay(
  overlay: { text: string; sizes: PageSize[] },
  file: string,
  deadline: number,
): Promise<void> {
  const entry = await entryFile(
    'watermark-overlay.child',
    new URL('./watermark-overlay.child.ts', import.meta.url),
  );
  const description = `${file}.json`;
  await fsp.writeFile(description, JSON.stringify(overlay));
  await runLimited(process.execPath, [entry, description, file], deadline);
}

/** Why a PDF could not be stamped: it cannot be read (encrypted, damaged), or it has too many pages. */
export class UnstampablePdfError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreadable' | 'too_many_pages' = 'unreadable',
  ) {
    super(message);
  }
}

/** A stamped PDF being written by qpdf: its bytes, and a way to stop it and clean up. */
export interface StampedPdf {
  stream: Readable;
  /** Stops qpdf if it still runs and removes the work directory; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Stamps every page of the PDF `source` with `text`: qpdf reads the stored file in place, or a copy in
 * the work directory when storage is not a local disk (qpdf needs to seek); the watermark is made for
 * the PDF's page sizes, and qpdf's --overlay writes the result to its standard output, which is
 * streamed to the reader as it is written. The server holds neither file in memory; qpdf is its own
 * process, so neither the event loop nor the server's heap carries the work.
 */
export async function stampPdf(
  source: { path: string } | { stream: Readable },
  text: string,
  workDir: string,
  limits: StampingLimits,
): Promise<StampedPdf> {
  const deadline = Date.now() + limits.timeLimitMs;
  await fsp.mkdir(workDir, { recursive: true });
  let child: ChildProcessByStdio<null, Readable, Readable> | undefined;
  let closed: Promise<void> | undefined;
  let deadlineTimer: NodeJS.Timeout | undefined;
  // Once: the response's end and the stream's own close both call it, and each waits for the removal.
  const close = () => {
    closed ??= (async () => {
      clearTimeout(deadlineTimer);
      killGroup(child);
      await fsp.rm(workDir, { recursive: true, force: true });
    })();
    return closed;
  };
  try {
    let input: string;
    if ('path' in source) input = source.path;
    else {
      input = path.join(workDir, 'original.pdf');
      await pipeline(source.stream, fs.createWriteStream(input));
    }
    const sizes = await pageSizes(input, limits.maxPages, deadline);
    if (!sizes) throw new UnstampablePdfError('poppler could not read the PDF');
    const distinct: PageSize[] = [];
    const overlayPageOf = sizes.map((size) => {
      let index = distinct.findIndex((d) => d.width === size.width && d.height === size.height);
      if (index < 0) index = distinct.push(size) - 1;
      return index + 1;
    });
    const watermark = path.join(workDir, 'watermark.pdf');
    await writeOverlay({ text, sizes: distinct }, watermark, deadline);
    // The page map is long for a long document: given to qpdf in an argument file.
    const argumentsFile = path.join(workDir, 'arguments');
    await fsp.writeFile(
      argumentsFile,
      [
        input,
        '--overlay',
        watermark,
        `--to=1-${sizes.length}`,
        `--from=${overlayPageOf.join(',')}`,
        '--',
        // Standard output: streamed as qpdf writes it.
        '-',
      ].join('\n'),
    );
    const spawned = spawn('qpdf', [`@${argumentsFile}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child = spawned;
    lowerPriority(spawned);
    let stderr = '';
    spawned.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 2000) stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => spawned.on('close', (code) => resolve(code)));
    // Piped at once: Node resumes (and so drops) a child's unread output when the child exits, and a
    // small PDF is written whole before the response reads it. The pipe keeps qpdf's backpressure.
    const output = spawned.stdout.pipe(new PassThrough());
    // Wait for the first bytes (or the end): a PDF qpdf refuses is a clear refusal, not a cut download.
    await new Promise<void>((resolve) => {
      output.once('readable', resolve);
      output.once('end', resolve);
    });
    if (output.readableLength === 0) {
      const code = await exited;
      throw new UnstampablePdfError(`qpdf wrote nothing (exit ${code}): ${stderr.split('\n')[0]}`);
    }
    output.on('close', () => void close());
    // Past the time limit the download is cut off (never ended as if whole) and qpdf's group killed.
    deadlineTimer = setTimeout(
      () => {
        output.destroy(new Error(`stamping still running after ${limits.timeLimitMs} ms`));
        void close();
      },
      Math.max(0, deadline - Date.now()),
    );
    // qpdf failing part way (after its first bytes): the download is cut off, never ended as if whole.
    void exited.then((code) => {
      if (code !== 0 && code !== 3 && closed === undefined)
        output.destroy(new Error(`qpdf exited ${code}: ${stderr}`));
    });
    return { stream: output, close };
  } catch (error) {
    await close();
    throw error;
  }
}
