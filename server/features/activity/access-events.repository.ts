import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/columns';
import type { AccessEventsTable } from '../../db/schema';

export interface NewAccessEvent {
  roomId: string;
  userId: string | null;
  invitationId: string | null;
  documentId: string | null;
  documentTitle: string;
  url: string;
  action: 'downloaded' | 'clicked';
  occurredAt: Date;
  ip: string | null;
  userAgent: string | null;
}

type AccessEventRow = Insertable<AccessEventsTable>;

function toRow(event: NewAccessEvent): AccessEventRow {
  return {
    id: crypto.randomUUID(),
    room_id: event.roomId,
    user_id: event.userId,
    invitation_id: event.invitationId,
    document_id: event.documentId,
    document_title: event.documentTitle,
    url: event.url,
    action: event.action,
    occurred_at: event.occurredAt.getTime(),
    ip: event.ip,
    user_agent: event.userAgent?.slice(0, 500) ?? null,
  };
}

/**
 * Access logs are kept indefinitely (docs/product-rules.md#documents-and-the-access-log); the title is copied
 * so deletion keeps it legible. Resolves once the event is committed: the download or redirect is sent only
 * after that.
 */
export async function recordAccessEvent(db: Executor, event: NewAccessEvent): Promise<void> {
  // Inside a transaction the event belongs to it; otherwise it joins the next group commit.
  if (db.isTransaction) await insertRows(db, [toRow(event)]);
  else await groupCommitFor(db).add(toRow(event));
}

/** Rows per INSERT: 11 parameters each, well under SQLite's 32766. */
const MAX_ROWS_PER_INSERT = 500;

async function insertRows(db: Executor, rows: AccessEventRow[]): Promise<void> {
  await db.insertInto('access_events').values(rows).execute();
}

/**
 * Every event recorded during one turn of the event loop is written by one INSERT, in one commit, and
 * each request waits for that commit. On SQLite every commit is an fsync that blocks the event loop
 * (synchronous = FULL, ADR 21): one per download or click took half the throughput under load and
 * stalled requests for seconds (npm run bench:load); one per turn does not. No event is lost or written
 * twice: a statement is atomic, and when one fails (say, its document was deleted meanwhile) the batch
 * is written event by event, so only the request whose event cannot be stored fails.
 */
interface WaitingEvent {
  row: AccessEventRow;
  resolve(): void;
  reject(error: unknown): void;
}

class GroupCommit {
  #waiting: WaitingEvent[] = [];

  constructor(private readonly db: Executor) {}

  add(row: AccessEventRow): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.length === 0) setImmediate(() => void this.#flush());
      this.#waiting.push({ row, resolve, reject });
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#waiting;
    this.#waiting = [];
    for (let start = 0; start < batch.length; start += MAX_ROWS_PER_INSERT) {
      const slice = batch.slice(start, start + MAX_ROWS_PER_INSERT);
      try {
        await insertRows(
          this.db,
          slice.map((waiting) => waiting.row),
        );
        for (const waiting of slice) waiting.resolve();
      } catch (error) {
        if (slice.length === 1) slice[0]?.reject(error);
        else await this.#oneByOne(slice);
      }
    }
  }

  async #oneByOne(slice: WaitingEvent[]): Promise<void> {
    for (const waiting of slice) {
      try {
        await insertRows(this.db, [waiting.row]);
        waiting.resolve();
      } catch (error) {
        waiting.reject(error);
      }
    }
  }
}

const groupCommits = new WeakMap<Executor, GroupCommit>();
function groupCommitFor(db: Executor): GroupCommit {
  let groupCommit = groupCommits.get(db);
  if (!groupCommit) {
    groupCommit = new GroupCommit(db);
    groupCommits.set(db, groupCommit);
  }
  return groupCommit;
}
