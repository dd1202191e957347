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

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    status: invitationStatusSchema,
    /** The admin view's name for "accepted". */
    used: z.boolean(),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
  })
  .meta({
    examples: [
      {
        id: '3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e',
        email: 'ann@fund.example',
        name: 'Ann Lee',
        status: 'pending',
        used: false,
        createdAt: '2026-11-25T09:30:00.000Z',
        expiresAt: '2026-12-02T09:30:00.000Z',
      },
    ],
  });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.array(invitationSchema);

export const createInvitationResponseSchema = z
  .object({
    message: z.string(),
    invitation: invitationSchema,
  })
  .meta({
    examples: [
      {
        message: 'Invitation sent to ann@fund.example',
        invitation: {
          id: '3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e',
          email: 'ann@fund.example',
          name: 'Ann Lee',
          status: 'pending',
          used: false,
          createdAt: '2026-11-25T09:30:00.000Z',
          expiresAt: '2026-12-02T09:30:00.000Z',
        },
      },
    ],
  });

export const invitationIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an invitation id' }) });
