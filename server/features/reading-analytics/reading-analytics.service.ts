import crypto from 'node:crypto';
import {
  type DocumentAnalytics,
  INVESTOR_TIMELINE_LIMIT,
  type InvestorActivity,
  type InvestorAnalytics,
  MIN_SECONDS_BETWEEN_REPORTS,
  RECENT_READERS_DAYS,
  REPORT_CLOCK_ALLOWANCE_SECONDS,
  type ReadingReport,
  type RoomAnalytics,
  VISIT_GAP_MINUTES,
} from '../../../shared/contracts/reading';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../plugins/errors';
import {
  findDocumentPreview,
  findDocumentPreviews,
  findDownloadableDocument,
  findReadableLastPage,
  findRoomDocument,
  isMemberOfRoom,
  listAccessOfUser,
  listUploadedDocuments,
  type RoomActivity,
  type RoomUser,
  recordAccess,
  requireOwnedRoom,
  type StoredDocument,
} from '../room-content/room-content.service';
import {
  addOpenedView,
  addReportedPages,
  addViewPages,
  claimReport,
  findDocumentTotals,
  findReaderIdentity,
  findRoomReader,
  findView,
  insertView,
  listDocumentPages,
  listDocumentReaders,
  listDocumentTotals,
  listReaderDocuments,
  listReaderPages,
  listReaderViews,
  listRecentRoomReaders,
  lockReaderClock,
  type PageReading,
  type ReadingView,
} from './reading-analytics.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Opens a view of a document for the viewer, authorised exactly like a download. An investor's view is
 * recorded with one 'viewed' access event, in one transaction; the owner's own reading is not (null).
 */
export async function openView(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
  request: { ip: string; userAgent: string | undefined },
  activity: RoomActivity,
): Promise<{ viewId: string | null }> {
  const document = await findDownloadableDocument(ctx, user, documentId);
  if (document.readerOwnsRoom) return { viewId: null };
  const view: ReadingView = {
    id: crypto.randomUUID(),
    roomId: document.roomId,
    documentId: document.id,
    userId: user.id,
    startedAt: new Date(),
    lastReportAt: null,
    readMs: 0,
    pagesSeen: 0,
    reportCount: 0,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertView(trx, view);
    await addOpenedView(trx, view);
    await recordAccess(trx, user, document, 'viewed', { ...request, at: view.startedAt });
  });
  await activity.record({ roomId: document.roomId, visitor: { userId: user.id }, isAction: true });
  return { viewId: view.id };
}

const viewNotFound = () =>
  new HttpError(404, 'not_found', 'That view does not exist, or it is not yours to report on.');

/**
 * Adds what the viewer reports to the view's roll-ups, after checking it: the view is the caller's, the
 * document still readable by them, each page within the document, and the seconds no more than the
 * wall-clock time since the view's previous report (clamped to it). A refused report changes nothing.
 */
export async function acceptReport(
  ctx: AppContext,
  user: RoomUser,
  viewId: string,
  report: ReadingReport,
): Promise<void> {
  const view = await findView(ctx.db, viewId);
  if (!view || view.userId !== user.id) throw viewNotFound();
  // The highest page a report may name: the prepared page count, 1 for a document read as one piece.
  const lastPage = await findReadableLastPage(ctx, user, view.documentId);
  if (lastPage === undefined) throw viewNotFound();

  const named = new Set<number>();
  for (const [index, { page }] of report.pages.entries()) {
    if (named.has(page))
      throw new HttpError(400, 'invalid_request', `pages.${index}.page: page ${page} is named twice.`, {
        field: `pages.${index}.page`,
      });
    named.add(page);
    if (page > lastPage)
      throw new HttpError(
        400,
        'page_out_of_range',
        `pages.${index}.page: page ${page} is beyond the document's last page (${lastPage}).`,
        { field: `pages.${index}.page` },
      );
  }

  const now = new Date();
  if (view.lastReportAt && now.getTime() - view.lastReportAt.getTime() < MIN_SECONDS_BETWEEN_REPORTS * 1000)
    throw tooSoon();

  // By page number: every transaction then locks the shared per-page roll-up rows in one order, so two
  // readers' reports naming the same pages cannot deadlock on PostgreSQL.
  const claimed = report.pages
    .map(({ page, seconds }) => ({ page, readMs: Math.round(seconds * 1000) }))
    .sort((a, b) => a.page - b.page);
  await ctx.db.transaction().execute(async (trx) => {
    // The reader's row is locked first, so their views of the document report one after the other.
    const reader = await lockReaderClock(trx, view);
    if (!reader) throw viewNotFound();
    const credit = creditOnReaderClock(view, reader.clockAt, now, claimed);
    // A page credited no time was not read: it must not count as seen (completion, readers per page).
    const read = credit.pages.filter((page) => page.readMs > 0);
    const newPages = read.length > 0 ? await addViewPages(trx, view, read) : 0;
    // Another report of this view was accepted since we read it: this one is too soon (and the view's
    // pages just added are rolled back with the rest).
    if (!(await claimReport(trx, view, { at: now, readMs: credit.readMs, newPages }))) throw tooSoon();
    if (read.length > 0) await addReportedPages(trx, view, read, now, credit.clockAt);
  });
}

/**
 * What a report may be credited: no more than the wall-clock time since this view's previous report
 * (or its opening) that the reader's clock on the document has not already credited to one of their
 * views, plus REPORT_CLOCK_ALLOWANCE_SECONDS. The clock moves on by what is credited, so over all of a
 * reader's views of a document the total never exceeds the time that passed plus one allowance, however
 * often or in how many views they report.
 */
export function creditOnReaderClock(
  view: ReadingView,
  clockAt: Date | null,
  now: Date,
  claimed: PageReading[],
): { pages: PageReading[]; readMs: number; clockAt: Date } {
  const sinceMs = Math.max((view.lastReportAt ?? view.startedAt).getTime(), clockAt?.getTime() ?? 0);
  const pages = clampToElapsed(claimed, now.getTime() + REPORT_CLOCK_ALLOWANCE_SECONDS * 1000 - sinceMs);
  const readMs = pages.reduce((sum, page) => sum + page.readMs, 0);
  return { pages, readMs, clockAt: new Date(sinceMs + readMs) };
}

function tooSoon(): HttpError {
  return new HttpError(
    429,
    'report_too_soon',
    `A view may report at most once every ${MIN_SECONDS_BETWEEN_REPORTS} seconds: this report was not counted.`,
    {},
    { 'retry-after': String(MIN_SECONDS_BETWEEN_REPORTS) },
  );
}

/** Scales every page down in proportion when the report claims more time than has passed. */
export function clampToElapsed(pages: PageReading[], elapsedMs: number): PageReading[] {
  const claimed = pages.reduce((sum, page) => sum + page.readMs, 0);
  if (claimed <= elapsedMs) return pages;
  const ratio = Math.max(0, elapsedMs) / claimed;
  return pages.map((page) => ({ page: page.page, readMs: Math.floor(page.readMs * ratio) }));
}

// ---------------------------------------------------------------------------------------------------
// The founder's analytics.

export async function roomAnalytics(ctx: AppContext, founder: RoomUser): Promise<RoomAnalytics> {
  const room = await requireOwnedRoom(ctx, founder);
  const [documents, totals, readers] = await Promise.all([
    listUploadedDocuments(ctx, room.id),
    listDocumentTotals(ctx.db, room.id),
    listRecentRoomReaders(ctx.db, room.id, new Date(Date.now() - RECENT_READERS_DAYS * DAY_MS)),
  ]);
  const totalsOf = new Map(totals.map((total) => [total.documentId, total]));
  return {
    documents: documents
      .map((document) => {
        const total = totalsOf.get(document.id);
        return {
          documentId: document.id,
          title: document.title,
          readSeconds: seconds(total?.readMs ?? 0),
          viewCount: total?.viewCount ?? 0,
          readerCount: total?.readerCount ?? 0,
          lastViewedAt: total?.lastViewedAt.toISOString() ?? null,
        };
      })
      .sort((a, b) => b.readSeconds - a.readSeconds || b.viewCount - a.viewCount),
    recentReaders: readers.map((reader) => ({
      userId: reader.userId,
      name: reader.name,
      email: reader.email,
      lastSeenAt: reader.lastSeenAt.toISOString(),
      readSeconds: seconds(reader.readMs),
      viewCount: reader.viewCount,
    })),
  };
}

const documentNotFound = () => new HttpError(404, 'not_found', 'That document does not exist.');

/** The founder's own uploaded document, or the same 404 as a missing one. */
async function requireOwnedDocument(ctx: AppContext, founder: RoomUser, documentId: string) {
  const room = await requireOwnedRoom(ctx, founder);
  const document = await findRoomDocument(ctx, room.id, documentId);
  if (!document) throw documentNotFound();
  return document;
}

export async function documentAnalytics(
  ctx: AppContext,
  founder: RoomUser,
  documentId: string,
  chosenReaderId: string | undefined,
): Promise<DocumentAnalytics> {
  const document = await requireOwnedDocument(ctx, founder, documentId);
  const [preview, totals, readers, pageTotals, readerPages] = await Promise.all([
    findDocumentPreview(ctx, document.id),
    findDocumentTotals(ctx.db, document.id),
    listDocumentReaders(ctx.db, document.id),
    listDocumentPages(ctx.db, document.id),
    chosenReaderId ? listReaderPages(ctx.db, document.id, chosenReaderId) : Promise.resolve([]),
  ]);
  const pageCount = preview?.status === 'ready' ? (preview.kind === 'pages' ? preview.pageCount : 1) : null;
  const completionOf = (pagesSeen: number) => (pageCount ? Math.min(1, pagesSeen / pageCount) : null);
  const readerCount = readers.length;
  const chosen = readers.find((reader) => reader.userId === chosenReaderId);

  const totalOfPage = new Map(pageTotals.map((page) => [page.page, page]));
  const readerMsOfPage = new Map(readerPages.map((page) => [page.page, page.readMs]));
  const lastPage = Math.max(pageCount ?? 0, ...pageTotals.map((page) => page.page));
  const pages = Array.from({ length: lastPage }, (_, index) => {
    const page = index + 1;
    const total = totalOfPage.get(page);
    return {
      page,
      averageSeconds: readerCount ? seconds((total?.readMs ?? 0) / readerCount) : 0,
      readerCount: total?.readerCount ?? 0,
      readerSeconds: chosen ? seconds(readerMsOfPage.get(page) ?? 0) : null,
    };
  });
  const totalMs = totals?.readMs ?? 0;
  const completions = readers.map((reader) => completionOf(reader.pagesSeen) ?? 0);
  return {
    document: { id: document.id, title: document.title, pageCount },
    viewCount: totals?.viewCount ?? 0,
    readerCount,
    totalReadSeconds: seconds(totalMs),
    averageReadSeconds: readerCount ? seconds(totalMs / readerCount) : 0,
    completion:
      pageCount === null || readerCount === 0
        ? null
        : completions.reduce((sum, value) => sum + value, 0) / readerCount,
    readers: readers.map((reader) => ({
      userId: reader.userId,
      name: reader.name,
      email: reader.email,
      viewCount: reader.viewCount,
      firstViewedAt: reader.firstViewedAt.toISOString(),
      lastViewedAt: reader.lastViewedAt.toISOString(),
      readSeconds: seconds(reader.readMs),
      pagesSeen: reader.pagesSeen,
      completion: completionOf(reader.pagesSeen),
    })),
    pages,
    chosenReader: chosen ? { userId: chosen.userId, name: chosen.name, email: chosen.email } : null,
  };
}

const investorNotFound = () =>
  new HttpError(404, 'not_found', 'That investor does not exist, or has never had access to your room.');

export async function investorAnalytics(
  ctx: AppContext,
  founder: RoomUser,
  userId: string,
): Promise<InvestorAnalytics> {
  const room = await requireOwnedRoom(ctx, founder);
  if (userId === founder.id) throw investorNotFound();
  const [identity, isMember, reader] = await Promise.all([
    findReaderIdentity(ctx.db, userId),
    isMemberOfRoom(ctx.db, room.id, userId),
    findRoomReader(ctx.db, room.id, userId),
  ]);
  const [access, views, documents, uploaded] = await Promise.all([
    listAccessOfUser(ctx, room.id, userId, ['downloaded', 'clicked'], INVESTOR_TIMELINE_LIMIT),
    listReaderViews(ctx.db, room.id, userId, INVESTOR_TIMELINE_LIMIT),
    listReaderDocuments(ctx.db, room.id, userId),
    listUploadedDocuments(ctx, room.id),
  ]);
  // Someone who was never an investor of the room (or whose history is gone) is not found.
  if (!identity || (!isMember && !reader && access.length === 0)) throw investorNotFound();

  const uploadedById = new Map<string, StoredDocument>(uploaded.map((document) => [document.id, document]));
  const titleOf = (documentId: string) => uploadedById.get(documentId)?.title ?? 'Deleted document';
  const previews = await findDocumentPreviews(
    ctx,
    documents.map((document) => document.documentId),
  );

  const activities: InvestorActivity[] = [
    ...views.map(
      (view): InvestorActivity => ({
        kind: 'viewed',
        at: view.startedAt.toISOString(),
        documentId: view.documentId,
        title: titleOf(view.documentId),
        readSeconds: seconds(view.readMs),
        pagesSeen: view.pagesSeen,
      }),
    ),
    ...access.map(
      (event): InvestorActivity => ({
        kind: event.action === 'clicked' ? 'clicked' : 'downloaded',
        at: event.occurredAt.toISOString(),
        documentId: event.documentId,
        title: event.documentTitle,
      }),
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return {
    investor: { userId: identity.id, name: identity.name, email: identity.email, isMember },
    documents: documents
      .map((document) => {
        const preview = previews.get(document.documentId);
        return {
          documentId: document.documentId,
          title: titleOf(document.documentId),
          viewCount: document.viewCount,
          readSeconds: seconds(document.readMs),
          pagesSeen: document.pagesSeen,
          pageCount: preview?.status === 'ready' ? (preview.kind === 'pages' ? preview.pageCount : 1) : null,
          lastViewedAt: document.lastViewedAt.toISOString(),
        };
      })
      .sort((a, b) => b.readSeconds - a.readSeconds),
    visits: groupIntoVisits(activities),
  };
}

/** Activities in time order, cut into visits wherever VISIT_GAP_MINUTES pass without one. */
function groupIntoVisits(activities: InvestorActivity[]): InvestorAnalytics['visits'] {
  const visits: InvestorAnalytics['visits'] = [];
  let current: InvestorAnalytics['visits'][number] | undefined;
  for (const activity of activities) {
    const at = Date.parse(activity.at);
    if (!current || at - Date.parse(current.endedAt) > VISIT_GAP_MINUTES * 60_000) {
      current = { startedAt: activity.at, endedAt: activity.at, activities: [] };
      visits.push(current);
    }
    current.activities.push(activity);
    current.endedAt = activity.at;
  }
  return visits;
}
