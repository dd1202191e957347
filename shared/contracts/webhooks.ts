import { z } from 'zod';
import { ALERT_TRIGGERS, type AlertTrigger } from './alerts';
import { apiRoute } from './api-route';
import { isoDateTime } from './fields';

/**
 * Webhooks (docs/decisions/0052-webhooks.md): a room's managers register HTTPS endpoints for the events
 * below; each delivery is signed the Standard Webhooks way (webhook-id, webhook-timestamp,
 * webhook-signature). These schemas are the console's routes and the bodies a receiver gets.
 */
export const WEBHOOK_EVENT_TYPES = [
  'document.viewed',
  'document.downloaded',
  'link.clicked',
  'invitation.accepted',
  'nda.accepted',
  'document.uploaded',
  'document.updated',
  'question.asked',
  'question.answered',
  'investor.engagement_changed',
  // The room's alerts, one event per trigger (docs/decisions/0090-alerts-within-a-minute.md).
  'alert.first_visit',
  'alert.returned',
  'alert.score_crossed',
  'alert.key_document_opened',
  'alert.question_asked',
  'alert.downloaded',
  'alert.access_refused',
  'link.opened',
  'link.forwarded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type AlertWebhookEventType = Extract<WebhookEventType, `alert.${string}`>;
/** The webhook event an alert of this trigger is sent as. */
export const alertWebhookEvent = (trigger: AlertTrigger) => `alert.${trigger}` as AlertWebhookEventType;
/** What "Send test event" sends, whatever the endpoint's events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'document.viewed': 'An investor opened a document in the viewer',
  'document.downloaded': 'An investor downloaded a document',
  'link.clicked': 'An investor opened an external link',
  'invitation.accepted': 'An invitee signed in for the first time',
  'nda.accepted': 'An investor accepted your NDA',
  'document.uploaded': 'A document was uploaded to the room',
  'document.updated': 'A new version of a document became the one investors read',
  'question.asked': 'An investor asked a question',
  'question.answered': 'A question was answered, privately or in the FAQ',
  'investor.engagement_changed':
    'An investor’s engagement score moved to another band, or by 15 points or more',
  'alert.first_visit': 'Alert: an investor opened the room for the first time',
  'alert.returned': 'Alert: an investor came back after the days you chose',
  'alert.score_crossed': "Alert: an investor's engagement score crossed your threshold",
  'alert.key_document_opened': 'Alert: an investor opened a key document',
  'alert.question_asked': 'Alert: an investor asked a question (its text is not sent)',
  'alert.downloaded': 'Alert: an investor downloaded a document',
  'alert.access_refused': 'Alert: an address was refused entry to the room',
  'link.opened': "A document link's first reader proved their address",
  'link.forwarded': 'A document link was opened by another address than its first reader',
};

/** At most this many endpoints per room. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2048;

// ---- What a receiver gets -------------------------------------------------------------------------

/** Who did it: an investor signed in (`account`) or reading through their invitation link (`invitation`). */
const webhookReaderSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  via: z.enum(['account', 'invitation']),
});

const documentActivitySchema = z.object({
  roomId: z.string(),
  documentId: z.string().nullable(),
  documentTitle: z.string(),
  reader: webhookReaderSchema,
  occurredAt: isoDateTime,
});

const questionEventSchema = z.object({
  roomId: z.string(),
  questionId: z.string(),
  about: z.object({
    kind: z.enum(['room', 'section', 'document']),
    section: z.string().nullable(),
    documentId: z.string().nullable(),
    page: z.number().nullable(),
  }),
  text: z.string(),
  asker: z.object({ email: z.string(), name: z.string().nullable() }),
  askedAt: isoDateTime,
});

/**
 * An alert: who, what and where to look, never what a document or a question says (ADR 90). The same
 * shape for every trigger; what does not apply to it is null.
 */
const alertEventSchema = z.object({
  roomId: z.string(),
  alertId: z.string(),
  trigger: z.enum(ALERT_TRIGGERS),
  /** The alert's one line, as Slack and Teams show it. */
  summary: z.string(),
  investor: z.object({ email: z.string(), name: z.string().nullable(), firm: z.string().nullable() }),
  /** The document opened or downloaded: its title as the room lists it. */
  document: z.object({ id: z.string().nullable(), title: z.string() }).nullable(),
  /** The engagement score that crossed the room's threshold, and the threshold. */
  score: z.number().nullable(),
  threshold: z.number().nullable(),
  /** Days since the investor's previous visit, for a return. */
  daysAway: z.number().nullable(),
  /** Why the address was refused, in a few words. */
  refusal: z.string().nullable(),
  occurredAt: isoDateTime,
  /** Where the founder sees more: the investor's analytics, or the console. */
  consoleUrl: z.string(),
});
export type AlertEventData = z.infer<typeof alertEventSchema>;
const documentLinkEventSchema = z.object({
  roomId: z.string(),
  linkId: z.string(),
  linkName: z.string(),
  documentId: z.string(),
  email: z.string(),
  state: z.enum(['admitted', 'pending']),
  occurredAt: isoDateTime,
});

export const webhookEventDataSchemas = {
  'document.viewed': documentActivitySchema,
  'document.downloaded': documentActivitySchema,
  'link.clicked': documentActivitySchema.extend({ url: z.string() }),
  'invitation.accepted': z.object({
    roomId: z.string(),
    invitationId: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(['investor', 'editor']),
    acceptedAt: isoDateTime,
  }),
  'nda.accepted': z.object({
    roomId: z.string(),
    acceptanceId: z.string(),
    versionId: z.string(),
    email: z.string(),
    signerName: z.string(),
    acceptedAt: isoDateTime,
  }),
  'document.uploaded': z.object({
    roomId: z.string(),
    documentId: z.string(),
    title: z.string(),
    fileType: z.string(),
    sizeBytes: z.number(),
    uploadedAt: isoDateTime,
  }),
  /** A replaced file, or a restored version, is what readers get from now on (ADR 69). */
  'document.updated': z.object({
    roomId: z.string(),
    documentId: z.string(),
    title: z.string(),
    version: z.number(),
    fileType: z.string(),
    sizeBytes: z.number(),
    updatedAt: isoDateTime,
  }),
  /**
   * Questions (docs/decisions/0073-questions-and-answers.md): the endpoint is the founders' own, so it is
   * told who asked, as their inbox is; the FAQ never names them.
   */
  'question.asked': questionEventSchema,
  'question.answered': questionEventSchema.extend({
    answer: z.string(),
    visibility: z.enum(['private', 'published']),
    answeredAt: isoDateTime,
  }),
  /**
   * An investor's engagement score (docs/decisions/0089-engagement-score.md) moved to another band, or by
   * ENGAGEMENT_CHANGE_POINTS or more, since this room's webhooks were last told of them; at most once an
   * hour per investor. No document content: the reasons name key documents by title, as the console does.
   */
  'investor.engagement_changed': z.object({
    roomId: z.string(),
    investor: z.object({ userId: z.string(), email: z.string(), name: z.string().nullable() }),
    firm: z.string().nullable(),
    score: z.number(),
    band: z.enum(['cold', 'warm', 'hot']),
    previousScore: z.number(),
    previousBand: z.enum(['cold', 'warm', 'hot']),
    why: z.array(z.object({ factor: z.string(), points: z.number(), text: z.string() })),
    lastSeenAt: isoDateTime.nullable(),
    documentsRead: z.number(),
    changedAt: isoDateTime,
  }),
  'alert.first_visit': alertEventSchema,
  'alert.returned': alertEventSchema,
  'alert.score_crossed': alertEventSchema,
  'alert.key_document_opened': alertEventSchema,
  'alert.question_asked': alertEventSchema,
  'alert.downloaded': alertEventSchema,
  'alert.access_refused': alertEventSchema,
  /**
   * Document links (docs/decisions/0095-document-links.md): the link's first reader, and each later
   * address, with the first reader's it was forwarded from; pending when the founder must approve it.
   */
  'link.opened': documentLinkEventSchema,
  'link.forwarded': documentLinkEventSchema.extend({ forwardedBy: z.string() }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<Type extends WebhookEventType> = z.infer<(typeof webhookEventDataSchemas)[Type]>;

/** The body of every delivery (Standard Webhooks' recommended shape). */
export const webhookPayloadSchema = z.object({
  type: z.union([z.enum(WEBHOOK_EVENT_TYPES), z.literal(WEBHOOK_TEST_EVENT)]),
  timestamp: isoDateTime,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

// ---- The console's routes -------------------------------------------------------------------------

/** Why an endpoint is off once the co-founder who added it was removed from the room (ADR 61). */
export const CREATOR_REMOVED_REASON =
  'The co-founder who added this endpoint no longer manages the data room. Turn it on to keep it as yours.';

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  isEnabled: z.boolean(),
  /** Why it was turned off by the server (a day of failures), or null. */
  disabledReason: z.string().nullable(),
  disabledAt: isoDateTime.nullable(),
  /** The secret's first characters, to tell which one a receiver holds. */
  secretHint: z.string(),
  /** Until when deliveries are also signed with the secret before the last rotation. */
  previousSecretExpiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /**
   * Who answers for it: the manager who added it, or who turned it back on after that co-founder was
   * removed (their endpoints are turned off then). Null when that account no longer exists.
   */
  addedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must each be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'must name at least one event')
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const createWebhookEndpointRequestSchema = z.strictObject({
  url: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`),
  events: eventsField,
});
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;

export const updateWebhookEndpointRequestSchema = z
  .strictObject({
    events: eventsField.optional(),
    isEnabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((request) => request.events !== undefined || request.isEnabled !== undefined, {
    error: 'must change events or isEnabled',
  });
export type UpdateWebhookEndpointRequest = z.input<typeof updateWebhookEndpointRequestSchema>;

/** Creating an endpoint or rotating its secret: the secret, shown this once. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointParamsSchema = z.object({
  id: z.uuid({ error: 'must be an endpoint id' }),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The webhook-id header: the same on every attempt of this delivery. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The HTTP status of the last attempt; null when none was answered (refused, timed out). */
  lastStatusCode: z.number().nullable(),
  /** Why the last attempt failed, in a sentence; null after a success. */
  lastError: z.string().nullable(),
  /** The first characters of the last answer's body. */
  responseExcerpt: z.string().nullable(),
  durationMs: z.number().nullable(),
  createdAt: isoDateTime,
  lastAttemptAt: isoDateTime.nullable(),
  nextAttemptAt: isoDateTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookTestSentSchema = z.object({ delivery: webhookDeliverySchema });

/** An endpoint's routes are for the room's managers, and 404 for an endpoint of another room. */
const onEndpoint = [401, 403, 404] as const;

/** The room's webhook endpoints and their deliveries (docs/decisions/0065-query-keys-and-api-routes.md). */
export const webhookRoutes = {
  endpoints: apiRoute('GET', '/api/my-data-room/webhooks', {
    answer: webhookEndpointListSchema,
    refusals: [401, 403],
  }),
  addEndpoint: apiRoute('POST', '/api/my-data-room/webhooks', {
    body: createWebhookEndpointRequestSchema,
    status: 201,
    answer: webhookEndpointWithSecretSchema,
    refusals: [401, 403, 409],
  }),
  updateEndpoint: apiRoute('POST', '/api/my-data-room/webhooks/:id', {
    params: webhookEndpointParamsSchema,
    body: updateWebhookEndpointRequestSchema,
    answer: webhookEndpointSchema,
    refusals: onEndpoint,
  }),
  removeEndpoint: apiRoute('DELETE', '/api/my-data-room/webhooks/:id', {
    params: webhookEndpointParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: onEndpoint,
  }),
  rotateSecret: apiRoute('POST', '/api/my-data-room/webhooks/:id/rotate-secret', {
    params: webhookEndpointParamsSchema,
    answer: webhookEndpointWithSecretSchema,
    refusals: onEndpoint,
  }),
  sendTest: apiRoute('POST', '/api/my-data-room/webhooks/:id/test', {
    params: webhookEndpointParamsSchema,
    status: 202,
    answer: webhookTestSentSchema,
    refusals: [...onEndpoint, 409],
  }),
  deliveries: apiRoute('GET', '/api/my-data-room/webhooks/:id/deliveries', {
    params: webhookEndpointParamsSchema,
    answer: webhookDeliveryListSchema,
    refusals: onEndpoint,
  }),
};
