import type { ExportKind, ExportQuery } from '../../../shared/contracts/exports';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../plugins/errors';
import {
  attachmentDisposition,
  isMemberOfRoom,
  type RoomUser,
  requireOwnedRoom,
} from '../room-content/room-content.service';
import { type CsvCell, csvStream } from './csv-output';
import {
  type AccessLogCursor,
  countPagesByDocumentAndReader,
  type ExportScope,
  findUsers,
  hasActivityInRoom,
  listAccessLogPage,
  listActiveUserIds,
  listPreparedPageCounts,
  listRoomDocumentsForExport,
  sumDownloadsAndClicks,
  sumViewsByDocumentAndReader,
} from './exports.repository';

/** Rows read from the database per query: the most an export holds in memory at once. */
export const ACCESS_LOG_PAGE_ROWS = 250;
/** Investors whose per-document rows are read and written together. */
const INVESTORS_PER_PAGE = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CsvExport {
  contentDisposition: string;
  body: NodeJS.ReadableStream;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const isoOrEmpty = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** Aggregates come back as numbers on SQLite and as strings (bigint, numeric) on PostgreSQL. */
const numberOf = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

const investorNotFound = () =>
  new HttpError(404, 'not_found', 'That investor does not exist, or has never had access to your room.');

/**
 * The founder's room and the filters as a scope: whole UTC days, both inclusive, and an investor of the
 * room (a member, or someone whose history in it remains); anyone else is the same 404 as elsewhere.
 */
async function resolveScope(ctx: AppContext, founder: RoomUser, query: ExportQuery): Promise<ExportScope> {
  const room = await requireOwnedRoom(ctx, founder);
  const investor = query.investor ?? null;
  if (investor !== null) {
    if (investor === founder.id) throw investorNotFound();
    const [isMember, hasHistory] = await Promise.all([
      isMemberOfRoom(ctx.db, room.id, investor),
      hasActivityInRoom(ctx.db, room.id, investor),
    ]);
    if (!isMember && !hasHistory) throw investorNotFound();
  }
  return {
    roomId: room.id,
    fromMs: query.from ? Date.parse(`${query.from}T00:00:00Z`) : null,
    toMs: query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : null,
    userId: investor,
  };
}

const FILE_NAMES: Record<ExportKind, string> = {
  'access-log': 'access-log',
  documents: 'document-analytics',
  investors: 'investor-analytics',
};

/** An export of the founder's room as a CSV stream, read from the database as it is sent. */
export async function exportCsv(
  ctx: AppContext,
  founder: RoomUser,
  kind: ExportKind,
  query: ExportQuery,
): Promise<CsvExport> {
  const scope = await resolveScope(ctx, founder, query);
  const today = new Date().toISOString().slice(0, 10);
  const onError = (error: Error) => {
    // A reader who goes away mid-file is not a failure of ours.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    ctx.log.error({ err: error, kind }, 'a CSV export failed while streaming');
  };
  const [header, rows] =
    kind === 'access-log'
      ? [ACCESS_LOG_COLUMNS, accessLogRows(ctx, scope)]
      : kind === 'documents'
        ? [DOCUMENT_COLUMNS, documentRows(ctx, scope)]
        : [INVESTOR_COLUMNS, investorRows(ctx, scope, founder.id)];
  return {
    contentDisposition: attachmentDisposition(`roundroom-${FILE_NAMES[kind]}-${today}.csv`),
    body: csvStream(header, rows, onError),
  };
}

const ACCESS_LOG_COLUMNS = [
  'Time (UTC)',
  'Investor',
  'E-mail',
  'Action',
  'Document',
  'URL',
  'Reading seconds',
];

/** Every access event in the scope, oldest first, a page at a time (keyset on occurred_at, id). */
async function* accessLogRows(ctx: AppContext, scope: ExportScope): AsyncGenerator<CsvCell[][]> {
  let cursor: AccessLogCursor | null = null;
  for (;;) {
    const page = await listAccessLogPage(ctx.db, scope, cursor, ACCESS_LOG_PAGE_ROWS);
    yield page.map((event) => [
      new Date(event.occurred_at).toISOString(),
      event.user_name ?? (event.invited_email ? `${event.invited_email} (invited)` : 'A removed user'),
      event.user_email ?? event.invited_email ?? '',
      event.action,
      event.document_title,
      event.url.startsWith('/') ? `${ctx.config.appUrl}${event.url}` : event.url,
      event.action === 'viewed' ? seconds(numberOf(event.view_read_ms)) : null,
    ]);
    const last = page.at(-1);
    if (!last || page.length < ACCESS_LOG_PAGE_ROWS) return;
    cursor = { occurredAt: last.occurred_at, id: last.id };
  }
}

const DOCUMENT_COLUMNS = [
  'Document',
  'Views',
  'Readers',
  'Total reading seconds',
  'Average reading seconds per reader',
  'Completion (%)',
];

/** The page count a reader's pages are measured against: null while the document is not prepared. */
async function pageCounts(ctx: AppContext, roomId: string): Promise<Map<string, number>> {
  const previews = await listPreparedPageCounts(ctx.db, roomId);
  return new Map(
    previews.flatMap((preview) =>
      preview.kind === 'pages'
        ? preview.page_count
          ? [[preview.document_id, preview.page_count] as const]
          : []
        : [[preview.document_id, 1] as const],
    ),
  );
}

/**
 * One row per document of the room: views opened in the scope, distinct readers, reading time in those
 * views, and completion (the average over readers of the share of pages they read, as ADR 41's pages).
 */
async function* documentRows(ctx: AppContext, scope: ExportScope): AsyncGenerator<CsvCell[][]> {
  const [documents, views, pages, counts] = await Promise.all([
    listRoomDocumentsForExport(ctx.db, scope.roomId),
    sumViewsByDocumentAndReader(ctx.db, scope),
    countPagesByDocumentAndReader(ctx.db, scope),
    pageCounts(ctx, scope.roomId),
  ]);
  const totals = new Map<string, { views: number; readers: number; readMs: number; completion: number }>();
  const pagesOf = new Map(
    pages.map((row) => [`${row.document_id}/${row.user_id}`, numberOf(row.pages_seen)]),
  );
  for (const row of views) {
    const total = totals.get(row.document_id) ?? { views: 0, readers: 0, readMs: 0, completion: 0 };
    const pageCount = counts.get(row.document_id);
    const seen = pagesOf.get(`${row.document_id}/${row.user_id}`) ?? 0;
    total.views += numberOf(row.view_count);
    total.readers += 1;
    total.readMs += numberOf(row.read_ms);
    total.completion += pageCount ? Math.min(1, seen / pageCount) : 0;
    totals.set(row.document_id, total);
  }
  yield documents.map((document) => {
    const total = totals.get(document.id);
    const pageCount = counts.get(document.id);
    return [
      document.title,
      total?.views ?? 0,
      total?.readers ?? 0,
      seconds(total?.readMs ?? 0),
      total ? seconds(total.readMs / total.readers) : 0,
      pageCount && total ? Math.round((total.completion / total.readers) * 100) : null,
    ];
  });
}

const INVESTOR_COLUMNS = [
  'Investor',
  'E-mail',
  'Document',
  'Views',
  'Reading seconds',
  'Pages seen',
  'Downloads',
  'Clicks',
  'First activity (UTC)',
  'Last activity (UTC)',
];

interface InvestorDocumentRow {
  userId: string;
  title: string;
  views: number;
  readMs: number;
  pagesSeen: number;
  downloads: number;
  clicks: number;
  firstAt: number | null;
  lastAt: number | null;
}

const earlier = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * One row per investor and document (or external link) they acted on in the scope, a hundred investors
 * at a time (keyset on user id), each batch read with three grouped queries.
 */
async function* investorRows(
  ctx: AppContext,
  scope: ExportScope,
  ownerId: string,
): AsyncGenerator<CsvCell[][]> {
  const titleOf = new Map(
    (await listRoomDocumentsForExport(ctx.db, scope.roomId)).map((document) => [document.id, document.title]),
  );
  let afterUserId: string | null = null;
  for (;;) {
    const userIds = await listActiveUserIds(ctx.db, scope, afterUserId, INVESTORS_PER_PAGE);
    const last = userIds.at(-1);
    if (!last) return;
    afterUserId = last;
    // The owner's own downloads are in the log, but they are not an investor.
    const investors = userIds.filter((id) => id !== ownerId);
    if (investors.length === 0) continue;
    const [users, views, pages, actions] = await Promise.all([
      findUsers(ctx.db, investors),
      sumViewsByDocumentAndReader(ctx.db, scope, investors),
      countPagesByDocumentAndReader(ctx.db, scope, investors),
      sumDownloadsAndClicks(ctx.db, scope, investors),
    ]);
    const rows = new Map<string, InvestorDocumentRow>();
    const rowFor = (userId: string, key: string, title: string) => {
      const id = `${userId}/${key}`;
      let row = rows.get(id);
      if (!row) {
        row = {
          userId,
          title,
          views: 0,
          readMs: 0,
          pagesSeen: 0,
          downloads: 0,
          clicks: 0,
          firstAt: null,
          lastAt: null,
        };
        rows.set(id, row);
      }
      return row;
    };
    for (const view of views) {
      const row = rowFor(view.user_id, view.document_id, titleOf.get(view.document_id) ?? 'Deleted document');
      row.views = numberOf(view.view_count);
      row.readMs = numberOf(view.read_ms);
      row.firstAt = earlier(row.firstAt, numberOf(view.first_at));
      row.lastAt = later(row.lastAt, numberOf(view.last_at));
    }
    for (const page of pages)
      rowFor(page.user_id, page.document_id, '').pagesSeen = numberOf(page.pages_seen);
    for (const action of actions) {
      if (!action.user_id) continue;
      const key = action.document_id ?? `link:${action.document_title}`;
      const title = (action.document_id && titleOf.get(action.document_id)) || action.document_title;
      const row = rowFor(action.user_id, key, title);
      row.downloads += numberOf(action.download_count);
      row.clicks += numberOf(action.click_count);
      row.firstAt = earlier(row.firstAt, numberOf(action.first_at));
      row.lastAt = later(row.lastAt, numberOf(action.last_at));
    }
    const who = new Map(users.map((user) => [user.id, user]));
    const sorted = [...rows.values()].sort(
      (a, b) =>
        (who.get(a.userId)?.name ?? '').localeCompare(who.get(b.userId)?.name ?? '') ||
        a.userId.localeCompare(b.userId) ||
        a.title.localeCompare(b.title),
    );
    yield sorted.map((row) => {
      const user = who.get(row.userId);
      return [
        user?.name || 'A removed user',
        user?.email ?? '',
        row.title,
        row.views,
        seconds(row.readMs),
        row.pagesSeen,
        row.downloads,
        row.clicks,
        isoOrEmpty(row.firstAt),
        isoOrEmpty(row.lastAt),
      ];
    });
  }
}
