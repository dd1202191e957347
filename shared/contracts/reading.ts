import { z } from 'zod';

/**
 * Reading analytics (docs/decisions/0041-reading-analytics.md). A view is one opening of one document by
 * one reader. The viewer opens a view, then reports, in batches, the seconds each page was really read
 * (tab visible, reader active in the last minute). The server clamps what it is told.
 */

/** How often the viewer sends what it has gathered (and when the page is hidden or closed). */
export const READING_REPORT_INTERVAL_SECONDS = 10;
/** A reader counts as reading while they did something (scroll, key, pointer, touch) this recently. */
export const READER_IDLE_AFTER_SECONDS = 60;
/** At most this many pages in one report. */
export const MAX_PAGES_PER_REPORT = 50;

/** POST /api/documents/:id/views: opens a view. The owner's own reading is not recorded (viewId null). */
export const openViewResponseSchema = z.object({ viewId: z.uuid().nullable() });
export type OpenViewResponse = z.infer<typeof openViewResponseSchema>;

export const viewIdParamsSchema = z.object({ viewId: z.uuid({ error: 'must be a view id' }) });

/** POST /api/views/:viewId/reports: seconds read per page since the view's previous report. */
export const readingReportSchema = z.strictObject({
  pages: z
    .array(
      z.strictObject({
        page: z.int('must be a whole page number').min(1, 'must be 1 or more'),
        seconds: z.number().min(0, 'cannot be negative').max(3600, 'must be at most 3600'),
      }),
    )
    .min(1, 'must name at least one page')
    .max(MAX_PAGES_PER_REPORT, `must name at most ${MAX_PAGES_PER_REPORT} pages`),
});
export type ReadingReport = z.infer<typeof readingReportSchema>;
