import { z } from 'zod';
import { emailField, isoDateTime, optionalText } from './fields';

export const INVITATION_TTL_DAYS = 7;

export const createInvitationRequestSchema = z.strictObject({
  email: emailField,
  name: optionalText(100),
});

/** The admin form sends only an e-mail. */
export const adminInvitationRequestSchema = z.strictObject({ email: emailField });

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'expired']);

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  status: invitationStatusSchema,
  /** The admin view's name for "accepted". */
  used: z.boolean(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.array(invitationSchema);

export const createInvitationResponseSchema = z.object({
  message: z.string(),
  invitation: invitationSchema,
});

export const invitationIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an invitation id' }) });
