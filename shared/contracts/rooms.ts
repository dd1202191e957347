import { z } from 'zod';
import { FILE_TYPES } from '#shared/file-types';
import { SECTION_ICONS } from '#shared/section-icons';
import { apiErrorSchema } from './api-error';
import { apiRoute } from './api-route';
import { multilineText, noUnsafeCharacters, requiredText } from './fields';
import { ndaGated } from './nda';
import { inviteTokenParamsSchema, roomIdParamsSchema } from './path-params';

export const FUNDING_STAGES = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Growth'] as const;
export const DEFAULT_FUNDING_STAGE = 'Series A';

/**
 * A room on the investor dashboard. Before the investor accepted the room's NDA (ADR 45) the card holds
 * the room's name and "NDA required", nothing more: the company's stage, description, founding year
 * and website are null until then.
 */
export const accessibleDataRoomSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  name: z.string(),
  isNdaRequired: z.boolean(),
  fundingStage: z.string().nullable(),
  companyDescription: z.string().nullable(),
  foundedYear: z.number().nullable(),
  website: z.string().nullable(),
});
export type AccessibleDataRoom = z.infer<typeof accessibleDataRoomSchema>;

export const accessibleDataRoomsResponseSchema = z.object({ dataRooms: z.array(accessibleDataRoomSchema) });

/** GET /api/my-data-room: the signed-in founder's own room (docs/product-rules.md#api). */
export const myDataRoomSchema = z
  .object({
    id: z.string(),
    companyName: z.string(),
    description: z.string(),
    stage: z.string(),
    foundedYear: z.number().nullable(),
    website: z.string(),
    isActive: z.boolean(),
    /** The room's default for its documents ("Allow downloads"); each document may choose otherwise. */
    isDownloadAllowed: z.boolean(),
    /** Whether investors see their e-mail and the date on every page and download ("Watermark"). */
    isWatermarkEnabled: z.boolean(),
    /** Whether investors must accept the room's NDA before entry (ADR 45; its text: /api/my-data-room/nda). */
    isNdaRequired: z.boolean(),
  })
  .meta({
    examples: [
      {
        id: '2c9d8e7f-6a5b-4c3d-9e1f-0a1b2c3d4e5f',
        companyName: 'Acme Robotics',
        description: 'Warehouse robots that pick any item.',
        stage: 'Seed',
        foundedYear: 2024,
        website: 'https://acme.example',
        isActive: true,
        isDownloadAllowed: true,
        isWatermarkEnabled: false,
        isNdaRequired: false,
      },
    ],
  });
export type MyDataRoom = z.infer<typeof myDataRoomSchema>;

/** POST /api/data-rooms: the founder's company profile. */
export const MAX_WEBSITE_LENGTH = 2000;
export const companyProfileRequestSchema = z.strictObject({
  name: requiredText(200, 'Company name is required'),
  description: multilineText(2000, { trim: true }).default(''),
  stage: z
    .enum(FUNDING_STAGES, { error: `must be one of ${FUNDING_STAGES.join(', ')}` })
    .default(DEFAULT_FUNDING_STAGE),
  foundedYear: z
    .number({ error: 'must be a year' })
    .int('must be a whole year')
    .min(1900, 'must be 1900 or later')
    .refine((year) => year <= new Date().getFullYear(), 'cannot be in the future')
    .nullable()
    .default(null),
  // Bounded and checked as text first: the URL parser would quietly drop a line break or a tab.
  website: z
    .string({ error: 'must be an http:// or https:// address' })
    .trim()
    .max(MAX_WEBSITE_LENGTH, `must be at most ${MAX_WEBSITE_LENGTH} characters`)
    .check(noUnsafeCharacters(false))
    // Typed without its scheme, an address with a space is not one (browsers' URL parsers differ on a
    // host with a space once https:// is put before it, so it is refused here first).
    .refine(
      (value) => /^[a-z][a-z0-9+-]*:/i.test(value) || !/\s/.test(value),
      'must be an http:// or https:// address',
    )
    // "acme.com" as founders type it is "https://acme.com"; a scheme of any other kind stays and is refused.
    .transform((value) => (value === '' || /^[a-z][a-z0-9+-]*:/i.test(value) ? value : `https://${value}`))
    .pipe(
      z.union(
        [z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })],
        { error: 'must be an http:// or https:// address' },
      ),
    )
    .default(''),
});
export type CompanyProfileRequest = z.input<typeof companyProfileRequestSchema>;

/** POST /api/my-data-room/status: the founder opens or closes the room to its investors. */
export const roomStatusRequestSchema = z.strictObject({
  isActive: z.boolean({ error: 'must be true or false' }),
});

/** POST /api/my-data-room/download-policy: the room's default for its documents. */
export const roomDownloadPolicyRequestSchema = z.strictObject({
  isDownloadAllowed: z.boolean({ error: 'must be true or false' }),
});

/** POST /api/my-data-room/watermark: the room's dynamic watermark, on or off. */
export const roomWatermarkRequestSchema = z.strictObject({
  isWatermarkEnabled: z.boolean({ error: 'must be true or false' }),
});

/** A section as the shared parser reads it (shared/sections-markdown.ts, `Section`). */
export const readerSectionSchema = z.object({
  id: z.int().describe('1..n in the order of the text: the number in the section’s URL.'),
  name: z.string(),
  description: z.string(),
  icon: z.enum(SECTION_ICONS),
  documents: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      isUploaded: z.boolean(),
      documentId: z.uuid().nullable(),
      fileType: z.enum(FILE_TYPES),
      line: z.int(),
    }),
  ),
  lines: z.object({ start: z.int(), end: z.int() }),
});

/**
 * The sections as readers get them: the text (for API clients; the web app reads only the sections), and
 * its sections as the server's parser read it, so a reader's page needs no parser of its own
 * (docs/decisions/0075-the-investors-first-screen.md).
 */
export const sectionsContentSchema = z.object({
  content: z.string(),
  sections: z.array(readerSectionSchema),
});
export type SectionsContent = z.infer<typeof sectionsContentSchema>;

/**
 * The founder's sections as the editor loads them: the text and its version, an opaque tag that
 * changes whenever the text does (a save, or the server's own change: an upload's link, a deletion).
 */
export const sectionsSourceSchema = z.object({ content: z.string(), version: z.string() }).meta({
  examples: [
    {
      content:
        '# Company Information\nname: Lighthouse Labs\n\n## Financials\n- [Pitch deck](/api/documents/8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b/download)\n',
      version: 'n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg',
    },
  ],
});
export type SectionsSource = z.infer<typeof sectionsSourceSchema>;

export const MAX_SECTIONS_MARKDOWN_LENGTH = 200_000;
export const sectionsUpdateRequestSchema = z.strictObject({
  // Stored exactly as written (not trimmed): line numbers in messages must match the editor's.
  content: multilineText(MAX_SECTIONS_MARKDOWN_LENGTH, { trim: false }),
  /**
   * The version the draft was based on. When the stored text has changed since, nothing is saved and
   * the answer is 409 sections_changed. Without it the save replaces whatever is stored (the original
   * `{content}` payload, for clients that do not track versions; ADR 30).
   */
  baseVersion: z.string().min(1, 'is required').max(100, 'is too long to be a version').optional(),
});
export const sectionsUpdateResponseSchema = z.object({ message: z.string(), version: z.string() }).meta({
  examples: [
    {
      message: 'Data room sections updated successfully',
      version: 'n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg',
    },
  ],
});

/** 400 when the markdown is refused: `line` names the line of the link at fault. */
export const sectionsRefusedResponseSchema = apiErrorSchema
  .extend({
    line: z.number().int().positive().optional(),
  })
  .meta({
    examples: [
      {
        error: 'invalid_sections',
        message: 'Line 5: this link is not one of your documents.',
        field: 'content',
        line: 5,
      },
    ],
  });

/** 409 when the stored sections changed since the draft's base: the text and version to rebase on. */
export const sectionsChangedResponseSchema = z
  .object({
    error: z.literal('sections_changed'),
    message: z.string(),
    content: z.string(),
    version: z.string(),
  })
  .meta({
    examples: [
      {
        error: 'sections_changed',
        message:
          'The sections changed since you started editing (an upload or a deletion may have changed their links). Nothing was saved.',
        content: '# Company Information\nname: Lighthouse Labs\n',
        version: 'LCa0a2j_xo_5m0U8HTBBNBNCLXBkg7-g-YpeiGJm564',
      },
    ],
  });

/** A data room as its views show it (with both spellings of each field the web app reads). */
export const dataRoomViewSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  name: z.string(),
  description: z.string(),
  companyDescription: z.string(),
  stage: z.string(),
  fundingStage: z.string(),
  foundedYear: z.number().nullable(),
  website: z.string(),
  isActive: z.boolean(),
  /** When the room's content last changed, for 'Last updated'. */
  updatedAt: z.iso.datetime(),
});
export type DataRoomView = z.infer<typeof dataRoomViewSchema>;

export const dataRoomResponseSchema = z.object({ dataRoom: dataRoomViewSchema });
/** The invited view also says which e-mail was invited, to prefill sign-in for downloads. */
export const invitedDataRoomResponseSchema = z.object({
  dataRoom: dataRoomViewSchema,
  invitedEmail: z.string(),
});
/** ?url= of a click on an external document: the exact link as written in the markdown. */
export const clickQuerySchema = z.object({
  url: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be given once') })
    .min(1, 'is required')
    .max(4000, 'is too long'),
});

/**
 * Anyone who may not read the room gets 404, as for a room that does not exist, and 403 nda_required
 * before they accepted its NDA (ADR 45).
 */
const memberRead = { refusals: [401, 404], answers: ndaGated } as const;
const inviteRead = { refusals: [404], answers: ndaGated } as const;
const managersOnly = [401, 403, 404] as const;

/** The founder's room, its sections, and a room as its readers see it (docs/decisions/0065-query-keys-and-api-routes.md). */
export const roomRoutes = {
  mine: apiRoute('GET', '/api/my-data-room', { answer: myDataRoomSchema, refusals: managersOnly }),
  saveProfile: apiRoute('POST', '/api/data-rooms', {
    body: companyProfileRequestSchema,
    answer: myDataRoomSchema,
    refusals: managersOnly,
  }),
  setStatus: apiRoute('POST', '/api/my-data-room/status', {
    body: roomStatusRequestSchema,
    answer: myDataRoomSchema,
    refusals: managersOnly,
  }),
  setDownloadDefault: apiRoute('POST', '/api/my-data-room/download-policy', {
    body: roomDownloadPolicyRequestSchema,
    answer: myDataRoomSchema,
    refusals: managersOnly,
  }),
  setWatermark: apiRoute('POST', '/api/my-data-room/watermark', {
    body: roomWatermarkRequestSchema,
    answer: myDataRoomSchema,
    refusals: managersOnly,
  }),
  accessible: apiRoute('GET', '/api/my-accessible-data-rooms', {
    answer: accessibleDataRoomsResponseSchema,
    refusals: [401],
  }),
  /** The founder's sections markdown, or the starter template while none is saved. */
  mySections: apiRoute('GET', '/api/sections/content', {
    answer: sectionsSourceSchema,
    refusals: managersOnly,
  }),
  /** The saved markdown itself, for API clients. */
  sectionsMarkdown: apiRoute('GET', '/api/sections/markdown', {
    answer: sectionsSourceSchema,
    refusals: managersOnly,
  }),
  saveSections: apiRoute('POST', '/api/sections/update', {
    body: sectionsUpdateRequestSchema,
    answer: sectionsUpdateResponseSchema,
    refusals: managersOnly,
    answers: { 400: sectionsRefusedResponseSchema, 409: sectionsChangedResponseSchema },
  }),
  room: apiRoute('GET', '/api/data-room/:id', {
    params: roomIdParamsSchema,
    answer: dataRoomResponseSchema,
    ...memberRead,
  }),
  invitedRoom: apiRoute('GET', '/api/data-room/invite/:token', {
    params: inviteTokenParamsSchema,
    answer: invitedDataRoomResponseSchema,
    ...inviteRead,
  }),
  sections: apiRoute('GET', '/api/data-room/:id/sections', {
    params: roomIdParamsSchema,
    answer: sectionsContentSchema,
    ...memberRead,
  }),
  invitedSections: apiRoute('GET', '/api/data-room/invite/:token/sections', {
    params: inviteTokenParamsSchema,
    answer: sectionsContentSchema,
    ...inviteRead,
  }),
  /** Logs a click on an external document and redirects to it. */
  click: apiRoute('GET', '/api/data-room/:id/click', {
    params: roomIdParamsSchema,
    query: clickQuerySchema,
    status: 302,
    ...memberRead,
  }),
  invitedClick: apiRoute('GET', '/api/data-room/invite/:token/click', {
    params: inviteTokenParamsSchema,
    query: clickQuerySchema,
    status: 302,
    ...inviteRead,
  }),
};
