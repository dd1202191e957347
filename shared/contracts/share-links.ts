import { z } from 'zod';
import { apiRoute } from './api-route';
import { messageResponseSchema, oneRoomEntrySchema } from './auth';
import { emailField, isoDateTime, requiredText } from './fields';

/**
 * Share links that verify the reader (docs/decisions/0071-share-links.md): a group's link the founder
 * pastes into their own e-mails. Opening one asks for an e-mail address and proves it by a six-digit code
 * (or the magic link in the same mail) before anything of the room is shown; the reader then becomes an
 * accepted investor of the link's group.
 */

export const MAX_SHARE_LINK_NAME_LENGTH = 80;
export const MAX_SHARE_LINKS_PER_ROOM = 100;
export const MAX_ALLOWED_DOMAINS = 20;
export const SHARE_CODE_LENGTH = 6;

/**
 * What makes two link names one name in a room: composed the same way, then in lower case, by JavaScript
 * on every database (SQL lower() folds only A-Z on SQLite). Stored as share_links.name_key, which the
 * room's unique index and every lookup use (docs/decisions/0076-share-link-addresses-kept-sealed.md).
 */
export const shareLinkNameKey = (name: string): string => name.normalize('NFC').toLowerCase();

const linkName = requiredText(MAX_SHARE_LINK_NAME_LENGTH, 'is required: name the link');
const linkId = z.uuid({ error: 'must be a share link id' });

/** A domain as typed ("example.vc", "@example.vc"), kept in lower case without the @. */
const allowedDomain = z
  .string({ error: 'must be a list of e-mail domains' })
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .max(253, 'each domain must be at most 253 characters')
      .regex(
        /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/,
        'each must be an e-mail domain such as example.vc',
      ),
  );
const allowedDomains = z
  .array(allowedDomain, { error: 'must be a list of e-mail domains, or null for any' })
  .max(MAX_ALLOWED_DOMAINS, `must list at most ${MAX_ALLOWED_DOMAINS} domains`)
  .nullable();
const maxReaders = z
  .int({ error: 'must be a whole number of readers' })
  .min(1, 'must be at least 1')
  .max(100_000, 'must be at most 100000')
  .nullable();
/** The per-link option; on unless the founder turns it off. */
const namesTheRoom = z
  .boolean({ error: 'must be true or false' })
  .describe(
    "Whether the link's page shows whose room it opens (the company's name and the founder's first name) before the reader proves an address. On by default.",
  );

/**
 * A document link's own part (docs/decisions/0095-document-links.md): the document, the version it is
 * pinned to (null: it follows the current one), and its download, watermark and forward switches.
 */
export const documentLinkPartSchema = z.object({
  documentId: z.uuid(),
  title: z.string(),
  versionNumber: z.int().nullable(),
  allowsDownload: z.boolean(),
  watermark: z.boolean(),
  forwardsNeedApproval: z.boolean(),
});
export type DocumentLinkPart = z.infer<typeof documentLinkPartSchema>;

const flag = z.boolean({ error: 'must be true or false' });

/** How many of a link's readers one answer lists; the console's "Show more readers" asks for the next. */
export const SHARE_LINK_READERS_PAGE = 50;

const shareReaderSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  state: z.enum(['pending', 'admitted', 'refused']),
  createdAt: isoDateTime,
  /** A document link's later address: the first reader's, whose link it was forwarded from. */
  forwardedFrom: z.string().nullable(),
});
export type ShareReader = z.infer<typeof shareReaderSchema>;

export const shareLinkSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  groupId: z.uuid(),
  allowedDomains: z.array(z.string()).nullable(),
  requiresApproval: z.boolean(),
  expiresAt: isoDateTime.nullable(),
  maxReaders: z.int().nullable(),
  namesTheRoom: namesTheRoom,
  isDisabled: z.boolean(),
  /** Open: the link lets readers in now; otherwise why not. */
  state: z.enum(['open', 'disabled', 'expired', 'full']),
  readerCount: z.int(),
  createdAt: isoDateTime,
  /**
   * Whether the console can show the link's address again. False for a link made before addresses were
   * kept, or sealed under a key the server no longer holds: it still admits; a new address replaces it.
   */
  addressKept: z.boolean(),
  /** The readers waiting for approval: the badge counts them all, whichever page they are on. */
  waitingCount: z.int(),
  /** The first SHARE_LINK_READERS_PAGE readers: those waiting first, then the newest. */
  readers: z.array(shareReaderSchema),
  /** Where the next page starts (the readers route's `after`), or null when every reader is listed. */
  moreReaders: z.string().nullable(),
  /** Set for a document link: the one document it opens; null for a group's link to the room. */
  document: documentLinkPartSchema.nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinksSchema = z.object({ links: z.array(shareLinkSchema) });

/** Where a page of readers starts: an earlier answer's `moreReaders`, as it was given. */
export const shareLinkReadersQuerySchema = z.object({
  after: z
    .string()
    .regex(/^[01]\.\d{1,16}\.[0-9a-f-]{36}$/, 'must be the moreReaders value of an earlier answer')
    .optional(),
});

/** The next page of a link's readers, in the order the link's first page began. */
export const shareLinkReadersSchema = z.object({
  readers: z.array(shareReaderSchema),
  moreReaders: z.string().nullable(),
});
export type ShareLinkReaders = z.infer<typeof shareLinkReadersSchema>;
export type ShareLinks = z.infer<typeof shareLinksSchema>;

/** A link with its address: just made, or given a new address. */
export const createdShareLinkSchema = z.object({ link: shareLinkSchema, url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** A link's address, to copy again (docs/decisions/0076-share-link-addresses-kept-sealed.md). */
export const shareLinkAddressSchema = z.object({ url: z.string() });
export type ShareLinkAddress = z.infer<typeof shareLinkAddressSchema>;

export const createShareLinkRequestSchema = z.strictObject({
  name: linkName,
  groupId: z.uuid({ error: 'must be a group id' }),
  allowedDomains: allowedDomains.optional(),
  requiresApproval: z.boolean({ error: 'must be true or false' }).optional(),
  expiresAt: isoDateTime.nullable().optional(),
  maxReaders: maxReaders.optional(),
  namesTheRoom: namesTheRoom.optional(),
});
export type CreateShareLinkRequest = z.infer<typeof createShareLinkRequestSchema>;

/** "Share this document": a link to that document alone, with a share link's options and its own. */
export const createDocumentLinkRequestSchema = z.strictObject({
  documentId: z.uuid({ error: 'must be a document id' }),
  name: linkName,
  versionNumber: z
    .int({ error: 'must be a version number, or null to follow the current version' })
    .min(1, 'must be a version number, or null to follow the current version')
    .nullable()
    .optional(),
  allowsDownload: flag.optional(),
  watermark: flag.optional(),
  forwardsNeedApproval: flag.optional(),
  allowedDomains: allowedDomains.optional(),
  requiresApproval: flag.optional(),
  expiresAt: isoDateTime.nullable().optional(),
  maxReaders: maxReaders.optional(),
  namesTheRoom: namesTheRoom.optional(),
});
export type CreateDocumentLinkRequest = z.infer<typeof createDocumentLinkRequestSchema>;

export const updateShareLinkRequestSchema = z
  .strictObject({
    allowsDownload: flag.optional(),
    watermark: flag.optional(),
    forwardsNeedApproval: flag.optional(),
    name: linkName.optional(),
    allowedDomains: allowedDomains.optional(),
    requiresApproval: z.boolean({ error: 'must be true or false' }).optional(),
    expiresAt: isoDateTime.nullable().optional(),
    maxReaders: maxReaders.optional(),
    namesTheRoom: namesTheRoom.optional(),
    isDisabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'is required unless another field is given: say what to change',
    path: ['name'],
  });
export type UpdateShareLinkRequest = z.infer<typeof updateShareLinkRequestSchema>;

export const shareLinkIdParamsSchema = z.object({ id: linkId });
export const shareReaderIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a reader request id' }) });

export const shareReaderDecisionSchema = z.strictObject({
  decision: z.enum(['approve', 'refuse'], { error: 'must be "approve" or "refuse"' }),
});
export type ShareReaderDecision = z.infer<typeof shareReaderDecisionSchema>;

/** The public page's token: 43 base64url characters; anything far from that is refused before a lookup. */
export const shareTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1, 'is required')
    .max(128, 'is too long to be a share link')
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid share link'),
});

/**
 * Whose room an open link opens, as its page shows it before the proof, unless the founder turned that
 * off for the link: the company's name and the founder's first name (null when the founder's name gives
 * none). Never the founder's e-mail or last name, nor anything of the room's content.
 */
export const shareGatePresentationSchema = z.object({
  companyName: z.string(),
  founderFirstName: z.string().nullable(),
});
export type ShareGatePresentation = z.infer<typeof shareGatePresentationSchema>;

/**
 * What the link's holder may learn before proving an address: whether it lets anyone in, and, for an
 * open link that the founder lets say so, whose room it is. Nothing of the room's content.
 */
export const shareLinkStateSchema = z.object({
  state: z.enum(['open', 'disabled', 'expired', 'full']),
  /** A group's link opens a room; a document link, one document (its title is never said before the proof). */
  opens: z.enum(['room', 'document']),
  requiresApproval: z.boolean(),
  room: shareGatePresentationSchema
    .nullable()
    .describe(
      "Whose room it is: null unless the link is open and the founder lets its page show the company's name.",
    ),
});
export type ShareLinkState = z.infer<typeof shareLinkStateSchema>;

export const shareCodeRequestSchema = z.strictObject({ email: emailField });

export const shareVerifyRequestSchema = z.union([
  z.strictObject({
    email: emailField,
    code: z
      .string({ error: 'must be the six-digit code from the e-mail' })
      .trim()
      .regex(/^\d{6}$/, 'must be the six-digit code from the e-mail'),
  }),
  z.strictObject({
    proof: z
      .string({ error: 'must be the link from the e-mail' })
      .regex(/^[A-Za-z0-9_-]{20,128}$/, 'must be the link from the e-mail'),
  }),
]);
export type ShareVerifyRequest = z.infer<typeof shareVerifyRequestSchema>;

/** Proved: either in (signed in on this device, with the room to open) or waiting for the founder. */
export const shareVerifyResponseSchema = z.union([
  oneRoomEntrySchema.extend({
    state: z.literal('admitted'),
    /** A document link's reader: the one document to open (never the room). */
    documentId: z.uuid().optional(),
  }),
  z.object({ state: z.literal('pending'), message: z.string() }),
]);
export type ShareVerifyResponse = z.infer<typeof shareVerifyResponseSchema>;

export const shareLinkRoutes = {
  list: apiRoute('GET', '/api/my-data-room/share-links', { answer: shareLinksSchema, refusals: [401, 403] }),
  create: apiRoute('POST', '/api/my-data-room/share-links', {
    body: createShareLinkRequestSchema,
    status: 201,
    answer: createdShareLinkSchema,
    refusals: [400, 401, 403, 404, 409],
  }),
  update: apiRoute('POST', '/api/my-data-room/share-links/:id', {
    params: shareLinkIdParamsSchema,
    body: updateShareLinkRequestSchema,
    answer: shareLinkSchema,
    refusals: [400, 401, 403, 404, 409],
  }),
  createForDocument: apiRoute('POST', '/api/my-data-room/document-links', {
    body: createDocumentLinkRequestSchema,
    status: 201,
    answer: createdShareLinkSchema,
    refusals: [400, 401, 403, 404, 409],
  }),
  address: apiRoute('GET', '/api/my-data-room/share-links/:id/address', {
    params: shareLinkIdParamsSchema,
    answer: shareLinkAddressSchema,
    refusals: [401, 403, 404, 409],
  }),
  readers: apiRoute('GET', '/api/my-data-room/share-links/:id/readers', {
    params: shareLinkIdParamsSchema,
    query: shareLinkReadersQuerySchema,
    answer: shareLinkReadersSchema,
    refusals: [400, 401, 403, 404],
  }),
  newAddress: apiRoute('POST', '/api/my-data-room/share-links/:id/new-address', {
    params: shareLinkIdParamsSchema,
    answer: createdShareLinkSchema,
    refusals: [401, 403, 404],
  }),
  decide: apiRoute('POST', '/api/my-data-room/share-link-readers/:id', {
    params: shareReaderIdParamsSchema,
    body: shareReaderDecisionSchema,
    answer: shareLinkSchema,
    refusals: [400, 401, 403, 404, 409],
  }),
  state: apiRoute('GET', '/api/share/:token', {
    params: shareTokenParamsSchema,
    answer: shareLinkStateSchema,
    refusals: [404],
  }),
  requestCode: apiRoute('POST', '/api/share/:token/code', {
    params: shareTokenParamsSchema,
    body: shareCodeRequestSchema,
    answer: messageResponseSchema,
    refusals: [400, 404, 410, 429, 502],
  }),
  verify: apiRoute('POST', '/api/share/:token/verify', {
    params: shareTokenParamsSchema,
    body: shareVerifyRequestSchema,
    answer: shareVerifyResponseSchema,
    refusals: [400, 403, 404, 409, 410],
  }),
};
