import {
  addActivity,
  addPageReading,
  type DocumentTrace,
  emptyDocumentTrace,
  type ReaderTrace,
} from './engagement-trace';

/**
 * One reader's trace from the rows the refresh job reads (engagement-refresh.ts): their milliseconds per
 * page (over all versions), the days they opened each document, their downloads and their questions.
 * The same reduction as traceOf (engagement-trace.ts), from roll-ups rather than raw events.
 */
export function traceOfRows(rows: {
  pages: readonly { documentId: string; page: number; readMs: number }[];
  days: readonly { documentId: string; day: number; lastAt: number }[];
  downloads: readonly { documentId: string; lastAt: number }[];
  questions: readonly { documentId: string | null; sectionKey: string | null; askedAt: number }[];
}): ReaderTrace {
  const documents = new Map<string, DocumentTrace>();
  const of = (documentId: string) => {
    const trace = documents.get(documentId) ?? emptyDocumentTrace(documentId);
    documents.set(documentId, trace);
    return trace;
  };
  for (const { documentId, readMs } of rows.pages) addPageReading(of(documentId), readMs);
  // Each day's last instant stands for the day: the day is what counts, and the last instant is last seen.
  for (const { documentId, lastAt } of rows.days) addActivity(of(documentId), lastAt);
  for (const { documentId, lastAt } of rows.downloads) {
    const trace = of(documentId);
    addActivity(trace, lastAt);
    trace.downloaded = true;
  }
  const roomQuestions: ReaderTrace['roomQuestions'] = [];
  for (const { documentId, sectionKey, askedAt } of rows.questions) {
    if (documentId === null) {
      roomQuestions.push({ sectionKey, at: askedAt });
      continue;
    }
    const trace = of(documentId);
    addActivity(trace, askedAt);
    trace.questions += 1;
  }
  return { documents: [...documents.values()], roomQuestions };
}
