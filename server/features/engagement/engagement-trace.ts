import { DAY_MS, MINUTE_MS, SECOND_MS } from '#server/durations';
import { PAGE_READ_CAP_MINUTES, PAGE_READ_MIN_SECONDS } from '#shared/contracts/engagement';

/**
 * A reader's history, the trace the engagement module keeps of it, and the summary the score is computed
 * from (docs/decisions/0089-engagement-score.md). Pure. The trace is the history reduced per document
 * (reading time capped per page, pages read, days active, downloaded, questions): small enough to keep
 * one row per reader and score a room's thousand readers in a request, and still per document, so that
 * the readability rule is applied when the score is read: a document hidden from the reader's group since
 * (or a question about a hidden section) stops counting at once, with nothing recomputed.
 */

/** A document the reader may read now, with its readable page count and whether the founder marked it key. */
export interface HistoryDocument {
  documentId: string;
  title: string;
  pageCount: number;
  isKey: boolean;
}

/** One thing the reader did: read a document (a view opened, a report), downloaded it, or asked a question. */
export interface HistoryActivity {
  kind: 'read' | 'downloaded' | 'asked';
  at: Date;
  /** The document; null only for a question about the room or a section. */
  documentId: string | null;
  /** The section a question is about (its key), when it is about a section. */
  sectionKey?: string | null;
}

/** What the score is computed from: one reader's history in one room, and what they may read now. */
export interface ReaderHistory {
  documents: readonly HistoryDocument[];
  /** Milliseconds read per page, over all the reader's views (one row per document and page). */
  pages: readonly { documentId: string; page: number; readMs: number }[];
  activity: readonly HistoryActivity[];
  /** Sections hidden from the reader's group: questions about them count for nothing. */
  hiddenSectionKeys?: ReadonlySet<string>;
}

/** A reader's history of one document, reduced. */
export interface DocumentTrace {
  documentId: string;
  /** Reading time, each page counted up to PAGE_READ_CAP_MINUTES. */
  cappedReadMs: number;
  /** Pages read PAGE_READ_MIN_SECONDS or more. */
  pagesRead: number;
  /** Days (since the epoch, UTC) with activity on it, the latest MAX_DAYS_KEPT. */
  days: number[];
  /** The last activity on it (epoch ms). */
  lastAt: number;
  downloaded: boolean;
  questions: number;
}

/** A reader's history reduced: per document, and their questions about the room or a section. */
export interface ReaderTrace {
  documents: DocumentTrace[];
  roomQuestions: { sectionKey: string | null; at: number }[];
}

/**
 * A trace read against what the reader may read now: the few numbers the score needs (engagement-score.ts).
 */
export interface EngagementSummary {
  cappedReadMs: number;
  pagesRead: number;
  pageCount: number;
  /** Each key document's pages read and page count, in the order given. */
  keyDocuments: { documentId: string; title: string; pagesRead: number; pageCount: number }[];
  /** Distinct days (UTC) on which the reader was active. */
  activeDays: number;
  downloads: number;
  questions: number;
  lastSeenAt: number | null;
}

export const PAGE_READ_CAP_MS = PAGE_READ_CAP_MINUTES * MINUTE_MS;
export const PAGE_READ_MIN_MS = PAGE_READ_MIN_SECONDS * SECOND_MS;
/** More days than the score can use (its target is 5), so that a few hidden documents leave enough. */
export const MAX_DAYS_KEPT = 12;

export const dayOf = (at: number) => Math.floor(at / DAY_MS);

/** A new trace of one document, before any activity. */
export function emptyDocumentTrace(documentId: string): DocumentTrace {
  return { documentId, cappedReadMs: 0, pagesRead: 0, days: [], lastAt: 0, downloaded: false, questions: 0 };
}

/** Adds one page's total reading time to its document's trace. */
export function addPageReading(trace: DocumentTrace, readMs: number): void {
  if (readMs <= 0) return;
  trace.cappedReadMs += Math.min(readMs, PAGE_READ_CAP_MS);
  if (readMs >= PAGE_READ_MIN_MS) trace.pagesRead += 1;
}

/** Adds one activity's day and instant to its document's trace. */
export function addActivity(trace: DocumentTrace, at: number): void {
  const day = dayOf(at);
  if (!trace.days.includes(day))
    trace.days = [...trace.days, day].sort((a, b) => b - a).slice(0, MAX_DAYS_KEPT);
  trace.lastAt = Math.max(trace.lastAt, at);
}

/** A history reduced to its trace (every document it names, readable now or not). */
export function traceOf(history: Pick<ReaderHistory, 'pages' | 'activity'>): ReaderTrace {
  const documents = new Map<string, DocumentTrace>();
  const of = (documentId: string) => {
    const trace = documents.get(documentId) ?? emptyDocumentTrace(documentId);
    documents.set(documentId, trace);
    return trace;
  };
  for (const { documentId, readMs } of history.pages) addPageReading(of(documentId), readMs);
  const roomQuestions: ReaderTrace['roomQuestions'] = [];
  for (const activity of history.activity) {
    const at = activity.at.getTime();
    if (activity.documentId === null) {
      if (activity.kind === 'asked') roomQuestions.push({ sectionKey: activity.sectionKey ?? null, at });
      continue;
    }
    const trace = of(activity.documentId);
    addActivity(trace, at);
    if (activity.kind === 'downloaded') trace.downloaded = true;
    if (activity.kind === 'asked') trace.questions += 1;
  }
  return { documents: [...documents.values()], roomQuestions };
}

/**
 * A trace read through the readability rule: only the documents the reader may read now count (and each
 * no more pages than it has now), and only questions about the room or a section they still see.
 */
export function summaryOfTrace(
  trace: ReaderTrace,
  readable: { documents: readonly HistoryDocument[]; hiddenSectionKeys?: ReadonlySet<string> },
): EngagementSummary {
  const readableById = new Map(readable.documents.map((document) => [document.documentId, document]));
  const pagesReadOf = new Map<string, number>();
  const days = new Set<number>();
  let cappedReadMs = 0;
  let downloads = 0;
  let questions = 0;
  let lastSeenAt = 0;
  for (const document of trace.documents) {
    const shown = readableById.get(document.documentId);
    if (!shown) continue;
    cappedReadMs += document.cappedReadMs;
    pagesReadOf.set(document.documentId, Math.min(document.pagesRead, shown.pageCount));
    for (const day of document.days) days.add(day);
    if (document.downloaded) downloads += 1;
    questions += document.questions;
    lastSeenAt = Math.max(lastSeenAt, document.lastAt);
  }
  for (const question of trace.roomQuestions) {
    if (question.sectionKey !== null && readable.hiddenSectionKeys?.has(question.sectionKey)) continue;
    questions += 1;
    days.add(dayOf(question.at));
    lastSeenAt = Math.max(lastSeenAt, question.at);
  }
  return {
    cappedReadMs,
    pagesRead: [...pagesReadOf.values()].reduce((sum, count) => sum + count, 0),
    pageCount: readable.documents.reduce((sum, document) => sum + document.pageCount, 0),
    keyDocuments: readable.documents
      .filter((document) => document.isKey)
      .map((document) => ({
        documentId: document.documentId,
        title: document.title,
        pagesRead: pagesReadOf.get(document.documentId) ?? 0,
        pageCount: document.pageCount,
      })),
    activeDays: days.size,
    downloads,
    questions,
    lastSeenAt: lastSeenAt > 0 ? lastSeenAt : null,
  };
}

/** The summary of a history, as the engagement module computes it: through its trace. */
export function summarizeHistory(history: ReaderHistory): EngagementSummary {
  return summaryOfTrace(traceOf(history), history);
}
