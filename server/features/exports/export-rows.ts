import type { DatabaseExecutor } from '#server/db/schema';
import { findUserById, findUsersByIds } from '#server/features/accounts/index';
import {
  type AccessLogCursor,
  listAccessLogPage,
  listActiveUserIds,
  listPreparedPageCounts,
  listRoomDocumentsForExport,
  sumDownloadsAndClicks,
} from '#server/features/documents/index';
import { findInvitationsByIds } from '#server/features/invitations/index';
import { listQuestionPage, type QuestionCursor } from '#server/features/questions/index';
import {
  countPagesByDocumentAndReader,
  findReadingTimesOfViews,
  sumViewsByDocumentAndReader,
  viewKey,
} from '#server/features/reading-analytics/index';
import { listNdaAcceptancePage, type NdaAcceptanceCursor } from '#server/features/rooms/index';
import type { ExportKind } from '#shared/contracts/exports';
import type { CsvCell } from './csv-output';
import type { ExportScope } from './export-thread-messages';

/**
 * The rows of each export, page by page (docs/decisions/0042-csv-exports.md). Run in the export's
 * worker thread (export-csv.worker.ts), which has its own connection to the database. Each module gives
 * the rows of its own tables, a page at a time; people are named from accounts (and invitations) in one
 * lookup per page, never per row (docs/decisions/0085-modules-own-their-tables.md).
 */

/** What the rows are read from: the database, and the app's address for the URLs of uploads. */
export interface ExportSource {
  db: DatabaseExecutor;
  appUrl: string;
}

/** Rows read from the database per query: the most an export holds in memory at once. */
export const ACCESS_LOG_PAGE_ROWS = 250;
/** Investors whose per-document rows are read and written together. */
const INVESTORS_PER_PAGE = 100;

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const isoOrEmpty = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** Aggregates come back as numbers on SQLite and as strings (bigint, numeric) on PostgreSQL. */
const numberOf = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** An export's header and its pages of rows. */
export function exportRows(
  source: ExportSource,
  kind: ExportKind,
  scope: ExportScope,
  ownerId: string,
): { header: string[]; pages: AsyncGenerator<CsvCell[][]> } {
  if (kind === 'access-log') return { header: ACCESS_LOG_COLUMNS, pages: accessLogRows(source, scope) };
  if (kind === 'documents') return { header: DOCUMENT_COLUMNS, pages: documentRows(source, scope) };
  if (kind === 'nda-acceptances')
    return { header: NDA_ACCEPTANCE_COLUMNS, pages: ndaAcceptanceRows(source, scope) };
  if (kind === 'questions') return { header: QUESTION_COLUMNS, pages: questionRows(source, scope) };
  return { header: INVESTOR_COLUMNS, pages: investorRows(source, scope, ownerId) };
}

export const ACCESS_LOG_COLUMNS = [
  'Time (UTC)',
  'Investor',
  'E-mail',
  'Action',
  'Document',
  'URL',
  'Reading seconds',
  // The version of the document downloaded or viewed (docs/decisions/0069-document-versions.md).
  'Version',
];

/**
 * Every access event in the scope, oldest first, a page at a time (keyset on occurred_at, id), with who
 * (the user, or the invited e-mail) and, for a view, the seconds read in it.
 */
export async function* accessLogRows(source: ExportSource, scope: ExportScope): AsyncGenerator<CsvCell[][]> {
  let cursor: AccessLogCursor | null = null;
  for (;;) {
    const page = await listAccessLogPage(source.db, scope, cursor, ACCESS_LOG_PAGE_ROWS);
    const views = page.flatMap((event) =>
      event.action === 'viewed' && event.user_id !== null && event.document_id !== null
        ? [{ userId: event.user_id, documentId: event.document_id, occurredAt: event.occurred_at }]
        : [],
    );
    const [users, invitations, readMs] = await Promise.all([
      findUsersByIds(
        source.db,
        page.flatMap((event) => (event.user_id === null ? [] : [event.user_id])),
      ),
      findInvitationsByIds(
        source.db,
        page.flatMap((event) => (event.invitation_id === null ? [] : [event.invitation_id])),
      ),
      findReadingTimesOfViews(source.db, scope.roomId, views),
    ]);
    yield page.map((event) => {
      const user = event.user_id === null ? undefined : users.get(event.user_id);
      const invitedEmail =
        event.invitation_id === null ? undefined : invitations.get(event.invitation_id)?.email;
      const viewReadMs =
        event.user_id === null || event.document_id === null
          ? undefined
          : readMs.get(viewKey(event.user_id, event.document_id, event.occurred_at));
      return [
        new Date(event.occurred_at).toISOString(),
        user?.name ?? (invitedEmail ? `${invitedEmail} (invited)` : 'A removed user'),
        user?.email ?? invitedEmail ?? '',
        event.action,
        event.document_title,
        event.url.startsWith('/') ? `${source.appUrl}${event.url}` : event.url,
        event.action === 'viewed' ? seconds(numberOf(viewReadMs)) : null,
        event.document_version,
      ];
    });
    const last = page.at(-1);
    if (!last || page.length < ACCESS_LOG_PAGE_ROWS) return;
    cursor = { occurredAt: last.occurred_at, id: last.id };
  }
}

export const NDA_ACCEPTANCE_COLUMNS = [
  'Accepted at (UTC)',
  'Name typed',
  'E-mail',
  'Investor',
  'Accepted as',
  'IP address',
  'Browser',
  'Agreement version',
  'SHA-256 of the text',
];

/**
 * The addresses whose NDA acceptances are in the scope (an acceptance is its address's, ADR 45): the
 * investor's, a group's people's, the investor's if in the group when both are given; null for all.
 */
async function acceptanceAddressesOf(source: ExportSource, scope: ExportScope): Promise<string[] | null> {
  if (scope.userId === null) return scope.group?.emails ?? null;
  const investorEmail = (await findUserById(source.db, scope.userId))?.email;
  const emails = investorEmail === undefined ? [] : [investorEmail];
  const group = scope.group;
  return group === null ? emails : emails.filter((email) => group.emails.includes(email));
}

/**
 * Every NDA acceptance in the scope, oldest first, a page at a time (keyset on accepted_at, id), with
 * the version's hash and the investor's account name.
 */
export async function* ndaAcceptanceRows(
  source: ExportSource,
  scope: ExportScope,
): AsyncGenerator<CsvCell[][]> {
  const acceptances = { ...scope, emails: await acceptanceAddressesOf(source, scope) };
  let cursor: NdaAcceptanceCursor | null = null;
  for (;;) {
    const page = await listNdaAcceptancePage(source.db, acceptances, cursor, ACCESS_LOG_PAGE_ROWS);
    const users = await findUsersByIds(
      source.db,
      page.flatMap((acceptance) => (acceptance.user_id === null ? [] : [acceptance.user_id])),
    );
    yield page.map((acceptance) => [
      new Date(acceptance.accepted_at).toISOString(),
      acceptance.signer_name,
      acceptance.email,
      (acceptance.user_id === null ? undefined : users.get(acceptance.user_id))?.name ?? null,
      acceptance.user_id !== null || acceptance.invitation_id === null ? 'Signed in' : 'Invitation link',
      acceptance.ip,
      acceptance.user_agent,
      acceptance.version_id,
      acceptance.sha256,
    ]);
    const last = page.at(-1);
    if (!last || page.length < ACCESS_LOG_PAGE_ROWS) return;
    cursor = { acceptedAt: last.accepted_at, id: last.id };
  }
}

/** The title of each document of the room (a bounded set: the plan limits uploads), by id. */
async function documentTitles(source: ExportSource, roomId: string): Promise<Map<string, string>> {
  const documents = await listRoomDocumentsForExport(source.db, roomId);
  return new Map(documents.map((document) => [document.id, document.title]));
}

export const QUESTION_COLUMNS = [
  'Asked at (UTC)',
  'Investor',
  'E-mail',
  'About',
  'Document',
  'Page',
  'Question',
  'State',
  'Answer',
  'Published wording',
  'Answered at (UTC)',
  'Published at (UTC)',
];

const ABOUT_LABELS = { room: 'The data room', section: 'A section', document: 'A document' } as const;

/**
 * Every question in the scope, oldest first, with who asked, the title of the document it is about and
 * its answer (docs/decisions/0073-questions-and-answers.md).
 */
export async function* questionRows(source: ExportSource, scope: ExportScope): AsyncGenerator<CsvCell[][]> {
  const titleOf = await documentTitles(source, scope.roomId);
  let cursor: QuestionCursor | null = null;
  for (;;) {
    const page = await listQuestionPage(source.db, scope, cursor, ACCESS_LOG_PAGE_ROWS);
    const askers = await findUsersByIds(
      source.db,
      page.map((question) => question.asker_id),
    );
    yield page.flatMap((question) => {
      const asker = askers.get(question.asker_id);
      // A question is its asker's: one whose account is gone is not listed.
      if (!asker) return [];
      return [
        [
          new Date(question.created_at).toISOString(),
          asker.name,
          asker.email,
          question.subject_kind === 'section'
            ? `${ABOUT_LABELS.section}: ${question.section_name ?? ''}`
            : ABOUT_LABELS[question.subject_kind],
          (question.document_id === null ? undefined : titleOf.get(question.document_id)) ?? null,
          question.page,
          question.text,
          question.state,
          question.answer,
          question.published_question,
          isoOrEmpty(question.answered_at),
          isoOrEmpty(question.published_at),
        ],
      ];
    });
    const last = page.at(-1);
    if (!last || page.length < ACCESS_LOG_PAGE_ROWS) return;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

export const DOCUMENT_COLUMNS = [
  'Document',
  'Views',
  'Readers',
  'Total reading seconds',
  'Average reading seconds per reader',
  'Completion (%)',
];

/** The page count a reader's pages are measured against: null while the document is not prepared. */
async function pageCounts(source: ExportSource, roomId: string): Promise<Map<string, number>> {
  const previews = await listPreparedPageCounts(source.db, roomId);
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
export async function* documentRows(source: ExportSource, scope: ExportScope): AsyncGenerator<CsvCell[][]> {
  const [documents, views, pages, counts] = await Promise.all([
    listRoomDocumentsForExport(source.db, scope.roomId),
    sumViewsByDocumentAndReader(source.db, scope),
    countPagesByDocumentAndReader(source.db, scope),
    pageCounts(source, scope.roomId),
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

export const INVESTOR_COLUMNS = [
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
export async function* investorRows(
  source: ExportSource,
  scope: ExportScope,
  ownerId: string,
): AsyncGenerator<CsvCell[][]> {
  const titleOf = await documentTitles(source, scope.roomId);
  let afterUserId: string | null = null;
  for (;;) {
    const userIds = await listActiveUserIds(source.db, scope, afterUserId, INVESTORS_PER_PAGE);
    const last = userIds.at(-1);
    if (!last) return;
    afterUserId = last;
    // The owner's downloads from before ADR 47 are in the log, but they are not an investor.
    const investors = userIds.filter((id) => id !== ownerId);
    if (investors.length === 0) continue;
    const [who, views, pages, actions] = await Promise.all([
      findUsersByIds(source.db, investors),
      sumViewsByDocumentAndReader(source.db, scope, investors),
      countPagesByDocumentAndReader(source.db, scope, investors),
      sumDownloadsAndClicks(source.db, scope, investors),
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
