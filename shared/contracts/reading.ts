import { z } from 'zod';
import { apiRoute } from './api-route';
import { isoDateTime } from './fields';
import { ndaGated } from './nda';
import { documentIdParamsSchema } from './path-params';

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

/** POST /api/documents/:id/views: opens a view. The owner's and editors' own reading is not recorded (viewId null). */
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

/** The server refuses a view's report sent sooner than this after its previous one (429). */
export const MIN_SECONDS_BETWEEN_REPORTS = 2;
/**
 * A report's seconds are clamped to the wall-clock time since the view's previous report (or its opening)
 * plus this much, which absorbs the network's and the clocks' jitter.
 */
export const REPORT_CLOCK_ALLOWANCE_SECONDS = 2;
/** How many views one user may open in a minute (each writes a 'viewed' event to the founder's log). */
export const VIEW_OPENS_PER_MINUTE = 30;
/** Readers "in the last 7 days" on the room's analytics. */
export const RECENT_READERS_DAYS = 7;
/** Activities after a gap longer than this start a new visit on an investor's analytics. */
export const VISIT_GAP_MINUTES = 30;
/** An investor's timeline shows at most this many of their newest views, and as many downloads and clicks. */
export const INVESTOR_TIMELINE_LIMIT = 500;

const readerSchema = z.object({ userId: z.string(), name: z.string(), email: z.string() });

/** GET /api/admin/analytics: the founder's room. Documents by reading time, most read first. */
export const roomAnalyticsSchema = z
  .object({
    documents: z.array(
      z.object({
        documentId: z.string(),
        title: z.string(),
        readSeconds: z.number(),
        viewCount: z.number(),
        readerCount: z.number(),
        lastViewedAt: isoDateTime.nullable(),
      }),
    ),
    /** Readers whose last view or report is within RECENT_READERS_DAYS, most recent first. */
    recentReaders: z.array(
      readerSchema.extend({ lastSeenAt: isoDateTime, readSeconds: z.number(), viewCount: z.number() }),
    ),
    /**
     * Every reader rolled up by firm (their address's domain; webmail addresses left out), most read
     * first: "example.vc: 3 readers, 41 min" (docs/product-rules.md#reading-analytics).
     */
    firms: z.array(z.object({ firm: z.string(), readerCount: z.number(), readSeconds: z.number() })),
  })
  .meta({
    examples: [
      {
        documents: [
          {
            documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
            title: 'Pitch deck',
            readSeconds: 412,
            viewCount: 3,
            readerCount: 2,
            lastViewedAt: '2026-11-25T10:02:11.000Z',
          },
        ],
        recentReaders: [
          {
            userId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
            name: 'Ann Lee',
            email: 'ann@fund.example',
            lastSeenAt: '2026-11-25T10:02:11.000Z',
            readSeconds: 300,
            viewCount: 2,
          },
        ],
        firms: [{ firm: 'fund.example', readerCount: 1, readSeconds: 300 }],
      },
    ],
  });
export type RoomAnalytics = z.infer<typeof roomAnalyticsSchema>;

/** The room's analytics for one investor group's readers only (docs/decisions/0068-investor-groups.md). */
export const roomAnalyticsQuerySchema = z.strictObject({
  group: z.uuid({ error: 'must be a group id' }).optional(),
  /** The readers one share link brought (docs/decisions/0071-share-links.md). */
  shareLink: z.uuid({ error: 'must be a share link id' }).optional(),
});

export const documentAnalyticsParamsSchema = z.object({
  documentId: z.uuid({ error: 'must be a document id' }),
});
export const documentAnalyticsQuerySchema = z.strictObject({
  /** One reader's time per page beside the average. */
  reader: z.uuid({ error: 'must be a reader id' }).optional(),
  /** The version whose pages and completion are shown (docs/decisions/0077-reading-analytics-by-version.md); the current one when absent. */
  version: z.coerce
    .number({ error: 'must be a version number' })
    .int({ error: 'must be a version number' })
    .min(1, { error: 'must be a version number' })
    .max(1_000_000, { error: 'must be a version number' })
    .optional(),
});

/** GET /api/admin/analytics/documents/:documentId */
export const documentAnalyticsSchema = z
  .object({
    /** pageCount: the shown version's pages; currentVersion: the one readers get. */
    document: z.object({
      id: z.string(),
      title: z.string(),
      pageCount: z.number().nullable(),
      currentVersion: z.number(),
    }),
    /** The version the pages, the readers' pages and time, and completion are of (ADR 77). */
    version: z.number(),
    /** The document's versions, oldest first, each with its page count (null while unknown). */
    versions: z.array(
      z.object({ number: z.number(), pageCount: z.number().nullable(), createdAt: isoDateTime }),
    ),
    /** The versions the totals below (views, readers, time) count: every version a reader has read a page of. */
    totalsVersions: z.array(z.number()),
    viewCount: z.number(),
    readerCount: z.number(),
    totalReadSeconds: z.number(),
    /** Per reader (total over readers / readers). */
    averageReadSeconds: z.number(),
    /** The share of the version's pages seen, averaged over its readers, 0 to 1; null while its page count is unknown. */
    completion: z.number().nullable(),
    /**
     * Every reader of the document: views and dates over every version; readSeconds, pagesSeen and
     * completion on the shown version only (0 for a reader who never read it).
     */
    readers: z.array(
      readerSchema.extend({
        viewCount: z.number(),
        firstViewedAt: isoDateTime,
        lastViewedAt: isoDateTime,
        readSeconds: z.number(),
        pagesSeen: z.number(),
        completion: z.number().nullable(),
      }),
    ),
    /** Every page of the shown version (1..pageCount, or those seen while the count is unknown). */
    pages: z.array(
      z.object({
        page: z.number(),
        /** Seconds on the page averaged over every reader of the version (0 for a reader who never saw the page). */
        averageSeconds: z.number(),
        readerCount: z.number(),
        /** The chosen reader's seconds on this page, or null when no reader is chosen. */
        readerSeconds: z.number().nullable(),
      }),
    ),
    /** The reader the query chose, if they read this document. */
    chosenReader: readerSchema.nullable(),
  })
  .meta({
    examples: [
      {
        document: {
          id: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
          title: 'Pitch deck',
          pageCount: 2,
          currentVersion: 1,
        },
        version: 1,
        versions: [{ number: 1, pageCount: 2, createdAt: '2026-11-20T09:00:00.000Z' }],
        totalsVersions: [1],
        viewCount: 3,
        readerCount: 1,
        totalReadSeconds: 95,
        averageReadSeconds: 95,
        completion: 1,
        readers: [
          {
            userId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
            name: 'Ann Lee',
            email: 'ann@fund.example',
            viewCount: 3,
            firstViewedAt: '2026-11-24T16:00:00.000Z',
            lastViewedAt: '2026-11-25T10:02:11.000Z',
            readSeconds: 95,
            pagesSeen: 2,
            completion: 1,
          },
        ],
        pages: [
          { page: 1, averageSeconds: 60, readerCount: 1, readerSeconds: null },
          { page: 2, averageSeconds: 35, readerCount: 1, readerSeconds: null },
        ],
        chosenReader: null,
      },
    ],
  });
export type DocumentAnalytics = z.infer<typeof documentAnalyticsSchema>;

export const investorAnalyticsParamsSchema = z.object({
  userId: z.uuid({ error: 'must be an investor id' }),
});

const activitySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('viewed'),
    at: isoDateTime,
    documentId: z.string(),
    title: z.string(),
    readSeconds: z.number(),
    pagesSeen: z.number(),
  }),
  z.object({
    kind: z.enum(['downloaded', 'clicked']),
    at: isoDateTime,
    documentId: z.string().nullable(),
    title: z.string(),
  }),
]);
export type InvestorActivity = z.infer<typeof activitySchema>;

/** GET /api/admin/analytics/investors/:userId */
export const investorAnalyticsSchema = z
  .object({
    investor: readerSchema.extend({ isMember: z.boolean() }),
    /** The documents they opened, most read first. */
    documents: z.array(
      z.object({
        documentId: z.string(),
        title: z.string(),
        viewCount: z.number(),
        readSeconds: z.number(),
        pagesSeen: z.number(),
        pageCount: z.number().nullable(),
        lastViewedAt: isoDateTime,
      }),
    ),
    /** Their visits, oldest first, each with its activities in order (VISIT_GAP_MINUTES apart at most). */
    visits: z.array(
      z.object({ startedAt: isoDateTime, endedAt: isoDateTime, activities: z.array(activitySchema) }),
    ),
  })
  .meta({
    examples: [
      {
        investor: {
          userId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
          name: 'Ann Lee',
          email: 'ann@fund.example',
          isMember: true,
        },
        documents: [
          {
            documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
            title: 'Pitch deck',
            viewCount: 1,
            readSeconds: 95,
            pagesSeen: 2,
            pageCount: 2,
            lastViewedAt: '2026-11-25T10:02:11.000Z',
          },
        ],
        visits: [
          {
            startedAt: '2026-11-25T10:00:00.000Z',
            endedAt: '2026-11-25T10:03:00.000Z',
            activities: [
              {
                kind: 'viewed',
                at: '2026-11-25T10:00:00.000Z',
                documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
                title: 'Pitch deck',
                readSeconds: 95,
                pagesSeen: 2,
              },
              {
                kind: 'downloaded',
                at: '2026-11-25T10:03:00.000Z',
                documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
                title: 'Pitch deck',
              },
            ],
          },
        ],
      },
    ],
  });
export type InvestorAnalytics = z.infer<typeof investorAnalyticsSchema>;

/** The analytics are for the room's managers (ADR 47). */
const managersOnly = [401, 403, 404] as const;

/** Reading reports and the founder's reading analytics (docs/decisions/0065-query-keys-and-api-routes.md). */
/**
 * "Links" in Analytics (docs/decisions/0095-document-links.md): the room's document links side by side,
 * from the views each link's readers opened by it: visits, readers, time, completion (the share of the
 * document's pages each view reached, averaged), and the page where most readers stopped; then each
 * verified reader with their time per page, and whose link they came by when it was forwarded.
 */
export const linkAnalyticsSchema = z
  .object({
    links: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        documentId: z.uuid(),
        documentTitle: z.string(),
        state: z.enum(['open', 'disabled', 'expired', 'full']),
        visits: z.int(),
        readers: z.int(),
        readMs: z.int(),
        /** 0 to 1; null before any view, or while the document's pages are unknown. */
        completion: z.number().nullable(),
        /** The furthest page most readers reached; null before any report. */
        stopPage: z.int().nullable(),
        pageCount: z.int().nullable(),
        readerRows: z.array(
          z.object({
            email: z.string(),
            forwardedFrom: z.string().nullable(),
            visits: z.int(),
            readMs: z.int(),
            lastPage: z.int().nullable(),
            versions: z.array(z.int()),
            pages: z.array(z.object({ page: z.int(), readMs: z.int() })),
          }),
        ),
      }),
    ),
  })
  .meta({
    examples: [
      {
        links: [
          {
            id: '3f2c1d0e-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
            name: 'Acme Ventures — Jane',
            documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
            documentTitle: 'Pitch deck',
            state: 'open',
            visits: 3,
            readers: 2,
            readMs: 184_000,
            completion: 0.75,
            stopPage: 9,
            pageCount: 12,
            readerRows: [
              {
                email: 'jane@acme.vc',
                forwardedFrom: null,
                visits: 2,
                readMs: 151_000,
                lastPage: 12,
                versions: [1],
                pages: [
                  { page: 1, readMs: 42_000 },
                  { page: 2, readMs: 18_000 },
                ],
              },
              {
                email: 'partner@acme.vc',
                forwardedFrom: 'jane@acme.vc',
                visits: 1,
                readMs: 33_000,
                lastPage: 9,
                versions: [1],
                pages: [{ page: 1, readMs: 33_000 }],
              },
            ],
          },
        ],
      },
    ],
  });
export type LinkAnalytics = z.infer<typeof linkAnalyticsSchema>;

export const readingRoutes = {
  /** 201 with the view that was opened; 200 without one for the room's managers, whose reading is not recorded. */
  openView: apiRoute('POST', '/api/documents/:id/views', {
    params: documentIdParamsSchema,
    answer: openViewResponseSchema,
    refusals: [401, 404],
    answers: { 201: openViewResponseSchema, ...ndaGated },
  }),
  /** Sent with `fetch(..., { keepalive: true })`: nothing waits for its answer. */
  report: apiRoute('POST', '/api/views/:viewId/reports', {
    params: viewIdParamsSchema,
    body: readingReportSchema,
    status: 204,
    refusals: [400, 401, 404, 429],
    answers: ndaGated,
  }),
  room: apiRoute('GET', '/api/admin/analytics', {
    query: roomAnalyticsQuerySchema,
    answer: roomAnalyticsSchema,
    refusals: managersOnly,
  }),
  document: apiRoute('GET', '/api/admin/analytics/documents/:documentId', {
    params: documentAnalyticsParamsSchema,
    query: documentAnalyticsQuerySchema,
    answer: documentAnalyticsSchema,
    refusals: [400, 401, 403, 404],
  }),
  links: apiRoute('GET', '/api/admin/analytics/links', {
    answer: linkAnalyticsSchema,
    refusals: managersOnly,
  }),
  investor: apiRoute('GET', '/api/admin/analytics/investors/:userId', {
    params: investorAnalyticsParamsSchema,
    answer: investorAnalyticsSchema,
    refusals: managersOnly,
  }),
};
