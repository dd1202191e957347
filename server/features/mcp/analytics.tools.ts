import { z } from 'zod';
import { accessLogEntrySchema, adminRoutes } from '#shared/contracts/admin';
import { engagementRoutes, hotInvestorsQuerySchema, hotInvestorsSchema } from '#shared/contracts/engagement';
import {
  documentAnalyticsParamsSchema,
  documentAnalyticsQuerySchema,
  documentAnalyticsSchema,
  investorAnalyticsParamsSchema,
  investorAnalyticsSchema,
  readingRoutes,
  roomAnalyticsQuerySchema,
  roomAnalyticsSchema,
} from '#shared/contracts/reading';
import { roomTool } from './room-tool';

/** Narrows the room's analytics to one group's readers, or to the readers one share link brought. */
const roomFilters = {
  group: roomAnalyticsQuerySchema.shape.group.describe(
    "Only this investor group's readers (a group id from list_groups).",
  ),
  shareLink: roomAnalyticsQuerySchema.shape.shareLink.describe('Only the readers this share link brought.'),
};

/** Reading analytics: who is hot, what was read, by whom, page by page and firm by firm. */
export const analyticsTools = [
  roomTool({
    name: 'engagement_scores',
    title: 'Hot investors: engagement scores',
    description:
      "Each investor's engagement score from 0 to 100 (cold, warm or hot), highest first, with the three things that moved it most ('why this score', in words), its trend over the last 7 days, when they were last seen and the documents they read; and each firm's score the same way. It counts reading time, the share of the room and of its key documents read, returns on other days, downloads and questions, and decays over days without a visit. Answers 'who is hot this week?'.",
    route: engagementRoutes.hotInvestors,
    input: z.object({
      group: hotInvestorsQuerySchema.shape.group.describe(
        "Only this investor group's investors (a group id from list_groups).",
      ),
      shareLink: hotInvestorsQuerySchema.shape.shareLink.describe(
        'Only the investors this share link brought.',
      ),
    }),
    output: hotInvestorsSchema,
    effect: 'reads',
    run: (api, query) => api.call(engagementRoutes.hotInvestors, { query }),
  }),
  roomTool({
    name: 'room_analytics',
    title: 'Reading analytics of the room',
    description:
      "How the room is read: each document with its reading time in seconds, views, readers and last view (most read first); the readers seen in the last 7 days with their time and views; and every firm (the domain of its readers' addresses) with its readers and time. Answers 'who read the model this week?'.",
    route: readingRoutes.room,
    input: z.object(roomFilters),
    output: roomAnalyticsSchema,
    effect: 'reads',
    run: (api, query) => api.call(readingRoutes.room, { query }),
  }),
  roomTool({
    name: 'firm_analytics',
    title: 'Reading by firm',
    description:
      "The room's readers rolled up by firm (the domain of their e-mail addresses; webmail addresses left out), most read first: each firm's number of readers and total reading time in seconds.",
    route: readingRoutes.room,
    input: z.object(roomFilters),
    output: roomAnalyticsSchema.pick({ firms: true }),
    effect: 'reads',
    run: async (api, query) => ({ firms: (await api.call(readingRoutes.room, { query })).firms }),
  }),
  roomTool({
    name: 'document_page_analytics',
    title: "A document's reading, page by page",
    description:
      "How one document is read: views, readers, total and average reading time, completion, every reader with their time and pages seen, and every page with its average seconds and readers. With reader, that reader's seconds on each page beside the average; with version, that version's pages (the current one otherwise).",
    route: readingRoutes.document,
    input: z.object({
      documentId: documentAnalyticsParamsSchema.shape.documentId.describe(
        "The document's id, from list_documents or room_analytics.",
      ),
      reader: documentAnalyticsQuerySchema.shape.reader.describe(
        "A reader's user id (from list_investors or room_analytics): their seconds per page.",
      ),
      version: documentAnalyticsQuerySchema.shape.version.describe('A version number of the document.'),
    }),
    output: documentAnalyticsSchema,
    effect: 'reads',
    run: (api, { documentId, reader, version }) =>
      api.call(readingRoutes.document, { params: { documentId }, query: { reader, version } }),
  }),
  roomTool({
    name: 'investor_analytics',
    title: "One investor's reading",
    description:
      'What one investor read: each document they opened with views, reading time in seconds, pages seen and last view, and their visits in order with every view, download and click.',
    route: readingRoutes.investor,
    input: z.object({
      userId: investorAnalyticsParamsSchema.shape.userId.describe(
        "The investor's user id, from list_investors or room_analytics.",
      ),
    }),
    output: investorAnalyticsSchema,
    effect: 'reads',
    run: (api, { userId }) => api.call(readingRoutes.investor, { params: { userId } }),
  }),
  roomTool({
    name: 'recent_access',
    title: 'Recent access',
    description:
      'The newest entries of the access log: who viewed, downloaded or clicked which document (and which version), and when.',
    route: adminRoutes.recentAccess,
    input: z.object({}),
    output: z.object({ entries: z.array(accessLogEntrySchema) }),
    effect: 'reads',
    run: async (api) => ({ entries: await api.call(adminRoutes.recentAccess) }),
  }),
];
