import { z } from 'zod';
import { apiRoute } from './api-route';
import { isoDateTime } from './fields';

/**
 * Alerts (docs/decisions/0090-alerts-within-a-minute.md): what happens in a room that a founder wants to
 * hear of at once, and where it goes. Each alert names who (name, address, firm), what happened and a
 * link to the console; never what a document says.
 */
export const ALERT_TRIGGERS = [
  'first_visit',
  'returned',
  'score_crossed',
  'key_document_opened',
  'question_asked',
  'downloaded',
  'access_refused',
] as const;
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number];

/** The words of the settings page, one line per trigger (N and the threshold are shown beside them). */
export const ALERT_TRIGGER_LABELS: Record<AlertTrigger, string> = {
  first_visit: 'First visit',
  returned: 'Comes back after a while',
  score_crossed: 'Engagement score crosses your threshold',
  key_document_opened: 'Opens a key document',
  question_asked: 'Asks a question',
  downloaded: 'Downloads a document',
  access_refused: 'Is refused entry',
};

/**
 * The triggers the Notifications setting already mails at once (a first visit, a new question: ADR 44,
 * ADR 73): their mail stays there, so that no founder gets the same news twice. Alerts mails the rest.
 */
export const MAILED_BY_NOTIFICATIONS: readonly AlertTrigger[] = ['first_visit', 'question_asked'];
export const MAIL_ALERT_TRIGGERS = ALERT_TRIGGERS.filter(
  (trigger) => !MAILED_BY_NOTIFICATIONS.includes(trigger),
) as Exclude<AlertTrigger, 'first_visit' | 'question_asked'>[];
export type MailAlertTrigger = (typeof MAIL_ALERT_TRIGGERS)[number];

/** The chat tools a founder may point alerts at, by their incoming webhooks. */
export const ALERT_TARGET_KINDS = ['slack', 'teams'] as const;
export type AlertTargetKind = (typeof ALERT_TARGET_KINDS)[number];
export const ALERT_TARGET_LABELS: Record<AlertTargetKind, string> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
};

/** The defaults of a room without settings of its own (docs/decisions/0090-alerts-within-a-minute.md). */
export const DEFAULT_RETURN_AFTER_DAYS = 7;
export const DEFAULT_SCORE_THRESHOLD = 70;
export const MAX_RETURN_AFTER_DAYS = 90;
/** What a new Slack or Teams target is told of unless the founder chooses otherwise. */
export const DEFAULT_TARGET_TRIGGERS: AlertTrigger[] = [
  'first_visit',
  'returned',
  'score_crossed',
  'key_document_opened',
  'question_asked',
];
/** At most this many Slack and Teams targets per room, together. */
export const MAX_ALERT_TARGETS = 10;
export const MAX_ALERT_TARGET_URL_LENGTH = 2048;

/** Why a target says nothing any more although it is on: the co-founder who added it was removed. */
export const TARGET_CREATOR_REMOVED =
  'The co-founder who added this no longer manages the data room, so it receives nothing. Turn it off and on to keep it as yours.';

// ---- What the settings page reads ------------------------------------------------------------------

export const ALERT_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** The last delivery to a channel: how it went, so that a failing Slack or mail is seen. */
export const alertDeliveryStateSchema = z.object({
  status: z.enum(ALERT_DELIVERY_STATUSES),
  trigger: z.union([z.enum(ALERT_TRIGGERS), z.literal('test')]),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt (Slack and Teams); null for mail or when nothing answered. */
  statusCode: z.number().int().nullable(),
  /** Why it failed, in a sentence, with the service's own word (`no_service`, `invalid_payload`). */
  error: z.string().nullable(),
  at: isoDateTime,
  /** When the next attempt is due while it is pending after a failure. */
  nextAttemptAt: isoDateTime.nullable(),
});
export type AlertDeliveryState = z.infer<typeof alertDeliveryStateSchema>;

export const alertTargetSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_TARGET_KINDS),
  /** The URL as far as it may be shown: its host and the start of its path; the secret part is hidden. */
  urlHint: z.string(),
  triggers: z.array(z.enum(ALERT_TRIGGERS)),
  isEnabled: z.boolean(),
  /** On, but its creator no longer manages the room: it receives nothing (TARGET_CREATOR_REMOVED). */
  isSilenced: z.boolean(),
  addedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  createdAt: isoDateTime,
  lastDelivery: alertDeliveryStateSchema.nullable(),
  /** The first failure since the last success; null while deliveries succeed. */
  failingSince: isoDateTime.nullable(),
});
export type AlertTarget = z.infer<typeof alertTargetSchema>;

export const alertSettingsSchema = z.object({
  returnAfterDays: z.number().int(),
  scoreThreshold: z.number().int(),
  /** The triggers mailed to the room's founders by alerts (first visits and questions: Notifications). */
  mailTriggers: z.array(z.enum(MAIL_ALERT_TRIGGERS)),
  /** Who the alert mails go to: the room's owner and co-founders. */
  mailRecipients: z.array(z.string()),
  mailLastDelivery: alertDeliveryStateSchema.nullable(),
  targets: z.array(alertTargetSchema),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

// ---- What the settings page sends ------------------------------------------------------------------

const triggersField = z
  .array(z.enum(ALERT_TRIGGERS, { error: `must each be one of ${ALERT_TRIGGERS.join(', ')}` }), {
    error: 'must be a list of alert triggers',
  })
  .max(ALERT_TRIGGERS.length)
  .transform((triggers) => ALERT_TRIGGERS.filter((trigger) => triggers.includes(trigger)));

export const saveAlertSettingsRequestSchema = z
  .strictObject({
    returnAfterDays: z
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(MAX_RETURN_AFTER_DAYS, `must be at most ${MAX_RETURN_AFTER_DAYS}`)
      .optional(),
    scoreThreshold: z
      .number({ error: 'must be a whole number from 1 to 100' })
      .int('must be a whole number from 1 to 100')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .optional(),
    mailTriggers: z
      .array(
        z.enum(MAIL_ALERT_TRIGGERS, {
          error: `must each be one of ${MAIL_ALERT_TRIGGERS.join(', ')} (first visits and questions are mailed as Notifications says)`,
        }),
        { error: 'must be a list of alert triggers' },
      )
      .max(MAIL_ALERT_TRIGGERS.length)
      .transform((triggers) => MAIL_ALERT_TRIGGERS.filter((trigger) => triggers.includes(trigger)))
      .optional(),
  })
  .refine(
    (request) =>
      request.returnAfterDays !== undefined ||
      request.scoreThreshold !== undefined ||
      request.mailTriggers !== undefined,
    { error: 'must change returnAfterDays, scoreThreshold or mailTriggers' },
  );
export type SaveAlertSettingsRequest = z.input<typeof saveAlertSettingsRequestSchema>;

export const addAlertTargetRequestSchema = z.strictObject({
  kind: z.enum(ALERT_TARGET_KINDS, { error: `must be one of ${ALERT_TARGET_KINDS.join(', ')}` }),
  url: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(MAX_ALERT_TARGET_URL_LENGTH, `must be at most ${MAX_ALERT_TARGET_URL_LENGTH} characters`),
  triggers: triggersField.pipe(z.array(z.enum(ALERT_TRIGGERS)).min(1, 'must name at least one trigger')),
});
export type AddAlertTargetRequest = z.input<typeof addAlertTargetRequestSchema>;

export const updateAlertTargetRequestSchema = z
  .strictObject({
    triggers: triggersField
      .pipe(z.array(z.enum(ALERT_TRIGGERS)).min(1, 'must name at least one trigger'))
      .optional(),
    isEnabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((request) => request.triggers !== undefined || request.isEnabled !== undefined, {
    error: 'must change triggers or isEnabled',
  });
export type UpdateAlertTargetRequest = z.input<typeof updateAlertTargetRequestSchema>;

export const alertTargetParamsSchema = z.object({ id: z.uuid({ error: 'must be an alert target id' }) });

/** "Send a test alert": one attempt, at once, and what the service answered. */
export const alertTestResultSchema = z.object({
  target: alertTargetSchema,
  delivery: alertDeliveryStateSchema,
});
export type AlertTestResult = z.infer<typeof alertTestResultSchema>;

/** A target's routes are for the room's managers, and 404 for a target of another room. */
const onTarget = [401, 403, 404] as const;

/** The room's alerts: what deserves one, and where it goes (docs/decisions/0065-query-keys-and-api-routes.md). */
export const alertRoutes = {
  settings: apiRoute('GET', '/api/my-data-room/alerts', {
    answer: alertSettingsSchema,
    refusals: [401, 403],
  }),
  saveSettings: apiRoute('POST', '/api/my-data-room/alerts', {
    body: saveAlertSettingsRequestSchema,
    answer: alertSettingsSchema,
    refusals: [401, 403],
  }),
  addTarget: apiRoute('POST', '/api/my-data-room/alerts/targets', {
    body: addAlertTargetRequestSchema,
    status: 201,
    answer: alertTargetSchema,
    refusals: [401, 403, 409],
  }),
  updateTarget: apiRoute('POST', '/api/my-data-room/alerts/targets/:id', {
    params: alertTargetParamsSchema,
    body: updateAlertTargetRequestSchema,
    answer: alertTargetSchema,
    refusals: onTarget,
  }),
  removeTarget: apiRoute('DELETE', '/api/my-data-room/alerts/targets/:id', {
    params: alertTargetParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: onTarget,
  }),
  testTarget: apiRoute('POST', '/api/my-data-room/alerts/targets/:id/test', {
    params: alertTargetParamsSchema,
    answer: alertTestResultSchema,
    refusals: [...onTarget, 409],
  }),
};
