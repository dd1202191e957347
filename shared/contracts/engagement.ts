import { z } from 'zod';
import { fileAnswer } from './answers';
import { apiPath, apiRoute } from './api-route';
import { isoDateTime } from './fields';
import { documentIdParamsSchema } from './path-params';

/**
 * The engagement score (docs/decisions/0089-engagement-score.md): what it weighs, shared by the server,
 * which computes it, and the console, which shows the formula beside "why this score".
 */

/** The things a score is made of, in the order the formula adds them. */
export const ENGAGEMENT_FACTORS = [
  'reading_time',
  'room_share',
  'key_documents',
  'return_days',
  'downloads',
  'questions',
  'recency',
] as const;
export type EngagementFactor = (typeof ENGAGEMENT_FACTORS)[number];

/**
 * Points each factor gives at its target (they add up to 100). Without key documents marked, their
 * points go to the share of the room read. Recency gives no points: it scales the sum down.
 */
export const ENGAGEMENT_WEIGHTS = {
  reading_time: 25,
  room_share: 20,
  key_documents: 20,
  return_days: 15,
  downloads: 10,
  questions: 10,
} as const satisfies Partial<Record<EngagementFactor, number>>;

/** Reading time counts at most this much per page: an idle tab on one page does not win. */
export const PAGE_READ_CAP_MINUTES = 5;
/** A page counts as read (for the shares) after this much time on it: a glance is not a read. */
export const PAGE_READ_MIN_SECONDS = 5;
/** Reading time (capped per page) that gives all of reading_time's points. */
export const READING_TARGET_MINUTES = 60;
/** Days on which the reader came back (after the first) that give all of return_days' points. */
export const RETURN_DAYS_TARGET = 4;
/** Distinct documents downloaded that give all of downloads' points. */
export const DOWNLOADS_TARGET = 3;
/** Questions asked that give all of questions' points. */
export const QUESTIONS_TARGET = 2;
/** The score keeps all its points this long after the reader was last seen, then halves every half-life. */
export const RECENCY_GRACE_DAYS = 1;
export const RECENCY_HALF_LIFE_DAYS = 7;

/** Bands a score falls in: `investor.engagement_changed` fires on a move between them (ADR 89). */
export const ENGAGEMENT_BANDS = ['cold', 'warm', 'hot'] as const;
export type EngagementBand = (typeof ENGAGEMENT_BANDS)[number];
/** The lowest score of each band above cold. */
export const WARM_FROM_SCORE = 30;
export const HOT_FROM_SCORE = 60;

/** `investor.engagement_changed` fires too when a score moves this many points within its band. */
export const ENGAGEMENT_CHANGE_POINTS = 15;
/** ...and at most once this often per investor (a later change is told when the hour is up). */
export const ENGAGEMENT_WEBHOOK_WINDOW_MINUTES = 60;

export function engagementBandOf(score: number): EngagementBand {
  if (score >= HOT_FROM_SCORE) return 'hot';
  if (score >= WARM_FROM_SCORE) return 'warm';
  return 'cold';
}

// ---- Routes ----------------------------------------------------------------------------------------

/** The trend beside each row: one score per day, the oldest first, today last. */
export const ENGAGEMENT_TREND_DAYS = 7;

const reasonSchema = z.object({
  factor: z.enum(ENGAGEMENT_FACTORS),
  /** Points it gave (recency's are negative: what it took away). */
  points: z.number(),
  /** In words, as the console shows it. */
  text: z.string(),
});
export type EngagementReasonView = z.infer<typeof reasonSchema>;

const scoreFields = {
  score: z.number().int().min(0).max(100),
  band: z.enum(ENGAGEMENT_BANDS),
  /** The three things that moved the score most, the largest first ("why this score"). */
  why: z.array(reasonSchema),
  /** The score at the end of each of the last ENGAGEMENT_TREND_DAYS days, the oldest first; today's is `score`. */
  trend: z.array(z.number().int()),
  lastSeenAt: isoDateTime.nullable(),
};

export const hotInvestorSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Their address's domain; null for a webmail address. */
  firm: z.string().nullable(),
  ...scoreFields,
  /** The documents they may read and have read, most read first. */
  documentsRead: z.array(z.object({ documentId: z.string(), title: z.string() })),
});
export type HotInvestor = z.infer<typeof hotInvestorSchema>;

export const hotFirmSchema = z.object({
  firm: z.string(),
  ...scoreFields,
  investorCount: z.number().int(),
});
export type HotFirm = z.infer<typeof hotFirmSchema>;

const exampleWhy = [
  { factor: 'key_documents', points: 18, text: 'Read 90% of Financial model (a key document)' },
  { factor: 'reading_time', points: 15, text: 'Read for 36 minutes' },
  { factor: 'return_days', points: 8, text: 'Came back on 2 other days' },
] as const;

/** How many investors (and firms) the list answers unless asked for more: the top of the ranking. */
export const HOT_INVESTORS_LIMIT = 50;
export const MAX_HOT_INVESTORS_LIMIT = 1000;

/**
 * GET /api/admin/engagement: the room's investors by engagement, highest first, and its firms: the first
 * `limit` of each, and how many there are.
 */
export const hotInvestorsSchema = z
  .object({
    investors: z.array(hotInvestorSchema),
    /** Investors with a score the filters keep, of which `investors` are the first. */
    investorCount: z.number().int(),
    firms: z.array(hotFirmSchema),
    firmCount: z.number().int(),
    /** Whether the founders marked any key document (without, the share of the room counts double). */
    hasKeyDocuments: z.boolean(),
  })
  .meta({
    examples: [
      {
        investors: [
          {
            userId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
            name: 'Ann Lee',
            email: 'ann@fund.example',
            firm: 'fund.example',
            score: 64,
            band: 'hot',
            why: exampleWhy,
            trend: [12, 12, 30, 41, 41, 58, 64],
            lastSeenAt: '2026-11-25T10:02:11.000Z',
            documentsRead: [{ documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b', title: 'Financial model' }],
          },
        ],
        investorCount: 1,
        firms: [
          {
            firm: 'fund.example',
            score: 64,
            band: 'hot',
            why: exampleWhy,
            trend: [12, 12, 30, 41, 41, 58, 64],
            lastSeenAt: '2026-11-25T10:02:11.000Z',
            investorCount: 1,
          },
        ],
        firmCount: 1,
        hasKeyDocuments: true,
      },
    ],
  });
export type HotInvestors = z.infer<typeof hotInvestorsSchema>;

/** The list of one investor group's readers, or one share link's, or both (as Analytics filters). */
export const engagementFiltersSchema = z.strictObject({
  group: z.uuid({ error: 'must be a group id' }).optional(),
  shareLink: z.uuid({ error: 'must be a share link id' }).optional(),
});
export const hotInvestorsQuerySchema = engagementFiltersSchema.extend({
  /** How many of the top to answer (HOT_INVESTORS_LIMIT unless given). */
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(MAX_HOT_INVESTORS_LIMIT, `must be at most ${MAX_HOT_INVESTORS_LIMIT}`)
    .optional(),
});
export type HotInvestorsQuery = z.infer<typeof hotInvestorsQuerySchema>;

/**
 * One person as a CRM imports them (HubSpot's, Pipedrive's and Salesforce's contact imports take one row
 * per person with these columns): the JSON export's rows, and the CSV's columns in this order.
 */
export const crmRowSchema = z.object({
  name: z.string(),
  email: z.string(),
  firm: z.string().nullable(),
  score: z.number().int(),
  band: z.enum(ENGAGEMENT_BANDS),
  lastSeenAt: isoDateTime.nullable(),
  documentsRead: z.number().int(),
  /** The titles of the documents read, most read first. */
  documents: z.array(z.string()),
  /** "Why this score", in words. */
  why: z.array(z.string()),
});
export const CRM_CSV_HEADER = [
  'Name',
  'Email',
  'Company',
  'Engagement score',
  'Engagement',
  'Last seen',
  'Documents read',
  'Documents',
  'Why',
];

export const engagementExportSchema = z
  .object({ generatedAt: isoDateTime, investors: z.array(crmRowSchema) })
  .meta({
    examples: [
      {
        generatedAt: '2026-11-25T12:00:00.000Z',
        investors: [
          {
            name: 'Ann Lee',
            email: 'ann@fund.example',
            firm: 'fund.example',
            score: 64,
            band: 'hot',
            lastSeenAt: '2026-11-25T10:02:11.000Z',
            documentsRead: 1,
            documents: ['Financial model'],
            why: exampleWhy.map((reason) => reason.text),
          },
        ],
      },
    ],
  });
export type EngagementExport = z.infer<typeof engagementExportSchema>;

/** The founders' key documents, by id (GET /api/my-data-room/key-documents). */
export const keyDocumentsSchema = z
  .object({ documentIds: z.array(z.string()) })
  .meta({ examples: [{ documentIds: ['8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b'] }] });
export type KeyDocuments = z.infer<typeof keyDocumentsSchema>;

export const keyDocumentRequestSchema = z.strictObject({
  isKey: z.boolean({ error: 'must be true or false' }),
});
export type KeyDocumentRequest = z.infer<typeof keyDocumentRequestSchema>;

const managersOnly = [400, 401, 403, 404] as const;

export const engagementRoutes = {
  hotInvestors: apiRoute('GET', '/api/admin/engagement', {
    query: hotInvestorsQuerySchema,
    answer: hotInvestorsSchema,
    refusals: managersOnly,
  }),
  exportCsv: apiRoute('GET', '/api/admin/exports/engagement.csv', {
    query: engagementFiltersSchema,
    file: fileAnswer('A CSV file (RFC 4180, UTF-8 with a byte-order mark): one row per person, for a CRM.'),
    refusals: managersOnly,
  }),
  exportJson: apiRoute('GET', '/api/admin/exports/engagement.json', {
    query: engagementFiltersSchema,
    answer: engagementExportSchema,
    refusals: managersOnly,
  }),
  keyDocuments: apiRoute('GET', '/api/my-data-room/key-documents', {
    answer: keyDocumentsSchema,
    refusals: [401, 403, 404],
  }),
  markKeyDocument: apiRoute('POST', '/api/documents/:id/key', {
    params: documentIdParamsSchema,
    body: keyDocumentRequestSchema,
    answer: keyDocumentsSchema,
    refusals: managersOnly,
  }),
};

/** The ranked list's export with its filters, for a plain link (the session cookie authenticates it). */
export function engagementExportHref(
  format: 'csv' | 'json',
  filters: z.infer<typeof engagementFiltersSchema> = {},
): string {
  return apiPath(format === 'csv' ? engagementRoutes.exportCsv : engagementRoutes.exportJson, {
    query: filters,
  });
}
