import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '#server/db/database';
import { csvText } from './csv-output';
import { exportRows } from './export-rows';
import { type ExportThreadData, type FromWorker, PIECE_BYTES, type ToWorker } from './export-thread-messages';

/**
 * One export, in its own thread with its own connection (export-worker-stream.ts). The CSV text is
 * encoded into the window's slots, one piece per slot, and only into a slot whose credit the request
 * thread has given back: the database is read only as fast as the client takes the file.
 */
const job = workerData as ExportThreadData;
const port = parentPort;
if (!port) throw new Error('export-csv.worker.ts runs as a worker thread');
const handle = openDatabase(job.database);
const { header, pages } = exportRows({ db: handle.db, appUrl: job.appUrl }, job.kind, job.scope, job.ownerId);
const text = csvText(header, pages);
const window = new Uint8Array(job.window);
const encoder = new TextEncoder();

const send = (message: FromWorker) => port.postMessage(message);
/** Every slot starts as ours; a slot sent away comes back as a credit. */
const freeSlots = Array.from({ length: window.byteLength / PIECE_BYTES }, (_, slot) => slot);
/** What the generator gave that is not in a slot yet (a page longer than a slot fills several). */
let unsent = '';
let filling = false;
let finished = false;

async function fillFreeSlots(): Promise<void> {
  if (filling || finished) return;
  filling = true;
  try {
    while (freeSlots.length > 0) {
      if (unsent === '') {
        const next = await text.next();
        if (next.done) {
          finished = true;
          await handle.close();
          send({ kind: 'done' });
          return;
        }
        unsent = next.value;
        continue;
      }
      const slot = freeSlots.shift() as number;
      const start = slot * PIECE_BYTES;
      // encodeInto never splits a character: what did not fit is the start of the next piece.
      const { read, written } = encoder.encodeInto(unsent, window.subarray(start, start + PIECE_BYTES));
      unsent = unsent.slice(read);
      send({ kind: 'piece', slot, bytes: written });
    }
  } catch (error) {
    finished = true;
    send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    filling = false;
  }
}

port.on('message', (credit: ToWorker) => {
  freeSlots.push(credit.slot);
  void fillFreeSlots();
});
void fillFreeSlots();
