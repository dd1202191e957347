import { z } from 'zod';
import { apiErrorSchema } from './api-error';
import { apiRoute } from './api-route';
import { isoDateTime, multilineText } from './fields';

/**
 * What the founder is told by e-mail about investors in their room (docs/decisions/0044-founder-notifications.md):
 * nothing, each investor's first visit at once, first visits and an hourly digest (the default), or one
 * digest a day.
 */
export const FOUNDER_NOTIFICATION_CHOICES = [
  'off',
  'first_visits',
  'first_visits_and_hourly',
  'daily',
] as const;
export type FounderNotificationChoice = (typeof FOUNDER_NOTIFICATION_CHOICES)[number];
export const DEFAULT_FOUNDER_NOTIFICATIONS: FounderNotificationChoice = 'first_visits_and_hourly';

/** The words every screen and e-mail uses for each choice. */
export const FOUNDER_NOTIFICATION_LABELS: Record<FounderNotificationChoice, string> = {
  off: 'Off',
  first_visits: 'First visits only',
  first_visits_and_hourly: 'First visits and hourly digest',
  daily: 'Daily digest',
};

export const FOUNDER_NOTIFICATION_DESCRIPTIONS: Record<FounderNotificationChoice, string> = {
  off: 'No e-mails about investor activity.',
  first_visits: 'An e-mail the first time each investor opens your data room.',
  first_visits_and_hourly:
    'An e-mail the first time each investor opens your data room, then at most one an hour of what they viewed, downloaded and clicked.',
  daily:
    'One e-mail a day (after midnight UTC) with who visited and what they viewed, downloaded and clicked.',
};

/** GET and POST /api/my-data-room/notifications. */
export const notificationSettingsSchema = z.object({
  founderNotifications: z.enum(FOUNDER_NOTIFICATION_CHOICES),
  /** Where the mails go: the owner's address. */
  email: z.string(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsRequestSchema = z.strictObject({
  founderNotifications: z.enum(FOUNDER_NOTIFICATION_CHOICES, {
    error: `must be one of ${FOUNDER_NOTIFICATION_CHOICES.join(', ')}`,
  }),
});

/** The unsubscribe token a notification mail carries: 32 random bytes, base64url. */
export const unsubscribeTokenSchema = z
  .string({ error: 'must be the token from the e-mail' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token from the e-mail');

export const unsubscribeQuerySchema = z.strictObject({ token: unsubscribeTokenSchema });
export const unsubscribeRequestSchema = z.strictObject({ token: unsubscribeTokenSchema });

/** GET /api/notifications/unsubscribe: what the link would stop, before the founder confirms. */
export const unsubscribeDetailsSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  /** True once notifications for the room are off, whoever turned them off. */
  isUnsubscribed: z.boolean(),
});
export type UnsubscribeDetails = z.infer<typeof unsubscribeDetailsSchema>;

// ---------------------------------------------------------------------------------------------------
// "Notify investors".

export const INVESTOR_MESSAGE_MAX_LENGTH = 1000;
/** At most one message per room in this time. */
export const INVESTOR_MESSAGE_INTERVAL_MINUTES = 60;
export const MAX_INVESTOR_MESSAGE_RECIPIENTS = 500;

export const investorMessageRequestSchema = z.strictObject({
  message: multilineText(INVESTOR_MESSAGE_MAX_LENGTH, { trim: true }).min(
    1,
    'is required: write what you want investors to know',
  ),
  /** The investors (user ids) to tell; omitted, every investor of the room. */
  recipientIds: z
    .array(z.uuid({ error: 'must be investor ids' }), { error: 'must be a list of investor ids' })
    .min(1, 'must name at least one investor (leave it out to tell every investor)')
    .max(MAX_INVESTOR_MESSAGE_RECIPIENTS, `must name at most ${MAX_INVESTOR_MESSAGE_RECIPIENTS} investors`)
    .optional(),
});
export type InvestorMessageRequest = z.infer<typeof investorMessageRequestSchema>;

export const messageRecipientSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** GET /api/my-data-room/investor-messages: who can be told, and when the next message may go. */
export const investorMessagesStateSchema = z.object({
  investors: z.array(messageRecipientSchema),
  lastSentAt: isoDateTime.nullable(),
  /** Null when a message may be sent now. */
  nextAllowedAt: isoDateTime.nullable(),
});
export type InvestorMessagesState = z.infer<typeof investorMessagesStateSchema>;

/** POST's 202: the message is queued for each recipient. */
export const investorMessageSentSchema = z.object({
  recipientCount: z.number().int(),
  nextAllowedAt: isoDateTime,
});

/** POST's 429: one message an hour. */
export const investorMessageTooSoonSchema = apiErrorSchema.extend({ nextAllowedAt: isoDateTime });

/** The founder's setting and messages are for the room's owner. */
const ownerOnly = [401, 403, 404] as const;

/** Notifications: the founder's setting, "Notify investors", an unsubscribe link (docs/decisions/0065-query-keys-and-api-routes.md). */
export const notificationRoutes = {
  settings: apiRoute('GET', '/api/my-data-room/notifications', {
    answer: notificationSettingsSchema,
    refusals: ownerOnly,
  }),
  saveSettings: apiRoute('POST', '/api/my-data-room/notifications', {
    body: notificationSettingsRequestSchema,
    answer: notificationSettingsSchema,
    refusals: ownerOnly,
  }),
  investorMessages: apiRoute('GET', '/api/my-data-room/investor-messages', {
    answer: investorMessagesStateSchema,
    refusals: ownerOnly,
  }),
  sendInvestorMessage: apiRoute('POST', '/api/my-data-room/investor-messages', {
    body: investorMessageRequestSchema,
    status: 202,
    answer: investorMessageSentSchema,
    refusals: ownerOnly,
    answers: { 429: investorMessageTooSoonSchema },
  }),
  // The unsubscribe link's: its token is the only credential.
  unsubscribeDetails: apiRoute('GET', '/api/notifications/unsubscribe', {
    query: unsubscribeQuerySchema,
    answer: unsubscribeDetailsSchema,
    refusals: [404],
  }),
  unsubscribe: apiRoute('POST', '/api/notifications/unsubscribe', {
    body: unsubscribeRequestSchema,
    answer: unsubscribeDetailsSchema,
    refusals: [404],
  }),
};
