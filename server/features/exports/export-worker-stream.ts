import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportKind } from '../../../shared/contracts/exports';
import type { Config } from '../../config';
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
 * The worker's file: beside this one in the bundle (dist/server, built by npm run build). Run from
 * source (development, tests), it is bundled on first use with esbuild, as the sections parser's is.
 */
let workerFileReady: Promise<string> | undefined;
function workerFile(): Promise<string> {
  workerFileReady ??= (async () => {
    const built = fileURLToPath(new URL('./export-csv.worker.js', import.meta.url));
    if (fs.existsSync(built)) return built;
    const source = fileURLToPath(new URL('./export-csv.worker.ts', import.meta.url));
    const outfile = path.resolve(
      path.dirname(source),
      '../../../node_modules/.cache/roundroom/export-csv.worker.js',
    );
    const esbuild = await import('esbuild');
    const { outputFiles } = await esbuild.build({
      entryPoints: [source],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile,
      write: false,
      logLevel: 'warning',
    });
    // Written beside it, then renamed over it: test files run in parallel processes.
    const written = `${outfile}.${process.pid}`;
    fs.mkdirSync(path.dirname(outfile), { recursive: true });
    fs.writeFileSync(written, outputFiles.find((file) => file.path === outfile)?.contents ?? '');
    fs.renameSync(written, outfile);
    return outfile;
  })();
  return workerFileReady;
}

/**
 * The export's CSV as a stream the reply pipes to the client: a piece is asked of the worker only when
 * the stream wants more (backpressure); a client that goes away, or a failure, ends the worker.
 */
export async function csvFromWorker(job: ExportJob, onError: (error: Error) => void): Promise<Readable> {
  const worker = new Worker(await workerFile(), { workerData: job, resourceLimits: EXPORT_THREAD_LIMITS });
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
