import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { entryFile } from '#server/workers/entry-file';
import type { ExportKind } from '#shared/contracts/exports';
import {
  type ExportJob,
  type ExportThreadData,
  type FromWorker,
  PIECE_BYTES,
  PIECES_IN_FLIGHT,
  type ToWorker,
} from './export-thread-messages';

/**
 * A long export allocates without pause, and V8 then grows the young generation of the thread doing it
 * to its maximum (~165 MB of heap on the request thread for a million rows). In a thread of its own the
 * export's heap is capped, and its CPU is off the thread that answers requests (ADR 42). The paged
 * exports hold one page of 250 rows at a time, yet the higher the cap, the more garbage V8 lets pile up
 * before collecting it: a million-row access log peaked at 35 MB of heap with 96 MB, 29 with 32, 18
 * with 16. But the thread's own code and modules (the database driver, the query builder) already hold
 * 13-15 MB of heap for an export of ten rows: at 16 (a limit of 23 MB in all), a PostgreSQL export on a
 * busy machine ran out of memory before its collector caught up, and the client got a cut file. 32
 * leaves that margin. The analytics exports hold a room's documents-by-readers totals at once: 96.
 */
const PAGED_EXPORT_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 };
const ANALYTICS_EXPORT_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 };
const PAGED_EXPORTS: ReadonlySet<ExportKind> = new Set(['access-log', 'nda-acceptances']);

/**
 * Writes the export's CSV to `response` as the worker thread produces it, and resolves once the thread
 * has exited and the response is closed. The bytes cross from the thread in the shared slots, never as
 * new strings or buffers on the request thread: a million rows used to allocate ~170 MB there as fast
 * as a local client read them, and grew that thread's memory past the export's budget. A client that
 * goes away ends the thread; a failure is given to `onError` and cuts the response short, so the client
 * cannot take a partial file for a whole one.
 */
export async function sendCsvFromWorker(
  job: ExportJob,
  response: Writable,
  onError: (error: Error) => void,
): Promise<void> {
  const window = new SharedArrayBuffer(PIECES_IN_FLIGHT * PIECE_BYTES);
  const worker = new Worker(
    await entryFile('export-csv.worker', new URL('./export-csv.worker.ts', import.meta.url)),
    {
      workerData: { ...job, window } satisfies ExportThreadData,
      resourceLimits: PAGED_EXPORTS.has(job.kind) ? PAGED_EXPORT_LIMITS : ANALYTICS_EXPORT_LIMITS,
    },
  );
  let stopped = false;
  const stop = (failure?: Error) => {
    if (stopped) return;
    stopped = true;
    void worker.terminate();
    if (failure) {
      onError(failure);
      response.destroy(failure);
    }
  };
  const grant = (slot: number) => worker.postMessage({ slot } satisfies ToWorker);
  worker.on('message', (message: FromWorker) => {
    if (stopped) return;
    if (message.kind === 'piece') {
      const bytes = Buffer.from(window, message.slot * PIECE_BYTES, message.bytes);
      // The callback runs once the bytes are out of the response's buffers (or the write failed, and
      // 'close' stops the thread): only then may the thread write into the slot again.
      response.write(bytes, (error) => {
        if (!error && !stopped) grant(message.slot);
      });
    } else if (message.kind === 'done') {
      response.end();
      stop();
    } else stop(new Error(`the CSV export failed: ${message.message}`));
  });
  worker.on('error', (error) => stop(error));
  const closed = new Promise<void>((resolve) => {
    // Ended or not, a closed response needs no more pieces; before its end, the client went away
    // (perhaps already, while the thread was starting: its writes would fail and never give credits).
    const onClose = () => {
      stop();
      resolve();
    };
    if (response.destroyed) onClose();
    else response.once('close', onClose);
  });
  // A write to a client that has gone away can fail before 'close': not a failure of the export.
  response.on('error', () => stop());
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      stop(new Error(`the CSV export's thread stopped before the end of the file (exit code ${code})`));
      resolve();
    }),
  );
  await Promise.all([exited, closed]);
}
