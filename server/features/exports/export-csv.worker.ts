import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database';
import { csvText } from './csv-output';
import { exportRows } from './export-rows';
import type { ExportJob, FromWorker } from './export-worker-stream';

/**
 * One export, in its own thread with its own connection (export-worker-stream.ts): each 'more' from the
 * request thread is answered with the next piece of the CSV text, so it is read only as fast as the
 * client takes it.
 */
const job = workerData as ExportJob;
const port = parentPort;
if (!port) throw new Error('export-csv.worker.ts runs as a worker thread');
const handle = openDatabase(job.database);
const { header, pages } = exportRows({ db: handle.db, appUrl: job.appUrl }, job.kind, job.scope, job.ownerId);
const text = csvText(header, pages);

const send = (message: FromWorker) => port.postMessage(message);
port.on('message', async () => {
  try {
    const next = await text.next();
    if (next.done) {
      await handle.close();
      send({ kind: 'done' });
    } else send({ kind: 'chunk', text: next.value });
  } catch (error) {
    send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
