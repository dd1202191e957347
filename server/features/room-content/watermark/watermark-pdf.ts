import { type ChildProcessByStdio, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { entryFile } from '../../../workers/entry-file';

const run = promisify(execFile);

import type { PageSize } from './watermark-overlay';

/**
 * Every page's size, from one pdfinfo run (poppler reads only the page tree, not the content: about a
 * tenth of a second for 300 pages). Undefined when poppler cannot read the file (encrypted, damaged).
 */
async function pageSizes(pdf: string): Promise<PageSize[] | undefined> {
  try {
    const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '1000000', pdf], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const sizes: PageSize[] = [];
    for (const match of stdout.matchAll(/^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
      sizes.push({ width: Number(match[1]), height: Number(match[2]) });
    }
    return sizes.length > 0 ? sizes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The watermark's overlay PDF, written to `file` by a child process (watermark-overlay.child.ts): pdf-lib
 * takes about 30 MB once loaded, which would stay in the server for good after its first watermarked
 * download (docs/performance.md: four such downloads must keep the server under 250 MB).
 */
async function writeOverlay(overlay: { text: string; sizes: PageSize[] }, file: string): Promise<void> {
  const entry = await entryFile(
    'watermark-overlay.child',
    new URL('./watermark-overlay.child.ts', import.meta.url),
  );
  await run(process.execPath, [entry, JSON.stringify(overlay), file]);
}

/** Why a PDF could not be stamped: it cannot be read (encrypted, damaged). */
export class UnstampablePdfError extends Error {}

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
): Promise<StampedPdf> {
  await fsp.mkdir(workDir, { recursive: true });
  let child: ChildProcessByStdio<null, Readable, Readable> | undefined;
  let closed: Promise<void> | undefined;
  // Once: the response's end and the stream's own close both call it, and each waits for the removal.
  const close = () => {
    closed ??= (async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
    const sizes = await pageSizes(input);
    if (!sizes) throw new UnstampablePdfError('poppler could not read the PDF');
    const distinct: PageSize[] = [];
    const overlayPageOf = sizes.map((size) => {
      let index = distinct.findIndex((d) => d.width === size.width && d.height === size.height);
      if (index < 0) index = distinct.push(size) - 1;
      return index + 1;
    });
    const watermark = path.join(workDir, 'watermark.pdf');
    await writeOverlay({ text, sizes: distinct }, watermark);
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
    const spawned = spawn('qpdf', [`@${argumentsFile}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = spawned;
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
