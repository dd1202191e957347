/**
 * Group commit, the one way the server writes many small requests' rows together (ADR 66): each caller
 * adds its item and waits; the items that arrive together are written by one `write`, and each caller is
 * answered only once its item is committed (or refused), so nothing answered is lost in a crash. A
 * transaction's fixed cost (a commit synced to disk on SQLite, ADR 21) is most of a small write's, so
 * one per request costs throughput under load; one per batch does not.
 *
 * When a batch's write fails (say, a row's document was deleted meanwhile, or a PostgreSQL serialization
 * error), its items are written again one by one, so only the caller whose item cannot be written fails.
 */

export interface BatchWriterOptions<Item, Outcome> {
  /**
   * Writes the items of one batch, atomically, and resolves with one outcome per item, in their order.
   * A rejection fails the whole batch (which is then retried item by item).
   */
  write(items: Item[]): Promise<Outcome[]>;
  /** Items per write, at most: a full batch is written at once. */
  maxItems: number;
  /**
   * How long a batch's first item waits for others. 0: until the end of the event loop's current turn
   * (setImmediate), so the items of one turn share a write and nobody waits for a timer.
   */
  windowMs: number;
}

interface Waiting<Item, Outcome> {
  item: Item;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/** A write refused: the writer was closed before the item was added. */
export class BatchWriterClosedError extends Error {
  constructor() {
    super('the batch writer is closed');
  }
}

export class BatchWriter<Item, Outcome = void> {
  #waiting: Waiting<Item, Outcome>[] = [];
  /** Cancels the open window's timer, if a batch is waiting. */
  #cancelWindow: (() => void) | undefined;
  readonly #writing = new Set<Promise<void>>();
  #closed = false;

  constructor(private readonly options: BatchWriterOptions<Item, Outcome>) {}

  /** Resolves with the item's outcome once its batch is committed; rejects if it cannot be written. */
  add(item: Item): Promise<Outcome> {
    if (this.#closed) return Promise.reject(new BatchWriterClosedError());
    return new Promise((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      // A full batch has nothing more to wait for.
      if (this.#waiting.length >= this.options.maxItems) this.#flushNow();
      // The first item of a batch opens the window; every item until it closes shares the batch.
      else if (this.#waiting.length === 1) this.#openWindow();
    });
  }

  /** Writes what is waiting now, without waiting for its window, and resolves once every write has ended. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#waiting.length > 0) this.#flushNow();
    while (this.#writing.size > 0) await Promise.allSettled([...this.#writing]);
  }

  #openWindow(): void {
    if (this.options.windowMs > 0) {
      const timer = setTimeout(() => this.#flushNow(), this.options.windowMs);
      this.#cancelWindow = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.#flushNow());
      this.#cancelWindow = () => clearImmediate(immediate);
    }
  }

  #flushNow(): void {
    this.#cancelWindow?.();
    this.#cancelWindow = undefined;
    const batch = this.#waiting;
    this.#waiting = [];
    if (batch.length === 0) return;
    const writing = this.#flush(batch).finally(() => this.#writing.delete(writing));
    this.#writing.add(writing);
  }

  async #flush(batch: Waiting<Item, Outcome>[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.#write(batch);
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else await this.#oneByOne(batch);
      return;
    }
    settle(batch, outcomes);
  }

  async #oneByOne(batch: Waiting<Item, Outcome>[]): Promise<void> {
    for (const waiting of batch) {
      let outcomes: Outcome[];
      try {
        outcomes = await this.#write([waiting]);
      } catch (error) {
        waiting.reject(error);
        continue;
      }
      settle([waiting], outcomes);
    }
  }

  #write(batch: Waiting<Item, Outcome>[]): Promise<Outcome[]> {
    return this.options.write(batch.map((waiting) => waiting.item));
  }
}

/**
 * Answers each caller with its outcome. A write that answered for a different number of items is a
 * defect in its caller: its items were committed, so they are refused, never written again.
 */
function settle<Item, Outcome>(batch: Waiting<Item, Outcome>[], outcomes: Outcome[]): void {
  if (outcomes.length !== batch.length) {
    const error = new Error(`a batch write answered ${outcomes.length} outcomes for ${batch.length} items`);
    for (const waiting of batch) waiting.reject(error);
    return;
  }
  for (const [index, waiting] of batch.entries()) waiting.resolve(outcomes[index] as Outcome);
}

/**
 * The batch writers opened on each database, so that the app closes them when it stops, after its
 * requests and before the database: a request whose client went away (a reading report sent with
 * `keepalive` as the tab closes) is not in flight for the server, yet its item may still wait for its
 * window, and written after the database closed it would be lost.
 */
const writersOn = new WeakMap<object, Set<BatchWriter<never, unknown>>>();

/** A batch writer for `db`'s rows, closed with the app that owns `db` (closeBatchWritersOn). */
export function openBatchWriter<Item, Outcome = void>(
  db: object,
  options: BatchWriterOptions<Item, Outcome>,
): BatchWriter<Item, Outcome> {
  const writer = new BatchWriter(options);
  let writers = writersOn.get(db);
  if (!writers) {
    writers = new Set();
    writersOn.set(db, writers);
  }
  writers.add(writer as unknown as BatchWriter<never, unknown>);
  return writer;
}

/** Writes what every batch writer on `db` holds and closes them: any later item is refused. */
export async function closeBatchWritersOn(db: object): Promise<void> {
  const writers = writersOn.get(db);
  if (!writers) return;
  await Promise.all([...writers].map((writer) => writer.close()));
}
