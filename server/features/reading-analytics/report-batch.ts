import type { AppContext } from '#server/app-context';
import { defineCache } from '#server/caches/cache-registry';
import { type BatchWriter, openBatchWriter } from '#server/db/batch-writer';
import type { Dialect } from '#server/db/database';
import type { ModuleExecutor } from '#server/db/schema';
import { SECOND_MS } from '#server/durations';
import { MIN_SECONDS_BETWEEN_REPORTS } from '#shared/contracts/reading';
import { type AcceptedReport, writeAcceptedReports } from './accepted-reports.repository';
import {
  lockReportTargets,
  type PageReading,
  type ReportTargets,
  readerKey,
  type ViewIdentity,
} from './reading-analytics.repository';
import { creditOnReaderClock } from './reading-credit';

/** A report that passed the checks a request can make alone, waiting for its batch. */
export interface SubmittedReport {
  view: ViewIdentity;
  /** Its pages in page order, each with the milliseconds the viewer claims. */
  claimed: PageReading[];
  at: Date;
}

/** What the batch decided: counted, refused as too soon after the view's previous report, or gone. */
export type ReportOutcome = 'accepted' | 'too_soon' | 'not_found';

/** Reports per transaction, at most: a full batch is written at once, none holding locks for long. */
const REPORTS_PER_BATCH = 500;

/**
 * Decides, in arrival order, which of a batch's reports count, against the views' report slots and the
 * readers' clocks read under lock: a view reports at most once every MIN_SECONDS_BETWEEN_REPORTS, and each
 * accepted report moves its view's slot and (when it read something) its reader's clock, so a later
 * report of the same batch is judged after it, exactly as if each had its own transaction.
 */
export function decideReports(
  reports: SubmittedReport[],
  locked: ReportTargets,
): { outcomes: ReportOutcome[]; accepted: AcceptedReport[] } {
  const views = new Map([...locked.views].map(([id, view]) => [id, { ...view }]));
  const clockAt = new Map(locked.clockAt);
  const outcomes: ReportOutcome[] = [];
  const accepted: AcceptedReport[] = [];
  for (const { view, claimed, at } of reports) {
    const reader = readerKey(view.documentId, view.userId);
    const slot = views.get(view.id);
    const clock = clockAt.get(reader);
    if (slot === undefined || clock === undefined) {
      outcomes.push('not_found');
      continue;
    }
    if (
      slot.lastReportAt &&
      at.getTime() - slot.lastReportAt.getTime() < MIN_SECONDS_BETWEEN_REPORTS * SECOND_MS
    ) {
      outcomes.push('too_soon');
      continue;
    }
    const credit = creditOnReaderClock(slot, clock, at, claimed);
    // A page credited no time was not read: it must not count as seen (completion, readers per page).
    const pages = credit.pages.filter((page) => page.readMs > 0);
    slot.lastReportAt = at;
    if (pages.length > 0) clockAt.set(reader, credit.clockAt);
    accepted.push({ view, at, pages, readMs: credit.readMs, readerClockAt: credit.clockAt });
    outcomes.push('accepted');
  }
  return { outcomes, accepted };
}

/**
 * Accepted reading reports are written by group commit (ADR 41, through the batch writer of ADR 66): a
 * report waits up to the window (READING_REPORT_WINDOW_MS) for others, and the reports of that window are
 * decided and written in one transaction, each roll-up table with one multi-row statement, after which
 * each waiting request answers. A transaction's fixed cost (its statements, and a commit synced to disk)
 * is most of a small batch's, and readers report every ten seconds each at their own moment: written as
 * they came, 200 readers cost a transaction per report. Nobody waits on the answer (the viewer sends it
 * with `keepalive` and ignores it), so a second's wait costs nothing. A request still answers only once
 * its report is committed (or refused), so nothing answered 204 is lost in a crash. When a batch's
 * transaction fails (a document deleted under it, a PostgreSQL serialization error), its reports are
 * retried one per transaction, so only the report that cannot be written fails.
 */
export type ReportBatch = BatchWriter<SubmittedReport, ReportOutcome>;

function reportBatch(
  db: ModuleExecutor<'reading-analytics'>,
  dialect: Dialect,
  windowMs: number,
): ReportBatch {
  return openBatchWriter(db, {
    maxItems: REPORTS_PER_BATCH,
    windowMs,
    write: (reports) =>
      db.transaction().execute(async (trx) => {
        const locked = await lockReportTargets(
          trx,
          dialect,
          reports.map((report) => report.view),
        );
        const { outcomes, accepted } = decideReports(reports, locked);
        await writeAcceptedReports(trx, dialect, accepted);
        return outcomes;
      }),
  });
}

/** This app's report batch, made on the first report (ADR 66: per-app state lives in ctx.caches). */
const reportBatchOfApp = defineCache('reading-analytics.reportBatch', () => ({
  batch: undefined as ReportBatch | undefined,
}));

export function reportBatchOf(ctx: AppContext): ReportBatch {
  const slot = ctx.caches.get(reportBatchOfApp);
  slot.batch ??= reportBatch(ctx.db, ctx.config.database.dialect, ctx.config.readingReportWindowMs);
  return slot.batch;
}
