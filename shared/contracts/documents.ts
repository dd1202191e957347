import { z } from 'zod';
import { FILE_TYPES } from '#shared/file-types';
import { fileAnswer, noBody } from './answers';
import { apiRoute } from './api-route';
import { isoDateTime, optionalText, requiredText } from './fields';
import { ndaGated } from './nda';
import { documentIdParamsSchema, inviteTokenParamsSchema, roomIdParamsSchema } from './path-params';
import { previewStateSchema } from './previews';

/**
 * A document's own download rule as stored (docs/decisions/0043-view-only-documents.md): investors may
 * download it, or read it in the viewer only. Without one it follows its room's default.
 */
export const DOCUMENT_DOWNLOAD_POLICIES = ['allowed', 'view_only'] as const;
export type DocumentDownloadPolicy = (typeof DOCUMENT_DOWNLOAD_POLICIES)[number];

/** The founder's choice for one document, 'room' to follow the room's default ("Allow download"). */
export const DOWNLOAD_POLICY_CHOICES = ['room', ...DOCUMENT_DOWNLOAD_POLICIES] as const;
export type DownloadPolicyChoice = (typeof DOWNLOAD_POLICY_CHOICES)[number];

/** POST /api/documents/:id/download-policy. */
export const documentDownloadPolicyRequestSchema = z.strictObject({
  policy: z.enum(DOWNLOAD_POLICY_CHOICES, {
    error: `must be one of ${DOWNLOAD_POLICY_CHOICES.join(', ')}`,
  }),
});
export type DocumentDownloadPolicyRequest = z.infer<typeof documentDownloadPolicyRequestSchema>;

/** The document the OpenAPI examples show (docs/api.md). */
const pitchDeckExample = {
  id: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
  title: 'Pitch deck',
  fileType: 'pdf',
  fileSize: '2483120',
  sectionName: 'Financials',
  updatedAt: '2026-11-25T09:30:00.000Z',
  isUploaded: true,
  preview: { status: 'ready', kind: 'pages', failure: null },
  downloadPolicy: 'room',
  isDownloadAllowed: true,
  version: 1,
  pageCount: 12,
} as const;

/** A document as the console lists it (GET /api/my-documents, docs/product-rules.md#api). */
export const documentListItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    fileType: z.enum(FILE_TYPES),
    /** Bytes, as a string (what the web app has always read). */
    fileSize: z.string(),
    /** The section whose list links the document, if any. */
    sectionName: z.string().nullable(),
    updatedAt: isoDateTime,
    isUploaded: z.literal(true),
    /** Its preparation for the viewer: being prepared, ready, or failed and why. */
    preview: previewStateSchema,
    /** The founder's choice for this document: follow the room's default, or its own. */
    downloadPolicy: z.enum(DOWNLOAD_POLICY_CHOICES),
    /** Whether investors may download it (the choice, or the room's default): false reads "View only". */
    isDownloadAllowed: z.boolean(),
    /** The number of the version readers get; past 1, investors see "Updated <date>" (ADR 69). */
    version: z.number().int().min(1),
    /**
     * The pages readers get once its preview is ready as pages (a workbook's are its sheets, as the viewer
     * names them); null while it is prepared, or for a file shown otherwise (an image, a video).
     */
    pageCount: z.int().min(1).nullable(),
  })
  .meta({
    examples: [pitchDeckExample],
  });
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

export const documentListSchema = z.array(documentListItemSchema);

export const uploadResponseSchema = z
  .object({
    message: z.string(),
    document: documentListItemSchema,
    /** The link to put in the sections markdown. */
    url: z.string(),
  })
  .meta({
    examples: [
      {
        message: 'File uploaded successfully',
        document: pitchDeckExample,
        url: '/api/documents/8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b/download',
      },
    ],
  });

export const MAX_DOCUMENT_TITLE_LENGTH = 200;

/**
 * POST /api/documents/:id/title: the title investors read (in the room, the viewer and the access
 * log), stored as plain text. Markup is kept as written and shown escaped.
 */
export const documentTitleRequestSchema = z.strictObject({
  title: requiredText(MAX_DOCUMENT_TITLE_LENGTH),
});
export type DocumentTitleRequest = z.infer<typeof documentTitleRequestSchema>;

/** The text fields an upload may carry beside its file (multipart/form-data), checked like JSON fields. */
export const uploadFieldsSchema = z.strictObject({
  /** The document's title; without one, the file's name. */
  title: optionalText(MAX_DOCUMENT_TITLE_LENGTH),
  /** The section of the markdown to link the upload from (created when missing). */
  section: optionalText(200),
});

/**
 * GET /api/data-room/:id/download-all: the whole room, or one section by its id (1..n, as the room's URLs
 * name sections), as one zip of what the reader may download (docs/product-rules.md#download-all).
 */
export const downloadAllQuerySchema = z.strictObject({
  section: z.coerce
    .number({ error: 'must be a section number' })
    .int('must be a section number')
    .min(1, 'must be a section number')
    .max(10_000, 'must be a section number')
    .optional(),
});

/** The fields an uploaded zip may carry beside it: the section for the files at its top. */
export const archiveUploadFieldsSchema = z.strictObject({
  /** The section of the markdown that links the zip's top-level files (its folders name their own). */
  section: optionalText(200),
});

/** One line of an unpacked zip: a file stored (as the console lists it) or refused, and why. */
export const archiveResultLineSchema = z.discriminatedUnion('status', [
  z.object({ path: z.string(), status: z.literal('stored'), document: documentListItemSchema }),
  z.object({ path: z.string(), status: z.literal('refused'), message: z.string() }),
]);

/** POST /api/upload/archive: how many files were stored and refused, and one line per file. */
export const archiveUploadResponseSchema = z
  .object({
    stored: z.number().int(),
    refused: z.number().int(),
    results: z.array(archiveResultLineSchema),
  })
  .meta({
    examples: [
      {
        stored: 1,
        refused: 1,
        results: [
          { path: 'Raise/Financials/Pitch deck.pdf', status: 'stored', document: pitchDeckExample },
          {
            path: 'Raise/Financials/model.exe',
            status: 'refused',
            message: 'Files of type ".exe" cannot be uploaded.',
          },
        ],
      },
    ],
  });
export type ArchiveUploadResult = z.infer<typeof archiveUploadResponseSchema>;

/** The text fields a "Replace file" may carry beside its file: whether to tell the earlier version's readers. */
export const replaceFileFieldsSchema = z.strictObject({
  notifyReaders: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export const documentVersionParamsSchema = z.object({
  id: z.uuid({ error: 'must be a document id' }),
  number: z.coerce
    .number({ error: 'must be a version number' })
    .int({ error: 'must be a version number' })
    .min(1, { error: 'must be a version number' })
    .max(1_000_000, { error: 'must be a version number' }),
});

/** One reader of one version, with the time they read it (from the reading analytics). */
export const versionReaderSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  views: z.number().int(),
  readSeconds: z.number(),
});

/** The states of a version (docs/decisions/0069-document-versions.md). */
export const DOCUMENT_VERSION_STATUSES = ['current', 'preparing', 'earlier'] as const;

/** One version of a document as its managers see it (GET /api/documents/:id/versions). */
export const documentVersionSchema = z.object({
  number: z.number().int(),
  status: z.enum(DOCUMENT_VERSION_STATUSES),
  fileName: z.string(),
  fileType: z.enum(FILE_TYPES),
  fileSize: z.string(),
  uploadedAt: isoDateTime,
  uploadedBy: z.string(),
  readers: z.array(versionReaderSchema),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** A deck replaced once, read by one investor before (docs/api.md). */
const versionHistoryExample = {
  documentId: pitchDeckExample.id,
  title: 'Pitch deck',
  versions: [
    {
      number: 2,
      status: 'current',
      fileName: 'Pitch deck v2.pdf',
      fileType: 'pdf',
      fileSize: '2519004',
      uploadedAt: '2026-11-27T08:15:00.000Z',
      uploadedBy: 'fran@acme.example',
      readers: [],
    },
    {
      number: 1,
      status: 'earlier',
      fileName: 'Pitch deck.pdf',
      fileSize: '2483120',
      fileType: 'pdf',
      uploadedAt: '2026-11-25T09:30:00.000Z',
      uploadedBy: 'fran@acme.example',
      readers: [{ email: 'ivy@fund.example', name: 'Ivy Investor', views: 2, readSeconds: 312.4 }],
    },
  ],
} as const;

export const documentVersionsSchema = z
  .object({
    documentId: z.string(),
    title: z.string(),
    versions: z.array(documentVersionSchema),
  })
  .meta({ examples: [versionHistoryExample] });
export type DocumentVersions = z.infer<typeof documentVersionsSchema>;

/** The answer to a "Replace file" or a restore: the new version and the document's history. */
export const newVersionResponseSchema = z
  .object({
    message: z.string(),
    version: documentVersionSchema,
    history: documentVersionsSchema,
  })
  .meta({
    examples: [
      {
        message: 'File replaced',
        version: { ...versionHistoryExample.versions[0], status: 'preparing' },
        history: versionHistoryExample,
      },
    ],
  });

/** What an invitation link's view of the room lists. */
export const invitedDocumentsSchema = z.object({ documents: documentListSchema });

/** A download's body: the stored file, streamed with its own content type. */
const fileBytes = fileAnswer('The file, in its own content type.');

const managersOnly = [401, 403, 404] as const;

/**
 * Anyone who may not read the room gets 404, as for a room that does not exist, and 403 nda_required
 * before they accepted its NDA (ADR 45).
 */
const memberRead = { refusals: [401, 404], answers: ndaGated } as const;
const inviteRead = { refusals: [404], answers: ndaGated } as const;

/** The founder's documents and a room's (docs/decisions/0065-query-keys-and-api-routes.md). */
export const documentRoutes = {
  mine: apiRoute('GET', '/api/my-documents', { answer: documentListSchema, refusals: managersOnly }),
  upload: apiRoute('POST', '/api/upload', {
    status: 201,
    answer: uploadResponseSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
  /** A zip, unpacked into sections named after its top folders (multipart: file, section). */
  uploadArchive: apiRoute('POST', '/api/upload/archive', {
    status: 201,
    answer: archiveUploadResponseSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
  remove: apiRoute('DELETE', '/api/documents/:id', {
    params: documentIdParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: managersOnly,
  }),
  rename: apiRoute('POST', '/api/documents/:id/title', {
    params: documentIdParamsSchema,
    body: documentTitleRequestSchema,
    answer: documentListItemSchema,
    refusals: [400, 401, 403, 404],
  }),
  setDownloadPolicy: apiRoute('POST', '/api/documents/:id/download-policy', {
    params: documentIdParamsSchema,
    body: documentDownloadPolicyRequestSchema,
    answer: documentListItemSchema,
    refusals: managersOnly,
  }),
  /**
   * A new version of the document's file (multipart: `file`, optional `notifyReaders`), for the room's
   * managers only: docs/decisions/0069-document-versions.md.
   */
  replaceFile: apiRoute('POST', '/api/documents/:id/versions', {
    params: documentIdParamsSchema,
    status: 201,
    answer: newVersionResponseSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
  versions: apiRoute('GET', '/api/documents/:id/versions', {
    params: documentIdParamsSchema,
    answer: documentVersionsSchema,
    refusals: managersOnly,
  }),
  restoreVersion: apiRoute('POST', '/api/documents/:id/versions/:number/restore', {
    params: documentVersionParamsSchema,
    status: 201,
    answer: newVersionResponseSchema,
    refusals: [400, 401, 403, 404, 409],
  }),
  removeVersion: apiRoute('DELETE', '/api/documents/:id/versions/:number', {
    params: documentVersionParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: [400, 401, 403, 404, 409],
  }),
  /** An earlier (or the current) version's file, for the room's managers only. */
  downloadVersion: apiRoute('GET', '/api/documents/:id/versions/:number/download', {
    params: documentVersionParamsSchema,
    file: fileBytes,
    refusals: [400, 401, 403, 404, 416],
    answers: { 206: fileBytes },
  }),
  /**
   * The file itself, its bytes streamed as they are (never serialized); the sections markdown links it
   * as `uploadedDocumentPath` writes it.
   */
  download: apiRoute('GET', '/api/documents/:id/download', {
    params: documentIdParamsSchema,
    file: fileBytes,
    // 403 cross_site_request: another site made the browser ask (ADR 61);
    // 403 view_only: an investor may read this document in the viewer only; 403 nda_required
    // before they accepted the room's NDA; 403 watermark_unsupported: the room's watermark is on
    // and this file cannot carry it; 409 watermark_not_ready: the watermarked copy is made from a
    // preview still being prepared.
    // 429 watermark_busy: too many watermarked PDFs being made at once (ADR 61).
    refusals: [401, 404, 409, 416, 429],
    answers: { 206: fileBytes, 304: noBody, ...ndaGated },
  }),
  inRoom: apiRoute('GET', '/api/data-room/:id/documents', {
    params: roomIdParamsSchema,
    answer: documentListSchema,
    ...memberRead,
  }),
  /** A zip of the room, or of one section (?section=n), streamed as it is built (never serialized). */
  downloadAll: apiRoute('GET', '/api/data-room/:id/download-all', {
    params: roomIdParamsSchema,
    query: downloadAllQuerySchema,
    file: fileAnswer('A zip of the files this reader may download.'),
    // 404 nothing_to_download: the room or section holds no file this reader may download;
    // 403 cross_site_request: another site made the browser ask (ADR 61).
    refusals: [400, 401, 404],
    answers: ndaGated,
  }),
  inInvitedRoom: apiRoute('GET', '/api/data-room/invite/:token/documents', {
    params: inviteTokenParamsSchema,
    answer: invitedDocumentsSchema,
    ...inviteRead,
  }),
};
