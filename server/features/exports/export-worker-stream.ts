import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExportKind } from '../../../shared/contracts/exports';
import type { Config } from '../../config';
import { entryFile } from '../../workers/entry-file';
import type { ExportScope } from './exports.repository';

/** What the export's thread needs to know. */
export interface ExportJob {
  database: Config['database'];
  appUrl: string;
  kind: ExportKind;
  scope: ExportScope;
  ownerId: string;
}

export type FromWorker =
  | { kind: 'chunk'; text: string }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * A long export allocates without pause, and V8 then grows the young generation of the thread doing it
 * to its maximum (~165 MB of heap on the request thread for a million rows). In a thread of its own the
 * export's heap is capped, and its CPU is off the thread that answers requests (ADR 42).
 */
const EXPORT_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 };

/**
 * The export's CSV as a stream the reply pipes to the client: a piece is asked of the worker only when
 * the stream wants more (backpressure); a client that goes away, or a failure, ends the worker.
 */
export async function csvFromWorker(job: ExportJob, onError: (error: Error) => void): Promise<Readable> {
  const worker = new Worker(
    await entryFile('export-csv.worker', new URL('./export-csv.worker.ts', import.meta.url)),
    { workerData: job, resourceLimits: EXPORT_THREAD_LIMITS },
  );
  const stream = new Readable({
    read() {
      worker.postMessage('more');
    },
    destroy(error, callback) {
      void worker.terminate();
      callback(error);
    },
  });
  worker.on('message', (message: FromWorker) => {
    if (message.kind === 'chunk') stream.push(message.text);
    else if (message.kind === 'done') stream.push(null);
    else stream.destroy(new Error(`the CSV export failed: ${message.message}`));
  });
  worker.on('error', (error) => stream.destroy(error));
  stream.on('error', onError);
  stream.on('end', () => void worker.terminate());
  return stream;
}
