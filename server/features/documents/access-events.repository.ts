import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ReadCache } from '#server/caches/epoch-cache';
import { type BatchWriter, openBatchWriter } from '#server/db/batch-writer';
import { type Entity, fromRow, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import {
  emitWebhookEvent,
  type RoomWebhookEvents,
  roomListensFor,
  webhookReaderOf,
} from '#server/webhooks/webhook-events';
import type { AccessEventRow, AccessEventsTable } from './documents.tables';

export type NewAccessEvent = Omit<Entity<AccessEventRow>, 'id'> & {
  /** The proxy's id for the request (proxyRequestId): the same request logged twice is one event. */
  requestId?: string | undefined;
};

type AccessEventInsert = Insertable<AccessEventsTable>;

/**
 * An event's id. Behind a load balancer a node may log a download and die before it answers; the
 * balancer sends the same request (same request id) to another node, which logs it again. Derived
 * from the request id and what the event says, both inserts carry one id and the second adds nothing.
 * Who and what are part of it, so a client that chose its own request id could at most merge its own
 * repeated requests for one document into one event.
 */
function eventId(event: NewAccessEvent): string {
  if (!event.requestId) return crypto.randomUUID();
  const digest = crypto
    .createHash('sha256')
    .update(
      [
        event.requestId,
        event.roomId,
        event.userId ?? '',
        event.invitationId ?? '',
        event.action,
        event.documentId ?? '',
        event.url,
      ].join('\n'),
    )
    .digest('hex');
  // Shaped as a UUID (version 8: name-based, custom hash) like every other id of the table.
  return `${digest.slice(0, 8)}-${digest.slice(8, 12)}-8${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
}

function toInsert(event: NewAccessEvent): AccessEventInsert {
  const { requestId: _notAColumn, ...columns } = event;
  return toRow<AccessEventRow>({
    ...columns,
    id: eventId(event),
    userAgent: event.userAgent?.slice(0, 500) ?? null,
  });
}

/**
 * Access logs are kept indefinitely (docs/product-rules.md#documents-and-the-access-log); the title is copied
 * so deletion keeps it legible. Resolves once the event is committed: the download or redirect is sent only
 * after that. A room with a webhook endpoint for the event gets its delivery in the same transaction
 * (docs/decisions/0052-webhooks.md); only rooms without one join the group commit. Outside a transaction
 * give `webhookEvents` (ctx.caches.get(webhookEventsCache)), so downloads and clicks do not each ask the database.
 */
export async function recordAccessEvent(
  db: ModuleExecutor<'documents'>,
  event: NewAccessEvent,
  webhookEvents?: ReadCache<RoomWebhookEvents>,
): Promise<void> {
  const row = toInsert(event);
  // A question's events have webhooks of their own, sent by the questions module (ADR 73).
  const webhookType = isReadingAction(event.action) ? ACCESS_WEBHOOK_EVENTS[event.action] : undefined;
  // A request logged already (see eventId) inserts nothing, and its webhook went out with it then.
  if (db.isTransaction) {
    if ((await insertRows(db, [row])) > 0 && webhookType)
      await emitAccessWebhookEvent(db, event, webhookType);
  } else if (webhookType && (await roomListensFor(db, event.roomId, webhookType, webhookEvents))) {
    await db.transaction().execute(async (trx) => {
      if ((await insertRows(trx, [row])) > 0) await emitAccessWebhookEvent(trx, event, webhookType);
    });
  } else {
    await groupCommitFor(db).add(row);
  }
}

/** The actions of reading the room: every list of investor activity but the CSV's log shows only these. */
export const READING_ACTIONS = ['downloaded', 'clicked', 'viewed'] as const;
type ReadingAction = (typeof READING_ACTIONS)[number];
const isReadingAction = (action: AccessEventRow['action']): action is ReadingAction =>
  (READING_ACTIONS as readonly string[]).includes(action);

const ACCESS_WEBHOOK_EVENTS = {
  viewed: 'document.viewed',
  downloaded: 'document.downloaded',
  clicked: 'link.clicked',
} as const;

async function emitAccessWebhookEvent(
  trx: ModuleExecutor<'documents'>,
  event: NewAccessEvent,
  type: (typeof ACCESS_WEBHOOK_EVENTS)[ReadingAction],
): Promise<void> {
  if (!(await roomListensFor(trx, event.roomId, type))) return;
  const reader = await webhookReaderOf(trx, event);
  if (!reader) return;
  const activity = {
    roomId: event.roomId,
    documentId: event.documentId,
    documentTitle: event.documentTitle,
    reader,
    occurredAt: event.occurredAt.toISOString(),
  };
  if (type === 'link.clicked')
    await emitWebhookEvent(trx, event.roomId, type, { ...activity, url: event.url }, event.occurredAt);
  else await emitWebhookEvent(trx, event.roomId, type, activity, event.occurredAt);
}

/**
 * The room's newest access events; who (the user, or the invitation read by its link) is for the caller
 * to name from accounts and invitations (docs/decisions/0085-modules-own-their-tables.md).
 */
export async function listRecentAccessEvents(db: ModuleExecutor<'documents'>, roomId: string, limit: number) {
  const rows = await db
    .selectFrom('access_events')
    .select(['id', 'document_title', 'document_version', 'action', 'occurred_at', 'user_id', 'invitation_id'])
    .where('room_id', '=', roomId)
    .where('action', 'in', READING_ACTIONS)
    .$narrowType<{ action: ReadingAction }>()
    .orderBy('occurred_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => fromRow(row));
}

/** Every user who opened or downloaded the document (signed in: the invited view names no user), once each. */
export async function listReaderIdsOfDocument(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  documentId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('access_events')
    .select('user_id')
    .distinct()
    .where('room_id', '=', roomId)
    .where('document_id', '=', documentId)
    .where('action', 'in', ['viewed', 'downloaded'])
    .where('user_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
}

/** One user's newest events of these kinds in the room (index room_id, user_id, occurred_at). */
export async function listUserAccessEvents(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  userId: string,
  actions: AccessEventRow['action'][],
  limit: number,
) {
  const rows = await db
    .selectFrom('access_events')
    .select(['id', 'document_id', 'document_title', 'action', 'occurred_at'])
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('action', 'in', actions)
    .orderBy('occurred_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => fromRow(row));
}

/** Rows per INSERT: 11 parameters each, well under SQLite's 32766. */
const MAX_ROWS_PER_INSERT = 500;

/** Resolves with the rows inserted: an id already there is the same request, logged before. */
async function insertRows(db: ModuleExecutor<'documents'>, rows: AccessEventInsert[]): Promise<number> {
  const result = await db
    .insertInto('access_events')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Every event recorded during one turn of the event loop is written by one INSERT, in one commit, and
 * each request waits for that commit (the batch writer, ADR 66). On SQLite every commit is an fsync that
 * blocks the event loop (synchronous = FULL, ADR 21): one per download or click took half the throughput
 * under load and stalled requests for seconds (npm run bench:load); one per turn does not. No event is
 * lost or written twice: a statement is atomic, and when one fails (say, its document was deleted
 * meanwhile) the batch is written event by event, so only the request whose event cannot be stored fails.
 */
function accessEventWriter(db: ModuleExecutor<'documents'>): BatchWriter<AccessEventInsert> {
  return openBatchWriter(db, {
    maxItems: MAX_ROWS_PER_INSERT,
    windowMs: 0,
    async write(rows) {
      await insertRows(db, rows);
      return rows.map(() => undefined);
    },
  });
}

const groupCommits = new WeakMap<ModuleExecutor<'documents'>, BatchWriter<AccessEventInsert>>();
function groupCommitFor(db: ModuleExecutor<'documents'>): BatchWriter<AccessEventInsert> {
  let groupCommit = groupCommits.get(db);
  if (!groupCommit) {
    groupCommit = accessEventWriter(db);
    groupCommits.set(db, groupCommit);
  }
  return groupCommit;
}
