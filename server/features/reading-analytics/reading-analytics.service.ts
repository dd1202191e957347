import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { DAY_MS, MINUTE_MS, SECOND_MS } from '#server/durations';
import { findUserById, findUsersByIds } from '#server/features/accounts/index';
import {
  type findDocumentPreview,
  findDocumentPreviews,
  findDownloadableDocument,
  findReadableLastPage,
  findRoomDocument,
  listAccessOfUser,
  listUploadedDocuments,
  recordAccess,
  type StoredDocument,
} from '#server/features/documents/index';
import { investorDirectory } from '#server/features/invitations/index';
import {
  investorEmailsOfGroup,
  investorStandingIn,
  type RoomActivity,
  type RoomUser,
  requireManagedRoom,
} from '#server/features/rooms/index';
import { investorEmailsOfShareLink } from '#server/features/share-links/index';
import { listVersionPages, readablePageCountOf } from '#server/features/versions/index';
import { HttpError } from '#server/plugins/errors';
import {
  type DocumentAnalytics,
  INVESTOR_TIMELINE_LIMIT,
  type InvestorActivity,
  type InvestorAnalytics,
  MIN_SECONDS_BETWEEN_REPORTS,
  RECENT_READERS_DAYS,
  type ReadingReport,
  type RoomAnalytics,
  VISIT_GAP_MINUTES,
} from '#shared/contracts/reading';
import { firmsOf } from './firms';
import { readingViewsCache } from './reading-analytics.caches';
import {
  addOpenedView,
  findDocumentTotals,
  findRoomReader,
  findViewIdentity,
  insertView,
  listDocumentPages,
  listDocumentReaders,
  listDocumentTotals,
  listDocumentTotalsOfReaders,
  listPagesSeenOfVersions,
  listReaderDocuments,
  listReaderPages,
  listReaderViews,
  listReadVersions,
  listRoomReaders,
  listVersionReaders,
  type ReadingView,
} from './reading-analytics.repository';
import { reportBatchOf } from './report-batch';

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Opens a view of a document for the viewer, authorised exactly like a download. An investor's view is
 * recorded with one 'viewed' access event, in one transaction; the room's owner's and editors' own reading is not (null).
 */
export async function openView(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
  request: { ip: string; userAgent: string | undefined },
  activity: RoomActivity,
): Promise<{ viewId: string | null }> {
  const document = await findDownloadableDocument(ctx, user, documentId);
  if (document.readerManagesRoom) return { viewId: null };
  const view: ReadingView = {
    id: crypto.randomUUID(),
    roomId: document.roomId,
    documentId: document.id,
    documentVersion: document.currentVersion,
    userId: user.id,
    startedAt: new Date(),
    lastReportAt: null,
    readMs: 0,
    pagesSeen: 0,
    reportCount: 0,
    // Read by a document link: "Links" in Analytics counts it under that link (ADR 95).
    shareLinkId: user.onlyDocument?.shareLinkId ?? null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertView(trx, view);
    await addOpenedView(trx, view);
    await recordAccess(trx, user, document, 'viewed', { ...request, at: view.startedAt });
  });
  await activity.record({
    roomId: document.roomId,
    visitor: { userId: user.id },
    isAction: true,
    event: { kind: 'viewed', documentId: document.id, documentTitle: document.titleInRoom },
  });
  return { viewId: view.id };
}

const viewNotFound = () =>
  new HttpError(404, 'not_found', 'That view does not exist, or it is not yours to report on.');

/**
 * Adds what the viewer reports to the view's roll-ups, after checking it: the view is the caller's, the
 * document still readable by them, each page within the document, and the seconds no more than the
 * wall-clock time since the view's previous report (clamped to it). The checks a request can make alone
 * run here, on cached facts; the view's report slot and the reader's clock are judged, and the report
 * written, by the report batch (report-batch.ts), with every report of the same moment in one
 * transaction. A refused report changes nothing.
 */
export async function acceptReport(
  ctx: AppContext,
  user: RoomUser,
  viewId: string,
  report: ReadingReport,
): Promise<void> {
  const view = await ctx.caches.get(readingViewsCache).get(viewId, () => findViewIdentity(ctx.db, viewId));
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

  // By page number: every batch then writes the shared per-page roll-up rows in one order, so two
  // servers' batches naming the same pages cannot deadlock on PostgreSQL.
  const claimed = report.pages
    .map(({ page, seconds }) => ({ page, readMs: Math.round(seconds * SECOND_MS) }))
    .sort((a, b) => a.page - b.page);
  const outcome = await reportBatchOf(ctx).add({ view, claimed, at: new Date() });
  if (outcome === 'not_found') throw viewNotFound();
  if (outcome === 'too_soon') throw tooSoon();
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

// ---------------------------------------------------------------------------------------------------
// The founder's analytics.

/**
 * Readers' rows beside each reader's name and e-mail, in one lookup of accounts for the page (ADR 85); a
 * reader whose account is gone is left out, as the join into users this replaces left them out.
 */
async function withReaderNames<Row extends { userId: string }>(
  ctx: AppContext,
  rows: Row[],
): Promise<(Row & { name: string; email: string })[]> {
  const users = await findUsersByIds(
    ctx.db,
    rows.map((row) => row.userId),
  );
  return rows.flatMap((row) => {
    const user = users.get(row.userId);
    return user ? [{ ...row, name: user.name, email: user.email }] : [];
  });
}

/** The addresses in both filters given (either alone when only one is). */
function bothOf(first?: Set<string>, second?: Set<string>): Set<string> | undefined {
  if (first === undefined || second === undefined) return first ?? second;
  return new Set([...first].filter((email) => second.has(email)));
}

export async function roomAnalytics(
  ctx: AppContext,
  founder: RoomUser,
  groupId?: string,
  shareLinkId?: string,
): Promise<RoomAnalytics> {
  const room = await requireManagedRoom(ctx, founder);
  // One group's readers only, or one share link's, or both, when asked (ADR 68, ADR 71).
  const inGroup = bothOf(
    groupId === undefined ? undefined : await investorEmailsOfGroup(ctx, investorDirectory, room.id, groupId),
    shareLinkId === undefined ? undefined : await investorEmailsOfShareLink(ctx, room.id, shareLinkId),
  );
  const readers = (await withReaderNames(ctx, await listRoomReaders(ctx.db, room.id))).filter(
    (reader) => inGroup === undefined || inGroup.has(reader.email),
  );
  const [documents, totals] = await Promise.all([
    listUploadedDocuments(ctx, room.id),
    inGroup === undefined
      ? listDocumentTotals(ctx.db, room.id)
      : listDocumentTotalsOfReaders(
          ctx.db,
          room.id,
          readers.map((reader) => reader.userId),
        ),
  ]);
  const totalsOf = new Map(totals.map((total) => [total.documentId, total]));
  const recentSince = Date.now() - RECENT_READERS_DAYS * DAY_MS;
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
    recentReaders: readers
      .filter((reader) => reader.lastSeenAt.getTime() >= recentSince)
      .map((reader) => ({
        userId: reader.userId,
        name: reader.name,
        email: reader.email,
        lastSeenAt: reader.lastSeenAt.toISOString(),
        readSeconds: seconds(reader.readMs),
        viewCount: reader.viewCount,
      })),
    firms: (await firmsOf(readers)).map((firm) => ({
      firm: firm.firm,
      readerCount: firm.readerCount,
      readSeconds: seconds(firm.readMs),
    })),
  };
}

const documentNotFound = () => new HttpError(404, 'not_found', 'That document does not exist.');

/** The founder's own uploaded document, or the same 404 as a missing one. */
async function requireOwnedDocument(ctx: AppContext, founder: RoomUser, documentId: string) {
  const room = await requireManagedRoom(ctx, founder);
  const document = await findRoomDocument(ctx, room.id, documentId);
  if (!document) throw documentNotFound();
  return document;
}

/**
 * One row per page of the version, up to its last page prepared or read: its readers and their average
 * time, and the chosen reader's own time when one is chosen.
 */
function pageRows(
  pageCount: number | null,
  pageTotals: Awaited<ReturnType<typeof listDocumentPages>>,
  readerCount: number,
  chosenReaderPages: Awaited<ReturnType<typeof listReaderPages>> | undefined,
): DocumentAnalytics['pages'] {
  const totalOfPage = new Map(pageTotals.map((page) => [page.page, page]));
  const readerMsOfPage = new Map(chosenReaderPages?.map((page) => [page.page, page.readMs]));
  const lastPage = Math.max(pageCount ?? 0, ...pageTotals.map((page) => page.page));
  return Array.from({ length: lastPage }, (_, index) => {
    const page = index + 1;
    const total = totalOfPage.get(page);
    return {
      page,
      averageSeconds: readerCount ? seconds((total?.readMs ?? 0) / readerCount) : 0,
      readerCount: total?.readerCount ?? 0,
      readerSeconds: chosenReaderPages ? seconds(readerMsOfPage.get(page) ?? 0) : null,
    };
  });
}

/**
 * A document's analytics (ADR 41), one version at a time (docs/decisions/0077-reading-analytics-by-version.md):
 * the totals count every version read and say which; pages, the readers' pages and time, and completion
 * are of the version asked for (the current one by default), against that version's own page count.
 */
export async function documentAnalytics(
  ctx: AppContext,
  founder: RoomUser,
  documentId: string,
  chosenReaderId: string | undefined,
  versionNumber: number | undefined,
): Promise<DocumentAnalytics> {
  const document = await requireOwnedDocument(ctx, founder, documentId);
  const versions = await listVersionPages(ctx, document);
  const shown = versionNumber ?? document.currentVersion;
  const version = versions.find((candidate) => candidate.number === shown);
  if (!version)
    throw new HttpError(400, 'version_not_found', `version: this document has no version ${shown}.`, {
      field: 'version',
    });
  const [totals, readers, totalsVersions, versionReaders, pageTotals, readerPages] = await Promise.all([
    findDocumentTotals(ctx.db, document.id),
    listDocumentReaders(ctx.db, document.id).then((rows) => withReaderNames(ctx, rows)),
    listReadVersions(ctx.db, document.id),
    listVersionReaders(ctx.db, document.id, shown),
    listDocumentPages(ctx.db, document.id, shown),
    chosenReaderId ? listReaderPages(ctx.db, document.id, shown, chosenReaderId) : Promise.resolve([]),
  ]);
  const { pageCount } = version;
  const completionOf = (pagesSeen: number) => (pageCount ? Math.min(1, pagesSeen / pageCount) : null);
  const readerCount = readers.length;
  const onVersion = new Map(versionReaders.map((reader) => [reader.userId, reader]));
  const chosen = readers.find((reader) => reader.userId === chosenReaderId);
  const pages = pageRows(pageCount, pageTotals, versionReaders.length, chosen ? readerPages : undefined);
  const totalMs = totals?.readMs ?? 0;
  const completions = versionReaders.map((reader) => completionOf(reader.pagesSeen) ?? 0);
  return {
    document: { id: document.id, title: document.title, pageCount, currentVersion: document.currentVersion },
    version: shown,
    versions: versions.map((each) => ({
      number: each.number,
      pageCount: each.pageCount,
      createdAt: each.createdAt.toISOString(),
    })),
    totalsVersions,
    viewCount: totals?.viewCount ?? 0,
    readerCount,
    totalReadSeconds: seconds(totalMs),
    averageReadSeconds: readerCount ? seconds(totalMs / readerCount) : 0,
    completion:
      pageCount === null || versionReaders.length === 0
        ? null
        : completions.reduce((sum, value) => sum + value, 0) / versionReaders.length,
    readers: readers.map((reader) => {
      const read = onVersion.get(reader.userId);
      return {
        userId: reader.userId,
        name: reader.name,
        email: reader.email,
        viewCount: reader.viewCount,
        firstViewedAt: reader.firstViewedAt.toISOString(),
        lastViewedAt: reader.lastViewedAt.toISOString(),
        readSeconds: seconds(read?.readMs ?? 0),
        pagesSeen: read?.pagesSeen ?? 0,
        completion: completionOf(read?.pagesSeen ?? 0),
      };
    }),
    pages,
    chosenReader: chosen ? { userId: chosen.userId, name: chosen.name, email: chosen.email } : null,
  };
}

/** The pages a founder reads of a document now: its ready preview's, null until ready. */
function pageCountOf(preview: Awaited<ReturnType<typeof findDocumentPreview>>): number | null {
  return preview?.status === 'ready' ? readablePageCountOf(preview) : null;
}

const investorNotFound = () =>
  new HttpError(404, 'not_found', 'That investor does not exist, or has never had access to your room.');

export async function investorAnalytics(
  ctx: AppContext,
  founder: RoomUser,
  userId: string,
): Promise<InvestorAnalytics> {
  const room = await requireManagedRoom(ctx, founder);
  const [identity, standing, reader] = await Promise.all([
    findUserById(ctx.db, userId),
    investorStandingIn(ctx.db, room, userId),
    findRoomReader(ctx.db, room.id, userId),
  ]);
  // The room's owner and editors are not investors (docs/decisions/0047-room-editors.md).
  if (standing === 'manager') throw investorNotFound();
  const isMember = standing === 'investor';
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
  // Pages seen and the page count are of the version readers get now (ADR 77).
  const pagesSeenOfCurrent = await listPagesSeenOfVersions(
    ctx.db,
    userId,
    documents.flatMap((document) => {
      const current = uploadedById.get(document.documentId);
      return current ? [{ documentId: current.id, versionNumber: current.currentVersion }] : [];
    }),
  );

  return {
    investor: { userId: identity.id, name: identity.name, email: identity.email, isMember },
    documents: documents
      .map((document) => ({
        documentId: document.documentId,
        title: titleOf(document.documentId),
        viewCount: document.viewCount,
        readSeconds: seconds(document.readMs),
        pagesSeen: pagesSeenOfCurrent.get(document.documentId) ?? 0,
        pageCount: pageCountOf(previews.get(document.documentId)),
        lastViewedAt: document.lastViewedAt.toISOString(),
      }))
      .sort((a, b) => b.readSeconds - a.readSeconds),
    visits: groupIntoVisits(timelineOf(views, access, titleOf)),
  };
}

/** The investor's views, downloads and clicks in time order. */
function timelineOf(
  views: Awaited<ReturnType<typeof listReaderViews>>,
  access: Awaited<ReturnType<typeof listAccessOfUser>>,
  titleOf: (documentId: string) => string,
): InvestorActivity[] {
  return [
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
}

/** Activities in time order, cut into visits wherever VISIT_GAP_MINUTES pass without one. */
function groupIntoVisits(activities: InvestorActivity[]): InvestorAnalytics['visits'] {
  const visits: InvestorAnalytics['visits'] = [];
  let current: InvestorAnalytics['visits'][number] | undefined;
  for (const activity of activities) {
    const at = Date.parse(activity.at);
    if (!current || at - Date.parse(current.endedAt) > VISIT_GAP_MINUTES * MINUTE_MS) {
      current = { startedAt: activity.at, endedAt: activity.at, activities: [] };
      visits.push(current);
    }
    current.activities.push(activity);
    current.endedAt = activity.at;
  }
  return visits;
}
